//go:build !amd64 || purego

package vecmath

// setVectorized does nothing: there are no kernels to switch on.
func setVectorized(bool) {}
