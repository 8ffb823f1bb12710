//go:build openblas

package bilstm

// #cgo LDFLAGS: -lopenblas
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
