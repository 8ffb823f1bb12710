package graph

import (
	"fmt"
	"hash"
	"hash/fnv"
	"slices"
	"sync/atomic"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/kernels"
	"github.com/chewxy/hm"
	"gorgonia.org/gorgonia"
	"gorgonia.org/tensor"
)

// batchState is the batch a graph runs on; its ops read it when they run.
type batchState struct {
	lay bilstm.Layout
	x   *bilstm.Sparse
	// groups are the layout's pooling groups padded to the graph's rows
	// (-1: rows past the batch's belong to no group), set once a batch.
	groups [][]int32
}

// setBatch makes b's layout and rows the state, the pooling groups padded
// to n rows.
func (s *batchState) setBatch(b *Batch, n int) {
	s.lay, s.x = b.Layout, b.X
	s.groups = slices.Grow(s.groups[:0], len(b.Groups))[:len(b.Groups)]
	for k, g := range b.Groups {
		padded := append(s.groups[k][:0], g...)
		for len(padded) < n {
			padded = append(padded, -1)
		}
		s.groups[k] = padded
	}
}

// opIDs numbers the op instances, so that every op has a name of its own.
var opIDs atomic.Int64

// opBase is what the graph's ops answer alike: a name (kind#id[input]),
// distinct for every op instance and hashed as the op's hash so that
// Gorgonia never merges two of them as common subexpressions; no pointer
// results, no extern calls, no input overwritten.
type opBase struct{ name string }

func (op opBase) ReturnsPtr() bool      { return false }
func (op opBase) CallsExtern() bool     { return false }
func (op opBase) OverwritesInput() int  { return -1 }
func (op opBase) WriteHash(h hash.Hash) { fmt.Fprint(h, op.name) }
func (op opBase) String() string        { return op.name }
func (op opBase) Hashcode() uint32 {
	h := fnv.New32a()
	op.WriteHash(h)
	return h.Sum32()
}

func matType() gorgonia.TensorType {
	return gorgonia.TensorType{Dims: 2, Of: hm.TypeVariable('a')}
}

func vecType() gorgonia.TensorType {
	return gorgonia.TensorType{Dims: 1, Of: hm.TypeVariable('a')}
}

func data32(v gorgonia.Value) []float32 { return v.Data().([]float32) }

func newDense(data []float32, shape ...int) *tensor.Dense {
	return tensor.New(tensor.WithShape(shape...), tensor.WithBacking(data))
}

// projectOp is the sparse dense projection x·W + b of a batch's sparse rows
// (x is not a graph input: it is read from the batch state).
// Inputs: W (in×d), b (d). Output: N×d.
type projectOp struct {
	opBase
	id    int64
	state *batchState
	n, d  int
	out   []float32
	runs  int // forward calls, to key the gradient cache

	gradRun int
	dw, db  []float32
}

func newProjectOp(state *batchState, n, d int) *projectOp {
	id := opIDs.Add(1)
	return &projectOp{opBase: opBase{fmt.Sprintf("SparseProject#%d", id)}, id: id, state: state, n: n, d: d, gradRun: -1}
}

