package render

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
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

// thresholded returns the extractor of e's classifier by the method of a
// spec with threshold th.
func thresholded(t testing.TB, e *infer.Extractor, spec string, th float64) *infer.Extractor {
	t.Helper()
	m, err := methods.Parse(spec, methods.Params{Threshold: th})
	if err != nil {
		t.Fatal(err)
	}
	return infer.WithClassifier(m, e.Classifier())
}

// keepAll is an extractor that needs no model: every block is content.
var keepAll = infer.WithClassifier(methods.Method{}, methods.Verdicts(func(page methods.Page) ([]bool, error) {
	sel := make([]bool, len(page.Blocks))
	for i := range sel {
		sel[i] = true
	}
	return sel, nil
}))

// keepAllBut labels every block content except those containing "drop".
var keepAllBut = infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
	s := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		s[i] = !strings.Contains(b.Text, "drop")
	}
	return s, nil
}))
