package render

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/train"
)

// synth is the tiny model trained once on the synthetic test pages.
var synth struct {
	once sync.Once
	ex   *infer.Extractor
	err  error
}

// synthExtractor trains a tiny model on the synthetic test pages (once
// per test binary).
func synthExtractor(t testing.TB) *infer.Extractor {
	t.Helper()
	synth.once.Do(func() {
		res, err := train.Run(context.Background(), train.Options{
			Data:    []string{filepath.Join("..", "testdata", "synth")},
			Epochs:  6,
			Batch:   8,
			Network: bilstm.Config{Dense: 16, Hidden: 8, Layers: 1, Dropout: 0.2},
			Words:   60, Tags: 12, LearnRate: 0.01, Seed: 3,
		})
		if err != nil {
			synth.err = err
			return
		}
		synth.ex = infer.New(res.Model)
	})
	if synth.err != nil {
		t.Fatal(synth.err)
	}
	return synth.ex
}

// thresholded returns the extractor of e's model with the default decoding
// and threshold th.
func thresholded(t testing.TB, e *infer.Extractor, th float64) *infer.Extractor {
	t.Helper()
	md, ok := e.Model()
	if !ok {
		t.Fatal("no model")
	}
	dec, err := infer.NewDecoder(md, infer.DefaultDecoding(), th)
	if err != nil {
		t.Fatal(err)
	}
	return infer.NewExtractor(dec)
}

// keepAll is an extractor that needs no model: every block is content.
var keepAll = infer.WithSelector(func(page *tokenize.Page, _ string) ([]bool, error) {
	sel := make([]bool, len(page.Blocks))
	for i := range sel {
		sel[i] = true
	}
	return sel, nil
})

// keepAllBut labels every block content except those containing "drop".
var keepAllBut = infer.WithSelector(func(p *tokenize.Page, _ string) ([]bool, error) {
	s := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		s[i] = !strings.Contains(b.Text, "drop")
	}
	return s, nil
})
