// Package eval measures extraction quality: block-level precision, recall
// and F1 of both classes against aligned block labels, and the token-level
// bag-of-words scores of the extracted text against the gold text.
package eval

import "fmt"

// PRF is precision, recall and F1 of one class.
type PRF struct {
	Precision, Recall, F1 float64
}

// String formats the three values to three decimals.
func (s PRF) String() string {
	return fmt.Sprintf("P %.3f R %.3f F1 %.3f", s.Precision, s.Recall, s.F1)
}

// Counts accumulates a confusion matrix over blocks (content is the
// positive class).
type Counts struct {
	TP, FP, FN, TN int
}

// Add counts one block: its predicted and gold labels.
func (c *Counts) Add(pred, gold bool) {
	switch {
	case pred && gold:
		c.TP++
	case pred:
		c.FP++
	case gold:
		c.FN++
	default:
		c.TN++
	}
}

// AddAll counts blocks pairwise; the slices must have equal length.
func (c *Counts) AddAll(pred, gold []bool) {
	for i := range pred {
		c.Add(pred[i], gold[i])
	}
}

// Merge adds the counts of o.
func (c *Counts) Merge(o Counts) {
	c.TP += o.TP
	c.FP += o.FP
	c.FN += o.FN
	c.TN += o.TN
}

// BlockScores are the block-level scores of Leonhardt et al. (2020, Table
// 1): precision, recall and F1 of the content class and of the boilerplate
// class over all blocks, and the mean of the two F1 values.
type BlockScores struct {
	Content, Boilerplate PRF
	MeanF1               float64
}

// Scores computes the block-level scores. A class that is never predicted
// has precision 0 (and one that never occurs has recall 0), so F1 is 0
// rather than undefined.
func (c Counts) Scores() BlockScores {
	content := prf(c.TP, c.FP, c.FN)
	boiler := prf(c.TN, c.FN, c.FP)
	return BlockScores{Content: content, Boilerplate: boiler, MeanF1: (content.F1 + boiler.F1) / 2}
}

func prf(tp, fp, fn int) PRF {
	var s PRF
	if tp+fp > 0 {
		s.Precision = float64(tp) / float64(tp+fp)
	}
	if tp+fn > 0 {
		s.Recall = float64(tp) / float64(tp+fn)
	}
	if s.Precision+s.Recall > 0 {
		s.F1 = 2 * s.Precision * s.Recall / (s.Precision + s.Recall)
	}
	return s
}
