//go:build unix

package bilstm_test

import (
	"fmt"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/bilstmbench"
	"github.com/boilernet/boilernet/internal/kernels"
)

// BenchmarkPredictPage is the forward pass over one page of 200 blocks at
// the default model's size (H=32, dense 64), with PredictPage (what
// extraction runs) and with Predict on a batch of that one page. Besides
// the wall time it reports the CPU time of the process per block
// (cpu-ns/block), which counts the BLAS's helper goroutines too and which
// other jobs on the machine disturb less.
//
//	go test -run XXX -bench PredictPage -benchmem ./bilstm
func BenchmarkPredictPage(b *testing.B) {
	c := bilstm.Config{Input: 1252, Dense: 64, Hidden: 32, Layers: 2}
	p := bilstm.InitParams(c, 1)
	lay, x := bilstmbench.Rows(rand.New(rand.NewPCG(3, 3)), c, 1, 200)
	for _, name := range []string{"PredictPage", "Predict"} {
		b.Run(fmt.Sprintf("%s/%s", name, kernels.BLASName), func(b *testing.B) {
			var ws bilstm.Workspace
			var pws bilstm.PageWorkspace
			cpu0 := processCPU()
			for b.Loop() {
				if name == "Predict" {
					p.Predict(c, lay, x, &ws)
				} else {
					p.PredictPage(c, x, nil, &pws)
				}
			}
			blocks := float64(lay.Valid()) * float64(b.N)
			b.ReportMetric(blocks/b.Elapsed().Seconds(), "blocks/s")
			b.ReportMetric(float64(processCPU()-cpu0)/blocks, "cpu-ns/block")
		})
	}
}

// processCPU is the user and system CPU time of the process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
