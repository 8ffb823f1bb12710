package bilstmbench

import (
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
)

func TestBatch(t *testing.T) {
	c := bilstm.Config{Input: 50, Dense: 8, Hidden: 4, Layers: 2}
	b := Batch(rand.New(rand.NewPCG(1, 1)), c, 4, 40)
	if err := b.Check(c.Input); err != nil {
		t.Fatal(err)
	}
	if b.Lens[0] != 40 || b.Valid() >= b.N() {
		t.Errorf("lengths %v of %d rows", b.Lens, b.N())
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
