//go:build !purego

package vecmath

// setVectorLevel switches the kernels: 0 none, 1 AVX2, 2 AVX2 and AVX-512
// (never beyond what the processor has: see vectorLevel).
func setVectorLevel(level int) { Vectorized, Vectorized512 = level >= 1, level >= 2 }
