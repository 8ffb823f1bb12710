package bilstm

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/internal/gradcheck"
)

// TestPredictPageMatchesPredict checks that PredictPage gives Predict's
// probabilities bit for bit, across chunk boundaries, for 1 to 3 layers,
// with one workspace reused for pages of different lengths.
func TestPredictPageMatchesPredict(t *testing.T) {
	var ws PageWorkspace
	for _, tc := range []struct {
		layers int
		pool   []int
	}{{1, nil}, {2, nil}, {3, nil}, {1, []int{1}}, {2, []int{2, 4}}} {
		layers := tc.layers
		c := Config{Input: 40, Dense: 16, Hidden: 8, Layers: layers, Pool: tc.pool}
		p := InitParams(c, uint64(layers))
		rng := rand.New(rand.NewPCG(5, uint64(layers)))
		// Larger biases than the initialization's zeros, so that the gates
		// are not all near 0.5.
		for l := range p.Layers {
			copy(p.Layers[l].Fwd.B, gradcheck.Uniform(rng, len(p.Layers[l].Fwd.B), 2))
			copy(p.Layers[l].Bwd.B, gradcheck.Uniform(rng, len(p.Layers[l].Bwd.B), 2))
		}
		for _, T := range []int{1, 2, chunkRows - 1, chunkRows, chunkRows + 1, 3*chunkRows + 7, 500, projectedRows, projectedRows + 1} {
			lay := Layout{T: T, Lens: []int{T}}
			x := randSparse(rng, lay, c.Input)
			groups := randGroups(rng, T, len(c.Pool))
			lay.Groups = groups
			var batchWS Workspace
			want := p.Predict(c, lay, x, &batchWS)
			got := p.PredictPage(c, x, groups, &ws)
			if len(got) != T {
				t.Fatalf("layers %d, T %d: %d probabilities", layers, T, len(got))
			}
			for i := range want {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("layers %d, pool %v, T %d: block %d: PredictPage %v, Predict %v", layers, c.Pool, T, i, got[i], want[i])
				}
			}
		}
	}
	if got := InitParams(Config{Input: 4, Dense: 2, Hidden: 2, Layers: 1}, 1).PredictPage(Config{Input: 4, Dense: 2, Hidden: 2, Layers: 1}, &Sparse{Start: []int{0}}, nil, &ws); len(got) != 0 {
		t.Errorf("empty page: %v", got)
	}
}

// randGroups gives T rows pooling groups at levels levels: runs of rows of
// random lengths, as blocks under one element are.
func randGroups(rng *rand.Rand, T, levels int) [][]int32 {
	if levels == 0 {
		return nil
	}
	groups := make([][]int32, levels)
	for k := range groups {
		g := make([]int32, T)
		id := int32(0)
		for t := range g {
			if t > 0 && rng.IntN(4) == 0 {
				id++
			}
			g[t] = id
		}
		groups[k] = g
	}
	return groups
}

// randSparse makes N sparse rows over in columns, empty on padding rows.
func randSparse(rng *rand.Rand, lay Layout, in int) *Sparse {
	start, cols, vals := gradcheck.SparseRows(rng, lay.Lens, lay.T, in)
	return &Sparse{Start: start, Cols: cols, Vals: vals}
}
