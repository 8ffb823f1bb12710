package decode

import (
	"github.com/boilernet/boilernet/internal/datasetpages"
	"path/filepath"
	"testing"

	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/tokenize"
)

// testPages reads the CleanEval test pages from ../shared/data, or skips.
func testPages(b *testing.B) [][]byte {
	pages, err := datasetpages.Split(filepath.Join("..", "..", "..", "shared", "data", "cleaneval"), "test")
	if err != nil {
		b.Skipf("dataset not available: %v", err)
	}
	return pages
}

// BenchmarkDecode measures the default decoding alone (the expected-F1
// choice and the markup rules) over the CleanEval test pages, their
// probabilities computed once, in pages/s.
//
//	go test -run XXX -bench Decode -benchmem ./methods/decode
func BenchmarkDecode(b *testing.B) {
	md, err := defaultmodel.Load()
	if err != nil {
		b.Fatal(err)
	}
	type page struct {
		blocks []tokenize.Block
		probs  []float32
	}
	var decoded []page
	for _, raw := range testPages(b) {
		p, err := tokenize.Parse(raw, tokenize.Options{})
		if err != nil {
			continue
		}
		decoded = append(decoded, page{p.Blocks, md.Probabilities(p.Blocks)})
	}
	d := Default()
	for b.Loop() {
		for _, p := range decoded {
			d.decode(p.blocks, p.probs)
		}
	}
	b.ReportMetric(float64(len(decoded))*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}
