//go:build !openblas

package kernels

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"

	"github.com/boilernet/boilernet/internal/vecmath"
)

const defaultBLASName = "gonum"

func defaultBLAS() blas.Float32 { return gonum.Implementation{} }

// SetBLASThreads does nothing in the pure-Go build, whose BLAS shares the
// Go scheduler's threads; see the OpenBLAS build.
func SetBLASThreads(int) {}

// useRowKernels sends Sgemm's plain products (C = A·B) to vecmath.MulRows
// and its gradient products (C += Aᵀ·B) to vecmath.MulRowsTransA where
// their vector kernels run: they give gonum's bits, faster.
var useRowKernels = vecmath.Vectorized
