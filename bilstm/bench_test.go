package bilstm_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/bilstmbench"
	"github.com/boilernet/boilernet/internal/kernels"
)

// BenchmarkPredict is inference on one page of 200 blocks at a time, for
// the hidden sizes of the sweep (dense 256) and for the default model's
// size (H=32, dense 64).
func BenchmarkPredict(b *testing.B) {
	sizes := []struct{ h, d int }{{32, 64}}
	for _, h := range bilstmbench.Hidden {
		sizes = append(sizes, struct{ h, d int }{h, 256})
	}
	for _, size := range sizes {
		h := size.h
		b.Run(fmt.Sprintf("%s/H=%d/D=%d", kernels.BLASName, h, size.d), func(b *testing.B) {
			c := bilstm.Config{Input: 1052, Dense: size.d, Hidden: h, Layers: 2}
			rng := rand.New(rand.NewPCG(3, 3))
			p := bilstm.InitParams(c, 1)
			lay, x := bilstmbench.Rows(rng, c, 1, 200)
			var ws bilstm.Workspace
			for b.Loop() {
				p.Predict(c, lay, x, &ws)
			}
			steps := float64(lay.Valid()) * float64(b.N) / b.Elapsed().Seconds()
			b.ReportMetric(steps, "steps/s")
			b.ReportMetric(steps*bilstmbench.FlopsPerStep(c, false)/1e9, "GFLOPS")
		})
	}
}
