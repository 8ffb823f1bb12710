package tokenize

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

// maxAttrTokens bounds the attribute tokens kept of one element (utility
// CSS frameworks put dozens of classes on an element).
const maxAttrTokens = 24

// newElement records an element entered by the segmentation walk, in the
// walker's shared allocations.
func (w *walker) newElement(name string, n *html.Node) *Element {
	if len(w.elements) == 0 {
		// Chunks as large as what the page has had so far, so that a
		// small page does not take a large one.
		w.elements = make([]Element, min(elementChunk, max(16, w.entered)))
	}
	el := &w.elements[0]
	w.elements = w.elements[1:]
	el.Name = name
	if len(n.Attr) > 0 {
		if w.attrs = appendAttrTokens(w.attrs[:0], n, w); len(w.attrs) > 0 {
			el.Attrs = w.names.copyOf(w.attrs)
		}
		el.Hidden = hiddenElement(n)
	}
	return el
}

// elementChunk is the most Elements the walk allocates at once.
const elementChunk = 256

// AttrTokens returns the tokens that describe an element beyond its name:
// the words of its class and id values, split at separators, digits and
// camelCase humps and lowercased ("postBody main-nav2" gives post, body,
// main, nav; words of one letter are dropped), then "role=" + its ARIA
// role, "itemprop=" + its microdata properties and "itemtype=" + the last
// segment of its microdata type ("itemtype=newsarticle"). Tokens are
// distinct and at most 24.
func AttrTokens(n *html.Node) []string { return appendAttrTokens(nil, n, nil) }

// appendAttrTokens appends the tokens of AttrTokens to toks, which holds
// none of them, with the words of class and id values from
// w.identifierWords (when w is not nil).
func appendAttrTokens(toks []string, n *html.Node, w *walker) []string {
	start := len(toks)
	add := func(t string) {
		if len(toks)-start >= maxAttrTokens {
			return
		}
		for _, s := range toks[start:] {
			if s == t {
				return
			}
		}
		toks = append(toks, t)
	}
	for _, a := range n.Attr {
		switch a.Key {
		case "class", "id":
			if w == nil {
				splitIdentifier(a.Val, add)
				break
			}
			for _, t := range w.identifierWords(a.Val) {
				add(t)
			}
		case "role":
			for _, r := range strings.Fields(strings.ToLower(a.Val)) {
				add("role=" + r)
			}
		case "itemprop":
			for _, p := range strings.Fields(strings.ToLower(a.Val)) {
				add("itemprop=" + p)
			}
		case "itemtype":
			for _, t := range strings.Fields(a.Val) {
				t = strings.TrimRight(t, "/")
				add("itemtype=" + strings.ToLower(t[strings.LastIndexByte(t, '/')+1:]))
			}
		}
	}
	return toks
}

// identifierWords returns the words splitIdentifier gives of a class or id
// value, in order, split once per page: pages repeat their classes on
// many elements.
func (w *walker) identifierWords(val string) []string {
	if words, ok := w.idWords[val]; ok {
		return words
	}
	w.split = w.split[:0]
	splitIdentifier(val, func(s string) { w.split = append(w.split, s) })
	words := w.names.copyOf(w.split)
	if w.idWords == nil {
		w.idWords = make(map[string][]string)
	}
	w.idWords[val] = words
	return words
}

// splitIdentifier calls add with each lowercase word of s of two or more
// letters: words end at anything but a letter and where a lowercase letter
// is followed by an uppercase one.
func splitIdentifier(s string, add func(string)) {
	start := -1
	prevLower := false
	emit := func(end int) {
		if start >= 0 && end-start >= 2 {
			add(strings.ToLower(s[start:end]))
		}
		start = -1
	}
	for i, r := range s {
		if !unicode.IsLetter(r) {
			emit(i)
			prevLower = false
			continue
		}
		if unicode.IsUpper(r) && prevLower {
			emit(i)
		}
		if start < 0 {
			start = i
		}
		prevLower = unicode.IsLower(r)
	}
	emit(len(s))
}

// hiddenElement reports whether an element is hidden from readers by its
// own attributes.
func hiddenElement(n *html.Node) bool {
	for _, a := range n.Attr {
		switch a.Key {
		case "hidden":
			return true
		case "aria-hidden":
			if strings.EqualFold(strings.TrimSpace(a.Val), "true") {
				return true
			}
		case "style":
			if hidingStyle(a.Val) {
				return true
			}
		}
	}
	return false
}

// hidingStyle reports whether an inline style declares display:none or
// visibility:hidden.
func hidingStyle(style string) bool {
	for decl := range strings.SplitSeq(style, ";") {
		prop, val, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		prop = strings.ToLower(strings.TrimSpace(prop))
		val = strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(val), "!important")))
		if (prop == "display" && val == "none") || (prop == "visibility" && val == "hidden") {
			return true
		}
	}
	return false
}
