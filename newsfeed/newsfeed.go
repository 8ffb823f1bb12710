// Package newsfeed implements the DOM heuristic that Trampuš and Novak
// describe for the IJS NewsFeed cleartext extractor ("Internals of an
// aggregated web news feed", 2012), as read here; every reading of an
// unclear point is stated where it is used.
package newsfeed

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The constants of Algorithm 2.1.
const (
	// CP is the minimum number of characters of a content-bearing <p>.
	CP = 40
	// CT bounds the tag-to-text ratio of a content-bearing <p>, read here
	// as: at least CT characters of text per HTML element in the paragraph
	// (the <p> itself included).
	CT = 30
	// CSigma is the minimum number of characters of the chosen content.
	CSigma = 350
)

// suspicious lists the words that make an element boilerplate when they
// appear as a token (or a token's prefix) of its id or class, tokens being
// split at every character that is not a letter or a digit.
var suspicious = []string{"nav", "menu", "sidebar", "footer", "comment", "social", "share", "sharing",
	"related", "promo", "advert", "ads", "ad", "banner", "breadcrumb", "widget", "newsletter", "subscribe",
	"cookie", "popup", "sponsor", "recommend", "toolbar", "outbrain", "taboola", "masthead"}

// Select labels a page's leaf blocks with the NewsFeed heuristic:
//
//  1. Pre-cleaning: elements that are figure or aside, hidden by an inline
//     display:none or visibility:hidden, or suspicious by id or class (see
//     suspicious) are dropped with their subtrees (scripts, styles and
//     comments never become blocks).
//  2. If an element has itemprop="articleBody", its text is the content.
//  3. Otherwise a <p> is content-bearing when it has at least CP characters
//     and at least CT characters per element in it; a <p> whose previous
//     and next sibling elements are content-bearing paragraphs is
//     content-bearing too. Each element is scored by the characters of its
//     content-bearing <p> children. Going through the elements in document
//     order, the first with more than CSigma characters becomes the choice,
//     and a later one replaces it only with more than twice its characters
//     (read here from "> CΣ and > 2× the current best"). The content is the
//     chosen element's content-bearing paragraphs.
//  4. Otherwise, among div and td elements with more than CSigma characters
//     of text, the one with the most characters per a and img element in it
//     (characters / (1 + a + img)) is the content.
//  5. Otherwise nothing is content: the method's answer for pages without a
//     convincing article (paywalls, video pages).
func Select(page *tokenize.Page) []bool {
	if len(page.Blocks) == 0 {
		return nil
	}
	c := &cleaner{dropped: map[*html.Node]bool{}}
	root := page.Root
	// contentUnder labels content the blocks below any of els that
	// pre-cleaning keeps, in one pass over the blocks.
	contentUnder := func(els ...*html.Node) []bool {
		chosen := map[*html.Node]bool{}
		for _, e := range els {
			chosen[e] = true
		}
		out := make([]bool, len(page.Blocks))
		for i, b := range page.Blocks {
			for p := b.Node.Parent; p != nil && !out[i]; p = p.Parent {
				out[i] = chosen[p] && !c.isDropped(b.Node)
			}
		}
		return out
	}
	// 2. itemprop="articleBody".
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && tokenize.Attr(n, "itemprop") == "articleBody" && !c.isDropped(n) {
			return contentUnder(n)
		}
	}
	// 3. Algorithm 2.1.
	bearing := map[*html.Node]bool{}
	var paragraphs []*html.Node
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.P && !c.isDropped(n) {
			paragraphs = append(paragraphs, n)
			chars, elems := c.textStats(n)
			if chars >= CP && chars >= CT*elems {
				bearing[n] = true
			}
		}
	}
	surrounded := map[*html.Node]bool{}
	for _, p := range paragraphs {
		prev, next := siblingElement(p, -1), siblingElement(p, +1)
		if !bearing[p] && prev != nil && next != nil && bearing[prev] && bearing[next] {
			surrounded[p] = true
		}
	}
	for p := range surrounded {
		bearing[p] = true
	}
	score := map[*html.Node]int{}
	var parents []*html.Node
	for _, p := range paragraphs {
		if bearing[p] && p.Parent != nil {
			if _, seen := score[p.Parent]; !seen {
				parents = append(parents, p.Parent)
			}
			chars, _ := c.textStats(p)
			score[p.Parent] += chars
		}
	}
	var best *html.Node
	for _, e := range parents {
		if score[e] > CSigma && (best == nil || score[e] > 2*score[best]) {
			best = e
		}
	}
	if best != nil {
		var chosen []*html.Node
		for ch := best.FirstChild; ch != nil; ch = ch.NextSibling {
			if bearing[ch] {
				chosen = append(chosen, ch)
			}
		}
		return contentUnder(chosen...)
	}
	// 4. Fallback over div and td.
	var fallback *html.Node
	var fallbackScore float64
	for n := range root.Descendants() {
		if n.Type != html.ElementNode || (n.DataAtom != atom.Div && n.DataAtom != atom.Td) || c.isDropped(n) {
			continue
		}
		chars, _ := c.textStats(n)
		if chars <= CSigma {
			continue
		}
		links := 0
		for d := range n.Descendants() {
			if d.Type == html.ElementNode && (d.DataAtom == atom.A || d.DataAtom == atom.Img) {
				links++
			}
		}
		if s := float64(chars) / float64(1+links); s > fallbackScore {
			fallback, fallbackScore = n, s
		}
	}
	if fallback != nil {
		return contentUnder(fallback)
	}
	return make([]bool, len(page.Blocks))
}

