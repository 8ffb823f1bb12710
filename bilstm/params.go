package bilstm

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/x448/float16"
	"gonum.org/v1/gonum/mat"
)

// Config holds the hyperparameters of the network.
type Config struct {
	Input  int // columns of a sparse input row (vocab.Vocab.Dim)
	Dense  int // units of the dense ReLU projection (default 256)
	Hidden int // LSTM units per direction (default 256)
	Layers int // stacked bidirectional LSTM layers (default 2)
	// Dropout is the dropout rate after the last LSTM layer; 0 is none
	// (WithDefaults leaves it: 0 is a rate). DefaultDropout is the
	// paper's rate and boilernet train's default.
	Dropout float64
	// Pool lists the levels (1: the block's parent element, 2: its
	// grandparent, ...) at which the last LSTM layer's states are
	// averaged over the blocks under one element and given to the output
	// layer beside the block's own: the block's containers as the network
	// reads them (see PoolGroups). Empty: the paper's network.
	Pool []int `json:",omitempty"`
}

// Defaults of Config (Leonhardt et al., 2020).
const (
	DefaultDense   = 256
	DefaultHidden  = 256
	DefaultLayers  = 2
	DefaultDropout = 0.5
	// DefaultThreshold is the probability from which a block is content
	// when each block is thresholded, as the paper does (infer's
	// DefaultThreshold; training's dev scores).
	DefaultThreshold = 0.5
)

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.Dense = cmp.Or(c.Dense, DefaultDense)
	c.Hidden = cmp.Or(c.Hidden, DefaultHidden)
	c.Layers = cmp.Or(c.Layers, DefaultLayers)
	return c
}

// Check reports a configuration that cannot be built.
func (c Config) Check() error {
	const limit = 1 << 16
	switch {
	case c.Input < 1 || c.Input > 1<<24:
		return fmt.Errorf("bilstm: input size %d out of range", c.Input)
	case c.Dense < 1 || c.Dense > limit, c.Hidden < 1 || c.Hidden > limit:
		return fmt.Errorf("bilstm: dense %d / hidden %d out of range", c.Dense, c.Hidden)
	case c.Layers < 1 || c.Layers > 16:
		return fmt.Errorf("bilstm: %d layers out of range", c.Layers)
	case c.Dropout < 0 || c.Dropout >= 1 || math.IsNaN(c.Dropout):
		return fmt.Errorf("bilstm: dropout %v out of range [0, 1)", c.Dropout)
	}
	return checkPool(c.Pool)
}

// Dir holds the weights of one direction of one LSTM layer: Wx (in×4H),
// Wh (H×4H) and B (4H), gates ordered input, forget, cell, output.
type Dir struct {
	Wx, Wh, B []float32
}

// Layer is one bidirectional LSTM layer.
type Layer struct {
	Fwd, Bwd Dir
}

// Params holds all weights of the network, row-major float32.
type Params struct {
	WIn, BIn   []float32 // Input×Dense, Dense
	Layers     []Layer
	WOut, BOut []float32 // 2H×1, 1
}

// Tensor is one named weight array with its shape, for serialization and
// graph building.
type Tensor struct {
	Name  string
	Shape []int
	Data  []float32
}

// Tensors lists the weights of p in a fixed order with their shapes under
// config c.
func (p *Params) Tensors(c Config) []Tensor {
	ts := tensorShapes(c)
	for i, f := range p.fields() {
		ts[i].Data = *f
	}
	return ts
}

// tensorShapes lists the names and shapes of the weights under config c,
// in the order of Tensors, without their data.
func tensorShapes(c Config) []Tensor {
	H := c.Hidden
	ts := []Tensor{
		{Name: "w_in", Shape: []int{c.Input, c.Dense}},
		{Name: "b_in", Shape: []int{c.Dense}},
	}
	for l := range c.Layers {
		in := c.LayerInput(l)
		for _, dir := range []string{"fwd", "bwd"} {
			prefix := fmt.Sprintf("lstm%d_%s_", l, dir)
			ts = append(ts,
				Tensor{Name: prefix + "wx", Shape: []int{in, 4 * H}},
				Tensor{Name: prefix + "wh", Shape: []int{H, 4 * H}},
				Tensor{Name: prefix + "b", Shape: []int{4 * H}})
		}
	}
	return append(ts,
		Tensor{Name: "w_out", Shape: []int{c.outputWidth(), 1}},
		Tensor{Name: "b_out", Shape: []int{1}})
}

