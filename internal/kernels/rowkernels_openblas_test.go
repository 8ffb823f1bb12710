//go:build openblas

package kernels

// setRowKernels does nothing: the OpenBLAS build has no row kernels.
func setRowKernels(bool) {}
