package kernels

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/internal/gradcheck"
)

// BenchmarkGEMM is the baseline: the recurrent GEMM [16×H]·[H×4H] alone.
func BenchmarkGEMM(b *testing.B) {
	for _, h := range []int{64, 128, 256} {
		b.Run(fmt.Sprintf("%s/H=%d", BLASName, h), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 1))
			a, w, c := gradcheck.Uniform(rng, 16*h, 1), gradcheck.Uniform(rng, h*4*h, 1), make([]float32, 16*4*h)
			for b.Loop() {
				Sgemm(false, false, 16, 4*h, h, 1, a, h, w, 4*h, 0, c, 4*h)
			}
			b.ReportMetric(2*16*float64(h)*4*float64(h)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOPS")
		})
	}
}
