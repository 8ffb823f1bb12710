package infer

import "github.com/boilernet/boilernet/tokenize"

// maxGapWords is the most words of a gap that fillGaps fills.
const maxGapWords = 30

// fillGaps selects the unselected blocks that lie inside a line of
// selected text: a run of unselected blocks whose neighbours on both sides
// are selected and which shares their paragraph and line (a link, a <code>
// or an emphasised word in the middle of a sentence), at most maxGapWords
// words and not hidden from readers. Left out, such a run would cut a
// sentence the reader sees whole.
func fillGaps(blocks []tokenize.Block, selected []bool) {
	for i := 1; i < len(blocks); i++ {
		if selected[i] || !selected[i-1] {
			continue
		}
		j, words := i, 0
		for j < len(blocks) && !selected[j] && !blocks[j].Hidden && sameLine(blocks[j], blocks[i-1]) && words <= maxGapWords {
			words += blocks[j].Words
			j++
		}
		if j < len(blocks) && selected[j] && sameLine(blocks[j], blocks[i-1]) && words <= maxGapWords {
			for k := i; k < j; k++ {
				selected[k] = true
			}
		}
		i = j
	}
}

func sameLine(a, b tokenize.Block) bool { return a.Para == b.Para && a.Line == b.Line }

// fillCode selects the code listings in the article's flow: a run of
// unselected blocks under <pre> elements, not hidden, whose neighbouring
// blocks on both sides are selected (a listing between two paragraphs the
// model keeps). The network reads a listing's tokens as words it rarely
// saw in content; a reader of a tutorial reads the listing as part of it.
func fillCode(blocks []tokenize.Block, selected []bool) {
	for i := 1; i < len(blocks); i++ {
		if selected[i] || !selected[i-1] || !inPre(blocks[i]) {
			continue
		}
		j := i
		for j < len(blocks) && !selected[j] && !blocks[j].Hidden && inPre(blocks[j]) {
			j++
		}
		if j < len(blocks) && selected[j] {
			for k := i; k < j; k++ {
				selected[k] = true
			}
		}
		i = j
	}
}

// inPre reports whether a block lies under a <pre>.
func inPre(b tokenize.Block) bool { return onPath(b, "pre") }
