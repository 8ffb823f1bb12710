//go:build !purego

package vecmath

// setVectorized switches the kernels on or off.
func setVectorized(on bool) { Vectorized = on }
