package infer

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"io"
	"sync"

	"github.com/boilernet/boilernet/bilstm"
)

// The embedded default model is an ensemble of two networks trained by the
// same command with seeds 1 and 2 (the README gives it); the mean of their
// probabilities is right more often than either one.
var (
	//go:embed default.model
	defaultSeed1 []byte
	//go:embed default-seed2.model
	defaultSeed2 []byte
)

var loadDefault = sync.OnceValues(func() (*Extractor, error) {
	var nets []*bilstm.Model
	for i, raw := range [][]byte{defaultSeed1, defaultSeed2} {
		m, err := bilstm.ReadModel(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("infer: embedded network %d: %w", i+1, err)
		}
		nets = append(nets, m)
	}
	return NewEnsemble(nets...)
})

// Default returns the Extractor of the embedded default model, loaded on
// first use: two networks whose probabilities are averaged. It is safe for
// concurrent use.
func Default() (*Extractor, error) { return loadDefault() }

// DefaultSum is the SHA-256 of the embedded model's network files, in
// order, in hex: what a bug report names the model by.
func DefaultSum() string {
	h := sha256.New()
	h.Write(defaultSeed1)
	h.Write(defaultSeed2)
	return hex.EncodeToString(h.Sum(nil))
}

// Extract extracts the main content of a page with the default model.
func Extract(r io.Reader, opts Options) (*Result, error) {
	e, err := Default()
	if err != nil {
		return nil, err
	}
	return e.Extract(r, opts)
}
