package kernels

import (
	"gonum.org/v1/gonum/blas"

	"github.com/boilernet/boilernet/internal/vecmath"
)

// impl is the float32 BLAS the kernels call. The default build uses gonum's
// pure-Go implementation; building with -tags openblas switches this
// package (and, in train/graph, Gorgonia) to OpenBLAS (see blas_openblas.go).
var impl blas.Float32 = defaultBLAS()

// BLASName names the BLAS in use, for benchmark reports.
const BLASName = defaultBLASName

// Sgemm computes C = alpha·op(A)·op(B) + beta·C on row-major matrices, where
// op(A) is m×k and op(B) is k×n.
func Sgemm(transA, transB bool, m, n, k int, alpha float32, a []float32, lda int, b []float32, ldb int, beta float32, c []float32, ldc int) {
	if m == 0 || n == 0 {
		return
	}
	ta, tb := blas.NoTrans, blas.NoTrans
	if transA {
		ta = blas.Trans
	}
	if transB {
		tb = blas.Trans
	}
	if k == 0 {
		// BLAS would only scale C; keep that meaning.
		for i := range m {
			row := c[i*ldc : i*ldc+n]
			for j := range row {
				row[j] *= beta
			}
		}
		return
	}
	if useRowKernels && !transB && alpha == 1 {
		switch {
		case !transA && beta == 0:
			vecmath.MulRows(m, n, k, a, lda, b, ldb, c, ldc)
			return
		case transA && beta == 1:
			vecmath.MulRowsTransA(m, n, k, a, lda, b, ldb, c, ldc)
			return
		}
	}
	if m == 1 && !transA {
		// One row: c = alpha·op(B)ᵀ·a + beta·c as a matrix-vector product,
		// which BLAS does with less overhead than a one-row GEMM.
		t, rows, cols := blas.Trans, k, n
		if transB {
			t, rows, cols = blas.NoTrans, n, k
		}
		impl.Sgemv(t, rows, cols, alpha, b, ldb, a, 1, beta, c, 1)
		return
	}
	impl.Sgemm(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

// SgemmAdd adds A·B to C (row-major; A m×k, B k×n) with the bits of
// Sgemm's C' = A·B (alpha 1, beta 0) followed by C += C': each product is
// summed first, then added. Where the row kernels run it forms C' in
// registers (vecmath.MulRowsAdd); elsewhere it keeps C' in *scratch.
func SgemmAdd(m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int, scratch *[]float32) {
	if useRowKernels {
		vecmath.MulRowsAdd(m, n, k, a, lda, b, ldb, c, ldc)
		return
	}
	*scratch = Grow(*scratch, m*n)
	s := *scratch
	Sgemm(false, false, m, n, k, 1, a, lda, b, ldb, 0, s, n)
	for i := range m {
		row := c[i*ldc : i*ldc+n]
		for j, v := range s[i*n : i*n+n] {
			row[j] += v
		}
	}
}
