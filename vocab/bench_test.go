package vocab_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/vocab"
)

// BenchmarkEncodePage encodes the blocks of the CleanEval test pages with
// the embedded model's vocabulary, as extraction does, with the feature set
// of the previous default (paper+attrs), the default's (+ region
// statistics) and rich:
//
//	go test -run XXX -bench EncodePage -benchmem ./vocab
func BenchmarkEncodePage(b *testing.B) {
	dir := filepath.Join("..", "..", "shared", "data", "cleaneval")
	ids, err := os.ReadFile(filepath.Join(dir, "test.txt"))
	if err != nil {
		b.Skipf("dataset not available: %v", err)
	}
	var pages [][]tokenize.Block
	blocks := 0
	for _, id := range strings.Fields(string(ids)) {
		raw, err := os.ReadFile(filepath.Join(dir, "html", id+".html"))
		if err != nil {
			b.Fatal(err)
		}
		p, err := tokenize.Parse(raw, tokenize.Options{})
		if err != nil {
			continue
		}
		pages = append(pages, p.Blocks)
		blocks += len(p.Blocks)
	}
	m, err := defaultmodel.Load()
	if err != nil {
		b.Fatal(err)
	}
	v := m.Net().Vocab
	for _, f := range []vocab.Features{{Attrs: true}, vocab.Default(), vocab.Rich()} {
		fv, err := vocab.NewFeatures(f, v.Words, v.Tags, v.Attrs)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(f.String(), func(b *testing.B) {
			entries := 0
			for b.Loop() {
				for _, p := range pages {
					fv.EncodePage(p, func(_ int, row []vocab.Entry) { entries += len(row) })
				}
			}
			b.ReportMetric(float64(len(pages))*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
			b.ReportMetric(float64(blocks)*float64(b.N)/b.Elapsed().Seconds(), "blocks/s")
		})
	}
}
