// Package datasetpages reads every page of the shared datasets, for the
// tests (behind build tags) that check a change leaves what the project
// makes of them the same.
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
