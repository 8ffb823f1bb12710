package tokenize

import (
	"unicode"

	"golang.org/x/net/html"
)

// IsLetterOrDigit reports whether r is a letter or a digit: what makes a
// token a word (IsWord) and what title and text comparisons keep.
func IsLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Selected returns the blocks for which keep(i) is true (i is the block's
// index in blocks), in order: the blocks a mask over a page's blocks
// selects, for Text; nil when it keeps none. It calls keep twice for each
// block (it counts the kept blocks first, to allocate them once).
func Selected(blocks []Block, keep func(i int) bool) []Block {
	n := 0
	for i := range blocks {
		if keep(i) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]Block, 0, n)
	for i, b := range blocks {
		if keep(i) {
			out = append(out, b)
		}
	}
	return out
}

// Attr returns the value of an element's attribute key ("" when it has
// none).
func Attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// Inside reports whether node n is outer or lies inside it.
func Inside(n, outer *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == outer {
			return true
		}
	}
	return false
}
