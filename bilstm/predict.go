package bilstm

import (
	"github.com/boilernet/boilernet/internal/kernels"
	"github.com/boilernet/boilernet/internal/vecmath"
)

// Workspace holds the buffers of Predict so that repeated calls do not
// allocate. A Workspace must not be used by two goroutines at once.
type Workspace struct {
	proj, a, b, probs []float32
	pooled, scratch   []float32
	fwd, bwd          kernels.LSTM
}

// Predict returns P(content) for every row of a batch (padding rows get 0):
// the forward pass of the network without dropout, computed directly by the
// same kernels as the training graph's ops, without building a graph. A
// network with pooling (Config.Pool) needs the layout's Groups. The
// returned slice belongs to ws and is overwritten by its next use.
func (p *Params) Predict(c Config, lay Layout, x *Sparse, ws *Workspace) []float32 {
	n, H := lay.N(), c.Hidden
	ws.proj = kernels.Grow(ws.proj, n*c.Dense)
	kernels.Project(lay, x, p.WIn, p.BIn, c.Dense, ws.proj)
	vecmath.Rectify(ws.proj)
	in := ws.proj
	for l, layer := range p.Layers {
		ws.fwd.In, ws.fwd.H, ws.fwd.Reverse = c.LayerInput(l), H, false
		ws.bwd.In, ws.bwd.H, ws.bwd.Reverse = c.LayerInput(l), H, true
		ws.a = kernels.Grow(ws.a, n*2*H)
		clear(ws.a)
		ws.fwd.Forward(lay, in, layer.Fwd.Wx, layer.Fwd.Wh, layer.Fwd.B, ws.a, 0, 2*H)
		ws.bwd.Forward(lay, in, layer.Bwd.Wx, layer.Bwd.Wh, layer.Bwd.B, ws.a, H, 2*H)
		in = ws.a
		ws.a, ws.b = ws.b, ws.a
	}
	ws.pooled = kernels.Grow(ws.pooled, len(c.Pool)*n*2*H)
	for k := range c.Pool {
		kernels.PoolMeans(in, 2*H, lay.Groups[k], ws.pooled[k*n*2*H:(k+1)*n*2*H], &ws.scratch)
	}
	ws.probs = kernels.Grow(ws.probs, n)
	clear(ws.probs)
	for b, length := range lay.Lens {
		for t := range length {
			r := b*lay.T + t
			ws.probs[r] = p.output(c, in[r*2*H:r*2*H+2*H], ws.pooled, n, r)
		}
	}
	return ws.probs
}

// output is the network's probability for row r of n, from the row's
// last-layer states h (2H) and its pooled states (level k's rows at
// pooled[k·n·2H:]).
func (p *Params) output(c Config, h []float32, pooled []float32, n, r int) float32 {
	H2 := 2 * c.Hidden
	z := p.BOut[0]
	for j, v := range h {
		z += float32(v * p.WOut[j])
	}
	for k := range c.Pool {
		w := p.WOut[(k+1)*H2 : (k+2)*H2]
		for j, v := range pooled[(k*n+r)*H2 : (k*n+r+1)*H2] {
			z += float32(v * w[j])
		}
	}
	return vecmath.Sigmoid(z)
}
