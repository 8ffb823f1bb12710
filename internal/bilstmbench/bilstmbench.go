// Package bilstmbench holds what the benchmarks of the network (bilstm's
// forward pass, train/graph's training step) share: batches shaped like
// real pages, random labels and the GEMM work of a step, for GFLOPS
// figures.
package bilstmbench

import (
	"math/rand/v2"

	"github.com/boilernet/boilernet/bilstm"
)

// Hidden are the hidden sizes the benchmarks sweep.
var Hidden = []int{64, 128, 256}

// FlopsPerStep is the GEMM work of one valid timestep: forward, or forward
// and backward (twice the forward again) when training.
func FlopsPerStep(c bilstm.Config, training bool) float64 {
	var f float64
	for l := range c.Layers {
		f += 2 * 2 * 4 * float64(c.Hidden) * float64(c.LayerInput(l)+c.Hidden)
	}
	if training {
		f *= 3
	}
	return f
}

// Rows lays out a batch of b sequences of about t steps with sparse rows
// of ~12 non-zeros, like real pages.
func Rows(rng *rand.Rand, c bilstm.Config, b, t int) (bilstm.Layout, *bilstm.Sparse) {
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
	return lay, x
}

// Labels draws random labels y for the valid rows of lay, each of loss
// weight w one over the valid rows (0 on padding rows).
func Labels(rng *rand.Rand, lay bilstm.Layout) (y, w []float32) {
	y, w = make([]float32, lay.N()), make([]float32, lay.N())
	for bi, n := range lay.Lens {
		for s := range n {
			y[bi*lay.T+s] = float32(rng.IntN(2))
			w[bi*lay.T+s] = 1 / float32(lay.Valid())
		}
	}
	return y, w
}
