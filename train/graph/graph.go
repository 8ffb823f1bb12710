package bilstm

import (
	"fmt"
	"math/rand/v2"

	"gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// Batch is one padded batch of sequences with its labels.
type Batch struct {
	Layout
	X *Sparse // N rows (padding rows empty)
	// Y holds the label of each row (1 content, 0 boilerplate) and W its
	// loss weight (0 for padding rows).
	Y, W []float32
}

// Check verifies that the batch's arrays agree with its layout.
func (b *Batch) Check(inputs int) error {
	if err := b.Layout.Check(); err != nil {
		return err
	}
	n := b.N()
	if b.X == nil || b.X.Rows() != n || len(b.Y) != n || len(b.W) != n {
		return fmt.Errorf("bilstm: batch arrays do not have %d rows", n)
	}
	for _, c := range b.X.Cols {
		if c < 0 || int(c) >= inputs {
			return fmt.Errorf("bilstm: input column %d out of range [0, %d)", c, inputs)
		}
	}
	return nil
}

// Graph is the Gorgonia training graph of the network for batches of up to
// N rows: sparse projection and BiLSTM layers as custom ops, ReLU, dropout,
// the output layer and the weighted binary cross-entropy in Gorgonia, with
// symbolic gradients for every weight. Gorgonia fixes the shapes of a graph,
// but only the row count reaches them: the custom ops read the batch's
// layout (how many sequences of how many steps) when they run, so one graph
// serves every batch that fits in N rows.
type Graph struct {
	N       int
	hidden  int
	g       *gorgonia.ExprGraph
	vm      gorgonia.VM
	state   *batchState
	Weights gorgonia.Nodes // in the order of Params.Tensors
	logits  *gorgonia.Node
	loss    *gorgonia.Node
	y, w    *gorgonia.Node
	mask    *gorgonia.Node // dropout mask, nil without dropout
	rate    float64

	// Row-padded copies of a batch's labels, weights and dropout mask.
	yBuf, wBuf, maskBuf []float32
}

// NewGraph builds the training graph for batches of up to n rows over the
// weights of p (shared, not copied: the solver's updates are seen by every
// graph built on p).
func NewGraph(c Config, p *Params, n int) (*Graph, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("bilstm: graph of %d rows", n)
	}
	gr := &Graph{N: n, hidden: c.Hidden, rate: c.Dropout, g: gorgonia.NewGraph(), state: &batchState{},
		yBuf: make([]float32, n), wBuf: make([]float32, n)}
	g := gr.g
	for _, ts := range p.Tensors(c) {
		val := newDense(ts.Data, ts.Shape...)
		var node *gorgonia.Node
		if len(ts.Shape) == 1 {
			node = gorgonia.NewVector(g, tensor.Float32, gorgonia.WithShape(ts.Shape...), gorgonia.WithName(ts.Name), gorgonia.WithValue(val))
		} else {
			node = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(ts.Shape...), gorgonia.WithName(ts.Name), gorgonia.WithValue(val))
		}
		gr.Weights = append(gr.Weights, node)
	}
	w := gr.Weights
	h, err := gorgonia.ApplyOp(newProjectOp(gr.state, n, c.Dense), w[0], w[1])
	if err != nil {
		return nil, err
	}
	if h, err = gorgonia.Rectify(h); err != nil {
		return nil, err
	}
	for l := range c.Layers {
		k := 2 + 6*l
		op := newLSTMOp(gr.state, n, c.layerInput(l), c.Hidden)
		if h, err = gorgonia.ApplyOp(op, h, w[k], w[k+1], w[k+2], w[k+3], w[k+4], w[k+5]); err != nil {
			return nil, err
		}
	}
	if c.Dropout > 0 {
		gr.mask = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(n, 2*c.Hidden), gorgonia.WithName("dropout_mask"))
		if h, err = gorgonia.HadamardProd(h, gr.mask); err != nil {
			return nil, err
		}
	}
	wOut, bOut := w[len(w)-2], w[len(w)-1]
	if gr.logits, err = gorgonia.Mul(h, wOut); err != nil {
		return nil, err
	}
	// logits: N×1; bOut: (1) broadcast over the rows.
	bRow, err := gorgonia.Reshape(bOut, tensor.Shape{1, 1})
	if err != nil {
		return nil, err
	}
	if gr.logits, err = gorgonia.BroadcastAdd(gr.logits, bRow, nil, []byte{0}); err != nil {
		return nil, err
	}
	gr.y = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(n, 1), gorgonia.WithName("y"))
	gr.w = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(n, 1), gorgonia.WithName("weight"))
	// Binary cross-entropy on logits z: softplus(z) - y·z, weighted.
	sp, err := gorgonia.Softplus(gr.logits)
	if err != nil {
		return nil, err
	}
	yz, err := gorgonia.HadamardProd(gr.y, gr.logits)
	if err != nil {
		return nil, err
	}
	bce, err := gorgonia.Sub(sp, yz)
	if err != nil {
		return nil, err
	}
	wb, err := gorgonia.HadamardProd(gr.w, bce)
	if err != nil {
		return nil, err
	}
	if gr.loss, err = gorgonia.Sum(wb); err != nil {
		return nil, err
	}
	if _, err = gorgonia.Grad(gr.loss, gr.Weights...); err != nil {
		return nil, fmt.Errorf("bilstm: gradients: %w", err)
	}
	gr.vm = gorgonia.NewTapeMachine(g, gorgonia.BindDualValues(gr.Weights...))
	return gr, nil
}

