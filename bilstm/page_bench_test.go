package bilstm_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/bilstmbench"
)

// BenchmarkPredictPage is the forward pass over one page of 200 blocks at
// the default model's size (H=32, dense 64), with PredictPage (what
// extraction runs) and with Predict on a batch of that one page.
//
//	go test -run XXX -bench PredictPage -benchmem ./bilstm
func BenchmarkPredictPage(b *testing.B) {
	c := bilstm.Config{Input: 1252, Dense: 64, Hidden: 32, Layers: 2}
	p := bilstm.InitParams(c, 1)
	batch := bilstmbench.Batch(rand.New(rand.NewPCG(3, 3)), c, 1, 200)
	for _, name := range []string{"PredictPage", "Predict"} {
		b.Run(fmt.Sprintf("%s/%s", name, bilstm.BLASName), func(b *testing.B) {
			var ws bilstm.Workspace
			var pws bilstm.PageWorkspace
			for b.Loop() {
				if name == "Predict" {
					p.Predict(c, batch.Layout, batch.X, &ws)
				} else {
					p.PredictPage(c, batch.X, &pws)
				}
			}
			b.ReportMetric(float64(batch.Valid())*float64(b.N)/b.Elapsed().Seconds(), "blocks/s")
		})
	}
}
