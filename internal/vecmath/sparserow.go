package vecmath

import "fmt"

// SparseRow sets out = bias + Σ_k vals[k]·w[cols[k]·ld : cols[k]·ld+len(out)]:
// one sparse row (columns cols with values vals) times the row-major matrix
// w of row stride ld, plus bias. It adds the products in order of k, each
// rounded before its addition, starting from bias; the vector kernels keep
// 64 columns of out in registers (AVX2 or AVX-512). It panics, as slicing would, when a
// column's row of w is out of range.
func SparseRow(out, bias, w []float32, ld int, cols []int32, vals []float32) {
	d := len(out)
	_ = bias[:d]
	_ = vals[:len(cols)]
	for _, c := range cols {
		if c < 0 || int(c)*ld+d > len(w) {
			panic(fmt.Sprintf("vecmath: column %d outside a matrix of %d values (row stride %d, %d columns)", c, len(w), ld, d))
		}
	}
	j := 0
	if Vectorized && len(cols) > 0 {
		kernel := sparseRow64AVX2
		if Vectorized512 {
			kernel = sparseRow64AVX512
		}
		for ; j+64 <= d; j += 64 {
			kernel(&out[j], &bias[j], &w[j], &cols[0], &vals[0], len(cols), ld)
		}
	}
	copy(out[j:], bias[j:])
	for k, c := range cols {
		v := vals[k]
		wr := w[int(c)*ld+j : int(c)*ld+d]
		row := out[j:]
		for i, wv := range wr {
			row[i] += float32(v * wv)
		}
	}
}
