// Package vecmath holds the float32 arithmetic of the network: e^x and
// the activations built on it (Exp, Sigmoid, Tanh and their slice forms
// Sigmoids and Tanhs), the matrix products C = A·B (MulRows) and C += Aᵀ·B
// (MulRowsTransA), a sparse row times a matrix (SparseRow) and the
// rectifier (Rectify). On amd64 processors with AVX2 the slice forms, the
// products and the rectifier run assembly kernels 8 lanes wide, and with
// AVX-512 16 lanes wide (the products of 128 columns at a time); every
// kernel performs the portable code's operations in its order, so the
// results are the same bits on every processor: the products give gonum's
// Sgemm's bits, Sigmoids gives Sigmoid's.
package vecmath
