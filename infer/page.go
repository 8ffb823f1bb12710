package infer

import (
	"strconv"
	"strings"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

func attr(n *html.Node, key string) string { return tokenize.Attr(n, key) }

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// Locator returns an XPath-like path to n: element steps with their
// 1-based position among same-named siblings, ending in text()[k] for a
// text node, e.g. /html/body/div[2]/p[1]/text()[1].
func Locator(n *html.Node) string { return newLocators().of(n) }

// locators computes Locator for many nodes of one page in linear time: the
// children of a parent are numbered once, when first needed.
type locators struct {
	pos  map[*html.Node]int
	path map[*html.Node]string // the locators of elements met so far
}

func newLocators() *locators {
	return &locators{pos: map[*html.Node]int{}, path: map[*html.Node]string{}}
}

func (l *locators) of(n *html.Node) string {
	// Climb to the nearest ancestor whose locator is known, then extend it
	// step by step, remembering each element's: blocks share ancestors.
	var chain []*html.Node
	prefix := ""
	for ; n != nil && n.Type != html.DocumentNode; n = n.Parent {
		if p, ok := l.path[n]; ok {
			prefix = p
			break
		}
		chain = append(chain, n)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		name := c.Data
		if c.Type == html.TextNode {
			name = "text()"
		}
		prefix += "/" + name + "[" + strconv.Itoa(l.position(c)) + "]"
		if c.Type == html.ElementNode {
			l.path[c] = prefix
		}
	}
	return prefix
}

// position is n's 1-based index among its siblings of the same name (or
// among its text siblings).
func (l *locators) position(n *html.Node) int {
	if k, ok := l.pos[n]; ok {
		return k
	}
	if n.Parent == nil {
		return 1
	}
	counts := map[string]int{}
	for c := n.Parent.FirstChild; c != nil; c = c.NextSibling {
		var key string
		switch c.Type {
		case html.ElementNode:
			key = c.Data
		case html.TextNode:
			key = "\x00text"
		default: // comments and doctypes are not steps
			continue
		}
		counts[key]++
		l.pos[c] = counts[key]
	}
	return l.pos[n]
}
