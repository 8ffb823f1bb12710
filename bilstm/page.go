package bilstm

import (
	"github.com/boilernet/boilernet/internal/kernels"
	"github.com/boilernet/boilernet/internal/vecmath"
)

// PageWorkspace holds the buffers of PredictPage so that repeated calls do
// not allocate. A PageWorkspace must not be used by two goroutines at once.
type PageWorkspace struct {
	in    []float32    // the first layer's input: of the page, or of a chunk
	gates []float32    // chunkRows × 4H: a chunk's gates
	z     []float32    // kernels.SgemmAdd's scratch, where it needs one
	h, c  []float32    // H: the state of the direction being run
	tanhC []float32    // H
	outs  [2][]float32 // T × 2H: the outputs of the layers below the last
	back  []float32    // T × H: the last layer's backward outputs
	probs []float32    // T

	pooled, scratch []float32 // with pooling: the pooled states, len(Pool) × T × 2H
}

// chunkRows is the number of steps whose input projections PredictPage
// computes at once: one GEMM small enough for the BLAS to run it on the
// calling goroutine.
const chunkRows = 64

// projectedRows is the page length up to which PredictPage keeps the first
// layer's input of the whole page (Dense float32 per block) instead of
// computing it twice, once per direction.
const projectedRows = 4096

// PageBytesPerBlock is the memory PredictPage's workspace needs per block
// of a page (beyond a few fixed buffers): the outputs of one layer and the
// backward outputs of the last, 3·Hidden float32, and the probability;
// with pooling, both layers' outputs and the pooled states instead.
func (c Config) PageBytesPerBlock() int {
	if len(c.Pool) > 0 {
		return 4 * (4*c.Hidden + 2*c.Hidden*len(c.Pool) + 1)
	}
	return 4 * (3*c.Hidden + 1)
}

// PredictPage returns P(content) for every row of x, the blocks of one page
// in order: the numbers Predict gives for a batch of that one sequence, bit
// for bit, with far less memory. It runs one direction of one layer at a
// time over the page, in chunks of chunkRows steps, keeping only the outputs
// of one layer (2·Hidden per block) and the backward half of the last
// (Hidden per block); the first layer's input is kept for pages of up to
// projectedRows blocks and recomputed from the sparse rows for each
// direction on longer ones. A network with pooling (Config.Pool) keeps the
// whole last layer's outputs and needs the page's pooling groups (groups,
// from PoolGroups; nil otherwise). Everything runs on the calling
// goroutine. The returned slice belongs to ws and is overwritten by its
// next use.
func (p *Params) PredictPage(c Config, x *Sparse, groups [][]int32, ws *PageWorkspace) []float32 {
	T, H := x.Rows(), c.Hidden
	ws.probs = kernels.Grow(ws.probs, T)
	if T == 0 {
		return ws.probs
	}
	G := 4 * H
	ws.gates = kernels.Grow(ws.gates, chunkRows*G)
	ws.h, ws.c, ws.tanhC = kernels.Grow(ws.h, H), kernels.Grow(ws.c, H), kernels.Grow(ws.tanhC, H)
	// The first layer's input: computed once for a page of up to
	// projectedRows blocks, else for each chunk as it is needed.
	var projected []float32
	if T <= projectedRows {
		ws.in = kernels.Grow(ws.in, T*c.Dense)
		projected = ws.in
		projectRows(x, 0, T, p.WIn, p.BIn, c.Dense, projected)
	}
	var below []float32 // the outputs of the layer below, T × 2H
	for l, layer := range p.Layers {
		in := c.LayerInput(l)
		input := func(t0, t1 int) []float32 {
			switch {
			case l > 0:
				return below[t0*in : t1*in]
			case projected != nil:
				return projected[t0*in : t1*in]
			}
			ws.in = kernels.Grow(ws.in, (t1-t0)*in)
			projectRows(x, t0, t1, p.WIn, p.BIn, in, ws.in)
			return ws.in
		}
		if l < len(p.Layers)-1 || len(c.Pool) > 0 {
			out := kernels.Grow(ws.outs[l%2], T*2*H)
			ws.outs[l%2] = out
			ws.run(T, H, in, input, layer.Fwd, false, func(t int, h []float32) { copy(out[t*2*H:t*2*H+H], h) })
			ws.run(T, H, in, input, layer.Bwd, true, func(t int, h []float32) { copy(out[t*2*H+H:t*2*H+2*H], h) })
			below = out
			if l == len(p.Layers)-1 {
				ws.pooled = kernels.Grow(ws.pooled, len(c.Pool)*T*2*H)
				for k := range c.Pool {
					kernels.PoolMeans(out, 2*H, groups[k], ws.pooled[k*T*2*H:(k+1)*T*2*H], &ws.scratch)
				}
				for t := range T {
					ws.probs[t] = p.output(c, out[t*2*H:t*2*H+2*H], ws.pooled, T, t)
				}
			}
			continue
		}
		// The last layer: its backward outputs first, then the forward
		// direction, whose every step completes a block's output row.
		ws.back = kernels.Grow(ws.back, T*H)
		back := ws.back
		ws.run(T, H, in, input, layer.Bwd, true, func(t int, h []float32) { copy(back[t*H:t*H+H], h) })
		ws.run(T, H, in, input, layer.Fwd, false, func(t int, h []float32) {
			z := p.BOut[0]
			for j, v := range h {
				z += float32(v * p.WOut[j])
			}
			for j, v := range back[t*H : t*H+H] {
				z += float32(v * p.WOut[H+j])
			}
			ws.probs[t] = vecmath.Sigmoid(z)
		})
	}
	return ws.probs
}

