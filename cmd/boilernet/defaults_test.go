package main

import (
	"errors"
	"testing"

	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/internal/limits"
	"github.com/boilernet/boilernet/records"
	"github.com/boilernet/boilernet/serve"
)

// TestFormatSize: serve's flag defaults are the library's, written as
// parseSize reads them.
func TestFormatSize(t *testing.T) {
	for _, n := range []int64{serve.DefaultMaxBody, maxServeBody, 1, 1000, 1536, 3 << 10, 5 << 30} {
		back, err := parseSize(formatSize(n))
		if err != nil || back != n {
			t.Errorf("formatSize(%d) = %q, which reads back as %d, %v", n, formatSize(n), back, err)
		}
	}
	if got := formatSize(serve.DefaultMaxBody); got != "16MiB" {
		t.Errorf("-max-body default %q", got)
	}
}

// TestOnePageLimit: the page-size limits and their error are one.
func TestOnePageLimit(t *testing.T) {
	if fetch.DefaultMaxBytes != limits.MaxPageSize || records.DefaultMaxRecord != limits.MaxPageSize {
		t.Errorf("fetch %d, records %d, limits %d", fetch.DefaultMaxBytes, records.DefaultMaxRecord, limits.MaxPageSize)
	}
	if !errors.Is(fetch.ErrTooLarge, limits.ErrPageSize) {
		t.Error("fetch.ErrTooLarge is not limits.ErrPageSize")
	}
}
