// Package graph is the training graph of the bilstm network in Gorgonia:
// its loss, its gradients and the Adam solver that updates the weights.
//
// The sparse projection, the BiLSTM layers and the pooling are custom ops
// over the kernels the forward pass uses too (internal/kernels), with their
// backward passes; ReLU, dropout, the output layer and the loss (the
// weighted binary cross-entropy and the soft token F1 term) are Gorgonia's.
// A Batch is what a graph runs on. Package bilstm, the model and its
// forward pass, does not import Gorgonia: only training links it.
package graph

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/kernels"
	"gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// Graph is the training graph of the network for batches of up to Rows()
// rows, with symbolic gradients for every weight. Gorgonia fixes the shapes
// of a graph, but only the row count reaches them: the custom ops read the
// batch's layout (how many sequences of how many steps) when they run, so
// one graph serves every batch that fits. A Graph is not safe for use by
// two goroutines at once.
type Graph struct {
	n       int
	hidden  int
	g       *gorgonia.ExprGraph
	vm      gorgonia.VM
	state   *batchState
	weights gorgonia.Nodes // in the order of bilstm.Params.Tensors, then the heads' W and B
	logits  *gorgonia.Node
	loss    *gorgonia.Node
	y, w    *gorgonia.Node
	mask    *gorgonia.Node // dropout mask, nil without dropout
	rate    float64
	lstms   []*lstmOp // the layers' ops, first to last

	// Row-padded copies of a batch's labels, weights and dropout mask.
	yBuf, wBuf, maskBuf []float32

	// The soft token F1 term (f1Weight > 0): per page b of a batch,
	// pageWords[b] holds the words of the page's rows (0 elsewhere),
	// pageDen[b] its content words plus 1, and pageCoef[b] the term's
	// weight (0 for a page without content and past the batch's pages).
	f1Weight                     float64
	pageWords, pageDen, pageCoef *gorgonia.Node
	pageBuf                      []float32

	// The datasets' heads (see Heads): their raw weights, trained beside
	// the network's, and each row's one-hot dataset (rows × datasets; nil
	// without heads).
	headW, headB *gorgonia.Node
	headRows     *gorgonia.Node
	headBuf      []float32
}

// Heads are training-only corrections of the output layer, one per
// dataset: a page of dataset d is scored by the output layer plus its
// head, the column d of W·C (and of B·C), where C = I − 1/N centers the
// columns. The heads sum to zero, so the network's own output layer is
// their mean: what each dataset's gold keeps that the others' drop (one
// keeps readers' comments, another hidden panels) is learned by its head
// instead of being averaged into the shared weights, and the saved model
// scores pages by the datasets' mean convention. The slices are shared,
// not copied, by every graph built with them.
type Heads struct {
	N    int       // datasets
	W, B []float32 // In×N and N raw weights, In the output layer's inputs
}

// MaxF1Pages is the most pages a batch may have when the loss has the soft
// token F1 term.
const MaxF1Pages = 64

// weightNodes names the graph's weights by their role; the slices alias
// the graph's weights, which follow bilstm.Params.Tensors: the projection,
// then per layer the forward and backward directions' Wx, Wh and B, then
// the output layer.
type weightNodes struct {
	wIn, bIn   *gorgonia.Node
	layers     []gorgonia.Nodes // per layer: fwd Wx, Wh, B, bwd Wx, Wh, B
	wOut, bOut *gorgonia.Node
}

func splitWeights(w gorgonia.Nodes, layers int) weightNodes {
	const perLayer = 6 // two directions of Wx, Wh, B
	ws := weightNodes{wIn: w[0], bIn: w[1], wOut: w[len(w)-2], bOut: w[len(w)-1]}
	for l := range layers {
		ws.layers = append(ws.layers, w[2+perLayer*l:2+perLayer*(l+1)])
	}
	return ws
}

