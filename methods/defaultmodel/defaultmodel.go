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
	"path/filepath"
	"strings"
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

// Info says what the embedded model is, as boilernet version prints it:
// enough for a bug report to name the model it ran.
type Info struct {
	// Data are the datasets it was trained on: the folder names of its
	// first network's "data" metadata.
	Data     []string `json:"data"`
	Features string   `json:"features"` // its first network's feature set
	Hidden   int      `json:"hidden"`   // its first network's LSTM units per direction
	Networks int      `json:"networks"` // networks averaged
	Seeds    []string `json:"seeds"`    // each network's training seed
	SHA256   string   `json:"sha256"`   // Sum
}

// Describe returns the Info of the embedded model (loading it).
func Describe() (Info, error) {
	md, err := Load()
	if err != nil {
		return Info{}, err
	}
	nets := md.Nets()
	info := Info{Features: nets[0].Vocab.Features.String(), Hidden: nets[0].Config.Hidden, Networks: len(nets), SHA256: Sum()}
	for _, n := range nets {
		info.Seeds = append(info.Seeds, n.Meta["seed"])
	}
	for _, d := range strings.Split(nets[0].Meta["data"], ",") {
		if d != "" {
			info.Data = append(info.Data, filepath.Base(d))
		}
	}
	return info, nil
}

// String is the Info in one line: "2 network(s) averaged (seeds 1, 2),
// features ..., hidden 32, trained on ...; sha256 " and the first 16
// digits of the sum.
func (i Info) String() string {
	return fmt.Sprintf("%d network(s) averaged (seeds %s), features %s, hidden %d, trained on %s; sha256 %s",
		i.Networks, strings.Join(i.Seeds, ", "), i.Features, i.Hidden, strings.Join(i.Data, ", "), i.SHA256[:min(16, len(i.SHA256))])
}
