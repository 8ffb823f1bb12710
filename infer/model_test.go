package infer

import (
	"testing"

	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/tokenize"
)

// TestExtractorModel: an extractor says whether it holds a model.
func TestExtractorModel(t *testing.T) {
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	m := ex.Model()
	if m == nil || m.Net() == nil || m.Net().Config.Hidden == 0 || ex.Method() != (methods.Method{}) {
		t.Fatalf("Default's model: %v, method %v", m, ex.Method())
	}
	sel := verdicts(func(p methods.Page) ([]bool, error) { return make([]bool, len(p.Blocks)), nil })
	if m := sel.Model(); m != nil {
		t.Errorf("a selector's extractor has the model %v", m)
	}
	res, err := sel.ExtractBytes(t.Context(), []byte(`<title>T</title><p>Some words of text that make a paragraph.</p>`), Options{})
	if err != nil || res.Title != "T" || res.Text != "" {
		t.Errorf("selector: %+v, %v", res, err)
	}
	page, err := tokenize.Parse([]byte(`<p>Some words of text that make a paragraph.</p><p>More.</p>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	probs := m.Probabilities(page.Blocks)
	selected, err := decode.Decoding{Threshold: 1e-9}.Select(page.Blocks, probs)
	if err != nil || len(probs) != 2 || len(selected) != 2 || !selected[0] || !selected[1] {
		t.Errorf("probabilities %v, selected %v (%v)", probs, selected, err)
	}
	if m.Probabilities(nil) != nil {
		t.Error("probabilities of no blocks")
	}
}
