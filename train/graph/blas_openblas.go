//go:build openblas

package graph

import (
	"gonum.org/v1/netlib/blas/netlib"
	"gorgonia.org/gorgonia"
)

// With -tags openblas, Gorgonia (and its tensor package) use OpenBLAS, as
// the network's kernels (internal/kernels) do.
func init() { gorgonia.Use(netlib.Implementation{}) }
