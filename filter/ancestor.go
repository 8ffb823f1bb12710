// Package filter holds precision filters that run after any block
// classifier: given a page's blocks and which of them a method selected as
// content, they drop the selected blocks that are likely not main content.
package filter

import (
	"sort"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// DefaultDepth is the default ancestor depth of Ancestor: paragraphs are
// grouped by their grandparent.
const DefaultDepth = 2

// isParagraph reports whether an element counts as a paragraph for the
// ancestor-group filter.
func isParagraph(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	switch n.DataAtom {
	case atom.Div, atom.Table, atom.Ul, atom.Ol, atom.P, atom.Section, atom.Article,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Header, atom.Body:
		return true
	}
	return false
}

// Ancestor is the ancestor-group precision filter of Viveros-Jiménez et al.
// (Computación y Sistemas, 2018). Each selected block is mapped to its
// paragraph: the closest ancestor among div, table, ul, ol, p, section,
// article, h1-h6, header and body that contains no other such element; when
// the closest such ancestor does contain others (text directly in a
// container, beside its paragraphs), the block joins the nearest of those
// inner paragraphs: the first one after it, or else the last one before it.
// Paragraphs are grouped by their depth-th ancestor (depth 2: grandparent;
// depth < 1 means DefaultDepth), and only the selected blocks of the group
// with the most text (in characters; the first group wins ties) stay
// selected. The result is a new slice; selected is not changed. It runs in
// O(n log n) for a page of n nodes.
func Ancestor(blocks []tokenize.Block, selected []bool, depth int) []bool {
	if depth < 1 {
		depth = DefaultDepth
	}
	out := make([]bool, len(selected))
	var idx *treeIndex
	groupText := map[*html.Node]int{}
	groups := make([]*html.Node, len(blocks))
	for i, b := range blocks {
		if !selected[i] {
			continue
		}
		if idx == nil {
			idx = newTreeIndex(root(b.Node))
		}
		g := idx.paragraph(b.Node)
		for k := 0; k < depth && g.Parent != nil && g.Parent.Type == html.ElementNode; k++ {
			g = g.Parent
		}
		groups[i] = g
		groupText[g] += len([]rune(b.Text))
	}
	var best *html.Node
	for _, g := range groups {
		if g != nil && (best == nil || groupText[g] > groupText[best]) {
			best = g
		}
	}
	for i, g := range groups {
		out[i] = g != nil && g == best
	}
	return out
}

func root(n *html.Node) *html.Node {
	for n.Parent != nil {
		n = n.Parent
	}
	return n
}

// treeIndex numbers a DOM in document order and knows, for every element,
// whether a paragraph element lies below it.
type treeIndex struct {
	pre      map[*html.Node]int // preorder number
	end      map[*html.Node]int // highest preorder number in the subtree
	hasInner map[*html.Node]bool
	leaves   []*html.Node // paragraph elements without inner ones, in order
}

func newTreeIndex(r *html.Node) *treeIndex {
	t := &treeIndex{pre: map[*html.Node]int{}, end: map[*html.Node]int{}, hasInner: map[*html.Node]bool{}}
	var order []*html.Node
	for n := r; n != nil; {
		t.pre[n] = len(order)
		order = append(order, n)
		if n.FirstChild != nil {
			n = n.FirstChild
			continue
		}
		for n != r && n.NextSibling == nil {
			n = n.Parent
		}
		if n == r {
			break
		}
		n = n.NextSibling
	}
	for i := len(order) - 1; i >= 0; i-- {
		n := order[i]
		t.end[n] = i
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			t.end[n] = max(t.end[n], t.end[c])
			if isParagraph(c) || t.hasInner[c] {
				t.hasInner[n] = true
			}
		}
	}
	for _, n := range order {
		if isParagraph(n) && !t.hasInner[n] {
			t.leaves = append(t.leaves, n)
		}
	}
	return t
}

// paragraph returns the paragraph element of text node n.
func (t *treeIndex) paragraph(n *html.Node) *html.Node {
	a := n.Parent
	for a != nil && !isParagraph(a) {
		a = a.Parent
	}
	if a == nil {
		return n.Parent // no paragraph element at all: a fragment
	}
	if !t.hasInner[a] {
		return a
	}
	// Text directly in a container: join the nearest inner paragraph.
	pos := t.pre[n]
	k := sort.Search(len(t.leaves), func(i int) bool { return t.pre[t.leaves[i]] > pos })
	if k < len(t.leaves) && t.pre[t.leaves[k]] <= t.end[a] {
		return t.leaves[k]
	}
	if k > 0 && t.pre[t.leaves[k-1]] > t.pre[a] {
		return t.leaves[k-1]
	}
	return a
}
