// Package gradcheck compares analytic gradients with finite differences,
// for the tests of the network's kernels and of the training graph.
package gradcheck

import (
	"math"
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
