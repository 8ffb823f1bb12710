package graph

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
)

// flopsPerStep is the GEMM work of one valid timestep: forward, or forward
// and backward (twice the forward again) when training.
func flopsPerStep(c bilstm.Config, training bool) float64 {
	var f float64
	for l := range c.Layers {
		f += 2 * 2 * 4 * float64(c.Hidden) * float64(c.LayerInput(l)+c.Hidden)
	}
	if training {
		f *= 3
	}
	return f
}

// benchBatch is a batch of b sequences of about t steps with sparse rows of
// ~12 non-zeros, like real pages.
func benchBatch(rng *rand.Rand, c bilstm.Config, b, t int) *bilstm.Batch {
	lay := bilstm.Layout{T: t}
	for i := range b {
		lay.Lens = append(lay.Lens, t-i*t/(8*b))
	}
	x := &bilstm.Sparse{Start: []int{0}}
	for bi := range b {
		for s := range t {
			if s < lay.Lens[bi] {
				for range 12 {
					x.Cols = append(x.Cols, int32(rng.IntN(c.Input)))
					x.Vals = append(x.Vals, 1)
				}
			}
			x.Start = append(x.Start, len(x.Cols))
		}
	}
	batch := &bilstm.Batch{Layout: lay, X: x, Y: make([]float32, lay.N()), W: make([]float32, lay.N())}
	for bi, n := range lay.Lens {
		for s := range n {
			batch.Y[bi*t+s] = float32(rng.IntN(2))
			batch.W[bi*t+s] = 1 / float32(lay.Valid())
		}
	}
	return batch
}

var benchHidden = []int{64, 128, 256}

// BenchmarkTrainStep is one training step (forward, backward, Adam) on a
// batch of 16 sequences of up to 200 blocks, the median CleanEval page.
func BenchmarkTrainStep(b *testing.B) {
	for _, h := range benchHidden {
		b.Run(fmt.Sprintf("%s/H=%d", bilstm.BLASName, h), func(b *testing.B) {
			c := bilstm.Config{Input: 1052, Dense: 256, Hidden: h, Layers: 2, Dropout: 0.5}
			rng := rand.New(rand.NewPCG(2, 2))
			p := bilstm.InitParams(c, 1)
			batch := benchBatch(rng, c, 16, 200)
			g, err := New(c, p, batch.N())
			if err != nil {
				b.Fatal(err)
			}
			defer g.Close()
			mask := g.DropoutMask(rng)
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
			b.ReportMetric(steps*flopsPerStep(c, true)/1e9, "GFLOPS")
		})
	}
}
