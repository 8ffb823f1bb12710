package infer

import (
	"flag"
	"github.com/boilernet/boilernet/internal/datasetpages"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

var benchModel = flag.String("model", "", "model file for BenchmarkExtract (default: the embedded model)")

// testPages reads the CleanEval test pages from ../shared/data, or skips.
func testPages(b *testing.B) [][]byte {
	pages, err := datasetpages.Split(filepath.Join("..", "..", "shared", "data", "cleaneval"), "test")
	if err != nil {
		b.Skipf("dataset not available: %v", err)
	}
	return pages
}

// BenchmarkExtract measures pages/s over the CleanEval test pages: parsing
// and segmentation alone, then full extraction with the embedded model (or
// the one given by -model) on 1 and 2 goroutines, and with metadata on 1.
//
//	go test -run XXX -bench Extract -benchmem ./infer [-args -model FILE]
func BenchmarkExtract(b *testing.B) {
	pages := testPages(b)
	run := func(b *testing.B, workers int, fn func([]byte)) {
		for b.Loop() {
			var wg sync.WaitGroup
			next := make(chan []byte)
			for range workers {
				wg.Go(func() {
					for p := range next {
						fn(p)
					}
				})
			}
			for _, p := range pages {
				next <- p
			}
			close(next)
			wg.Wait()
		}
		b.ReportMetric(float64(len(pages))*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
	}
	b.Run("parse", func(b *testing.B) {
		run(b, 1, func(p []byte) { tokenize.Parse(p, tokenize.Options{}) })
	})
	e, err := Default()
	if *benchModel != "" {
		var f *os.File
		if f, err = os.Open(*benchModel); err != nil {
			b.Fatal(err)
		}
		e, err = Load(f)
		f.Close()
	}
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		b.Run("extract/workers="+string(rune('0'+workers)), func(b *testing.B) {
			run(b, workers, func(p []byte) { e.ExtractBytes(b.Context(), p, Options{}) })
		})
	}
	b.Run("extract+metadata/workers=1", func(b *testing.B) {
		run(b, 1, func(p []byte) { e.ExtractBytes(b.Context(), p, Options{Metadata: true}) })
	})
}