// New builds the training graph for batches of up to n rows over the
// weights of p (shared, not copied: the solver's updates are seen by every
// graph built on p). Its loss is the batch's weighted binary cross-entropy
// and, when f1Weight > 0, f1Weight times one minus the mean over the
// batch's pages of their soft token F1 (see withSoftF1).
//
// With heads (nil: none), each page is scored by the output layer plus its
// dataset's head (Batch.Heads), and heads's weights train with the rest.
func New(c bilstm.Config, p *bilstm.Params, n int, f1Weight float64, heads *Heads) (*Graph, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, fmt.Errorf("graph: graph of %d rows", n)
	}
	if f1Weight < 0 {
		return nil, fmt.Errorf("graph: negative F1 weight %v", f1Weight)
	}
	gr := &Graph{n: n, hidden: c.Hidden, rate: c.Dropout, g: gorgonia.NewGraph(), state: &batchState{},
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
		gr.weights = append(gr.weights, node)
	}
	w := splitWeights(gr.weights, c.Layers)
	h, err := gorgonia.ApplyOp(newProjectOp(gr.state, n, c.Dense), w.wIn, w.bIn)
	if err != nil {
		return nil, err
	}
	if h, err = gorgonia.Rectify(h); err != nil {
		return nil, err
	}
	for l, lw := range w.layers {
		op := newLSTMOp(gr.state, n, c.LayerInput(l), c.Hidden)
		if h, err = gorgonia.ApplyOp(op, append(gorgonia.Nodes{h}, lw...)...); err != nil {
			return nil, err
		}
		gr.lstms = append(gr.lstms, op)
	}
	if c.Dropout > 0 {
		gr.mask = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(n, 2*c.Hidden), gorgonia.WithName("dropout_mask"))
		if h, err = gorgonia.HadamardProd(h, gr.mask); err != nil {
			return nil, err
		}
	}
	if len(c.Pool) > 0 {
		// The output layer reads each block's states and their means over
		// the blocks under its container at each pooling level.
		parts := gorgonia.Nodes{h}
		for level := range c.Pool {
			pooled, err := gorgonia.ApplyOp(newPoolOp(gr.state, level, n, 2*c.Hidden), h)
			if err != nil {
				return nil, err
			}
			parts = append(parts, pooled)
		}
		if h, err = gorgonia.Concat(1, parts...); err != nil {
			return nil, err
		}
	}
	if gr.logits, err = gorgonia.Mul(h, w.wOut); err != nil {
		return nil, err
	}
	// logits: N×1; bOut: (1) broadcast over the rows.
	bRow, err := gorgonia.Reshape(w.bOut, tensor.Shape{1, 1})
	if err != nil {
		return nil, err
	}
	if gr.logits, err = gorgonia.BroadcastAdd(gr.logits, bRow, nil, []byte{0}); err != nil {
		return nil, err
	}
	trained := gr.weights
	if heads != nil {
		if gr.logits, err = gr.withHeads(h, heads); err != nil {
			return nil, err
		}
		trained = append(slices.Clone(gr.weights), gr.headW, gr.headB)
	}
	gr.y = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(n, 1), gorgonia.WithName("y"))
	gr.w = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(n, 1), gorgonia.WithName("weight"))
	// Binary cross-entropy on logits z: softplus(z) - y·z, weighted.
	var ch chain
	sp := ch.unary(gorgonia.Softplus, gr.logits)
	yz := ch.binary(gorgonia.HadamardProd, gr.y, gr.logits)
	bce := ch.binary(gorgonia.Sub, sp, yz)
	wb := ch.binary(gorgonia.HadamardProd, gr.w, bce)
	if gr.loss = ch.unary(sum, wb); ch.err != nil {
		return nil, ch.err
	}
	if f1Weight > 0 {
		if gr.loss, err = gr.withSoftF1(f1Weight); err != nil {
			return nil, err
		}
	}
	if _, err = gorgonia.Grad(gr.loss, trained...); err != nil {
		return nil, fmt.Errorf("graph: gradients: %w", err)
	}
	gr.weights = trained
	gr.vm = gorgonia.NewTapeMachine(g, gorgonia.BindDualValues(gr.weights...))
	return gr, nil
}

