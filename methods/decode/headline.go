package decode

import (
	"slices"
	"strings"

	"github.com/boilernet/boilernet/tokenize"
)

// headlineSearch is how many selected paragraphs before the body (the
// first selected paragraph of bodyWords words or more) may hold the
// headline: kickers, bylines and dates often come first.
const (
	headlineSearch = 4
	bodyWords      = 25
)

// Headline returns the indices of the selected blocks that form the page's
// headline: the first selected paragraph before the body (among the first
// few selected paragraphs, before any of 25 words or more) that lies in an
// <h1> or whose text equals the title, ignoring case, spacing and
// punctuation; of the paragraphs whose text equals the title, one in a
// heading (<h2> to <h6>) rather than a breadcrumb's last step before it
// ("Home » Storm hits coast", then <h2>Storm hits coast</h2>). copies are
// the blocks of such a step that the heading passed over: the title
// again. Both are nil when there is no such paragraph.
func Headline(blocks []tokenize.Block, selected []bool, title string) (head, copies []int) {
	want := normalizeTitle(title)
	seen := 0
	leadParagraphs(blocks, selected, func(idx []int, text string, body bool) bool {
		inH1, heading := false, false
		for _, j := range idx {
			inH1 = inH1 || onPath(blocks[j], "h1")
			heading = heading || inHeading(blocks[j])
		}
		same := want != "" && normalizeTitle(text) == want
		switch {
		case inH1 && head != nil && !same:
			return false // the paragraph with the title before an <h1> that is not
		case inH1 || same && heading:
			if head != nil && same {
				copies = head
			}
			head = idx
			return false
		case same && head == nil:
			head = idx // unless a heading with the title follows
		}
		seen++
		return !body && seen < headlineSearch
	})
	return head, copies
}

// leadParagraphs calls yield with each selected paragraph (the indices of
// its selected blocks and their text) from the top of the page to the
// body, the first of bodyWords words or more (body is true for it, and it
// is the last), or until yield returns false.
func leadParagraphs(blocks []tokenize.Block, selected []bool, yield func(idx []int, text string, body bool) bool) {
	var text strings.Builder
	for i := 0; i < len(blocks); {
		if !selected[i] {
			i++
			continue
		}
		var idx []int
		text.Reset()
		for j := i; j < len(blocks) && blocks[j].Para == blocks[i].Para; j++ {
			if selected[j] {
				idx = append(idx, j)
				text.WriteString(blocks[j].Text)
				text.WriteByte(' ')
			}
		}
		i = idx[len(idx)-1] + 1
		s := text.String()
		body := tokenize.CountWords(s) >= bodyWords
		if !yield(idx, s, body) || body {
			return
		}
	}
}

// inHeading reports whether a block lies in a heading (<h1> to <h6>).
func inHeading(b tokenize.Block) bool {
	return slices.ContainsFunc(b.Path, func(t string) bool { return len(t) == 2 && t[0] == 'h' && '1' <= t[1] && t[1] <= '6' })
}

func onPath(b tokenize.Block, tag string) bool {
	for _, t := range b.Path {
		if t == tag {
			return true
		}
	}
	return false
}

// normalizeTitle keeps the lowercase letters and digits of s.
func normalizeTitle(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		if tokenize.IsLetterOrDigit(r) {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}
