//go:build !openblas

package bilstm

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

const defaultBLASName = "gonum"

func defaultBLAS() blas.Float32 { return gonum.Implementation{} }

// SetBLASThreads does nothing in the pure-Go build, whose BLAS shares the
// Go scheduler's threads; see the OpenBLAS build.
func SetBLASThreads(int) {}
