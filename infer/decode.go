package infer

import (
	"fmt"
	"strings"

	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/tokenize"
)

// Decoding says how block probabilities become content blocks. The zero
// value, DecodeDefault, is the per-block threshold with repeated
// paragraphs dropped.
type Decoding struct {
	// Paragraphs keeps or drops each paragraph (blocks with no block-level
	// boundary between them, e.g. a sentence split by a link) whole, by
	// the word-weighted mean probability of its blocks.
	Paragraphs bool
	// Hidden drops blocks hidden from readers (tokenize.Block.Hidden).
	Hidden bool
	// Isolated drops short selected paragraphs (fewer than isolatedWords
	// words) that lie more than isolatedGap blocks away from any selected
	// paragraph of at least isolatedWords words.
	Isolated bool
	// KeepRepeats keeps a selected paragraph whose text (case and spacing
	// aside, at least minRepeatBytes long) a selected paragraph before it
	// already has. By default such repeats are dropped: pages repeat their
	// text for other screen sizes, quick views and sliders, and a reader
	// reads it once.
	KeepRepeats bool
	// KeepGaps leaves unselected the blocks inside a line of selected text
	// (a link or <code> in the middle of a sentence the model keeps). By
	// default such gaps are selected (fillGaps), so that no sentence loses
	// a part.
	KeepGaps bool
	// Bylines drops the bylines (metadata.IsByline) among the selected
	// paragraphs before the body (the first selected paragraph of
	// bodyWords words or more).
	Bylines bool
}

// Named decodings.
var (
	// DecodeDefault thresholds each block, drops repeated paragraphs and
	// fills gaps in lines.
	DecodeDefault = Decoding{}
	// DecodeBlocks thresholds each block and nothing else, as the paper.
	DecodeBlocks = Decoding{KeepRepeats: true, KeepGaps: true}
	// DecodeStructure adds the paragraphs, hidden and isolated steps.
	DecodeStructure = Decoding{Paragraphs: true, Hidden: true, Isolated: true}
)

const (
	minRepeatBytes = 15
	isolatedWords  = 10
	isolatedGap    = 20
)

// ParseDecoding reads a decoding name: "default", "blocks", "structure",
// or steps joined by "/" ("paragraphs", "hidden", "isolated",
// "keep-repeats", "keep-gaps", "bylines"), each added to the default.
func ParseDecoding(s string) (Decoding, error) {
	switch s {
	case "default":
		return DecodeDefault, nil
	case "blocks":
		return DecodeBlocks, nil
	case "structure":
		return DecodeStructure, nil
	}
	var d Decoding
	for step := range strings.SplitSeq(s, "/") {
		switch step {
		case "paragraphs":
			d.Paragraphs = true
		case "hidden":
			d.Hidden = true
		case "isolated":
			d.Isolated = true
		case "keep-repeats":
			d.KeepRepeats = true
		case "keep-gaps":
			d.KeepGaps = true
		case "bylines":
			d.Bylines = true
		default:
			return Decoding{}, fmt.Errorf("unknown decoding %q (default, blocks, structure, or steps joined by /: paragraphs, hidden, isolated, keep-repeats, keep-gaps, bylines)", s)
		}
	}
	return d, nil
}

// String is the name ParseDecoding reads.
func (d Decoding) String() string {
	switch d {
	case DecodeDefault:
		return "default"
	case DecodeBlocks:
		return "blocks"
	case DecodeStructure:
		return "structure"
	}
	var steps []string
	if d.Paragraphs {
		steps = append(steps, "paragraphs")
	}
	if d.Hidden {
		steps = append(steps, "hidden")
	}
	if d.Isolated {
		steps = append(steps, "isolated")
	}
	if d.KeepRepeats {
		steps = append(steps, "keep-repeats")
	}
	if d.KeepGaps {
		steps = append(steps, "keep-gaps")
	}
	if d.Bylines {
		steps = append(steps, "bylines")
	}
	return strings.Join(steps, "/")
}

