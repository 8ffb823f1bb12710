package bilstm

import (
	"math"
	"testing"
)

func TestFastMath(t *testing.T) {
	worstExp, worstSig, worstTanh := 0.0, 0.0, 0.0
	for x := -80.0; x <= 80; x += 0.00731 {
		f := float32(x)
		want := math.Exp(float64(f))
		if rel := math.Abs(float64(exp32(f))-want) / want; rel > worstExp {
			worstExp = rel
		}
		if d := math.Abs(float64(sigmoid(f)) - 1/(1+math.Exp(-float64(f)))); d > worstSig {
			worstSig = d
		}
		if d := math.Abs(float64(tanh32(f)) - math.Tanh(float64(f))); d > worstTanh {
			worstTanh = d
		}
	}
	if worstExp > 3e-7 || worstSig > 2e-7 || worstTanh > 3e-7 {
		t.Errorf("worst errors: exp %.2g (relative), sigmoid %.2g, tanh %.2g", worstExp, worstSig, worstTanh)
	}
	for _, tt := range []struct{ x, want float32 }{{-1000, 0}, {1000, float32(math.Inf(1))}, {0, 1}} {
		if got := exp32(tt.x); got != tt.want {
			t.Errorf("exp32(%v) = %v", tt.x, got)
		}
	}
	if s := sigmoid(-1000); s != 0 {
		t.Errorf("sigmoid(-1000) = %v", s)
	}
	if s, th := sigmoid(1000), tanh32(1000); s != 1 || th != 1 {
		t.Errorf("sigmoid(1000) = %v, tanh32(1000) = %v", s, th)
	}
}
