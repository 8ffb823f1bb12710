package bilstmbench

import (
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
)

func TestBatch(t *testing.T) {
	c := bilstm.Config{Input: 50, Dense: 8, Hidden: 4, Layers: 2}
	rng := rand.New(rand.NewPCG(1, 1))
	b, x := Rows(rng, c, 4, 40)
	if err := b.Check(); err != nil {
		t.Fatal(err)
	}
	if b.Lens[0] != 40 || b.Valid() >= b.N() || x.Rows() != b.N() {
		t.Errorf("lengths %v of %d rows, %d sparse rows", b.Lens, b.N(), x.Rows())
	}
	for _, col := range x.Cols {
		if col < 0 || int(col) >= c.Input {
			t.Fatalf("column %d out of range", col)
		}
	}
	if y, w := Labels(rng, b); len(y) != b.N() || len(w) != b.N() || w[0] != 1/float32(b.Valid()) || w[b.N()-1] != 0 {
		t.Errorf("labels %d, weights %d: %v ... %v", len(y), len(w), w[0], w[b.N()-1])
	}
	// Per layer and direction 2·4H·(in+H) multiply-adds: layer 0 reads 8
	// inputs, layer 1 the 2·4 of the layer below.
	if got, want := FlopsPerStep(c, false), float64(2*2*16*(8+4)+2*2*16*(8+4)); got != want {
		t.Errorf("FlopsPerStep = %v, want %v", got, want)
	}
	if FlopsPerStep(c, true) != 3*FlopsPerStep(c, false) {
		t.Error("training is not three forward passes")
	}
}
