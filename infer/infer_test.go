package infer

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/train"
)

// synthExtractor trains a tiny model on the synthetic test pages.
func synthExtractor(t testing.TB) *Extractor {
	t.Helper()
	res, err := train.Run(context.Background(), train.Options{
		Data:    []string{filepath.Join("..", "testdata", "synth")},
		Epochs:  6,
		Batch:   8,
		Network: bilstm.Config{Dense: 16, Hidden: 8, Layers: 1, Dropout: 0.2},
		Words:   60, Tags: 12, LearnRate: 0.01, Seed: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	return New(res.Model)
}

// thresholded returns the extractor of e's model with the default decoding
// and threshold th.
func thresholded(t testing.TB, e *Extractor, th float64) *Extractor {
	t.Helper()
	return withMethod(t, e, "bilstm", th)
}

// withMethod returns the extractor of e's classifier by the method of a
// spec with threshold th.
func withMethod(t testing.TB, e *Extractor, spec string, th float64) *Extractor {
	t.Helper()
	m, err := methods.Parse(spec, methods.Params{Threshold: th})
	if err != nil {
		t.Fatal(err)
	}
	return WithClassifier(m, e.Classifier())
}

// verdicts returns the extractor of the default method over a classifier
// of verdicts.
func verdicts(f methods.Verdicts) *Extractor { return WithClassifier(methods.Method{}, f) }

func TestExtractSyntheticPage(t *testing.T) {
	e := synthExtractor(t)
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "synth", "html", "p45.html"))
	if err != nil {
		t.Fatal(err)
	}
	gold, err := os.ReadFile(filepath.Join("..", "testdata", "synth", "gold", "p45.txt"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.ExtractBytes(t.Context(), raw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	headline, body, _ := strings.Cut(string(gold), "\n")
	if got, want := strings.Fields(res.Text), strings.Fields(body); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("text:\n%s\nwant:\n%s", res.Text, body)
	}
	if res.Title != headline {
		t.Errorf("title %q, want the headline %q", res.Title, headline)
	}
	for _, b := range res.Blocks {
		if b.Content && b.Headline || b.Headline != (b.Text == headline) || !strings.HasPrefix(b.Locator, "/html[1]/body[1]/") {
			t.Errorf("block %+v", b)
		}
	}
	// A threshold selects each block by its probability.
	atDefault, err := thresholded(t, e, decode.DefaultThreshold).ExtractBytes(t.Context(), raw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range atDefault.Blocks {
		if b.Content != (b.Prob >= decode.DefaultThreshold && !b.Headline) {
			t.Errorf("threshold %v: block %+v", decode.DefaultThreshold, b)
		}
	}
	kept, err := e.ExtractBytes(t.Context(), raw, Options{KeepHeadline: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Fields(kept.Text), strings.Fields(string(gold)); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("text with the headline:\n%s\nwant:\n%s", kept.Text, gold)
	}
	// The article is one ancestor group, so the filter keeps all of it.
	filtered, err := withMethod(t, e, "bilstm+ancestor", 0).ExtractBytes(t.Context(), raw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if filtered.Text != res.Text {
		t.Errorf("filtered text:\n%s\nwant:\n%s", filtered.Text, res.Text)
	}
	// Selecting every block, the filter alone finds the article (the
	// parent of its paragraphs, depth 1, holds the most text).
	everything, err := withMethod(t, e, "bilstm+ancestor:1", 1e-9).ExtractBytes(t.Context(), raw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if everything.Text != res.Text {
		t.Errorf("filter over all blocks:\n%s\nwant:\n%s", everything.Text, res.Text)
	}
	// A threshold of 1 keeps (almost) nothing; the probabilities do not move.
	strict, err := thresholded(t, e, 1).ExtractBytes(t.Context(), raw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(strict.Text) >= len(res.Text) || strict.Blocks[3].Prob != res.Blocks[3].Prob {
		t.Errorf("threshold 1 kept %q", strict.Text)
	}
}

func TestExtractConcurrent(t *testing.T) {
	e := synthExtractor(t)
	pages, _ := filepath.Glob(filepath.Join("..", "testdata", "synth", "html", "*.html"))
	want := map[string]string{}
	for _, p := range pages {
		raw, _ := os.ReadFile(p)
		res, err := e.ExtractBytes(t.Context(), raw, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want[p] = res.Text
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for _, p := range pages {
				raw, _ := os.ReadFile(p)
				res, err := e.ExtractBytes(t.Context(), raw, Options{})
				if err != nil || res.Text != want[p] {
					t.Errorf("%s: concurrent result differs (%v)", p, err)
				}
			}
		})
	}
	wg.Wait()
}

func TestExtractErrors(t *testing.T) {
	e := synthExtractor(t)
	if _, err := e.ExtractBytes(t.Context(), nil, Options{}); err == nil {
		t.Error("empty page accepted")
	}
	for _, th := range []float64{2, -0.5, math.NaN()} {
		if _, err := (decode.Decoding{Threshold: th}).Select(nil, nil); err == nil {
			t.Errorf("threshold %v accepted", th)
		}
	}
	res, err := e.ExtractBytes(t.Context(), []byte("<html><body><img src=x></body></html>"), Options{})
	if err != nil || res.Text != "" || len(res.Blocks) != 0 {
		t.Errorf("page without text: %+v, %v", res, err)
	}
	if _, err := Load(bytes.NewReader([]byte("not a model"))); err == nil {
		t.Error("foreign model accepted")
	}
}

func TestLocator(t *testing.T) {
	p, err := tokenize.Parse([]byte(`<!DOCTYPE html><html><body><div>a</div><!-- c --><div><p>b</p>c<p>d<br>e</p></div></body></html>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"/html[1]/body[1]/div[1]/text()[1]",
		"/html[1]/body[1]/div[2]/p[1]/text()[1]",
		"/html[1]/body[1]/div[2]/text()[1]",
		"/html[1]/body[1]/div[2]/p[2]/text()[1]",
		"/html[1]/body[1]/div[2]/p[2]/text()[2]",
	}
	loc := newLocators()
	for i, b := range p.Blocks {
		if got := loc.of(b.Node); got != want[i] {
			t.Errorf("block %q: %s, want %s", b.Text, got, want[i])
		}
		if got := Locator(b.Node); got != want[i] {
			t.Errorf("Locator(%q) = %s", b.Text, got)
		}
	}
}

// TestSkipLocators: Options.SkipLocators leaves the locators empty and
// changes nothing else.
func TestSkipLocators(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("..", "testdata", "sample.html"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	with, err := e.ExtractBytes(t.Context(), page, Options{})
	if err != nil {
		t.Fatal(err)
	}
	without, err := e.ExtractBytes(t.Context(), page, Options{SkipLocators: true})
	if err != nil {
		t.Fatal(err)
	}
	if with.Text != without.Text || with.Title != without.Title || len(with.Blocks) != len(without.Blocks) {
		t.Fatalf("SkipLocators changed the result: %q / %q", with.Text, without.Text)
	}
	for i, b := range without.Blocks {
		if b.Locator != "" {
			t.Errorf("block %d: locator %q with SkipLocators", i, b.Locator)
		}
		if with.Blocks[i].Locator == "" {
			t.Errorf("block %d: no locator without SkipLocators", i)
		}
		b.Locator = with.Blocks[i].Locator
		if b != with.Blocks[i] {
			t.Errorf("block %d: %+v, want %+v", i, b, with.Blocks[i])
		}
	}
}

func TestDefaultModel(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := Default(); again != e {
		t.Error("Default loads the model twice")
	}
	f, err := os.Open(filepath.Join("..", "testdata", "sample.html"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := Extract(t.Context(), f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"overnight passenger trains are running again", "ticket prices must stay competitive"} {
		if !strings.Contains(res.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, res.Text)
		}
	}
	for _, unwanted := range []string{"Subscribe", "All rights reserved", "Ten quiet lakes", "Sign up"} {
		if strings.Contains(res.Text, unwanted) {
			t.Errorf("text holds boilerplate %q:\n%s", unwanted, res.Text)
		}
	}
	if res.Title != "Night trains return to the Alps" {
		t.Errorf("title %q", res.Title)
	}
}

// TestHeadlineTitle: the headline taken out of the text is the result's
// title, whole, and the metadata's title is the same.
func TestHeadlineTitle(t *testing.T) {
	all := verdicts(func(p methods.Page) ([]bool, error) {
		sel := make([]bool, len(p.Blocks))
		for i := range sel {
			sel[i] = true
		}
		return sel, nil
	})
	body := `<p>The first paragraph of the post says what the thread is for, and who may write in it, at some length.</p>`
	tests := []struct{ name, page, title, text string }{
		{"headline, not the site", `<title>The GiveWell Blog</title><meta property="og:site_name" content="The GiveWell Blog"><h1>September 2018 open thread</h1>` + body,
			"September 2018 open thread", "The first paragraph"},
		{"whole, with its parenthesis", `<title>Gödel | Encyclopedia</title><h1>Kurt Gödel (1906 - 1978)</h1>` + body,
			"Kurt Gödel (1906 - 1978)", "The first paragraph"},
		{"no headline", `<title>Plain page</title>` + body, "Plain page", "The first paragraph"},
	}
	for _, tt := range tests {
		res, err := all.ExtractBytes(t.Context(), []byte(tt.page), Options{Metadata: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.Title != tt.title || res.Metadata.Title != tt.title {
			t.Errorf("%s: title %q, metadata title %q, want %q", tt.name, res.Title, res.Metadata.Title, tt.title)
		}
		if !strings.HasPrefix(res.Text, tt.text) {
			t.Errorf("%s: text %q, want it to start with %q", tt.name, res.Text, tt.text)
		}
	}
}

// TestMediaWiki: a page in MediaWiki's markup (testdata/mediawiki.html,
// written here after the markup of Wikipedia's Vector skin) comes out as
// its article: maths as the formula's visible text, no TeX source, no
// navbox, table of contents, jump link, language links, edit links or
// footer.
func TestMediaWiki(t *testing.T) {
	raw, err := os.ReadFile("testdata/mediawiki.html")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	res, err := ex.ExtractBytes(t.Context(), raw, Options{Metadata: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Title != "Stochastic neighbour embedding" || res.Metadata.Title != res.Title {
		t.Errorf("title %q, metadata title %q", res.Title, res.Metadata.Title)
	}
	for _, want := range []string{
		"is a statistical method for visualizing high-dimensional data",
		"Given a set of N high-dimensional objects xi , the method first computes",
		"it avoids crowding the points in the centre of the map.",
	} {
		if !strings.Contains(res.Text, want) {
			t.Errorf("the text lacks %q:\n%s", want, res.Text)
		}
	}
	for _, leak := range []string{"displaystyle", "[edit]", "edit", "Supervised learning", "k-means", "(Top)", "Jump to", "Deutsch", "Log in", "Privacy policy", "last edited"} {
		if strings.Contains(res.Text, leak) {
			t.Errorf("the text holds %q:\n%s", leak, res.Text)
		}
	}
}

// TestHighlightedCodeInArticle: a syntax-highlighted listing (one block
// per token) inside an article comes out whole, under every decoding that
// keeps it, exactly as written.
func TestHighlightedCodeInArticle(t *testing.T) {
	raw, err := os.ReadFile("testdata/article-code.html")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	code := "class Greeter:\n    \"\"\"Greets people by name.\"\"\"\n\n    def __init__(self, greeting=\"Hello\"):\n" +
		"        self.greeting = greeting\n\n    def greet(self, name):\n        return f\"{self.greeting}, {name}!\""
	for _, d := range []string{"bilstm", "bilstm:blocks", "bilstm:structure"} {
		res, err := withMethod(t, ex, d, 0).ExtractBytes(t.Context(), raw, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(res.Text, code) {
			t.Errorf("%v: the listing is not whole in:\n%s", d, res.Text)
		}
		if res.Title != "Writing a tiny greeter in Python" || strings.Contains(res.Text, "Share on") {
			t.Errorf("%v: title %q, text:\n%s", d, res.Title, res.Text)
		}
	}
}
