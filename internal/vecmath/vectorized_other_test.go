//go:build !amd64 || purego

package vecmath

// setVectorLevel does nothing: there are no kernels to switch on.
func setVectorLevel(int) {}
