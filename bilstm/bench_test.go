package bilstm

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// flopsPerStep is the GEMM work of one valid timestep: forward, or forward
// and backward (twice the forward again) when training.
func flopsPerStep(c Config, training bool) float64 {
	var f float64
	for l := range c.Layers {
		f += 2 * 2 * 4 * float64(c.Hidden) * float64(c.layerInput(l)+c.Hidden)
	}
	if training {
		f *= 3
	}
	return f
}

// benchBatch is a batch of b sequences of about t steps with sparse rows of
// ~12 non-zeros, like real pages.
func benchBatch(rng *rand.Rand, c Config, b, t int) *Batch {
	lay := Layout{T: t}
	for i := range b {
		lay.Lens = append(lay.Lens, t-i*t/(8*b))
	}
	x := &Sparse{Start: []int{0}}
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
	batch := &Batch{Layout: lay, X: x, Y: make([]float32, lay.N()), W: make([]float32, lay.N())}
	for bi, n := range lay.Lens {
		for s := range n {
			batch.Y[bi*t+s] = float32(rng.IntN(2))
			batch.W[bi*t+s] = 1 / float32(lay.Valid())
		}
	}
	return batch
}

var benchHidden = []int{64, 128, 256}

// BenchmarkGEMM is the baseline: the recurrent GEMM [16×H]·[H×4H] alone.
func BenchmarkGEMM(b *testing.B) {
	for _, h := range benchHidden {
		b.Run(fmt.Sprintf("%s/H=%d", BLASName, h), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 1))
			a, w, c := randSlice(rng, 16*h, 1), randSlice(rng, h*4*h, 1), make([]float32, 16*4*h)
			for b.Loop() {
				sgemm(false, false, 16, 4*h, h, 1, a, h, w, 4*h, 0, c, 4*h)
			}
			b.ReportMetric(2*16*float64(h)*4*float64(h)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOPS")
		})
	}
}

// BenchmarkPredict is inference on one page of 200 blocks at a time, for
// the hidden sizes of the sweep (dense 256) and for the default model's
// size (H=32, dense 64).
func BenchmarkPredict(b *testing.B) {
	sizes := []struct{ h, d int }{{32, 64}}
	for _, h := range benchHidden {
		sizes = append(sizes, struct{ h, d int }{h, 256})
	}
	for _, size := range sizes {
		h := size.h
		b.Run(fmt.Sprintf("%s/H=%d/D=%d", BLASName, h, size.d), func(b *testing.B) {
			c := Config{Input: 1052, Dense: size.d, Hidden: h, Layers: 2}
			rng := rand.New(rand.NewPCG(3, 3))
			p := InitParams(c, 1)
			batch := benchBatch(rng, c, 1, 200)
			var ws Workspace
			for b.Loop() {
				p.Predict(c, batch.Layout, batch.X, &ws)
			}
			steps := float64(batch.Valid()) * float64(b.N) / b.Elapsed().Seconds()
			b.ReportMetric(steps, "steps/s")
			b.ReportMetric(steps*flopsPerStep(c, false)/1e9, "GFLOPS")
		})
	}
}
