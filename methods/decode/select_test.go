package decode

import (
	"slices"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

// Decoding.Select decodes probabilities from anywhere, as an extractor
// decodes the model's, and refuses a count that is not the blocks'.
func TestDecodingSelect(t *testing.T) {
	page, err := tokenize.Parse([]byte(`<p>A first paragraph of the article, long enough to keep.</p><ul><li><a href="/">Home</a></li></ul><p>A second paragraph of the article.</p>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		probs     []float32
		threshold float64
		want      []bool
	}{
		{[]float32{0.99, 0.01, 0.95}, 0, []bool{true, false, true}},
		{[]float32{0.99, 0.01, 0.95}, 0.97, []bool{true, false, false}},
		{[]float32{0.01, 0.01, 0.01}, 0, []bool{false, false, false}},
	} {
		got, err := Decoding{Threshold: tc.threshold}.Select(page.Blocks, tc.probs)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Select(%v, %v) = %v, %v; want %v", tc.probs, tc.threshold, got, err, tc.want)
		}
	}
	if _, err := Default().Select(page.Blocks, []float32{1}); err == nil {
		t.Error("one probability for three blocks: no error")
	}
	if _, err := (Decoding{Threshold: 2}).Select(page.Blocks, []float32{1, 1, 1}); err == nil {
		t.Error("threshold 2: no error")
	}
}
