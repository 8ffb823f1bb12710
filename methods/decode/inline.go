package decode

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

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

// fillCode selects the code listings and formulas in the article's flow:
// a run of unselected blocks under <pre> or <math> elements, not hidden,
// whose neighbouring blocks on both sides are selected (a listing between
// two paragraphs the model keeps, a display formula after "as follows:"),
// and the one listing or formula that a selected lead-in ending in a
// colon introduces ("For example:" at a section's end, the page's last
// listing). The network reads a listing's tokens and a formula's symbols
// as words it rarely saw in content; a reader of a tutorial or an
// encyclopedia reads them as part of it.
func fillCode(blocks []tokenize.Block, selected []bool) {
	for i := 1; i < len(blocks); i++ {
		if selected[i] || !selected[i-1] || !inFlowBlock(blocks[i]) {
			continue
		}
		j := i
		for j < len(blocks) && !selected[j] && !blocks[j].Hidden && inFlowBlock(blocks[j]) {
			j++
		}
		switch {
		case j < len(blocks) && selected[j]:
			for k := i; k < j; k++ {
				selected[k] = true
			}
		case strings.HasSuffix(strings.TrimSpace(blocks[i-1].Text), ":"):
			first := flowElement(blocks[i].Node)
			for k := i; k < j && flowElement(blocks[k].Node) == first; k++ {
				selected[k] = true
			}
		}
		i = j
	}
}

// flowElement returns the outermost <pre> or <math> element above a text
// node (the listing or formula it is part of), or nil.
func flowElement(n *html.Node) *html.Node {
	var outer *html.Node
	for p := n; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && (p.DataAtom == atom.Pre || p.DataAtom == atom.Math) {
			outer = p
		}
	}
	return outer
}

// inFlowBlock reports whether a block lies under a <pre> or a <math>: a
// listing or a formula that fillCode keeps between kept paragraphs.
func inFlowBlock(b tokenize.Block) bool { return onPath(b, "pre") || onPath(b, "math") }

// wholeLines makes whole the lines whose selected part starts or ends in
// the middle of a sentence beside unselected text of the same line: the
// line is kept whole when the selected part holds at least as many words
// as the rest, and dropped whole otherwise. A reader sees a line that
// begins ". Our cleaners" or stops at "you agree to its" as broken.
func wholeLines(blocks []tokenize.Block, selected []bool) {
	for start := 0; start < len(blocks); {
		end := start + 1
		for end < len(blocks) && sameLine(blocks[end], blocks[start]) {
			end++
		}
		if half(blocks[start:end], selected[start:end]) {
			kept, dropped := 0, 0
			for i := start; i < end; i++ {
				if blocks[i].Hidden {
					continue
				}
				if selected[i] {
					kept += blocks[i].Words
				} else {
					dropped += blocks[i].Words
				}
			}
			on := kept >= dropped
			for i := start; i < end; i++ {
				if !blocks[i].Hidden {
					selected[i] = on
				}
			}
		}
		start = end
	}
}

// half reports whether a line's selection cuts a sentence: its first
// selected block follows unselected words of the line and starts with a
// lowercase letter or punctuation that continues a sentence, or its last
// selected block comes before unselected words and does not end one.
func half(line []tokenize.Block, selected []bool) bool {
	first, last := -1, -1
	for i := range line {
		if selected[i] {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return false
	}
	wordsIn := func(bs []tokenize.Block, sel []bool) bool {
		for i, b := range bs {
			if !sel[i] && !b.Hidden && b.Words > 0 {
				return true
			}
		}
		return false
	}
	if wordsIn(line[:first], selected[:first]) && continuesSentence(line[first].Text) {
		return true
	}
	return wordsIn(line[last+1:], selected[last+1:]) && !endsSentence(line[last].Text)
}

// continuesSentence reports whether text starts inside a sentence: with a
// lowercase letter or with , ; : . ) or a dash.
func continuesSentence(text string) bool {
	t := strings.TrimLeftFunc(text, unicode.IsSpace)
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLower(r) || strings.ContainsRune(",;:.)–—-", r)
}

// endsSentence reports whether text ends a sentence: with . ! ? or a
// closing quote or bracket after one, or a colon.
func endsSentence(text string) bool {
	t := strings.TrimRightFunc(text, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune("\"'”’»)]", r) })
	r, _ := utf8.DecodeLastRuneInString(t)
	return strings.ContainsRune(".!?:…。！？", r)
}

// fillAnswers selects the answer (<dd>) under a selected question or term
// (<dt>) when none of it is selected: a FAQ that keeps "Will CBD make me
// hungry?" keeps what it says.
func fillAnswers(blocks []tokenize.Block, selected []bool) {
	for i := 0; i < len(blocks); i++ {
		dt := nearest(blocks[i], "dt")
		if dt == nil || !selected[i] {
			continue
		}
		j := i + 1
		for j < len(blocks) && nearest(blocks[j], "dt") == dt {
			j++
		}
		dd := (*tokenize.Element)(nil)
		if j < len(blocks) {
			dd = nearest(blocks[j], "dd")
		}
		if dd == nil {
			i = j - 1
			continue
		}
		k := j
		any := false
		for k < len(blocks) && nearest(blocks[k], "dd") == dd {
			any = any || selected[k]
			k++
		}
		if !any {
			for m := j; m < k; m++ {
				selected[m] = !blocks[m].Hidden
			}
		}
		i = k - 1
	}
}
