package graph

import (
	"fmt"

	"github.com/boilernet/boilernet/bilstm"
)

// Batch is one padded batch of sequences with its labels: what Run trains
// on.
type Batch struct {
	bilstm.Layout
	X *bilstm.Sparse // N rows (padding rows empty)
	// Y holds the label of each row (1 content, 0 boilerplate) and W its
	// loss weight (0 for padding rows).
	Y, W []float32
	// Words holds each row's words (0 for padding rows), for a loss over
	// the pages' token F1 (train sets it; nil is fine for a loss without
	// that term).
	Words []float32
	// Heads holds each page's dataset, for a graph with Heads (nil is
	// fine for one without).
	Heads []int
}

// Check verifies that the batch's arrays agree with its layout.
func (b *Batch) Check(inputs int) error {
	if err := b.Layout.Check(); err != nil {
		return err
	}
	n := b.N()
	if b.X == nil || b.X.Rows() != n || len(b.Y) != n || len(b.W) != n || b.Words != nil && len(b.Words) != n {
		return fmt.Errorf("graph: batch arrays do not have %d rows", n)
	}
	for _, c := range b.X.Cols {
		if c < 0 || int(c) >= inputs {
			return fmt.Errorf("graph: input column %d out of range [0, %d)", c, inputs)
		}
	}
	return nil
}
