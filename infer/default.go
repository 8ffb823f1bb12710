package infer

import (
	"bytes"
	_ "embed"
	"io"
	"sync"
)

// defaultModel is the embedded default model; the README gives the command
// that reproduces it.
//
//go:embed default.model
var defaultModel []byte

var loadDefault = sync.OnceValues(func() (*Extractor, error) {
	return Load(bytes.NewReader(defaultModel))
})

// Default returns the Extractor of the embedded default model, loaded on
// first use. It is safe for concurrent use.
func Default() (*Extractor, error) { return loadDefault() }

// Extract extracts the main content of a page with the default model.
func Extract(r io.Reader, opts Options) (*Result, error) {
	e, err := Default()
	if err != nil {
		return nil, err
	}
	return e.Extract(r, opts)
}