// DropoutMask draws a dropout mask for the graph: N×2H values, each 0 with
// the configured rate and 1/(1-rate) otherwise.
func (gr *Graph) DropoutMask(rng *rand.Rand) []float32 {
	m := make([]float32, gr.N*2*gr.hidden)
	keep := float32(1 / (1 - gr.rate))
	for i := range m {
		if rng.Float64() >= gr.rate {
			m[i] = keep
		}
	}
	return m
}

// Run runs the forward and backward pass on a batch and returns the loss;
// the weight gradients are added to the weights' gradient values (the
// solver's Step uses and clears them). mask is a dropout mask from
// DropoutMask (nil: no dropout); it is ignored when the graph has none.
func (gr *Graph) Run(b *Batch, mask []float32) (float32, error) {
	n := b.N()
	if n > gr.N {
		return 0, fmt.Errorf("bilstm: batch of %d rows on a graph of %d", n, gr.N)
	}
	gr.state.lay, gr.state.x = b.Layout, b.X
	clear32(gr.yBuf)
	clear32(gr.wBuf)
	copy(gr.yBuf, b.Y)
	copy(gr.wBuf, b.W)
	if err := gorgonia.Let(gr.y, newDense(gr.yBuf, gr.N, 1)); err != nil {
		return 0, err
	}
	if err := gorgonia.Let(gr.w, newDense(gr.wBuf, gr.N, 1)); err != nil {
		return 0, err
	}
	if gr.mask != nil {
		if mask == nil {
			if gr.maskBuf == nil {
				gr.maskBuf = make([]float32, gr.N*2*gr.hidden)
				for i := range gr.maskBuf {
					gr.maskBuf[i] = 1
				}
			}
			mask = gr.maskBuf
		}
		if len(mask) != gr.N*2*gr.hidden {
			return 0, fmt.Errorf("bilstm: dropout mask of %d values, want %d", len(mask), gr.N*2*gr.hidden)
		}
		if err := gorgonia.Let(gr.mask, newDense(mask, gr.mask.Shape()...)); err != nil {
			return 0, err
		}
	}
	defer gr.vm.Reset()
	if err := gr.vm.RunAll(); err != nil {
		return 0, err
	}
	return gr.loss.Value().Data().(float32), nil
}

// Logits returns the output logits of the last Run (N values; rows past
// the batch's are meaningless).
func (gr *Graph) Logits() []float32 { return gr.logits.Value().Data().([]float32) }

// Close releases the graph's machine.
func (gr *Graph) Close() error { return gr.vm.Close() }
