package kernels

import (
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/internal/gradcheck"
)

// randSparse makes N sparse rows over in columns, empty on padding rows.
func randSparse(rng *rand.Rand, lay Layout, in int) *Sparse {
	start, cols, vals := gradcheck.SparseRows(rng, lay.Lens, lay.T, in)
	return &Sparse{Start: start, Cols: cols, Vals: vals}
}

// dot is a loss: Σ r·v over valid rows, in float64.
func dot(lay Layout, v, r []float32, width int) float64 {
	var s float64
	for b, n := range lay.Lens {
		for t := range n {
			row := (b*lay.T + t) * width
			for j := range width {
				s += float64(v[row+j]) * float64(r[row+j])
			}
		}
	}
	return s
}

var testLayout = Layout{T: 6, Lens: []int{6, 4, 1}}

func TestLSTMGradients(t *testing.T) {
	const in, H = 3, 4
	lay := testLayout
	n := lay.N()
	for _, reverse := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(1, 2))
		x := gradcheck.Uniform(rng, n*in, 1)
		wx, wh, bias := gradcheck.Uniform(rng, in*4*H, 0.5), gradcheck.Uniform(rng, H*4*H, 0.5), gradcheck.Uniform(rng, 4*H, 0.5)
		r := gradcheck.Uniform(rng, n*2*H, 1)
		d := &LSTM{In: in, H: H, Reverse: reverse}
		out := make([]float32, n*2*H)
		loss := func() float64 {
			clear(out)
			d.Forward(lay, x, wx, wh, bias, out, H, 2*H)
			return dot(lay, out, r, 2*H)
		}
		loss()
		dx, dwx, dwh, db := make([]float32, n*in), make([]float32, len(wx)), make([]float32, len(wh)), make([]float32, len(bias))
		d.Backward(lay, x, wx, wh, out, r, H, 2*H, dx, dwx, dwh, db)
		for i := range dx { // padding rows have no gradient
			if b, t := i/in/lay.T, (i/in)%lay.T; t >= lay.Lens[b] {
				dx[i] = 0
			}
		}
		gradcheck.Check(t, "x", x, dx, loss)
		gradcheck.Check(t, "wx", wx, dwx, loss)
		gradcheck.Check(t, "wh", wh, dwh, loss)
		gradcheck.Check(t, "b", bias, db, loss)
	}
}

func TestProjectGradients(t *testing.T) {
	const in, d = 5, 3
	lay := testLayout
	rng := rand.New(rand.NewPCG(3, 4))
	x := randSparse(rng, lay, in)
	w, bias := gradcheck.Uniform(rng, in*d, 1), gradcheck.Uniform(rng, d, 1)
	r := gradcheck.Uniform(rng, lay.N()*d, 1)
	out := make([]float32, lay.N()*d)
	loss := func() float64 {
		Project(lay, x, w, bias, d, out)
		return dot(lay, out, r, d)
	}
	dw, db := make([]float32, len(w)), make([]float32, d)
	ProjectBackward(lay, x, r, d, dw, db)
	gradcheck.Check(t, "w", w, dw, loss)
	gradcheck.Check(t, "b", bias, db, loss)
}
