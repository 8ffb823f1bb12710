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

// PoolMeans sets each row r of out (rows × width, row-major) to the mean
// of the rows of h in r's group (groups[r]; rows of group -1, padding, get
// zeros). The sums run over a group's rows in order, so that a page alone
// and the same page in a batch give the same bits. scratch is reused
// between calls.
func PoolMeans(h []float32, width int, groups []int32, out []float32, scratch *[]float32) {
	n := int32(0)
	for _, g := range groups {
		n = max(n, g+1)
	}
	sums := grow(*scratch, int(n)*(width+1))
	*scratch = sums
	clear(sums)
	counts := sums[int(n)*width:]
	for r, g := range groups {
		if g < 0 {
			continue
		}
		s := sums[int(g)*width : int(g)*width+width]
		for j, v := range h[r*width : r*width+width] {
			s[j] += v
		}
		counts[g]++
	}
	for r, g := range groups {
		o := out[r*width : r*width+width]
		if g < 0 {
			clear(o)
			continue
		}
		s := sums[int(g)*width : int(g)*width+width]
		for j := range o {
			o[j] = s[j] / counts[g]
		}
	}
}
