package decode

import (
	"fmt"
	"math"

	"github.com/boilernet/boilernet/tokenize"
)

// Select labels blocks from their probabilities of being content, given
// by any model (one of your own, or ensemble.Model.Probabilities
// adjusted), with decoding d: its Threshold, when not 0, compares each
// block with it instead of making each page's expected-F1 choice (higher
// values trade recall for precision). A threshold outside [0, 1], or a
// probability outside [0, 1] (or NaN: a broken model), is an error.
func (d Decoding) Select(blocks []tokenize.Block, probs []float32) ([]bool, error) {
	if err := checkThreshold(d.Threshold); err != nil {
		return nil, err
	}
	if len(probs) != len(blocks) {
		return nil, fmt.Errorf("decode: %d probabilities for %d blocks", len(probs), len(blocks))
	}
	for i, p := range probs {
		if !(p >= 0 && p <= 1) { // NaN too
			return nil, fmt.Errorf("decode: block %d has the probability %v (a broken model)", i, p)
		}
	}
	return d.decode(blocks, probs), nil
}

func checkThreshold(t float64) error {
	if math.IsNaN(t) || t < 0 || t > 1 {
		return fmt.Errorf("decode: threshold %v outside [0, 1]", t)
	}
	return nil
}
