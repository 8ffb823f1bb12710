// Package vecmath holds the float32 arithmetic of the network: e^x and
// the activations built on it (Exp, Sigmoid, Tanh and their slice forms
// Sigmoids and Tanhs), the matrix products C = A·B (MulRows) and C += Aᵀ·B
// (MulRowsTransA), and a sparse row times a matrix (SparseRow). On amd64
// processors with AVX2 the slice forms and the products run assembly
// kernels 8 lanes wide, and with AVX-512 the activations and the products
// of 128 columns or more 16 lanes wide; every kernel performs the portable code's
// operations in its order, so the results are the same bits on every
// processor: the products give gonum's Sgemm's bits, Sigmoids gives
// Sigmoid's.
package vecmath
