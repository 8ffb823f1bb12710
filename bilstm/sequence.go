package bilstm

import (
	"fmt"

	"github.com/boilernet/boilernet/vocab"
)

// Sequence is one page as the network sees it: one sparse row per block
// and, for training, one label per block.
type Sequence struct {
	Rows   [][]vocab.Entry
	Labels []bool // nil when unlabeled
	// Weights, when not nil, scale each block's loss weight (e.g. by its
	// length, so that long paragraphs count more than one-word links).
	Weights []float32
	// Targets, when not nil, are the training targets in [0, 1] instead
	// of the labels' 0 and 1 (soft labels, such as an ensemble's
	// probabilities); the labels still choose each block's class weight.
	Targets []float32
	// Groups are the block's pooling groups at each level of the
	// network's Config.Pool (PoolGroups of the page's blocks); nil for a
	// network without pooling.
	Groups [][]int32
}

// weight is the loss weight of block t before class weighting.
func (s *Sequence) weight(t int) float32 {
	if s.Weights == nil {
		return 1
	}
	return s.Weights[t]
}

// Len is the number of blocks.
func (s *Sequence) Len() int { return len(s.Rows) }

// ClassWeights returns the "balanced" loss weights n/(2·n_class) for the
// boilerplate (index 0) and content (index 1) classes of the labels of seqs,
// where n counts blocks, or sums their Weights when sequences have them.
func ClassWeights(seqs []*Sequence) [2]float32 {
	var counts [2]float64
	for _, s := range seqs {
		for t, l := range s.Labels {
			if l {
				counts[1] += float64(s.weight(t))
			} else {
				counts[0] += float64(s.weight(t))
			}
		}
	}
	return BalancedWeights[float32](counts)
}

// BalancedWeights returns the "balanced" class weights n/(2·n_class) of
// the class counts (or summed sample weights) counts, computed in F; 0 for
// a class that does not occur. The model's loss (ClassWeights) and the
// shallow tree's samples (package train) weigh their classes so.
func BalancedWeights[F float32 | float64](counts [2]float64) [2]F {
	n := counts[0] + counts[1]
	var w [2]F
	for i, c := range counts {
		if c > 0 {
			w[i] = F(n) / F(2*c)
		}
	}
	return w
}

// NewBatch lays out sequences (sorted longest first, none empty) as a
// padded batch. With labels, Y holds them and W the class weight of each
// row divided by the number of rows, so the loss is a weighted mean.
func NewBatch(seqs []*Sequence, classWeights [2]float32) (*Batch, error) {
	lay := Layout{}
	for i, s := range seqs {
		if s.Len() == 0 {
			return nil, fmt.Errorf("bilstm: sequence %d is empty", i)
		}
		lay.Lens = append(lay.Lens, s.Len())
		lay.T = max(lay.T, s.Len())
	}
	if err := lay.Check(); err != nil {
		return nil, err
	}
	levels := 0
	if len(seqs) > 0 {
		levels = len(seqs[0].Groups)
	}
	var err error
	if lay.Groups, err = batchGroups(seqs, lay, levels); err != nil {
		return nil, err
	}
	n := lay.N()
	b := &Batch{Layout: lay, X: &Sparse{Start: make([]int, 1, n+1)}, Y: make([]float32, n), W: make([]float32, n)}
	valid := float32(lay.Valid())
	for bi, s := range seqs {
		for t := range lay.T {
			if t < s.Len() {
				for _, e := range s.Rows[t] {
					b.X.Cols = append(b.X.Cols, e.Col)
					b.X.Vals = append(b.X.Vals, e.Count)
				}
				if s.Labels != nil {
					r := bi*lay.T + t
					if s.Labels[t] {
						b.Y[r] = 1
						b.W[r] = s.weight(t) * classWeights[1] / valid
					} else {
						b.W[r] = s.weight(t) * classWeights[0] / valid
					}
					if s.Targets != nil {
						b.Y[r] = s.Targets[t]
					}
				}
			}
			b.X.Start = append(b.X.Start, len(b.X.Cols))
		}
	}
	return b, nil
}
