package main

import (
	"slices"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func TestRegionProbs(t *testing.T) {
	page, err := tokenize.Parse([]byte(`<html><body><div><p>one two three</p><p>four</p></div><ul><li>a b c d e f g h</li></ul></body></html>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Blocks) != 3 {
		t.Fatalf("%d blocks, want 3", len(page.Blocks))
	}
	probs := []float32{0.9, 0.1, 0.5}
	for _, tc := range []struct {
		name         string
		level, words int
		lower        bool
		want         []float32
	}{
		{"parents: one block each", 1, 100, false, probs},
		{"the div's mean, by words", 2, 100, false, []float32{0.7, 0.7, 0.5}},
		{"the div's mean or less", 2, 100, true, []float32{0.7, 0.1, 0.5}},
		{"the div too large", 2, 3, false, probs},
		{"the body: all three", 3, 100, false, []float32{6.8 / 12, 6.8 / 12, 6.8 / 12}},
	} {
		got := regionProbs(page.Blocks, probs, tc.level, tc.words, tc.lower)
		if !slices.EqualFunc(got, tc.want, func(a, b float32) bool { return a-b < 1e-6 && b-a < 1e-6 }) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
