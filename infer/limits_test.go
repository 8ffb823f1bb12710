package infer

import (
	"errors"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func TestMaxElements(t *testing.T) {
	page := []byte("<html><body>" + strings.Repeat("<p>A paragraph.</p>", 50) + "</body></html>")
	for _, tt := range []struct {
		max int
		ok  bool
	}{{0, true}, {-1, true}, {52, true}, {51, false}} {
		_, err := keepAll.ExtractBytes(t.Context(), page, Options{MaxElements: tt.max})
		if tt.ok != (err == nil) || (err != nil && !errors.Is(err, tokenize.ErrTooManyElements)) {
			t.Errorf("MaxElements %d: error %v", tt.max, err)
		}
	}
	// The model's extractor too, through Extract.
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ex.Extract(t.Context(), strings.NewReader(string(page)), Options{MaxElements: 10}); !errors.Is(err, tokenize.ErrTooManyElements) {
		t.Errorf("Extract: error %v", err)
	}
}

// TestExtractReusesNoPageBytes extracts pages one after another (Extract
// reads them into a reused buffer): each result keeps its own text.
func TestExtractReusesNoPageBytes(t *testing.T) {
	var results []*Result
	for _, word := range []string{"alpha", "bravo", "charlie"} {
		page := "<html><body><p>" + strings.Repeat(word+" ", 40) + "</p></body></html>"
		res, err := keepAll.Extract(t.Context(), strings.NewReader(page), Options{})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	for i, word := range []string{"alpha", "bravo", "charlie"} {
		if want := strings.TrimSpace(strings.Repeat(word+" ", 40)); results[i].Text != want {
			t.Errorf("page %d: text %.40q…", i, results[i].Text)
		}
	}
}
