package vecmath

import (
	"math"
	"testing"
)

func TestAccuracy(t *testing.T) {
	worstExp, worstSig, worstTanh := 0.0, 0.0, 0.0
	for x := -80.0; x <= 80; x += 0.00731 {
		f := float32(x)
		want := math.Exp(float64(f))
		if rel := math.Abs(float64(Exp(f))-want) / want; rel > worstExp {
			worstExp = rel
		}
		if d := math.Abs(float64(Sigmoid(f)) - 1/(1+math.Exp(-float64(f)))); d > worstSig {
			worstSig = d
		}
		if d := math.Abs(float64(Tanh(f)) - math.Tanh(float64(f))); d > worstTanh {
			worstTanh = d
		}
	}
	if worstExp > 3e-7 || worstSig > 2e-7 || worstTanh > 3e-7 {
		t.Errorf("worst errors: exp %.2g (relative), sigmoid %.2g, tanh %.2g", worstExp, worstSig, worstTanh)
	}
	for _, tt := range []struct{ x, want float32 }{{-1000, 0}, {1000, float32(math.Inf(1))}, {0, 1}} {
		if got := Exp(tt.x); got != tt.want {
			t.Errorf("Exp(%v) = %v", tt.x, got)
		}
	}
	if s := Sigmoid(-1000); s != 0 {
		t.Errorf("Sigmoid(-1000) = %v", s)
	}
	if s, th := Sigmoid(1000), Tanh(1000); s != 1 || th != 1 {
		t.Errorf("Sigmoid(1000) = %v, Tanh(1000) = %v", s, th)
	}
}
