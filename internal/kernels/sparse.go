package kernels

import "github.com/boilernet/boilernet/internal/vecmath"

// Sparse holds the sparse input rows of a batch in compressed-row form:
// row r has the columns Cols[Start[r]:Start[r+1]] with values Vals[...].
// Padding rows are empty.
type Sparse struct {
	Start []int
	Cols  []int32
	Vals  []float32
}

// Rows is the number of rows.
func (s *Sparse) Rows() int { return max(0, len(s.Start)-1) }

// Project computes out (N×d) = x·w + bias for the valid rows of lay and
// zero for padding rows; w is in×d.
func Project(lay Layout, x *Sparse, w, bias []float32, d int, out []float32) {
	clear(out)
	for b, n := range lay.Lens {
		for t := range n {
			r := b*lay.T + t
			ProjectRow(x, r, w, bias, d, out[r*d:r*d+d])
		}
	}
}

// ProjectRow computes row = x[r]·w + bias for sparse row r of x.
func ProjectRow(x *Sparse, r int, w, bias []float32, d int, row []float32) {
	s, e := x.Start[r], x.Start[r+1]
	vecmath.SparseRow(row[:d], bias, w, d, x.Cols[s:e], x.Vals[s:e])
}

// ProjectBackward adds the gradients of w and bias for the output gradient
// dOut (N×d) into dw and db.
func ProjectBackward(lay Layout, x *Sparse, dOut []float32, d int, dw, db []float32) {
	for b, n := range lay.Lens {
		for t := range n {
			r := b*lay.T + t
			g := dOut[r*d : r*d+d]
			for j, v := range g {
				db[j] += v
			}
			for k := x.Start[r]; k < x.Start[r+1]; k++ {
				v := x.Vals[k]
				wr := dw[int(x.Cols[k])*d : int(x.Cols[k])*d+d]
				for j, gv := range g {
					wr[j] += v * gv
				}
			}
		}
	}
}
