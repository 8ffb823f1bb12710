package vecmath

// MulRows sets C = A·B for row-major A (m×k, row stride lda), B (k×n, ldb)
// and C (m×n, ldc), leaving C's columns beyond n alone. It sums each
// element as gonum's Sgemm does (alpha 1, beta 0): from zero, the
// products added in order of k, each rounded before its addition, zero
// entries of A skipped; so the results are its bits.
func MulRows(m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	if m <= 0 || n <= 0 {
		return
	}
	_ = c[(m-1)*ldc+n-1]
	for i := range m {
		ci := c[i*ldc : i*ldc+n]
		if k == 0 {
			clear(ci)
			continue
		}
		rowProducts(ci, a[i*lda:], 1, b, ldb, k, sumSet)
	}
}

// MulRowsAdd adds A·B to C, with A, B and C as in MulRows: each element of
// A·B is summed as MulRows sums it, from zero, and then added to C's
// element (C + A·B, not a sum that starts from C's value). So C = B0 and
// MulRowsAdd give the bits of MulRows followed by adding B0, and a second
// MulRowsAdd the bits of adding a second MulRows after that.
func MulRowsAdd(m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	if m <= 0 || n <= 0 {
		return
	}
	_ = c[(m-1)*ldc+n-1]
	for i := range m {
		ci := c[i*ldc : i*ldc+n]
		if k == 0 {
			for j := range ci {
				ci[j] += 0 // the empty sum (−0 becomes +0, as MulRows' zero added)
			}
			continue
		}
		rowProducts(ci, a[i*lda:], 1, b, ldb, k, sumThenAdd)
	}
}

// transAChunk is the number of rows of A and B that MulRowsTransA adds to
// every row of C before the next: a chunk of B (k rows of n) stays in the
// cache while each row of C takes it in.
const transAChunk = 256

// MulRowsTransA adds Aᵀ·B to C for row-major A (k×m, row stride lda), B
// (k×n, ldb) and C (m×n, ldc). It sums each element as gonum's Sgemm sums
// C += Aᵀ·B (alpha 1, beta 1): from C's value, products in order of k,
// each rounded before its addition, zero entries of A skipped; so the
// results are its bits.
func MulRowsTransA(m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	if m <= 0 || n <= 0 || k <= 0 {
		return
	}
	_ = a[(k-1)*lda+m-1]
	_ = c[(m-1)*ldc+n-1]
	for l0 := 0; l0 < k; l0 += transAChunk {
		kk := min(transAChunk, k-l0)
		for i := range m {
			rowProducts(c[i*ldc:i*ldc+n], a[l0*lda+i:], lda, b[l0*ldb:], ldb, kk, sumFromC)
		}
	}
}

// How rowProducts writes each sum Σ into c[j].
const (
	sumSet     = 0 // c[j] = Σ
	sumFromC   = 1 // the sum starts from c[j] instead of zero
	sumThenAdd = 2 // c[j] = c[j] + Σ, Σ summed from zero
)

// rowProducts writes each Σ_l a[l·inca]·b[l·ldb+j] for l < k (k ≥ 1) into
// c[j] as mode says: in order of l, each product rounded before its
// addition, zero entries of a skipped. The vector kernels take 128
// columns at a time (AVX-512), then 64, then 8, keeping that part of c in
// registers instead of loading and storing it once per entry of a.
func rowProducts(c, a []float32, inca int, b []float32, ldb, k, mode int) {
	n := len(c)
	_ = a[(k-1)*inca]
	_ = b[(k-1)*ldb+n-1]
	j := 0
	if Vectorized512 {
		for ; j+128 <= n; j += 128 {
			rowProducts128AVX512(&c[j], &a[0], &b[j], k, inca, ldb, mode)
		}
	}
	if Vectorized {
		for ; j+64 <= n; j += 64 {
			rowProducts64AVX2(&c[j], &a[0], &b[j], k, inca, ldb, mode)
		}
		for ; j+8 <= n; j += 8 {
			rowProducts8AVX2(&c[j], &a[0], &b[j], k, inca, ldb, mode)
		}
	}
	for ; j < n; j++ {
		var s float32
		if mode == sumFromC {
			s = c[j]
		}
		for l := range k {
			if v := a[l*inca]; v != 0 {
				s += float32(v * b[l*ldb+j])
			}
		}
		if mode == sumThenAdd {
			s = c[j] + s
		}
		c[j] = s
	}
}
