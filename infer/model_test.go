package infer

import (
	"math"
	"slices"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/vocab"
)

// TestExtractorModel: an extractor says whether it holds a model.
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
	res, err := sel.ExtractBytes([]byte(`<title>T</title><p>Some words of text that make a paragraph.</p>`), Options{})
	if err != nil || res.Title != "T" || res.Text != "" {
		t.Errorf("selector: %+v, %v", res, err)
	}
	page, err := tokenize.Parse([]byte(`<p>Some words of text that make a paragraph.</p><p>More.</p>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	probs := m.Probabilities(page.Blocks)
	selected, err := DefaultDecoding().Select(page.Blocks, probs, 1e-9)
	if err != nil || len(probs) != 2 || len(selected) != 2 || !selected[0] || !selected[1] {
		t.Errorf("probabilities %v, selected %v (%v)", probs, selected, err)
	}
	if m.Probabilities(nil) != nil {
		t.Error("probabilities of no blocks")
	}
}

// Decoding.Select decodes probabilities from anywhere as a Decoder
// decodes the model's, and refuses a count that is not the blocks'.
func TestDecodingSelect(t *testing.T) {
	page, err := tokenize.Parse([]byte(`<p>A first paragraph of the article, long enough to keep.</p><ul><li><a href="/">Home</a></li></ul><p>A second paragraph of the article.</p>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		probs     []float32
		threshold float64
		want      []bool
	}{
		{[]float32{0.99, 0.01, 0.95}, 0, []bool{true, false, true}},
		{[]float32{0.99, 0.01, 0.95}, 0.97, []bool{true, false, false}},
		{[]float32{0.01, 0.01, 0.01}, 0, []bool{false, false, false}},
	} {
		got, err := DefaultDecoding().Select(page.Blocks, tc.probs, tc.threshold)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Select(%v, %v) = %v, %v; want %v", tc.probs, tc.threshold, got, err, tc.want)
		}
	}
	if _, err := DefaultDecoding().Select(page.Blocks, []float32{1}, 0); err == nil {
		t.Error("one probability for three blocks: no error")
	}
	if _, err := DefaultDecoding().Select(page.Blocks, []float32{1, 1, 1}, 2); err == nil {
		t.Error("threshold 2: no error")
	}
}

// An ensemble's probabilities are the mean of its networks'.
func TestEnsemble(t *testing.T) {
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	def, _ := ex.Model()
	if len(def.Nets()) != 2 {
		t.Fatalf("the default model has %d networks, want 2", len(def.Nets()))
	}
	net := def.Net()
	single := NewModel(net)
	// A second network: the default's with a shifted output bias.
	params := *net.Params
	params.BOut = []float32{net.Params.BOut[0] - 1.5}
	other := &bilstm.Model{Config: net.Config, Vocab: net.Vocab, Params: &params}
	page, err := tokenize.Parse([]byte(`<nav><a href="/">Home</a></nav><h1>Night trains</h1><p>After ten years, overnight trains run again between Zurich and Vienna, and every compartment of the first one was sold.</p><footer>© 2025</footer>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := single.Probabilities(page.Blocks)
	b := NewModel(other).Probabilities(page.Blocks)
	ens, err := NewEnsemble(net, other)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := ens.Model()
	if len(m.Nets()) != 2 || m.Net() != net {
		t.Fatalf("ensemble nets %v", m.Nets())
	}
	got := m.Probabilities(page.Blocks)
	for i := range a {
		if a[i] == b[i] {
			t.Fatalf("block %d: the shifted bias changed nothing (%v)", i, a[i])
		}
		if want := (a[i] + b[i]) / 2; math.Abs(float64(got[i]-want)) > 1e-6 {
			t.Errorf("block %d: ensemble %v, want the mean %v of %v and %v", i, got[i], want, a[i], b[i])
		}
	}
	// A network reading the page with another vocabulary (the words in
	// reverse order) encodes it anew, not with the first one's rows.
	words := slices.Clone(net.Vocab.Words)
	slices.Reverse(words)
	v, err := vocab.NewFeatures(net.Vocab.Features, words, net.Vocab.Tags, net.Vocab.Attrs)
	if err != nil {
		t.Fatal(err)
	}
	reread := &bilstm.Model{Config: net.Config, Vocab: v, Params: net.Params}
	c := NewModel(reread).Probabilities(page.Blocks)
	mixed, err := NewEnsembleModel(net, reread)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range mixed.Probabilities(page.Blocks) {
		if a[i] == c[i] {
			t.Fatalf("block %d: the reversed vocabulary changed nothing (%v)", i, a[i])
		}
		if want := (a[i] + c[i]) / 2; math.Abs(float64(p-want)) > 1e-6 {
			t.Errorf("block %d: ensemble of two vocabularies %v, want the mean %v of %v and %v", i, p, want, a[i], c[i])
		}
	}
	if _, err := NewEnsemble(); err == nil {
		t.Error("an ensemble of no networks was accepted")
	}
}
