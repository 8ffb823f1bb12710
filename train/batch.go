package train

import (
	"fmt"
	"slices"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/train/graph"
)

// netInput is one page as the network sees it: one sparse row per block
// and, for training, one label per block.
type netInput struct {
	Rows   packedRows
	Labels []bool // nil when unlabeled
	// Weights, when not nil, scale each block's loss weight (e.g. by its
	// length, so that long paragraphs count more than one-word links).
	Weights []float32
	// Targets, when not nil, are the training targets in [0, 1] instead
	// of the labels' 0 and 1 (soft labels, such as an ensemble's
	// probabilities); the labels still choose each block's class weight.
	Targets []float32
	// Groups are the block's pooling groups at each level of the
	// network's Config.Pool (bilstm.PoolGroups of the page's blocks); nil
	// for a network without pooling.
	Groups [][]int32
	// Head is the page's dataset, for training with dataset heads.
	Head int
}

// weight is the loss weight of block t before class weighting.
func (s *netInput) weight(t int) float32 {
	if s.Weights == nil {
		return 1
	}
	return s.Weights[t]
}

// Len is the number of blocks.
func (s *netInput) Len() int { return s.Rows.Len() }

// classWeights returns the "balanced" loss weights n/(2·n_class) for the
// boilerplate (index 0) and content (index 1) classes of the labels of seqs,
// where n counts blocks, or sums their Weights when sequences have them.
func classWeights(seqs []*netInput) [2]float32 {
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
	return balancedWeights[float32](counts)
}

// balancedWeights returns the "balanced" class weights n/(2·n_class) of
// the class counts (or summed sample weights) counts, computed in F; 0 for
// a class that does not occur. The network's loss (classWeights) and the
// shallow tree's samples weigh their classes so.
func balancedWeights[F float32 | float64](counts [2]float64) [2]F {
	n := counts[0] + counts[1]
	var w [2]F
	for i, c := range counts {
		if c > 0 {
			w[i] = F(n) / F(2*c)
		}
	}
	return w
}

// newBatch lays out sequences (sorted longest first, none empty) as a
// padded batch without its input rows (X is nil: inputRows lays them out
// when the batch runs). With labels, Y holds them and W the class weight
// of each row divided by the number of rows, so the loss is a weighted
// mean.
func newBatch(seqs []*netInput, classWeights [2]float32) (*graph.Batch, error) {
	lay := bilstm.Layout{}
	for i, s := range seqs {
		if s.Len() == 0 {
			return nil, fmt.Errorf("train: sequence %d is empty", i)
		}
		lay.Lens = append(lay.Lens, s.Len())
		lay.T = max(lay.T, s.Len())
	}
	heads := make([]int, len(seqs))
	for i, s := range seqs {
		heads[i] = s.Head
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
	b := &graph.Batch{Layout: lay, Y: make([]float32, n), W: make([]float32, n), Heads: heads}
	valid := float32(lay.Valid())
	for bi, s := range seqs {
		if s.Labels == nil {
			continue
		}
		for t := range s.Len() {
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
	return b, nil
}

// inputRows lays out the input rows of seqs, the sequences of a batch
// laid out as lay, in x (its slices reused) and returns x: each sequence's
// rows, then empty rows up to lay.T.
func inputRows(seqs []*netInput, lay bilstm.Layout, x *bilstm.Sparse) *bilstm.Sparse {
	entries := 0
	for _, s := range seqs {
		entries += s.Rows.size()
	}
	x.Start = append(slices.Grow(x.Start[:0], lay.N()+1), 0)
	x.Cols = slices.Grow(x.Cols[:0], entries)
	x.Vals = slices.Grow(x.Vals[:0], entries)
	for _, s := range seqs {
		s.Rows.appendTo(x)
		for range lay.T - s.Len() {
			x.Start = append(x.Start, len(x.Cols))
		}
	}
	return x
}

// batchGroups lays the pooling groups of sequences out as a batch's rows
// (bilstm.Layout.Groups): each sequence's groups numbered after the
// previous sequence's, -1 on padding rows.
func batchGroups(seqs []*netInput, lay bilstm.Layout, levels int) ([][]int32, error) {
	if levels == 0 {
		return nil, nil
	}
	out := make([][]int32, levels)
	for k := range out {
		g := make([]int32, lay.N())
		for i := range g {
			g[i] = -1
		}
		var offset int32
		for b, s := range seqs {
			if len(s.Groups) != levels || len(s.Groups[k]) != s.Len() {
				return nil, fmt.Errorf("train: sequence %d has pooling groups for %d levels, want %d", b, len(s.Groups), levels)
			}
			var most int32
			for t, id := range s.Groups[k] {
				g[b*lay.T+t] = offset + id
				most = max(most, id+1)
			}
			offset += most
		}
		out[k] = g
	}
	return out, nil
}
