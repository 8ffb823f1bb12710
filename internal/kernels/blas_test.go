package kernels

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSgemmAdd checks SgemmAdd against Sgemm into a scratch matrix
// followed by adding it to C, bit for bit, with the row kernels (where
// this build has them) and without: a chunk of gate rows preset to a bias,
// then a one-row recurrent product added to one of them, as PredictPage
// runs them.
func TestSgemmAdd(t *testing.T) {
	saved := useRowKernels
	defer func() { setRowKernels(saved) }()
	for _, rows := range []bool{false, true} {
		if rows && !saved {
			continue // no row kernels in this build or on this processor
		}
		setRowKernels(rows)
		rng := rand.New(rand.NewPCG(7, 8))
		for _, tt := range []struct{ m, n, k int }{{64, 128, 64}, {1, 128, 32}, {3, 20, 7}} {
			a := make([]float32, tt.m*tt.k)
			b := make([]float32, tt.k*tt.n)
			got := make([]float32, tt.m*tt.n)
			for _, s := range [][]float32{a, b, got} {
				for i := range s {
					if rng.IntN(4) > 0 { // a quarter zeros, which the products skip
						s[i] = float32(rng.NormFloat64())
					}
				}
			}
			want := append([]float32(nil), got...)
			prod := make([]float32, tt.m*tt.n)
			Sgemm(false, false, tt.m, tt.n, tt.k, 1, a, tt.k, b, tt.n, 0, prod, tt.n)
			for i, v := range prod {
				want[i] += v
			}
			var scratch []float32
			SgemmAdd(tt.m, tt.n, tt.k, a, tt.k, b, tt.n, got, tt.n, &scratch)
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("row kernels %v, %dx%dx%d: element %d is %v, want %v", rows, tt.m, tt.n, tt.k, i, got[i], want[i])
				}
			}
		}
	}
}
