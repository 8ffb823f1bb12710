package bilstm

import (
	"fmt"
	"slices"

	"github.com/boilernet/boilernet/tokenize"
)

// MaxPool bounds Config.Pool: the levels whose pooled states the output
// layer reads.
const MaxPool = 4

// checkPool reports pooling levels that cannot be built: each from 1 to
// 16, distinct, at most MaxPool of them.
func checkPool(levels []int) error {
	if len(levels) > MaxPool {
		return fmt.Errorf("bilstm: %d pooling levels, at most %d", len(levels), MaxPool)
	}
	for i, l := range levels {
		if l < 1 || l > 16 || slices.Contains(levels[:i], l) {
			return fmt.Errorf("bilstm: pooling levels %v: each from 1 to 16, distinct", levels)
		}
	}
	return nil
}

// outputWidth is the width of the output layer's input: the last LSTM
// layer's two directions, and the same again pooled at each level of
// c.Pool.
func (c Config) outputWidth() int { return 2 * c.Hidden * (1 + len(c.Pool)) }

// PoolGroups numbers, for each level of levels, the groups of a page's
// blocks that share their ancestor that many levels up (1: the parent,
// 2: the grandparent; the root for a block less deep): groups[k][i] is
// block i's group at levels[k], groups numbered from 0 in order of their
// first block. It is nil when levels is empty.
func PoolGroups(blocks []tokenize.Block, levels []int) [][]int32 {
	if len(levels) == 0 {
		return nil
	}
	groups := make([][]int32, len(levels))
	ids := map[*tokenize.Element]int32{}
	for k, level := range levels {
		clear(ids)
		g := make([]int32, len(blocks))
		for i, b := range blocks {
			var el *tokenize.Element // nil: blocks without ancestors
			if n := len(b.Ancestors); n > 0 {
				el = b.Ancestors[max(0, n-level)]
			}
			id, ok := ids[el]
			if !ok {
				id = int32(len(ids))
				ids[el] = id
			}
			g[i] = id
		}
		groups[k] = g
	}
	return groups
}
