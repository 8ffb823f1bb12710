package decode

import (
	"slices"
	"strings"

	"github.com/boilernet/boilernet/tokenize"
)

// relatedWords is the most words of a heading over related content that
// starts with a phrase of relatedHeadings ("You may be interested in the
// following topics as well"), shortWords the most of one that starts with
// a single word of them ("Related posts", not "Related Videos: the
// product's own video").
const (
	relatedWords = 12
	shortWords   = 3
)

// relatedHeadings are the starts, lowercase, of the headings that name a
// list of other pages (related stories, recommendations) or a shop's
// filters ("Filter By", "Refine your results"), in the languages of the
// datasets.
var relatedHeadings = []string{
	"related", "you may also like", "you might also like", "you may be interested", "you might be interested",
	"more to explore", "people who viewed", "people also", "customers also", "customers who viewed",
	"recommended for you", "recommended stories", "recommended articles", "read also", "read next", "more from",
	"more stories", "more articles", "popular posts", "popular stories", "most popular", "latest posts",
	"recent posts", "trending", "what's trending", "don't miss", "also read", "must read",
	"filter by", "refine by", "refine your", "narrow your", "narrow by",
	"lesen sie auch", "mehr zum thema", "das könnte sie auch interessieren", "à lire aussi", "lire aussi",
	"sur le même sujet", "te puede interesar", "noticias relacionadas", "leggi anche", "czytaj także",
	"czytaj też", "zobacz także", "zobacz też", "читайте также", "по теме", "διαβάστε επίσης", "δείτε επίσης", "相关", "相關", "延伸阅读",
}

// relatedLineLabels are labels, lowercase as label gives them, that name a
// link to another page only when they start a line of links ("READ MORE:
// <a>…</a>", "Next: <a>…</a>"); as a heading they may open the page's own
// text ("Read more about the average cost of NY movers:").
var relatedLineLabels = []string{"read more", "see also", "next", "up next", "check out", "more"}

// minTeaserWords is the fewest words of the links after a label of
// relatedLineLabels.
const minTeaserWords = 3

// isRelatedHeading reports whether a short paragraph's text names a list
// of related pages.
func isRelatedHeading(text string) bool {
	n := tokenize.CountWords(text)
	t := label(text)
	for _, h := range relatedHeadings {
		if strings.HasPrefix(t, h) && (n <= shortWords || strings.Contains(h, " ") && n <= relatedWords) {
			return true
		}
	}
	return false
}

// dropRelated unselects the headings over related content
// (isRelatedHeading: "Related posts", "You may also like", "Lesen Sie
// auch") that a heading element or bold text sets apart, and after one
// the selected paragraphs of the section it opens (the largest element
// that starts with it and holds less than half the selected words: a
// "More from Business" box of teaser cards, headline and lead), or, when
// it opens none, those that are mostly links (the teasers), up to the
// first that is not. A line that starts with such a label set apart and
// is a link after it ("Read also: <a>Shipping rates rise</a>") goes too.
func dropRelated(blocks []tokenize.Block, selected []bool) {
	teasers := false
	var section *tokenize.Element // the section a related heading opened
	total := -1                   // the selected words, counted when first needed
	for start, end := range selectedParagraphs(blocks, selected) {
		para := blocks[start:end]
		switch {
		case section != nil && slices.Contains(para[0].Ancestors, section):
		case textBytes(para) <= maxLabelBytes && isRelatedHeading(tokenize.Text(para)) && setApart(para):
			if total < 0 {
				total = selectedWords(blocks, selected)
			}
			section = openedSection(blocks, start, selected, total)
			teasers = true
		case teasers && mostlyLinks(para):
		case relatedLine(para):
		default:
			teasers, section = false, nil
			continue
		}
		for i := start; i < end; i++ {
			selected[i] = false
		}
	}
}

// openedSection returns the largest element that starts with block i (no
// earlier block lies under it) and whose selected blocks hold less than
// half of total, the page's selected words; nil when none but the
// heading's own elements does. (Asking that a share of its words lie in
// links lost the card grids whose links are empty covers over the card.)
// It grows the element outward from the block, reading each block once.
func openedSection(blocks []tokenize.Block, i int, selected []bool, total int) *tokenize.Element {
	var found *tokenize.Element
	words, j := 0, i
	for d := len(blocks[i].Ancestors) - 1; d >= 0; d-- {
		el := blocks[i].Ancestors[d]
		if i > 0 && under(blocks[i-1], d, el) {
			break // neither it nor a larger one starts with the block
		}
		for ; j < len(blocks) && under(blocks[j], d, el); j++ {
			if j-i >= maxSectionBlocks {
				return found
			}
			if selected[j] {
				words += blocks[j].Words
			}
		}
		if 2*words >= total {
			break
		}
		if !apartTags[el.Name] {
			found = el
		}
	}
	return found
}

// under reports whether block b lies under el, an element at depth d.
func under(b tokenize.Block, d int, el *tokenize.Element) bool {
	return d < len(b.Ancestors) && b.Ancestors[d] == el
}

// maxSectionBlocks is the most blocks of a section a related heading
// opens: a box of teasers is far smaller, and the bound keeps a page of
// many such headings linear.
const maxSectionBlocks = 1000

// relatedLine reports whether a paragraph of one line starts with a
// related label set apart (bold or a heading: "Read also:", "Lesen Sie
// auch:") and is links after it: a story's teaser inside another. (A label
// over a list of links, one a line, is left to the decoding: the older
// datasets' gold keeps such lists at the end of a story.)
func relatedLine(para []tokenize.Block) bool {
	if para[0].Line != para[len(para)-1].Line {
		return false
	}
	k := 0
	for k < len(para) && setApart(para[k:k+1]) && !para[k].InLink {
		k++
	}
	if k == 0 || k == len(para) {
		return false
	}
	head := para[:k]
	if textBytes(head) > maxLabelBytes || !allLinks(para[k:]) {
		return false
	}
	text := tokenize.Text(head)
	if isRelatedHeading(text) {
		return true
	}
	// A teaser's headline, not a man page's "SEE ALSO" with its link to
	// the top.
	words := 0
	for _, b := range para[k:] {
		words += b.Words
	}
	return words >= minTeaserWords && slices.Contains(relatedLineLabels, label(text))
}

// allLinks reports whether every word of the blocks lies in a link.
func allLinks(blocks []tokenize.Block) bool {
	for _, b := range blocks {
		if b.Words > 0 && !b.InLink {
			return false
		}
	}
	return true
}

// selectedWords returns the words of the selected blocks.
func selectedWords(blocks []tokenize.Block, selected []bool) int {
	n := 0
	for i, b := range blocks {
		if selected[i] {
			n += b.Words
		}
	}
	return n
}

// apartTags are the elements that set a line apart as a heading.
var apartTags = map[string]bool{"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "strong": true, "b": true}

// setApart reports whether a paragraph is a heading or bold throughout.
func setApart(para []tokenize.Block) bool {
	for _, b := range para {
		if !slices.ContainsFunc(b.Path, func(t string) bool { return apartTags[t] }) {
			return false
		}
	}
	return true
}

// mostlyLinks reports whether at least half of a paragraph's words lie in
// links.
func mostlyLinks(para []tokenize.Block) bool {
	var in, all int
	for _, b := range para {
		n := b.Words
		all += n
		if b.InLink {
			in += n
		}
	}
	return all > 0 && 2*in >= all
}