// cleaner remembers which elements pre-cleaning drops.
type cleaner struct {
	dropped map[*html.Node]bool
}

// isDropped reports whether n or an ancestor is dropped by pre-cleaning.
func (c *cleaner) isDropped(n *html.Node) bool {
	var path []*html.Node
	result := false
	for e := n; e != nil; e = e.Parent {
		if v, ok := c.dropped[e]; ok {
			result = v
			break
		}
		path = append(path, e)
		if e.Type == html.ElementNode && drops(e) {
			result = true
			break
		}
	}
	for _, e := range path {
		c.dropped[e] = result
	}
	return result
}

// drops reports whether pre-cleaning drops element e itself.
func drops(e *html.Node) bool {
	switch e.DataAtom {
	case atom.Figure, atom.Aside, atom.Script, atom.Style, atom.Noscript:
		return true
	case atom.Html, atom.Body:
		return false
	}
	style := strings.ToLower(strings.ReplaceAll(tokenize.Attr(e, "style"), " ", ""))
	if strings.Contains(style, "display:none") || strings.Contains(style, "visibility:hidden") {
		return true
	}
	return isSuspicious(tokenize.Attr(e, "id")) || isSuspicious(tokenize.Attr(e, "class"))
}

func isSuspicious(s string) bool {
	for _, tok := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		for _, w := range suspicious {
			if tok == w || (len(w) > 3 && strings.HasPrefix(tok, w)) {
				return true
			}
		}
	}
	return false
}

// textStats returns the characters of the visible text under n (dropped
// subtrees left out, whitespace runs counted once) and the number of
// elements in n, n included.
func (c *cleaner) textStats(n *html.Node) (chars, elems int) {
	elems = 1
	for d := range n.Descendants() {
		switch d.Type {
		case html.ElementNode:
			elems++
		case html.TextNode:
			if !c.isDropped(d) {
				chars += utf8.RuneCountInString(strings.Join(strings.Fields(d.Data), " "))
			}
		}
	}
	return chars, elems
}

func siblingElement(n *html.Node, dir int) *html.Node {
	for s := step(n, dir); s != nil; s = step(s, dir) {
		if s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

func step(n *html.Node, dir int) *html.Node {
	if dir < 0 {
		return n.PrevSibling
	}
	return n.NextSibling
}
