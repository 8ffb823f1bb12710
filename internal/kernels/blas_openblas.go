//go:build openblas

package kernels

// #cgo LDFLAGS: -lopenblas
// void openblas_set_num_threads(int);
import "C"

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/netlib/blas/netlib"
)

const defaultBLASName = "openblas"

// defaultBLAS returns OpenBLAS through cgo. (The training graph makes
// Gorgonia use it too, see train/graph.)
func defaultBLAS() blas.Float32 { return netlib.Implementation{} }

// SetBLASThreads sets the number of threads OpenBLAS uses for one product.
// Extraction that runs pages on several goroutines is fastest with 1.
func SetBLASThreads(n int) { C.openblas_set_num_threads(C.int(n)) }

// useRowKernels is false: every product stays with OpenBLAS, whose
// rounding vecmath.MulRows does not reproduce (Predict and PredictPage
// must give the same bits).
const useRowKernels = false
