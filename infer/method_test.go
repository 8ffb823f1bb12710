package infer_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
)

// methodsPage returns ../testdata/methods-page.html: an article between
// a navigation bar, comments and a footer (package methods' tests read it
// too).
func methodsPage(t *testing.T) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "methods-page.html"))
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

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
		res, err := ex.ExtractBytes(t.Context(), methodsPage(t), infer.Options{})
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
	want, err := def.ExtractBytes(t.Context(), methodsPage(t), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ex, err := infer.ForMethod(reg, methods.Method{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ex.ExtractBytes(t.Context(), methodsPage(t), infer.Options{})
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
