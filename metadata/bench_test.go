package metadata

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// wcxbTest loads the parsed test pages of ../shared/data/wcxb (skipping
// the benchmark when the dataset is not there).
func wcxbTest(b *testing.B) []*html.Node {
	dir := filepath.Join("..", "..", "shared", "data", "wcxb")
	ids, err := os.ReadFile(filepath.Join(dir, "test.txt"))
	if err != nil {
		b.Skip("no WCXB dataset:", err)
	}
	var roots []*html.Node
	for _, id := range strings.Fields(string(ids)) {
		gz, err := os.ReadFile(filepath.Join(dir, "html", id+".html.gz"))
		if err != nil {
			b.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(gz))
		if err != nil {
			b.Fatal(err)
		}
		raw, err := io.ReadAll(zr)
		if err != nil {
			b.Fatal(err)
		}
		p, err := tokenize.Parse(raw, tokenize.Options{})
		if err != nil {
			b.Fatal(id, err)
		}
		roots = append(roots, p.Root)
	}
	return roots
}

// BenchmarkExtract times Extract over the WCXB test pages (parsed
// beforehand), without language detection: go test -bench Extract ./metadata
func BenchmarkExtract(b *testing.B) {
	roots := wcxbTest(b)
	b.ResetTimer()
	for b.Loop() {
		for _, r := range roots {
			Extract(r, Options{})
		}
	}
	b.ReportMetric(float64(b.Elapsed().Seconds())*1000/float64(b.N*len(roots)), "ms/page")
}