// decode labels blocks content from their probabilities.
func (d Decoding) decode(blocks []tokenize.Block, probs []float32, threshold float64) []bool {
	selected := make([]bool, len(blocks))
	var words []int // counted only for the steps that weigh blocks by them
	if d.Paragraphs || d.Isolated {
		words = make([]int, len(blocks))
		for i, b := range blocks {
			words[i] = tokenize.CountWords(b.Text)
		}
	}
	if d.Paragraphs {
		for start := 0; start < len(blocks); {
			end := start + 1
			for end < len(blocks) && blocks[end].Para == blocks[start].Para {
				end++
			}
			var sum, weight float64
			for i := start; i < end; i++ {
				w := float64(max(words[i], 1))
				sum += w * float64(probs[i])
				weight += w
			}
			keep := sum/weight >= threshold
			for i := start; i < end; i++ {
				selected[i] = keep
			}
			start = end
		}
	} else {
		for i, p := range probs {
			selected[i] = float64(p) >= threshold
		}
	}
	if d.Hidden {
		for i, b := range blocks {
			if b.Hidden {
				selected[i] = false
			}
		}
	}
	if d.Isolated {
		dropIsolated(blocks, words, selected)
	}
	if !d.KeepRepeats {
		dropRepeats(blocks, selected)
	}
	if !d.KeepGaps {
		fillGaps(blocks, selected)
	}
	if d.Bylines {
		dropBylines(blocks, selected)
	}
	return selected
}

// dropRepeats unselects selected paragraphs whose normalised text equals
// that of an earlier selected paragraph.
func dropRepeats(blocks []tokenize.Block, selected []bool) {
	seen := make(map[string]bool)
	var key strings.Builder
	for start := 0; start < len(blocks); {
		if !selected[start] {
			start++
			continue
		}
		end := start + 1
		for end < len(blocks) && selected[end] && blocks[end].Para == blocks[start].Para {
			end++
		}
		key.Reset()
		for i := start; i < end; i++ {
			for _, f := range strings.Fields(blocks[i].Text) {
				key.WriteString(strings.ToLower(f))
				key.WriteByte(' ')
			}
		}
		if k := key.String(); len(k) >= minRepeatBytes {
			if seen[k] {
				for i := start; i < end; i++ {
					selected[i] = false
				}
			}
			seen[k] = true
		}
		start = end
	}
}

// dropIsolated unselects short selected paragraphs far from any long
// selected paragraph.
func dropIsolated(blocks []tokenize.Block, words []int, selected []bool) {
	type para struct{ start, end, words int }
	var paras []para
	for i := range blocks {
		if !selected[i] {
			continue
		}
		if n := len(paras); n > 0 && blocks[paras[n-1].end-1].Para == blocks[i].Para {
			paras[n-1].end = i + 1
			paras[n-1].words += words[i]
			continue
		}
		paras = append(paras, para{i, i + 1, words[i]})
	}
	var anchors []para
	for _, p := range paras {
		if p.words >= isolatedWords {
			anchors = append(anchors, p)
		}
	}
	if len(anchors) == 0 {
		return
	}
	k := 0 // first anchor ending after the paragraph's start
	for _, p := range paras {
		if p.words >= isolatedWords {
			continue
		}
		for k < len(anchors) && anchors[k].end <= p.start {
			k++
		}
		near := false
		if k > 0 && p.start-anchors[k-1].end < isolatedGap {
			near = true
		}
		if k < len(anchors) && anchors[k].start-p.end < isolatedGap {
			near = true
		}
		if !near {
			for i := p.start; i < p.end; i++ {
				selected[i] = false
			}
		}
	}
}

// dropBylines unselects the selected paragraphs before the body (the first
// selected paragraph of bodyWords words or more) whose text is a byline.
func dropBylines(blocks []tokenize.Block, selected []bool) {
	leadParagraphs(blocks, selected, func(idx []int, text string, body bool) bool {
		if !body && metadata.IsByline(text) {
			for _, i := range idx {
				selected[i] = false
			}
		}
		return true
	})
}
