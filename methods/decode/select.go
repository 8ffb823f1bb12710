package decode

import (
	"fmt"
	"math"

	"github.com/boilernet/boilernet/tokenize"
)

// Select labels blocks from their probabilities of being content, given
// by any model (one of your own, or ensemble.Model.Probabilities
// adjusted), with decoding d and threshold (0: none; when not 0, each
// block is compared with it, Decoding.Threshold, instead of the default
// expected-F1 choice of each page: higher values trade recall for
// precision). A probability outside [0, 1] (or NaN) is an error: a broken
// model.
func (d Decoding) Select(blocks []tokenize.Block, probs []float32, threshold float64) ([]bool, error) {
	if err := checkThreshold(threshold); err != nil {
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
	return d.decode(blocks, probs, threshold), nil
}

func checkThreshold(t float64) error {
	if math.IsNaN(t) || t < 0 || t > 1 {
		return fmt.Errorf("decode: threshold %v outside [0, 1]", t)
	}
	return nil
}
