package main

import (
	"slices"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func TestDigitsAsZero(t *testing.T) {
	tests := []struct{ in, want string }{
		{"price", "price"},
		{"148.02", "0.0"},
		{"5-minute", "0-minute"},
		{"24/7", "0/0"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := digitsAsZero(tt.in); got != tt.want {
			t.Errorf("digitsAsZero(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLengthBucket(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{{0, "0"}, {1, "1"}, {4, "4-5"}, {5, "4-5"}, {6, "6-8"}, {40, "21-40"}, {41, "41+"}}
	for _, tt := range tests {
		if got := lengthBucket(tt.n); got != tt.want {
			t.Errorf("lengthBucket(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// features: the same shape gives the same features, and the indicators
// tell texts apart that share their words.
func TestFeatures(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		same bool
	}{
		{"prices share their shape", "current price $148.02", "current price $169.99", true},
		{"case does not count", "Let's connect", "let's connect", true},
		{"sentence punctuation counts", "Get started for free", "Get started for free.", false},
		{"word order counts", "free for started get", "get started for free", false},
	}
	for _, tt := range tests {
		a, b := features(tt.a, 20), features(tt.b, 20)
		slices.Sort(a)
		slices.Sort(b)
		if slices.Equal(a, b) != tt.same {
			t.Errorf("%s: features of %q and %q equal: %v", tt.name, tt.a, tt.b, !tt.same)
		}
		for _, f := range a {
			if f >= 1<<20 {
				t.Errorf("%s: feature %d of %q out of range", tt.name, f, tt.a)
			}
		}
	}
}

func TestLines(t *testing.T) {
	blocks := []tokenize.Block{{Line: 0}, {Line: 0}, {Line: 1}, {Line: 2}, {Line: 2}}
	tests := []struct {
		unit string
		want [][]int
	}{
		{"line", [][]int{{0, 1}, {2}, {3, 4}}},
		{"block", [][]int{{0}, {1}, {2}, {3}, {4}}},
	}
	for _, tt := range tests {
		got := lines(blocks, tt.unit)
		if !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("lines(%s) = %v, want %v", tt.unit, got, tt.want)
		}
	}
}

// fitModel learns which words mark content, and does so the same way
// twice from the same seed.
func TestFitModel(t *testing.T) {
	var samples []sample
	for i := range 200 {
		samples = append(samples,
			sample{F: features("the council voted on the budget", 16), Y: true, Weight: 1},
			sample{F: features("sign up for our newsletter", 16), Y: false, Weight: float32(1 + i%3)})
	}
	o := fitOptions{Unit: "block", Bits: 16, Epochs: 3, Rate: 0.1, L2: 1e-6, Seed: 7}
	m := fitModel(samples, o)
	if p := m.prob(features("the council voted", 16)); p < 0.9 {
		t.Errorf("P(content) of a content text %.3f, want ≥ 0.9", p)
	}
	if p := m.prob(features("sign up for our newsletter", 16)); p > 0.1 {
		t.Errorf("P(content) of a boilerplate text %.3f, want ≤ 0.1", p)
	}
	if again := fitModel(samples, o); again.Bias != m.Bias || !slices.Equal(again.W, m.W) {
		t.Error("two fits from the same seed differ")
	}
}

func TestVetoes(t *testing.T) {
	vs := vetoes([]float64{0.1, 0.2}, []float64{1, 0.9})
	var names []string
	for _, v := range vs {
		names = append(names, v.Name)
	}
	want := []string{"base", "veto-t0.1", "veto-t0.2", "veto-t0.1-p0.9", "veto-t0.2-p0.9"}
	if !slices.Equal(names, want) {
		t.Errorf("names %v, want %v", names, want)
	}
	tests := []struct {
		v    veto
		q, p float64
		want bool
	}{
		{vs[0], 0, 0, false},
		{vs[1], 0.05, 1, true},
		{vs[1], 0.15, 0.5, false},
		{vs[3], 0.05, 0.95, false},
		{vs[3], 0.05, 0.85, true},
	}
	for _, tt := range tests {
		if got := tt.v.drops(tt.q, tt.p); got != tt.want {
			t.Errorf("%s drops (text %.2f, network %.2f): %v, want %v", tt.v.Name, tt.q, tt.p, got, tt.want)
		}
	}
}