func (op *projectOp) Arity() int { return 2 }
func (op *projectOp) Type() hm.Type {
	return hm.NewFnType(matType(), vecType(), matType())
}
func (op *projectOp) InferShape(...gorgonia.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.n, op.d}, nil
}
func (op *projectOp) Do(vals ...gorgonia.Value) (gorgonia.Value, error) {
	op.out = kernels.Grow(op.out, op.n*op.d)
	kernels.Project(op.state.lay, op.state.x, data32(vals[0]), data32(vals[1]), op.d, op.out)
	op.runs++
	return newDense(op.out, op.n, op.d), nil
}
func (op *projectOp) DiffWRT(int) []bool { return []bool{true, true} }
func (op *projectOp) SymDiff(inputs gorgonia.Nodes, output, grad *gorgonia.Node) (gorgonia.Nodes, error) {
	var out gorgonia.Nodes
	for which := range 2 {
		n, err := gorgonia.ApplyOp(&projectGradOp{opBase: opBase{fmt.Sprintf("SparseProjectGrad#%d[%d]", op.id, which)}, fwd: op, which: which}, inputs[0], inputs[1], grad)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// backward computes both gradients once per forward run.
func (op *projectOp) backward(w []float32, dOut []float32) {
	if op.gradRun == op.runs {
		return
	}
	op.dw = kernels.Grow(op.dw, len(w))
	op.db = kernels.Grow(op.db, op.d)
	clear(op.dw)
	clear(op.db)
	kernels.ProjectBackward(op.state.lay, op.state.x, dOut, op.d, op.dw, op.db)
	op.gradRun = op.runs
}

// projectGradOp returns the gradient of input which (0: W, 1: b) of a
// projectOp. Inputs: W, b, the output gradient.
type projectGradOp struct {
	opBase
	fwd   *projectOp
	which int
}

func (op *projectGradOp) Arity() int { return 3 }
func (op *projectGradOp) Type() hm.Type {
	if op.which == 0 {
		return hm.NewFnType(matType(), vecType(), matType(), matType())
	}
	return hm.NewFnType(matType(), vecType(), matType(), vecType())
}
func (op *projectGradOp) InferShape(in ...gorgonia.DimSizer) (tensor.Shape, error) {
	return in[op.which].(tensor.Shape).Clone(), nil
}
func (op *projectGradOp) Do(vals ...gorgonia.Value) (gorgonia.Value, error) {
	op.fwd.backward(data32(vals[0]), data32(vals[2]))
	if op.which == 0 {
		return newDense(op.fwd.dw, vals[0].Shape()...), nil
	}
	return newDense(op.fwd.db, op.fwd.d), nil
}

// The inputs of an lstmOp (and the gradients its lstmGradOps return),
// then the two extra inputs of an lstmGradOp.
const (
	inX        = iota           // x, N×in
	inFwdWx                     // forward direction: Wx (in×4H),
	inFwdWh                     // Wh (H×4H),
	inFwdB                      // B (4H)
	inBwdWx                     // backward direction: Wx,
	inBwdWh                     // Wh,
	inBwdB                      // B
	lstmInputs                  // an lstmOp's arity
	inOut      = lstmInputs     // the lstmOp's output, N×2H
	inDOut     = lstmInputs + 1 // the gradient of that output
)

// lstmOp is one bidirectional LSTM layer over a whole batch.
// Inputs: x (N×in), then Wx, Wh, b of the forward direction and of the
// backward direction (inX..inBwdB). Output: N×2H, forward states in the
// first H columns.
type lstmOp struct {
	opBase
	id       int64
	state    *batchState
	n, in, h int
	fwd, bwd *kernels.LSTM
	out      []float32
	runs     int

	gradRun int
	grads   [lstmInputs][]float32 // the gradient of each input
}

func newLSTMOp(state *batchState, n, in, h int) *lstmOp {
	id := opIDs.Add(1)
	return &lstmOp{
		opBase: opBase{fmt.Sprintf("BiLSTM#%d", id)},
		id:     id, state: state, n: n, in: in, h: h,
		fwd:     &kernels.LSTM{In: in, H: h, Reverse: false},
		bwd:     &kernels.LSTM{In: in, H: h, Reverse: true},
		gradRun: -1,
	}
}

func (op *lstmOp) Arity() int { return lstmInputs }
func (op *lstmOp) Type() hm.Type {
	m, v := matType(), vecType()
	return hm.NewFnType(m, m, m, v, m, m, v, m)
}
func (op *lstmOp) InferShape(...gorgonia.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.n, 2 * op.h}, nil
}
func (op *lstmOp) Do(vals ...gorgonia.Value) (gorgonia.Value, error) {
	lay := op.state.lay
	op.out = kernels.Grow(op.out, op.n*2*op.h)
	clear(op.out)
	x := data32(vals[inX])
	op.fwd.Forward(lay, x, data32(vals[inFwdWx]), data32(vals[inFwdWh]), data32(vals[inFwdB]), op.out, 0, 2*op.h)
	op.bwd.Forward(lay, x, data32(vals[inBwdWx]), data32(vals[inBwdWh]), data32(vals[inBwdB]), op.out, op.h, 2*op.h)
	op.runs++
	return newDense(op.out, op.n, 2*op.h), nil
}
func (op *lstmOp) DiffWRT(int) []bool { return []bool{true, true, true, true, true, true, true} }
func (op *lstmOp) SymDiff(inputs gorgonia.Nodes, output, grad *gorgonia.Node) (gorgonia.Nodes, error) {
	args := append(append(gorgonia.Nodes{}, inputs...), output, grad)
	var out gorgonia.Nodes
	for which := range lstmInputs {
		n, err := gorgonia.ApplyOp(&lstmGradOp{opBase: opBase{fmt.Sprintf("BiLSTMGrad#%d[%d]", op.id, which)}, fwd: op, which: which}, args...)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// backward computes all seven gradients once per forward run. vals are the
// gradient op's inputs: the seven forward inputs, the output, its gradient.
func (op *lstmOp) backward(vals []gorgonia.Value) {
	if op.gradRun == op.runs {
		return
	}
	for i := range lstmInputs {
		op.grads[i] = kernels.Grow(op.grads[i], len(data32(vals[i])))
		clear(op.grads[i])
	}
	lay := op.state.lay
	x, out, dOut := data32(vals[inX]), data32(vals[inOut]), data32(vals[inDOut])
	g := &op.grads
	op.fwd.Backward(lay, x, data32(vals[inFwdWx]), data32(vals[inFwdWh]), out, dOut, 0, 2*op.h,
		g[inX], g[inFwdWx], g[inFwdWh], g[inFwdB])
	op.bwd.Backward(lay, x, data32(vals[inBwdWx]), data32(vals[inBwdWh]), out, dOut, op.h, 2*op.h,
		g[inX], g[inBwdWx], g[inBwdWh], g[inBwdB])
	op.gradRun = op.runs
}

// lstmGradOp returns the gradient of input which of an lstmOp. Inputs: the
// lstmOp's inputs, its output and the output's gradient (inX..inDOut).
type lstmGradOp struct {
	opBase
	fwd   *lstmOp
	which int
}

func (op *lstmGradOp) Arity() int { return lstmInputs + 2 }
func (op *lstmGradOp) Type() hm.Type {
	m, v := matType(), vecType()
	ret := m
	if op.which == inFwdB || op.which == inBwdB { // the biases are vectors
		ret = v
	}
	return hm.NewFnType(m, m, m, v, m, m, v, m, m, ret)
}
func (op *lstmGradOp) InferShape(in ...gorgonia.DimSizer) (tensor.Shape, error) {
	return in[op.which].(tensor.Shape).Clone(), nil
}
func (op *lstmGradOp) Do(vals ...gorgonia.Value) (gorgonia.Value, error) {
	op.fwd.backward(vals)
	return newDense(op.fwd.grads[op.which], vals[op.which].Shape()...), nil
}

// poolOp averages the rows of its input over the pooling groups of one
// level of the batch (Layout.Groups[level]): row r of the output is the
// mean of the input rows in r's group (kernels.PoolMeans). It is linear and
// symmetric (each output row weighs each input row of its group by one
// over the group's size), so its gradient is the same averaging of the
// output's gradient. Input: N×w. Output: N×w.
type poolOp struct {
	opBase
	state   *batchState
	level   int
	n, w    int
	out     []float32
	scratch []float32
}

func newPoolOp(state *batchState, level, n, w int) *poolOp {
	return &poolOp{opBase: opBase{fmt.Sprintf("Pool#%d[%d]", opIDs.Add(1), level)}, state: state, level: level, n: n, w: w}
}

func (op *poolOp) Arity() int    { return 1 }
func (op *poolOp) Type() hm.Type { return hm.NewFnType(matType(), matType()) }
func (op *poolOp) InferShape(...gorgonia.DimSizer) (tensor.Shape, error) {
	return tensor.Shape{op.n, op.w}, nil
}
func (op *poolOp) Do(vals ...gorgonia.Value) (gorgonia.Value, error) {
	groups := op.state.groups
	if op.level >= len(groups) {
		return nil, fmt.Errorf("graph: the batch has pooling groups for %d levels, the network pools %d", len(groups), op.level+1)
	}
	op.out = kernels.Grow(op.out, op.n*op.w)
	kernels.PoolMeans(data32(vals[0]), op.w, groups[op.level], op.out, &op.scratch)
	return newDense(op.out, op.n, op.w), nil
}
func (op *poolOp) DiffWRT(int) []bool { return []bool{true} }
func (op *poolOp) SymDiff(_ gorgonia.Nodes, _, grad *gorgonia.Node) (gorgonia.Nodes, error) {
	n, err := gorgonia.ApplyOp(newPoolOp(op.state, op.level, op.n, op.w), grad)
	if err != nil {
		return nil, err
	}
	return gorgonia.Nodes{n}, nil
}
