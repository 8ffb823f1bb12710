package decode

import (
	"slices"
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
		case endsInColon(blocks[i-1].Text):
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
// the middle of a sentence, or is a value without its label, beside
// unselected text of the same line: the
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

// wholeWords gives the parts of one word one decision: blocks written
// with no space between them (a price's "<sup>$</sup>1,946<sup>.95</sup>")
// of which the selected parts hold words and the others none are
// selected whole, and the selected parts that hold no words beside
// unselected parts that do are unselected. A reader sees "1,946.95" or
// a "$" alone as a broken price.
func wholeWords(blocks []tokenize.Block, selected []bool) {
	for start := 0; start < len(blocks); {
		end := start + 1
		for end < len(blocks) && !blocks[end].SpaceBefore && blocks[end].Line == blocks[start].Line &&
			!blocks[end].Hidden && !blocks[end-1].Hidden {
			end++
		}
		if end-start > 1 {
			keptWords, droppedWords := 0, 0
			for i := start; i < end; i++ {
				if selected[i] {
					keptWords += blocks[i].Words
				} else {
					droppedWords += blocks[i].Words
				}
			}
			switch {
			case keptWords > 0 && droppedWords == 0:
				for i := start; i < end; i++ {
					selected[i] = true
				}
			case keptWords == 0 && droppedWords > 0:
				clear(selected[start:end])
			}
		}
		start = end
	}
}

// half reports whether a line's selection cuts a sentence: its first
// selected block follows unselected words of the line and starts with a
// lowercase letter or punctuation that continues a sentence, or follows
// the label it is the value of ("Item#:", "First posted:"), or its last
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
	if wordsIn(line[:first], selected[:first]) && (continuesSentence(line[first].Text) || line[first-1].Words > 0 && endsInColon(line[first-1].Text)) {
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

// maxItemWords is the most words of a list item or table row that
// fillItems selects.
const maxItemWords = 80

// fillItems selects a list item or table row left out between two selected
// siblings: an item (<li>, <tr>) none of whose blocks is selected, whose
// previous and next items under the same parent are selected whole, stand
// right before and after it and have its attributes (and, rows, its number
// of cells), of at most maxItemWords words, not hidden, not mostly link
// text (a related story in a list) and not a one-cell row (a layout
// table's). A reader sees a hole in the list: a step of a procedure, a row
// of a specification table that the network judged apart from its
// siblings.
func fillItems(blocks []tokenize.Block, selected []bool) {
	type item struct {
		el, parent *tokenize.Element
		start, end int // its blocks
		none, all  bool
		words      int
		linkWords  int
		hidden     bool
	}
	var items []item
	for i := 0; i < len(blocks); {
		el, parent := innerItem(blocks[i])
		if el == nil {
			i++
			continue
		}
		it := item{el: el, parent: parent, start: i, none: true, all: true}
		for i < len(blocks) && slices.Contains(blocks[i].Ancestors, el) {
			b := blocks[i]
			if e, _ := innerItem(b); e == el { // not a nested item's block
				it.words += b.Words
				if b.InLink {
					it.linkWords += b.Words
				}
				it.hidden = it.hidden || b.Hidden
				if b.Words > 0 || strings.TrimSpace(b.Text) != "" {
					it.none = it.none && !selected[i]
					it.all = it.all && selected[i]
				}
			}
			i++
		}
		it.end = i
		items = append(items, it)
	}
	for k := 1; k+1 < len(items); k++ {
		prev, it, next := items[k-1], items[k], items[k+1]
		if !it.none || it.hidden || it.words == 0 || it.words > maxItemWords || 2*it.linkWords > it.words ||
			prev.parent != it.parent || next.parent != it.parent || !prev.all || !next.all ||
			prev.end != it.start || it.end != next.start ||
			!slices.Equal(prev.el.Attrs, it.el.Attrs) || !slices.Equal(next.el.Attrs, it.el.Attrs) ||
			cells(blocks[it.start]) == 1 || cells(blocks[prev.start]) != cells(blocks[it.start]) || cells(blocks[next.start]) != cells(blocks[it.start]) {
			continue
		}
		for i := it.start; i < it.end; i++ {
			selected[i] = true
		}
		items[k].none, items[k].all = false, true
	}
}

// innerItem returns the innermost <li> or <tr> above a block and the
// element right above it, or nils.
func innerItem(b tokenize.Block) (el, parent *tokenize.Element) {
	for d := len(b.Ancestors) - 1; d > 0; d-- {
		if n := b.Ancestors[d].Name; n == "li" || n == "tr" {
			return b.Ancestors[d], b.Ancestors[d-1]
		}
	}
	return nil, nil
}

// cells returns the number of cells (<td>, <th>) of the table row above a
// block's node, or 0 when it lies in no row.
func cells(b tokenize.Block) int {
	for n := b.Node; n != nil; n = n.Parent {
		switch n.DataAtom {
		case atom.Li:
			return 0
		case atom.Tr:
			c := 0
			for k := n.FirstChild; k != nil; k = k.NextSibling {
				if k.Type == html.ElementNode && (k.DataAtom == atom.Td || k.DataAtom == atom.Th) {
					c++
				}
			}
			return c
		}
	}
	return 0
}
