package infer

import (
	"fmt"
	"math"

	"github.com/boilernet/boilernet/tokenize"
)

// Decoder is a neural model with a decoding: a Labeler that gives each
// block the model's probability and selects the blocks the decoding keeps.
// The extractors of a model (New, Load, NewEnsemble, Default) run one with
// DefaultDecoding().
type Decoder struct {
	model     *Model
	decoding  Decoding
	threshold float64
}

// NewDecoder returns the Decoder of md with decoding d and threshold (0:
// none; when not 0, each block is compared with it, Decoding.Threshold,
// instead of the default expected-F1 choice of each page: higher values
// trade recall for precision). The threshold is in [0, 1].
func NewDecoder(md *Model, d Decoding, threshold float64) (*Decoder, error) {
	if err := checkThreshold(threshold); err != nil {
		return nil, err
	}
	return &Decoder{model: md, decoding: d, threshold: threshold}, nil
}

// decoder is md's Decoder with the default decoding.
func (md *Model) decoder() *Decoder { return &Decoder{model: md} }

// Model returns the decoder's model.
func (d *Decoder) Model() *Model { return d.model }

// Label gives the blocks of page the model's probabilities and the
// decoding's verdicts (title is not used).
func (d *Decoder) Label(page *tokenize.Page, _ string) ([]float32, []bool, error) {
	probs := d.model.Probabilities(page.Blocks)
	selected, err := d.decoding.Select(page.Blocks, probs, d.threshold)
	if err != nil {
		return nil, nil, err
	}
	return probs, selected, nil
}

// Select labels blocks from their probabilities of being content, given
// by any model (one of your own, or Model.Probabilities adjusted), as a
// Decoder with decoding d and threshold (0: none) labels them from its
// model's. A probability outside [0, 1] (or NaN) is an error: a broken
// model.
func (d Decoding) Select(blocks []tokenize.Block, probs []float32, threshold float64) ([]bool, error) {
	if err := checkThreshold(threshold); err != nil {
		return nil, err
	}
	if len(probs) != len(blocks) {
		return nil, fmt.Errorf("infer: %d probabilities for %d blocks", len(probs), len(blocks))
	}
	for i, p := range probs {
		if !(p >= 0 && p <= 1) { // NaN too
			return nil, fmt.Errorf("infer: block %d has the probability %v (a broken model)", i, p)
		}
	}
	return d.decode(blocks, probs, threshold), nil
}

func checkThreshold(t float64) error {
	if math.IsNaN(t) || t < 0 || t > 1 {
		return fmt.Errorf("infer: threshold %v outside [0, 1]", t)
	}
	return nil
}
