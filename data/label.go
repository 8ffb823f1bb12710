package data

import (
	"math"

	"github.com/boilernet/boilernet/tokenize"
)

// Labeling is the result of aligning a page's blocks to its gold.
type Labeling struct {
	// Labels tells, per block, whether it is content.
	Labels []bool
	// GoldTokens counts the gold content tokens; Covered counts those
	// matched inside content-labeled blocks.
	GoldTokens, Covered int
}

// Coverage is the share of gold content tokens matched inside
// content-labeled blocks, or NaN when the gold has no content.
func (l Labeling) Coverage() float64 {
	if l.GoldTokens == 0 {
		return math.NaN()
	}
	return float64(l.Covered) / float64(l.GoldTokens)
}

// Label labels each block content or boilerplate by aligning the page's
// token stream to the gold token stream (see Align: an LCS-style alignment
// that is not quadratic in page length); tokens are those of AppendTokens. A block is content when more than half of its tokens
// are matched to gold content tokens. A block without such tokens (e.g. "|"
// or "»") is content when the nearest blocks with tokens on both sides are.
func Label(blocks []tokenize.Block, gold Gold) Labeling {
	ids := make(map[string]int32)
	intern := func(w string) int32 {
		id, ok := ids[w]
		if !ok {
			id = int32(len(ids))
			ids[w] = id
		}
		return id
	}

	var pageTokens []int32
	var tokenBlock []int32
	var words []string
	for i, b := range blocks {
		words = AppendTokens(words[:0], b.Text)
		for _, w := range words {
			pageTokens = append(pageTokens, intern(w))
			tokenBlock = append(tokenBlock, int32(i))
		}
	}
	var goldTokens []int32
	var goldContent []bool
	for _, s := range gold.Segments {
		words = AppendTokens(words[:0], s.Text)
		for _, w := range words {
			goldTokens = append(goldTokens, intern(w))
			goldContent = append(goldContent, s.Content)
		}
	}

	match := Align(pageTokens, goldTokens)
	total := make([]int, len(blocks))
	hits := make([]int, len(blocks))
	for i, j := range match {
		b := tokenBlock[i]
		total[b]++
		if j >= 0 && goldContent[j] {
			hits[b]++
		}
	}
	l := Labeling{Labels: make([]bool, len(blocks))}
	for i := range blocks {
		l.Labels[i] = 2*hits[i] > total[i]
	}
	fillTokenless(l.Labels, total)

	for _, c := range goldContent {
		if c {
			l.GoldTokens++
		}
	}
	for i, j := range match {
		if j >= 0 && goldContent[j] && l.Labels[tokenBlock[i]] {
			l.Covered++
		}
	}
	return l
}

// fillTokenless labels the blocks without tokens (total == 0) content when
// the nearest blocks with tokens before and after them are both content.
func fillTokenless(labels []bool, total []int) {
	prev := false
	for i := 0; i < len(labels); {
		if total[i] > 0 {
			prev = labels[i]
			i++
			continue
		}
		j := i
		for j < len(labels) && total[j] == 0 {
			j++
		}
		next := j < len(labels) && labels[j]
		for k := i; k < j; k++ {
			labels[k] = prev && next
		}
		i = j
	}
}

// AppendTokens appends the content tokens of text to dst: the
// tokenize.Words tokens that hold a letter or a digit (tokenize.IsWord).
// Punctuation is left out because gold files re-type it freely. Labels
// (Label) and the text metrics (package eval) count these tokens.
func AppendTokens(dst []string, text string) []string {
	start := len(dst)
	dst = tokenize.AppendWords(dst, text)
	kept := dst[:start]
	for _, w := range dst[start:] {
		if tokenize.IsWord(w) {
			kept = append(kept, w)
		}
	}
	return kept
}
