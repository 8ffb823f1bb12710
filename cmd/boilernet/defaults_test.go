package main

import (
	"errors"
	"testing"

	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/internal/limits"
	"github.com/boilernet/boilernet/records"
)

// TestOnePageLimit: the page-size limits and their error are one.
func TestOnePageLimit(t *testing.T) {
	if fetch.DefaultMaxBytes != limits.MaxPageSize || records.DefaultMaxRecord != limits.MaxPageSize {
		t.Errorf("fetch %d, records %d, limits %d", fetch.DefaultMaxBytes, records.DefaultMaxRecord, limits.MaxPageSize)
	}
	if !errors.Is(fetch.ErrTooLarge, limits.ErrPageSize) {
		t.Error("fetch.ErrTooLarge is not limits.ErrPageSize")
	}
}
