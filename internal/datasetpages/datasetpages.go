// Package datasetpages reads the pages of the shared datasets, for the
// tests (behind build tags) that check a change leaves what the project
// makes of them the same, and for the benchmarks that run over a split.
package datasetpages

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Paths returns the pages under dataDir/*/html (.html and .html.gz), sorted.
func Paths(dataDir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dataDir, "*", "html", "*"))
	sort.Strings(files)
	return files, err
}

// Read returns a page's bytes, decompressed when its name ends in .gz.
func Read(path string) ([]byte, error) {
	raw, err := os.ReadFile(path)
	if err != nil || !strings.HasSuffix(path, ".gz") {
		return raw, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if raw, err = io.ReadAll(zr); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return raw, nil
}

// Split returns the pages of one split of a dataset folder (its SPLIT.txt
// names them, html/ID.html or html/ID.html.gz), in the file's order.
func Split(datasetDir, split string) ([][]byte, error) {
	ids, err := os.ReadFile(filepath.Join(datasetDir, split+".txt"))
	if err != nil {
		return nil, err
	}
	var pages [][]byte
	for _, id := range strings.Fields(string(ids)) {
		path := filepath.Join(datasetDir, "html", id+".html")
		if _, err := os.Stat(path); err != nil {
			path += ".gz"
		}
		raw, err := Read(path)
		if err != nil {
			return nil, err
		}
		pages = append(pages, raw)
	}
	return pages, nil
}