// run runs one direction of one layer over a page of T steps, reading the
// input rows t0..t1 (of width in) from input, and calls emit with each
// step's hidden state, in the direction's order.
func (ws *PageWorkspace) run(T, H, in int, input func(t0, t1 int) []float32, w Dir, reverse bool, emit func(t int, h []float32)) {
	G := 4 * H
	h, c := ws.h, ws.c
	step := 0
	for k := 0; k*chunkRows < T; k++ {
		t0, t1 := k*chunkRows, min(T, (k+1)*chunkRows)
		if reverse {
			t0, t1 = max(0, T-(k+1)*chunkRows), T-k*chunkRows
		}
		n := t1 - t0
		// Each step's gates: the input's product plus the bias, plus the
		// recurrent product, each product summed before it is added.
		for i := range n {
			copy(ws.gates[i*G:i*G+G], w.B)
		}
		kernels.SgemmAdd(n, G, in, input(t0, t1), in, w.Wx, G, ws.gates, G, &ws.z)
		for i := range n {
			r := i
			if reverse {
				r = n - 1 - i
			}
			g := ws.gates[r*G : r*G+G]
			if step > 0 {
				kernels.SgemmAdd(1, G, H, h, H, w.Wh, G, g, G, &ws.z)
			}
			cell(g, c, h, ws.tanhC, step == 0)
			emit(t0+r, h)
			step++
		}
	}
}

// cell applies the LSTM cell to the gate pre-activations g (4H: input,
// forget, cell, output), updating the cell state c and hidden state h (H)
// in place; first says there is no previous state. tmp is scratch of H.
// The arithmetic is that of lstmDir.forward, operation for operation.
func cell(g, c, h, tmp []float32, first bool) {
	H := len(c)
	vecmath.Sigmoids(g[:2*H])
	vecmath.Tanhs(g[2*H : 3*H])
	vecmath.Sigmoids(g[3*H : 4*H])
	i, f, cc, o := g[:H], g[H:2*H], g[2*H:3*H], g[3*H:4*H]
	for j := range c {
		var cprev float32
		if !first {
			cprev = c[j]
		}
		c[j] = float32(f[j]*cprev) + float32(i[j]*cc[j])
	}
	copy(tmp, c)
	vecmath.Tanhs(tmp)
	for j := range h {
		h[j] = o[j] * tmp[j]
	}
}

// projectRows computes out (rows t0..t1 of x, × d) = relu(x·w + bias), as
// project followed by Predict's rectifier.
func projectRows(x *Sparse, t0, t1 int, w, bias []float32, d int, out []float32) {
	for t := t0; t < t1; t++ {
		kernels.ProjectRow(x, t, w, bias, d, out[(t-t0)*d:(t-t0)*d+d])
	}
	vecmath.Rectify(out[:(t1-t0)*d])
}
