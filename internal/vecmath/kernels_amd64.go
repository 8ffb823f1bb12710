//go:build !purego

package vecmath

import "golang.org/x/sys/cpu"

// Vectorized tells whether the AVX2 kernels run on this processor (and the
// operating system saves the YMM registers). The results are the same
// either way.
var Vectorized = cpu.X86.HasAVX2

// Vectorized512 tells whether the AVX-512 kernels run too (the processor
// has AVX-512F and the operating system saves the ZMM registers): 16 lanes
// an instruction where the AVX2 kernels take 8, with the same results.
var Vectorized512 = Vectorized && cpu.X86.HasAVX512F

// activateAVX2 applies the activation of t to s in groups of 8 and returns
// how many elements it did: it stops before the tail of fewer than 8 and
// before a group with an argument outside Exp's polynomial range. Every
// operation is activateScalar's, in its order and rounding.
//
//go:noescape
func activateAVX2(s []float32, t *activationTable) int

// activateAVX512 is activateAVX2 in groups of 16, with AVX-512.
//
//go:noescape
func activateAVX512(s []float32, t *activationTable) int

// sparseRow64AVX2 sets out[0:64] = bias[0:64] + Σ_k vals[k]·w[cols[k]·ld :
// cols[k]·ld+64] for k < n, as SparseRow sums.
//
//go:noescape
func sparseRow64AVX2(out, bias, w *float32, cols *int32, vals *float32, n, ld int)

// sparseRow64AVX512 is sparseRow64AVX2 with AVX-512.
//
//go:noescape
func sparseRow64AVX512(out, bias, w *float32, cols *int32, vals *float32, n, ld int)

// rowProducts64AVX2 writes Σ_l a[l·inca]·b[l·ldb : l·ldb+64] for l < k
// into c[0:64] as mode says, as rowProducts sums.
//
//go:noescape
func rowProducts64AVX2(c, a, b *float32, k, inca, ldb, mode int)

// rowProducts128AVX512 is rowProducts64AVX2 for 128 columns, with AVX-512.
//
//go:noescape
func rowProducts128AVX512(c, a, b *float32, k, inca, ldb, mode int)

// rowProducts8AVX2 is rowProducts64AVX2 for 8 columns.
//
//go:noescape
func rowProducts8AVX2(c, a, b *float32, k, inca, ldb, mode int)

// rectifyAVX2 applies Rectify to s in groups of 8 and returns how many
// elements it did (all but the tail of fewer than 8).
//
//go:noescape
func rectifyAVX2(s []float32) int

// rectifyAVX512 is rectifyAVX2 in groups of 16, with AVX-512.
//
//go:noescape
func rectifyAVX512(s []float32) int
