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

func TestCharScores(t *testing.T) {
	// Gold "the cat sat" (9 letters); extracted "the dog sat": the and sat
	// align (6 letters) of 9 extracted letters.
	s, ok := CharScores("The dog sat!", "the cat sat")
	if !ok || math.Abs(s.Precision-6.0/9) > 1e-12 || math.Abs(s.Recall-6.0/9) > 1e-12 {
		t.Errorf("CharScores = %v %v", s, ok)
	}
	// Order matters, unlike the bag of words: "sat the" vs "the sat".
	s, _ = CharScores("sat the", "the sat")
	if s.Recall >= 1 {
		t.Errorf("reordered text fully matched: %v", s)
	}
	if _, ok := CharScores("x", "..."); ok {
		t.Error("empty gold scored")
	}
}

func TestShingles(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	// 5 gold tokens: shingles abcd, bcde; extracted a b c d: shingle abcd.
	o := ShingleOutcome("a b c d", "a b c d e")
	if !near(o.TP, 0.5) || !near(o.FP, 0) || !near(o.FN, 0.5) {
		t.Errorf("outcome %+v", o)
	}
	if o := ShingleOutcome("", ""); o != (Shingles{TP: 1}) {
		t.Errorf("both empty: %+v", o)
	}
	if o := ShingleOutcome("x y z w", ""); o != (Shingles{FP: 1}) {
		t.Errorf("no gold: %+v", o)
	}
	if o := ShingleOutcome("", "x y z w"); o != (Shingles{FN: 1}) {
		t.Errorf("nothing extracted: %+v", o)
	}
	s := ShingleScores([]Shingles{{TP: 0.5, FN: 0.5}, {TP: 1}})
	if !near(s.Precision, 1) || !near(s.Recall, 0.75) || !near(s.F1, 2*0.75/1.75) {
		t.Errorf("scores %+v", s)
	}
}

func TestBootstrap(t *testing.T) {
	xs := make([]float64, 200)
	for i := range xs {
		xs[i] = float64(i % 2)
	}
	iv := Bootstrap(xs)
	if iv.Mean != 0.5 || !(iv.Low < 0.5 && iv.High > 0.5) || iv.High-iv.Low > 0.2 {
		t.Errorf("interval %+v", iv)
	}
	if again := Bootstrap(xs); again != iv {
		t.Error("not reproducible")
	}
	if (Bootstrap(nil) != Interval{}) {
		t.Error("empty input")
	}
}
