package infer_test

import (
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
)

// methodsPage is an article between a navigation bar, comments and a
// footer.
const methodsPage = `<html><head><title>Night trains return to the Alps - Courier</title></head><body>
<div class="nav"><a href="/">Home</a> | <a href="/n">News</a> | <a href="/s">Sport</a></div>
<h1>Night trains return to the Alps</h1>
<p>After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.</p>
<p>The operators say demand has grown steadily since 2021, as travellers look for alternatives to short flights across the mountains, and they plan to add carriages, new routes to Munich and Prague, and a second daily departure next winter if bookings hold.</p>
<h3>2 Comments</h3><p>I took this train in 2009 and have missed it ever since, so this is wonderful news for all of us who love rail travel.</p>
<div class="footer"><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></div></body></html>`

// TestForMethod: an extractor of each method, with the model when bilstm
// is its classifier; the zero Method is the default extraction.
func TestForMethod(t *testing.T) {
	reg := methods.New(methods.Config{})
	for _, tc := range []struct {
		spec      string
		model     bool // the extractor has the model
		wantTitle string
	}{
		{"bilstm", true, "Night trains return to the Alps"},
		{"bilstm+ancestor", true, "Night trains return to the Alps"},
		{"bilstm:blocks", true, "Night trains return to the Alps"},
		{"bilstm:structure+ancestor", true, "Night trains return to the Alps"},
		{"newsfeed+ancestor", false, "Night trains return to the Alps"},
		{"newsfeed", false, "Night trains return to the Alps"},
		{"boilerpipe-numwords+main", false, "Night trains return to the Alps"},
	} {
		m, err := methods.Parse(tc.spec, methods.Params{})
		if err != nil {
			t.Fatal(err)
		}
		ex, err := infer.ForMethod(reg, m)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if ok := ex.Model() != nil; ok != tc.model || ex.Method() != m {
			t.Errorf("%s: has a model %v, want %v; method %v", tc.spec, ok, tc.model, ex.Method())
		}
		res, err := ex.ExtractBytes(t.Context(), []byte(methodsPage), infer.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if res.Title != tc.wantTitle {
			t.Errorf("%s: title %q, want %q", tc.spec, res.Title, tc.wantTitle)
		}
	}
	// The default method is the embedded model's default extraction.
	def, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	want, err := def.ExtractBytes(t.Context(), []byte(methodsPage), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ex, err := infer.ForMethod(reg, methods.Method{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ex.ExtractBytes(t.Context(), []byte(methodsPage), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != want.Text || len(got.Blocks) != len(want.Blocks) || got.Blocks[3] != want.Blocks[3] {
		t.Errorf("the zero Method: %q, want %q", got.Text, want.Text)
	}
	for _, spec := range []string{"oracle", "bilstm:oracle"} {
		m, err := methods.Parse(spec, methods.Params{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := infer.ForMethod(reg, m); err == nil || !strings.Contains(err.Error(), "only an evaluation runs it") {
			t.Errorf("extractor of %s: %v", spec, err)
		}
	}
}
