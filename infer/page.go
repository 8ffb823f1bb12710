package infer

import (
	"strconv"
	"strings"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// titleSeparators split a page title into its own title and the site name.
var titleSeparators = []string{" | ", " - ", " – ", " — ", " :: ", " » ", " · ", " / "}

// Title returns a page's title: og:title, else <title>, else the first
// <h1>. A site name joined by a separator ("Storm hits coast | Daily News")
// is dropped: the segment that equals the first <h1> wins, otherwise the
// longest segment.
func Title(root *html.Node) string {
	var title, og, h1 string
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "title":
			if title == "" {
				title = collapse(textOf(n))
			}
		case "meta":
			if og == "" && (attr(n, "property") == "og:title" || attr(n, "name") == "og:title") {
				og = collapse(attr(n, "content"))
			}
		case "h1":
			if h1 == "" {
				h1 = collapse(textOf(n))
			}
		}
	}
	t := og
	if t == "" {
		t = title
	}
	if t == "" {
		return h1
	}
	segments := tokenize.SplitTitle(t, titleSeparators)
	if len(segments) == 1 {
		return t
	}
	for _, s := range segments {
		if h1 != "" && strings.EqualFold(strings.TrimSpace(s), h1) {
			return strings.TrimSpace(s)
		}
	}
	longest := ""
	for _, s := range segments {
		if s = strings.TrimSpace(s); len(s) > len(longest) {
			longest = s
		}
	}
	return longest
}

func attr(n *html.Node, key string) string { return tokenize.Attr(n, key) }

func textOf(n *html.Node) string {
	var sb strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			sb.WriteString(d.Data)
		}
	}
	return sb.String()
}

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
