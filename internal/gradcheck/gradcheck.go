// Package gradcheck compares analytic gradients with finite differences
// and makes their random inputs (dense values and sparse rows), for the
// tests of the network's kernels and of the training graph.
package gradcheck

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Check compares an analytic gradient grad of loss with respect to the
// parameters w with central finite differences, reports the first
// parameter that disagrees as a test error and logs the worst relative
// error.
func Check(t testing.TB, name string, w, grad []float32, loss func() float64) {
	t.Helper()
	const eps = 1e-2
	worst := 0.0
	for i := range w {
		orig := w[i]
		w[i] = orig + eps
		up := loss()
		w[i] = orig - eps
		down := loss()
		w[i] = orig
		num := (up - down) / (2 * eps)
		diff := math.Abs(num - float64(grad[i]))
		if rel := diff / math.Max(1, math.Abs(num)); rel > worst {
			worst = rel
		}
		if diff > 2e-3+2e-2*math.Abs(num) {
			t.Errorf("%s[%d]: analytic %.6f, numeric %.6f", name, i, grad[i], num)
			return
		}
	}
	t.Logf("%s: worst relative error %.2g", name, worst)
}

// SparseRows makes the sparse input rows of a padded batch of sequences
// of lengths lens over T steps (row b·T+t is step t of sequence b) in
// compressed-row form: each of the in columns of a valid row is set with
// probability 1/3 to 1, 2 or 3; padding rows are empty.
func SparseRows(rng *rand.Rand, lens []int, T, in int) (start []int, cols []int32, vals []float32) {
	start = []int{0}
	for _, n := range lens {
		for t := range T {
			if t < n {
				for c := range in {
					if rng.IntN(3) == 0 {
						cols = append(cols, int32(c))
						vals = append(vals, float32(1+rng.IntN(3)))
					}
				}
			}
			start = append(start, len(cols))
		}
	}
	return start, cols, vals
}

// Uniform makes n values drawn uniformly from [-scale, scale).
func Uniform(rng *rand.Rand, n int, scale float64) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32((2*rng.Float64() - 1) * scale)
	}
	return s
}
