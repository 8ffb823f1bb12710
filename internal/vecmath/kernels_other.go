//go:build !amd64 || purego

package vecmath

// Vectorized is false where there are no assembly kernels: the portable
// code runs instead, with the same results.
const Vectorized = false

// Vectorized512 is false with Vectorized.
const Vectorized512 = false

func activateAVX2([]float32, *activationTable) int { panic("vecmath: no vector kernels") }

func activateAVX512([]float32, *activationTable) int { panic("vecmath: no vector kernels") }

func sparseRow64AVX2(out, bias, w *float32, cols *int32, vals *float32, n, ld int) {
	panic("vecmath: no vector kernels")
}

func rowProducts64AVX2(c, a, b *float32, k, inca, ldb, mode int) {
	panic("vecmath: no vector kernels")
}

func rowProducts8AVX2(c, a, b *float32, k, inca, ldb, mode int) {
	panic("vecmath: no vector kernels")
}

func rowProducts128AVX512(c, a, b *float32, k, inca, ldb, mode int) {
	panic("vecmath: no vector kernels")
}

func rectifyAVX2([]float32) int { panic("vecmath: no vector kernels") }

func rectifyAVX512([]float32) int { panic("vecmath: no vector kernels") }

func sparseRow64AVX512(out, bias, w *float32, cols *int32, vals *float32, n, ld int) {
	panic("vecmath: no vector kernels")
}
