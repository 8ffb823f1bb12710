package graph

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/bilstmbench"
	"github.com/boilernet/boilernet/internal/kernels"
)

// BenchmarkTrainStep is one training step (forward, backward, Adam) on a
// batch of 16 sequences of up to 200 blocks, the median CleanEval page.
func BenchmarkTrainStep(b *testing.B) {
	for _, h := range bilstmbench.Hidden {
		b.Run(fmt.Sprintf("%s/H=%d", kernels.BLASName, h), func(b *testing.B) {
			c := bilstm.Config{Input: 1052, Dense: 256, Hidden: h, Layers: 2, Dropout: 0.5}
			rng := rand.New(rand.NewPCG(2, 2))
			p := bilstm.InitParams(c, 1)
			lay, x := bilstmbench.Rows(rng, c, 16, 200)
			y, w := bilstmbench.Labels(rng, lay)
			batch := &Batch{Layout: lay, X: x, Y: y, W: w}
			g, err := New(c, p, batch.N(), 0, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer g.Close()
			mask := g.DropoutMask(rng, nil)
			solver := NewAdam(0.001) // Gorgonia's default rate
			for b.Loop() {
				if _, err := g.Run(batch, mask); err != nil {
					b.Fatal(err)
				}
				if err := solver.Step(g); err != nil {
					b.Fatal(err)
				}
			}
			steps := float64(batch.Valid()) * float64(b.N) / b.Elapsed().Seconds()
			b.ReportMetric(steps, "steps/s")
			b.ReportMetric(steps*bilstmbench.FlopsPerStep(c, true)/1e9, "GFLOPS")
		})
	}
}
