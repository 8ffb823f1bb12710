package decode

import (
	"math"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func TestConfidence(t *testing.T) {
	p, err := tokenize.Parse([]byte(`<p>one two three four</p><p>five six</p><p>seven eight nine ten</p>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	blocks := p.Blocks // 4, 2 and 4 words
	q := func(p float32) float64 { return scaleOdds(float64(p), f1Odds) }
	tests := []struct {
		name     string
		probs    []float32
		selected []bool
		want     float64
	}{
		{"sure and right", []float32{0.999999, 0.000001, 0.999999}, []bool{true, false, true}, 2 * 8 * q(0.999999) / (8 + 8*q(0.999999) + 2*q(0.000001))},
		{"unsure", []float32{0.6, 0.5, 0.6}, []bool{true, false, true}, 2 * 8 * q(0.6) / (8 + 8*q(0.6) + 2*q(0.5))},
		{"nothing kept", []float32{0.1, 0.2, 0.1}, []bool{false, false, false}, (1 - q(0.1)) * (1 - q(0.2)) * (1 - q(0.1))},
		{"verdicts only", []float32{1, 0, 1}, []bool{true, false, true}, -1},
	}
	for _, tt := range tests {
		got := Confidence(blocks, tt.probs, tt.selected)
		if math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: confidence %v, want %v", tt.name, got, tt.want)
		}
	}
	if got := Confidence(nil, nil, nil); got != 1 {
		t.Errorf("a page without text: confidence %v, want 1", got)
	}
	sure := Confidence(blocks, []float32{0.99, 0.01, 0.99}, []bool{true, false, true})
	unsure := Confidence(blocks, []float32{0.6, 0.5, 0.6}, []bool{true, false, true})
	if !(sure > 0.9 && unsure < sure) {
		t.Errorf("confidence %v for a sure page, %v for an unsure one", sure, unsure)
	}
}
