package bilstm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPredictPageMatchesPredict checks that PredictPage gives Predict's
// probabilities bit for bit, across chunk boundaries, for 1 to 3 layers,
// with one workspace reused for pages of different lengths.
func TestPredictPageMatchesPredict(t *testing.T) {
	var ws PageWorkspace
	for _, layers := range []int{1, 2, 3} {
		c := Config{Input: 40, Dense: 16, Hidden: 8, Layers: layers}
		p := InitParams(c, uint64(layers))
		rng := rand.New(rand.NewPCG(5, uint64(layers)))
		// Larger biases than the initialization's zeros, so that the gates
		// are not all near 0.5.
		for l := range p.Layers {
			copy(p.Layers[l].Fwd.B, randSlice(rng, len(p.Layers[l].Fwd.B), 2))
			copy(p.Layers[l].Bwd.B, randSlice(rng, len(p.Layers[l].Bwd.B), 2))
		}
		for _, T := range []int{1, 2, chunkRows - 1, chunkRows, chunkRows + 1, 3*chunkRows + 7, 500, projectedRows, projectedRows + 1} {
			lay := Layout{T: T, Lens: []int{T}}
			x := randSparse(rng, lay, c.Input)
			var batchWS Workspace
			want := p.Predict(c, lay, x, &batchWS)
			got := p.PredictPage(c, x, &ws)
			if len(got) != T {
				t.Fatalf("layers %d, T %d: %d probabilities", layers, T, len(got))
			}
			for i := range want {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("layers %d, T %d: block %d: PredictPage %v, Predict %v", layers, T, i, got[i], want[i])
				}
			}
		}
	}
	if got := InitParams(Config{Input: 4, Dense: 2, Hidden: 2, Layers: 1}, 1).PredictPage(Config{Input: 4, Dense: 2, Hidden: 2, Layers: 1}, &Sparse{Start: []int{0}}, &ws); len(got) != 0 {
		t.Errorf("empty page: %v", got)
	}
}