// withHeads returns the logits plus each row's dataset head over the
// output layer's inputs h.
func (gr *Graph) withHeads(h *gorgonia.Node, heads *Heads) (*gorgonia.Node, error) {
	g, d, in := gr.g, heads.N, h.Shape()[1]
	if d < 2 || len(heads.W) != in*d || len(heads.B) != d {
		return nil, fmt.Errorf("graph: %d heads of %d and %d weights, want at least 2 of %d and 1", d, len(heads.W), len(heads.B), in)
	}
	gr.headW = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(in, d), gorgonia.WithName("head_w"), gorgonia.WithValue(newDense(heads.W, in, d)))
	gr.headB = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(1, d), gorgonia.WithName("head_b"), gorgonia.WithValue(newDense(heads.B, 1, d)))
	center := make([]float32, d*d)
	for i := range d {
		for j := range d {
			center[i*d+j] = -1 / float32(d)
			if i == j {
				center[i*d+j] += 1
			}
		}
	}
	c := gorgonia.NewConstant(newDense(center, d, d), gorgonia.WithName("head_center"))
	gr.headRows = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(gr.n, d), gorgonia.WithName("head_rows"))
	var ch chain
	w := ch.binary(gorgonia.Mul, gr.headW, c)
	b := ch.binary(gorgonia.Mul, gr.headB, c)
	all := ch.binary(gorgonia.Mul, h, w)
	all = ch.binary(func(a, b *gorgonia.Node) (*gorgonia.Node, error) { return gorgonia.BroadcastAdd(a, b, nil, []byte{0}) }, all, b)
	mine := ch.binary(gorgonia.HadamardProd, all, gr.headRows)
	mine = ch.unary(func(a *gorgonia.Node) (*gorgonia.Node, error) { return gorgonia.Sum(a, 1) }, mine)
	mine = ch.unary(func(a *gorgonia.Node) (*gorgonia.Node, error) { return gorgonia.Reshape(a, tensor.Shape{gr.n, 1}) }, mine)
	return ch.binary(gorgonia.Add, gr.logits, mine), ch.err
}

// letHeads sets each row's one-hot dataset for batch b.
func (gr *Graph) letHeads(b *Batch) error {
	if len(b.Heads) != b.B() {
		return fmt.Errorf("graph: batch of %d pages with %d datasets", b.B(), len(b.Heads))
	}
	heads := gr.headRows.Shape()[1]
	gr.headBuf = kernels.Grow(gr.headBuf, gr.n*heads)
	clear(gr.headBuf)
	for pg, l := range b.Lens {
		d := b.Heads[pg]
		if d < 0 || d >= heads {
			return fmt.Errorf("graph: dataset %d of %d", d, heads)
		}
		for t := range l {
			gr.headBuf[(pg*b.T+t)*heads+d] = 1
		}
	}
	return gorgonia.Let(gr.headRows, newDense(gr.headBuf, gr.n, heads))
}

// withSoftF1 returns the loss minus Σ_b coef_b·tp_b/(pred_b + content_b +
// 1), where tp_b and pred_b are the sums of p·y and of p over page b's rows,
// each row weighted by its words: with coef_b = 2·f1Weight/pages, the
// f1Weight-weighted mean of the pages' soft token F1 (the metric's F1 with
// probabilities for selections; the 1 keeps it defined).
func (gr *Graph) withSoftF1(f1Weight float64) (*gorgonia.Node, error) {
	g := gr.g
	gr.f1Weight = f1Weight
	gr.pageWords = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(MaxF1Pages, gr.n), gorgonia.WithName("page_words"))
	gr.pageDen = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(MaxF1Pages, 1), gorgonia.WithName("page_den"))
	gr.pageCoef = gorgonia.NewMatrix(g, tensor.Float32, gorgonia.WithShape(MaxF1Pages, 1), gorgonia.WithName("page_coef"))
	var ch chain
	p := ch.unary(gorgonia.Sigmoid, gr.logits)
	py := ch.binary(gorgonia.HadamardProd, p, gr.y)
	tp := ch.binary(gorgonia.Mul, gr.pageWords, py)
	pred := ch.binary(gorgonia.Mul, gr.pageWords, p)
	den := ch.binary(gorgonia.Add, pred, gr.pageDen)
	f1 := ch.binary(gorgonia.HadamardDiv, tp, den)
	weighted := ch.binary(gorgonia.HadamardProd, gr.pageCoef, f1)
	loss := ch.binary(gorgonia.Sub, gr.loss, ch.unary(sum, weighted))
	return loss, ch.err
}

// chain applies Gorgonia's node functions in turn and keeps the first
// error: after one fails, the later ones return nil and build nothing.
type chain struct{ err error }

func (c *chain) unary(f func(*gorgonia.Node) (*gorgonia.Node, error), a *gorgonia.Node) *gorgonia.Node {
	return c.binary(func(a, _ *gorgonia.Node) (*gorgonia.Node, error) { return f(a) }, a, nil)
}

