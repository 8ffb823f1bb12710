// Package kernels holds the numeric kernels of the BiLSTM network, shared
// by its forward pass (package bilstm) and its training graph (package
// train/graph): a batch's layout and sparse rows, the sparse projection,
// one LSTM direction forward and backward, the pooling means and the BLAS
// they call. Neither package exports them; bilstm re-exports Layout and
// Sparse, the operands of its Predict.
package kernels

// Grow returns buf resliced to n values, or a new zeroed slice when buf is
// too small.
func Grow(buf []float32, n int) []float32 {
	if cap(buf) < n {
		return make([]float32, n)
	}
	return buf[:n]
}
