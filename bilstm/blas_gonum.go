//go:build !openblas

package bilstm

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

const defaultBLASName = "gonum"

func defaultBLAS() blas.Float32 { return gonum.Implementation{} }
