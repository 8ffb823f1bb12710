package infer

import (
	"testing"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// TestExtractorModel: an extractor says whether it holds a model, and
// WithTitle keeps what it holds.
func TestExtractorModel(t *testing.T) {
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	m, ok := ex.Model()
	if !ok || m.Net() == nil || m.Net().Config.Hidden == 0 {
		t.Fatalf("Default's model: %v %v", m, ok)
	}
	sel := WithSelector(func(p *tokenize.Page, _ string) ([]bool, error) { return make([]bool, len(p.Blocks)), nil })
	if m, ok := sel.Model(); ok || m != nil {
		t.Errorf("a selector's extractor has the model %v", m)
	}
	titled := sel.WithTitle(func(*html.Node) string { return "T" })
	if _, ok := titled.Model(); ok {
		t.Error("WithTitle gave a selector's extractor a model")
	}
	res, err := titled.ExtractBytes([]byte(`<p>Some words of text that make a paragraph.</p>`), Options{})
	if err != nil || res.Title != "T" || res.Text != "" {
		t.Errorf("selector with title: %+v, %v", res, err)
	}
	page, err := tokenize.Parse([]byte(`<p>Some words of text that make a paragraph.</p><p>More.</p>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	probs := m.Probabilities(page.Blocks)
	selected, err := m.Select(page.Blocks, Options{Threshold: 1e-9})
	if err != nil || len(probs) != 2 || len(selected) != 2 || !selected[0] || !selected[1] {
		t.Errorf("probabilities %v, selected %v (%v)", probs, selected, err)
	}
	if m.Probabilities(nil) != nil {
		t.Error("probabilities of no blocks")
	}
}
