package decode

import (
	"math"

	"github.com/boilernet/boilernet/tokenize"
)

// Confidence returns the expected token F1 of a page's selection under
// the classifier's probabilities: each block's probability, its odds scaled
// by f1Odds as the expected-F1 choice reads it, is the chance that its
// words are content, and the expected F1 is 2·Σ_kept q·w / (Σ_kept w +
// Σ_all q·w) over the blocks' words w. When nothing is kept, it is the
// chance that the page has no content at all, Π(1 − q) (1 for a page
// without text). It is -1, none, when the classifier gives verdicts only
// (every probability of a page with text 0 or 1).
func Confidence(blocks []tokenize.Block, probs []float32, selected []bool) float64 {
	graded := len(probs) == 0
	for _, p := range probs {
		if p > 0 && p < 1 {
			graded = true
			break
		}
	}
	if !graded {
		return -1
	}
	var tp, kept, gold, logNone float64
	for i, b := range blocks {
		q := scaleOdds(float64(probs[i]), f1Odds)
		w := float64(b.Words)
		gold += q * w
		if w > 0 {
			logNone += math.Log1p(-min(q, 1-1e-12))
		}
		if selected[i] {
			tp += q * w
			kept += w
		}
	}
	if kept == 0 {
		return math.Exp(logNone)
	}
	return 2 * tp / (kept + gold)
}