func (c *chain) binary(f func(a, b *gorgonia.Node) (*gorgonia.Node, error), a, b *gorgonia.Node) *gorgonia.Node {
	if c.err != nil {
		return nil
	}
	n, err := f(a, b)
	c.err = err
	return n
}

// sum is the sum of all of a's values.
func sum(a *gorgonia.Node) (*gorgonia.Node, error) { return gorgonia.Sum(a) }

// letPages fills the soft F1 term's per-page inputs for batch b.
func (gr *Graph) letPages(b *Batch) error {
	if b.Words == nil {
		return fmt.Errorf("graph: the F1 term needs the batch's words")
	}
	if b.B() > MaxF1Pages {
		return fmt.Errorf("graph: batch of %d pages, more than the F1 term's %d", b.B(), MaxF1Pages)
	}
	size := MaxF1Pages*gr.n + 2*MaxF1Pages
	if gr.pageBuf == nil {
		gr.pageBuf = make([]float32, size)
	}
	clear(gr.pageBuf)
	words, den, coef := gr.pageBuf[:MaxF1Pages*gr.n], gr.pageBuf[MaxF1Pages*gr.n:size-MaxF1Pages], gr.pageBuf[size-MaxF1Pages:]
	for pg := range den {
		den[pg] = 1 // pages past the batch's: 0/1
	}
	var withContent []int
	for pg, l := range b.Lens {
		var content float32
		for t := range l {
			r := pg*b.T + t
			words[pg*gr.n+r] = b.Words[r]
			content += b.Words[r] * b.Y[r]
		}
		den[pg] += content
		if content > 0 {
			withContent = append(withContent, pg)
		}
	}
	for _, pg := range withContent {
		coef[pg] = float32(2 * gr.f1Weight / float64(len(withContent)))
	}
	for _, in := range []struct {
		node *gorgonia.Node
		data []float32
	}{{gr.pageWords, words}, {gr.pageDen, den}, {gr.pageCoef, coef}} {
		if err := gorgonia.Let(in.node, newDense(in.data, in.node.Shape()...)); err != nil {
			return err
		}
	}
	return nil
}

// ShareBuffers makes gr's LSTM layers keep what their backward passes need
// (the gates and cell states of a whole batch, the bulk of a graph's
// memory) in other's buffers, which grow to the larger batches of the two:
// graphs of the same network for batches of different sizes, run one at a
// time, then hold one set of buffers between them instead of one each.
// gr and other must never run at the same time.
func (gr *Graph) ShareBuffers(other *Graph) error {
	if len(gr.lstms) != len(other.lstms) || gr.hidden != other.hidden {
		return fmt.Errorf("graph: sharing buffers between graphs of %d and %d layers", len(gr.lstms), len(other.lstms))
	}
	for i, op := range gr.lstms {
		o := other.lstms[i]
		if op.in != o.in || op.h != o.h {
			return fmt.Errorf("graph: sharing buffers between layers of %d×%d and %d×%d", op.in, op.h, o.in, o.h)
		}
		op.fwd, op.bwd = o.fwd, o.bwd
	}
	return nil
}

// Rows is the number of rows the graph's batches may have at most.
func (gr *Graph) Rows() int { return gr.n }

// DropoutMask draws a dropout mask for the graph into buf (grown when too
// small) and returns it: Rows()×2H values, each 0 with the configured rate
// and 1/(1-rate) otherwise, one draw of rng each. It changes nothing in
// the graph, so it may run while another goroutine runs the graph.
func (gr *Graph) DropoutMask(rng *rand.Rand, buf []float32) []float32 {
	m := kernels.Grow(buf, gr.n*2*gr.hidden)
	keep := float32(1 / (1 - gr.rate))
	for i := range m {
		m[i] = 0
		if rng.Float64() >= gr.rate {
			m[i] = keep
		}
	}
	return m
}

