package vecmath

// MulRows sets C = A·B for row-major A (m×k, row stride lda), B (k×n, ldb)
// and C (m×n, ldc), leaving C's columns beyond n alone. Each element is
// summed as gonum's Sgemm sums it (alpha 1, beta 0): products in order of
// k, each rounded before its addition, zero entries of A skipped; so the
// results are its bits. The vector kernels take 64 columns at a time, then
// 8, keeping that part of C's row in registers instead of loading and
// storing it once per entry of A.
func MulRows(m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	if m <= 0 || n <= 0 {
		return
	}
	_ = c[(m-1)*ldc+n-1]
	if k <= 0 {
		for i := range m {
			clear(c[i*ldc : i*ldc+n])
		}
		return
	}
	_ = a[(m-1)*lda+k-1]
	_ = b[(k-1)*ldb+n-1]
	for i := range m {
		ai, ci := a[i*lda:i*lda+k], c[i*ldc:i*ldc+n]
		j := 0
		if Vectorized {
			for ; j+64 <= n; j += 64 {
				mulRow64AVX2(&ci[j], &ai[0], &b[j], k, ldb)
			}
			for ; j+8 <= n; j += 8 {
				mulRow8AVX2(&ci[j], &ai[0], &b[j], k, ldb)
			}
		}
		for ; j < n; j++ {
			var s float32
			for l, v := range ai {
				if v != 0 {
					s += float32(v * b[l*ldb+j])
				}
			}
			ci[j] = s
		}
	}
}

// transAChunk is the number of rows of A and B that MulRowsTransA adds to
// every row of C before the next: a chunk of B (k rows of n) stays in the
// cache while each row of C takes it in.
const transAChunk = 256

// MulRowsTransA adds Aᵀ·B to C for row-major A (k×m, row stride lda), B
// (k×n, ldb) and C (m×n, ldc). Each element is summed as gonum's Sgemm
// sums C += Aᵀ·B (alpha 1, beta 1): from C's value, products in order of
// k, each rounded before its addition, zero entries of A skipped; so the
// results are its bits.
func MulRowsTransA(m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	if m <= 0 || n <= 0 || k <= 0 {
		return
	}
	_ = a[(k-1)*lda+m-1]
	_ = b[(k-1)*ldb+n-1]
	_ = c[(m-1)*ldc+n-1]
	for l0 := 0; l0 < k; l0 += transAChunk {
		kk := min(transAChunk, k-l0)
		for i := range m {
			ci := c[i*ldc : i*ldc+n]
			j := 0
			if Vectorized {
				for ; j+64 <= n; j += 64 {
					mulRowAcc64AVX2(&ci[j], &a[l0*lda+i], &b[l0*ldb+j], kk, lda, ldb)
				}
				for ; j+8 <= n; j += 8 {
					mulRowAcc8AVX2(&ci[j], &a[l0*lda+i], &b[l0*ldb+j], kk, lda, ldb)
				}
			}
			for ; j < n; j++ {
				s := ci[j]
				for l := l0; l < l0+kk; l++ {
					if v := a[l*lda+i]; v != 0 {
						s += float32(v * b[l*ldb+j])
					}
				}
				ci[j] = s
			}
		}
	}
}
