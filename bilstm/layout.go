package bilstm

import "github.com/boilernet/boilernet/internal/kernels"

// Layout describes a padded batch of sequences, the rows Predict runs on:
// B sequences of lengths Lens (sorted longest first) padded to T steps,
// N = B·T rows, row b·T+t holding step t of sequence b, and the rows'
// pooling groups (Groups, for a network with Config.Pool). Its methods B,
// N, Valid and Check are the kernels'.
type Layout = kernels.Layout

// Sparse holds sparse input rows in compressed-row form: row r has the
// columns Cols[Start[r]:Start[r+1]] with values Vals[...]. Padding rows
// are empty.
type Sparse = kernels.Sparse

// SetBLASThreads sets the number of threads the BLAS uses for one product:
// with OpenBLAS (-tags openblas), extraction that runs pages on several
// goroutines is fastest with 1; the pure-Go build, whose BLAS shares the
// Go scheduler's threads, ignores it.
func SetBLASThreads(n int) { kernels.SetBLASThreads(n) }
