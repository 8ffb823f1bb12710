package bilstm

// The kernels of the network, shared by Predict and the training graph
// (package train/graph wraps them as Gorgonia ops). They are exported for
// that graph; a model's user calls Predict.

// DirKernel runs one direction of one LSTM layer over a batch and keeps
// what its backward pass needs (the gates and cells of the last Forward).
// Gate order is input, forget, cell, output.
type DirKernel struct{ d lstmDir }

// NewDirKernel returns the kernel of a direction with input width in and
// h units, reading its sequences backward when reverse is set.
func NewDirKernel(in, h int, reverse bool) *DirKernel {
	return &DirKernel{lstmDir{in: in, h: h, reverse: reverse}}
}

// Forward computes the hidden states of the direction for input x (N×in)
// with weights wx (in×4H), wh (H×4H) and bias (4H), and writes them into
// out at column offset off (rows of width stride). Padding rows of out are
// left untouched.
func (k *DirKernel) Forward(lay Layout, x, wx, wh, bias, out []float32, off, stride int) {
	k.d.forward(lay, x, wx, wh, bias, out, off, stride)
}

// Backward takes dOut, the gradient of the loss with respect to the
// direction's outputs (columns off..off+H of rows of width stride), and adds
// the gradients of x into dx (N×in) and of the weights into dwx, dwh and
// db. out must hold the outputs of the last Forward call.
func (k *DirKernel) Backward(lay Layout, x, wx, wh, out, dOut []float32, off, stride int, dx, dwx, dwh, db []float32) {
	k.d.backward(lay, x, wx, wh, out, dOut, off, stride, dx, dwx, dwh, db)
}

// Project computes out (N×d) = x·w + bias for the valid rows of lay and
// zero for padding rows; w is in×d.
func Project(lay Layout, x *Sparse, w, bias []float32, d int, out []float32) {
	project(lay, x, w, bias, d, out)
}

// ProjectBackward adds the gradients of w and bias of Project for the
// output gradient dOut (N×d) into dw and db.
func ProjectBackward(lay Layout, x *Sparse, dOut []float32, d int, dw, db []float32) {
	projectBackward(lay, x, dOut, d, dw, db)
}

// LayerInput is the input width of LSTM layer l: Dense for the first layer,
// 2·Hidden (both directions of the layer below) for the others.
func (c Config) LayerInput(l int) int { return c.layerInput(l) }
