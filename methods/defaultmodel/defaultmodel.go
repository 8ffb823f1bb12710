// Package defaultmodel holds the embedded default model of the bilstm
// methods: an ensemble of two networks trained by the same command with
// seeds 1 and 2 (docs/training.md gives it), default.model and
// default-seed2.model; the mean of their probabilities is right more
// often than either one.
package defaultmodel

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"sync"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/methods/ensemble"
)

var (
	//go:embed default.model
	seed1 []byte
	//go:embed default-seed2.model
	seed2 []byte
)

// Load returns the embedded model, read on first use: two networks whose
// probabilities are averaged. It is safe for concurrent use; every call
// returns the same Model.
func Load() (*ensemble.Model, error) { return load() }

var load = sync.OnceValues(func() (*ensemble.Model, error) {
	var nets []*bilstm.Model
	for i, raw := range [][]byte{seed1, seed2} {
		m, err := bilstm.ReadModel(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("defaultmodel: embedded network %d: %w", i+1, err)
		}
		nets = append(nets, m)
	}
	return ensemble.New(nets...)
})

// Sum is the SHA-256 of the embedded model's network files, in order, in
// hex: what a bug report names the model by.
func Sum() string {
	h := sha256.New()
	h.Write(seed1)
	h.Write(seed2)
	return hex.EncodeToString(h.Sum(nil))
}