// Run runs the forward and backward pass on a batch and returns the loss
// (with the F1 term: the cross-entropy plus W times one minus the pages'
// mean soft F1); the weight gradients are added to the weights' gradients
// (the solver's Step uses and clears them). mask is a dropout mask from
// DropoutMask (nil: no dropout); it is ignored when the graph has none.
// With the F1 term, b must have Words and at most MaxF1Pages pages.
func (gr *Graph) Run(b *Batch, mask []float32) (float32, error) {
	n := b.N()
	if n > gr.n {
		return 0, fmt.Errorf("graph: batch of %d rows on a graph of %d", n, gr.n)
	}
	gr.state.setBatch(b, gr.n)
	clear(gr.yBuf)
	clear(gr.wBuf)
	copy(gr.yBuf, b.Y)
	copy(gr.wBuf, b.W)
	if err := gorgonia.Let(gr.y, newDense(gr.yBuf, gr.n, 1)); err != nil {
		return 0, err
	}
	if err := gorgonia.Let(gr.w, newDense(gr.wBuf, gr.n, 1)); err != nil {
		return 0, err
	}
	if gr.mask != nil {
		if mask == nil {
			if gr.maskBuf == nil {
				gr.maskBuf = make([]float32, gr.n*2*gr.hidden)
				for i := range gr.maskBuf {
					gr.maskBuf[i] = 1
				}
			}
			mask = gr.maskBuf
		}
		if len(mask) != gr.n*2*gr.hidden {
			return 0, fmt.Errorf("graph: dropout mask of %d values, want %d", len(mask), gr.n*2*gr.hidden)
		}
		if err := gorgonia.Let(gr.mask, newDense(mask, gr.mask.Shape()...)); err != nil {
			return 0, err
		}
	}
	if gr.f1Weight > 0 {
		if err := gr.letPages(b); err != nil {
			return 0, err
		}
	}
	if gr.headRows != nil {
		if err := gr.letHeads(b); err != nil {
			return 0, err
		}
	}
	defer gr.vm.Reset()
	if err := gr.vm.RunAll(); err != nil {
		return 0, err
	}
	// With the F1 term the loss is reported as cross-entropy + W·(1 − the
	// mean F1), which differs from the graph's by the constant W: the same
	// gradients, and never negative.
	return gr.loss.Value().Data().(float32) + float32(gr.f1Weight), nil
}

// Logits returns the output logits of the last Run (Rows() values; rows
// past the batch's are meaningless).
func (gr *Graph) Logits() []float32 { return gr.logits.Value().Data().([]float32) }

// Close releases the graph's machine.
func (gr *Graph) Close() error { return gr.vm.Close() }

// Adam is Gorgonia's Adam solver over the weights of the graphs it steps.
// One Adam may step several graphs built on the same Params (e.g. graphs
// of different capacities): their weights share values and order, and so
// the solver's moments.
type Adam struct{ s *gorgonia.AdamSolver }

// NewAdam returns an Adam solver with the given learning rate and
// Gorgonia's defaults otherwise.
func NewAdam(learnRate float64) *Adam {
	return &Adam{gorgonia.NewAdamSolver(gorgonia.WithLearnRate(learnRate))}
}

// SetLearnRate changes the learning rate of the next steps; the moment
// estimates are kept.
func (a *Adam) SetLearnRate(eta float64) { gorgonia.WithLearnRate(eta)(a.s) }

// Pull adds to the gradients of g's weights (those of its last Run) the
// gradient of lambda·||w − anchor||², 2·lambda·(w − anchor): the L2-SP
// penalty that holds a fine-tune near the weights it started from.
// anchor follows bilstm.Params.Tensors (the heads, if any, have none and
// are not pulled).
func (gr *Graph) Pull(anchor [][]float32, lambda float32) error {
	if len(anchor) > len(gr.weights) {
		return fmt.Errorf("graph: %d anchors for %d weights", len(anchor), len(gr.weights))
	}
	for i, a := range anchor {
		n := gr.weights[i]
		w, ok := n.Value().Data().([]float32)
		if !ok || len(w) != len(a) {
			return fmt.Errorf("graph: anchor %d (%s): %d values, the weight has %d", i, n.Name(), len(a), len(w))
		}
		gv, err := n.Grad()
		if err != nil {
			return fmt.Errorf("graph: %s: %w", n.Name(), err)
		}
		g := gv.Data().([]float32)
		for j := range g {
			g[j] += 2 * lambda * (w[j] - a[j])
		}
	}
	return nil
}

// Step updates the weights of g by the gradients of its last Run and
// clears them.
func (a *Adam) Step(g *Graph) error { return a.s.Step(gorgonia.NodesToValueGrads(g.weights)) }