// fields points at the weight arrays of p in the order of Tensors.
func (p *Params) fields() []*[]float32 {
	fs := []*[]float32{&p.WIn, &p.BIn}
	for l := range p.Layers {
		for _, d := range []*Dir{&p.Layers[l].Fwd, &p.Layers[l].Bwd} {
			fs = append(fs, &d.Wx, &d.Wh, &d.B)
		}
	}
	return append(fs, &p.WOut, &p.BOut)
}

// paramCount is the number of weights of the network.
func (c Config) paramCount() int64 {
	h := int64(c.Hidden)
	n := int64(c.Input)*int64(c.Dense) + int64(c.Dense) + int64(c.outputWidth()) + 1
	for l := range c.Layers {
		n += 2 * (int64(c.LayerInput(l))*4*h + h*4*h + 4*h)
	}
	return n
}

// LayerInput is the input width of LSTM layer l: Dense for the first layer,
// 2·Hidden (both directions of the layer below) for the others.
func (c Config) LayerInput(l int) int {
	if l == 0 {
		return c.Dense
	}
	return 2 * c.Hidden
}

// NewParams allocates zero weights for c.
func NewParams(c Config) *Params {
	H := c.Hidden
	p := &Params{
		WIn:  make([]float32, c.Input*c.Dense),
		BIn:  make([]float32, c.Dense),
		WOut: make([]float32, c.outputWidth()),
		BOut: make([]float32, 1),
	}
	for l := range c.Layers {
		in := c.LayerInput(l)
		dir := func() Dir {
			return Dir{Wx: make([]float32, in*4*H), Wh: make([]float32, H*4*H), B: make([]float32, 4*H)}
		}
		p.Layers = append(p.Layers, Layer{Fwd: dir(), Bwd: dir()})
	}
	return p
}

// InitParams returns weights initialized as Keras initializes these layers:
// Glorot-uniform kernels, orthogonal recurrent kernels, zero biases except
// a forget-gate bias of 1. The same seed gives the same weights.
func InitParams(c Config, seed uint64) *Params {
	rng := rand.New(rand.NewPCG(seed, 0x626f696c6572))
	p := NewParams(c)
	H := c.Hidden
	glorot(rng, p.WIn, c.Input, c.Dense)
	for l := range p.Layers {
		in := c.LayerInput(l)
		for _, d := range []*Dir{&p.Layers[l].Fwd, &p.Layers[l].Bwd} {
			glorot(rng, d.Wx, in, 4*H)
			orthogonal(rng, d.Wh, H, 4*H)
			for j := H; j < 2*H; j++ {
				d.B[j] = 1
			}
		}
	}
	glorot(rng, p.WOut, c.outputWidth(), 1)
	return p
}

func glorot(rng *rand.Rand, w []float32, fanIn, fanOut int) {
	limit := math.Sqrt(6 / float64(fanIn+fanOut))
	for i := range w {
		w[i] = float32((2*rng.Float64() - 1) * limit)
	}
}

// orthogonal fills w (rows×cols) with a matrix with orthonormal rows (or
// columns, whichever are fewer), from the QR decomposition of a Gaussian
// matrix.
func orthogonal(rng *rand.Rand, w []float32, rows, cols int) {
	n, m := max(rows, cols), min(rows, cols)
	a := mat.NewDense(n, m, nil)
	for i := range n {
		for j := range m {
			a.Set(i, j, rng.NormFloat64())
		}
	}
	var qr mat.QR
	qr.Factorize(a)
	var q mat.Dense
	qr.QTo(&q)
	var r mat.Dense
	qr.RTo(&r)
	for i := range rows {
		for j := range cols {
			// Q's first m columns, signs fixed by R's diagonal so the
			// distribution is uniform.
			ii, jj := i, j
			if rows < cols {
				ii, jj = j, i
			}
			v := q.At(ii, jj)
			if r.At(jj, jj) < 0 {
				v = -v
			}
			w[i*cols+j] = float32(v)
		}
	}
}

// HalfRounded returns a copy of the weights rounded to float16 precision,
// as a model written by WriteHalfTo reads back.
func (p *Params) HalfRounded(c Config) *Params {
	q := NewParams(c)
	src, dst := p.Tensors(c), q.Tensors(c)
	for i := range src {
		for j, v := range src[i].Data {
			dst[i].Data[j] = float16.Fromfloat32(v).Float32()
		}
	}
	return q
}

// Clone returns a copy of the weights.
func (p *Params) Clone(c Config) *Params {
	q := NewParams(c)
	src, dst := p.Tensors(c), q.Tensors(c)
	for i := range src {
		copy(dst[i].Data, src[i].Data)
	}
	return q
}
