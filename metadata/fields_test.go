package metadata

import (
	"fmt"
	"slices"
	"testing"
)

func TestFields(t *testing.T) {
	tests := []struct {
		name string
		m    Metadata
		want []Field
	}{
		{"none", Metadata{}, nil},
		{"stated language", Metadata{Title: "T", Language: "de"}, []Field{{"title", "T"}, {"language", "de"}}},
		{"detected language", Metadata{Language: "fr", LanguageDetected: true}, []Field{{"language", "fr (detected)"}}},
		{"all", Metadata{Title: "T", Authors: []string{"A", "B"}, Published: "2025-09-04", Modified: "2025-09-05", SiteName: "S",
			Language: "en", Description: "D", Canonical: "https://e.com/a", Image: "https://e.com/i.png", Tags: []string{"x", "y"}},
			[]Field{{"title", "T"}, {"authors", "A; B"}, {"published", "2025-09-04"}, {"modified", "2025-09-05"}, {"site", "S"},
				{"language", "en"}, {"description", "D"}, {"canonical", "https://e.com/a"}, {"image", "https://e.com/i.png"}, {"tags", "x, y"}}},
	}
	for _, tt := range tests {
		if got := tt.m.Fields(); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Fields() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func ExampleMetadata_Fields() {
	m := &Metadata{Title: "Rain in Spain", Authors: []string{"Ana Ruiz", "Jo Lee"}, Published: "2025-09-04", Language: "en", LanguageDetected: true}
	for _, f := range m.Fields() {
		fmt.Printf("%s: %s\n", f.Name, f.Value)
	}
	// Output:
	// title: Rain in Spain
	// authors: Ana Ruiz; Jo Lee
	// published: 2025-09-04
	// language: en (detected)
}
