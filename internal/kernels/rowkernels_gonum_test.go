//go:build !openblas

package kernels

// setRowKernels switches Sgemm's row kernels on or off.
func setRowKernels(on bool) { useRowKernels = on }
