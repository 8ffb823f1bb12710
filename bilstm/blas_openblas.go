//go:build openblas

package bilstm

// #cgo LDFLAGS: -lopenblas
// void openblas_set_num_threads(int);
import "C"

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/netlib/blas/netlib"
	"gorgonia.org/gorgonia"
)

const defaultBLASName = "openblas"

// defaultBLAS returns OpenBLAS through cgo and makes Gorgonia (and its
// tensor package) use the same implementation.
func defaultBLAS() blas.Float32 {
	gorgonia.Use(netlib.Implementation{})
	return netlib.Implementation{}
}

// SetBLASThreads sets the number of threads OpenBLAS uses for one product.
// Extraction that runs pages on several goroutines is fastest with 1.
func SetBLASThreads(n int) { C.openblas_set_num_threads(C.int(n)) }
