package infer

import (
	"testing"

	"golang.org/x/net/html"
)

// TestWithTitleKeepsModel: WithTitle on a model's extractor keeps the
// model (it used to drop it, and Extract panicked).
func TestWithTitleKeepsModel(t *testing.T) {
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	titled := ex.WithTitle(func(*html.Node) string { return "Mine" })
	m, _ := ex.Model()
	if got, ok := titled.Model(); !ok || got != m {
		t.Fatal("WithTitle dropped the model")
	}
	res, err := titled.ExtractBytes([]byte(`<html><head><title>Theirs</title></head><body><p>Some words of text that make a paragraph of the page.</p></body></html>`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Title != "Mine" {
		t.Errorf("title %q, want %q", res.Title, "Mine")
	}
}
