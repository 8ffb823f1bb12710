package eval

import (
	"math"
	"testing"
)

func TestBlockScores(t *testing.T) {
	tests := []struct {
		name       string
		pred, gold []bool
		content    PRF
		boiler     PRF
	}{
		{
			// TP=2 FP=1 FN=1 TN=2
			"mixed",
			[]bool{true, true, true, false, false, false},
			[]bool{true, true, false, true, false, false},
			PRF{2.0 / 3, 2.0 / 3, 2.0 / 3},
			PRF{2.0 / 3, 2.0 / 3, 2.0 / 3},
		},
		{
			// TP=1 FP=0 FN=2 TN=3
			"precise",
			[]bool{true, false, false, false, false, false},
			[]bool{true, true, true, false, false, false},
			PRF{1, 1.0 / 3, 0.5},
			PRF{3.0 / 5, 1, 0.75},
		},
		{
			"nothing predicted",
			[]bool{false, false},
			[]bool{true, false},
			PRF{0, 0, 0},
			PRF{0.5, 1, 2.0 / 3},
		},
	}
	near := func(a, b PRF) bool {
		return math.Abs(a.Precision-b.Precision) < 1e-12 && math.Abs(a.Recall-b.Recall) < 1e-12 && math.Abs(a.F1-b.F1) < 1e-12
	}
	for _, tt := range tests {
		var c Counts
		c.AddAll(tt.pred, tt.gold)
		s := c.Scores()
		if !near(s.Content, tt.content) || !near(s.Boilerplate, tt.boiler) {
			t.Errorf("%s: content %v boilerplate %v, want %v / %v", tt.name, s.Content, s.Boilerplate, tt.content, tt.boiler)
		}
		if math.Abs(s.MeanF1-(tt.content.F1+tt.boiler.F1)/2) > 1e-12 {
			t.Errorf("%s: mean F1 %v", tt.name, s.MeanF1)
		}
	}
}

func TestTokenScores(t *testing.T) {
	tests := []struct {
		extracted, gold string
		want            PRF
		ok              bool
	}{
		{"The cat sat.", "the cat sat", PRF{1, 1, 1}, true},
		{"the cat the dog", "the cat sat on the mat", PRF{0.75, 0.5, 0.6}, true},
		{"", "some gold", PRF{0, 0, 0}, true},
		{"anything", "  ...  ", PRF{}, false},
	}
	for _, tt := range tests {
		got, ok := TokenScores(tt.extracted, tt.gold)
		if ok != tt.ok || math.Abs(got.Precision-tt.want.Precision) > 1e-12 || math.Abs(got.Recall-tt.want.Recall) > 1e-12 || math.Abs(got.F1-tt.want.F1) > 1e-12 {
			t.Errorf("TokenScores(%q, %q) = %v %v, want %v %v", tt.extracted, tt.gold, got, ok, tt.want, tt.ok)
		}
	}
}
