// Package vecmath holds the float32 arithmetic of the network's forward
// pass: e^x and the activations built on it (Exp, Sigmoid, Tanh and their
// slice forms Sigmoids and Tanhs), and the plain matrix product C = A·B
// (MulRows). On amd64 processors with AVX2 the slice forms and MulRows run
// assembly kernels 8 lanes wide; every kernel performs the portable code's
// operations in its order, so the results are the same bits on every
// processor: MulRows gives gonum's Sgemm's bits, Sigmoids gives Sigmoid's.
package vecmath
