package tokenize

import (
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/unicode/norm"
)

// The walk over the DOM that cuts a page into its leaf text blocks.

// Blocks walks the DOM under root in document order, without recursion, and
// returns its leaf text blocks. Comments and the subtrees of elements named
// in skip are ignored; skip nil means the defaults, as Options.SkipTags.
func Blocks(root *html.Node, skip []string) []Block {
	w := newWalker(skip)
	w.walk(root)
	return w.blocks
}

// newWalker returns a walker that skips the elements named in skip, or,
// skip nil, the defaults (Options.SkipTags).
func newWalker(skip []string) *walker {
	headingButtons := skip == nil
	if skip == nil {
		skip = defaultSkipTags
	}
	w := &walker{skip: make(map[string]bool, len(skip)), headingButtons: headingButtons}
	for _, s := range skip {
		w.skip[strings.ToLower(s)] = true
	}
	return w
}

type walker struct {
	// names and ancestors hold the blocks' Path and Ancestors copies in
	// shared chunks: one allocation for many blocks.
	names     chunks[string]
	ancestors chunks[*Element]
	elements  []Element           // the rest of the chunk newElement takes from
	attrs     []string            // newElement's buffer of attribute tokens
	idWords   map[string][]string // identifierWords' words by class or id value
	split     []string            // identifierWords' buffer
	shared    []sharedPath        // by depth: the Path and Ancestors of the last block under w.elems[depth]
	skip      map[string]bool
	// headingButtons reads a <button> inside a heading even when skip
	// names buttons: the defaults' exception (Options.SkipTags).
	headingButtons bool
	blocks         []Block
	path           []string   // names of the open elements
	elems          []*Element // the open elements
	links          int        // open <a> elements
	pres           int        // open <pre> elements
	hidden         int        // open hidden elements
	nav            int        // open navigation elements (Block.Navigation)
	maths          int        // open <math> elements
	entered        int        // elements entered so far (Element.Index)

	para, line                        int
	pendingPara, pendingLine, pending bool // boundaries seen since the last block

	// maxAncestors bounds the sum of the blocks' len(Path) (0: no limit);
	// the walk stops with tooDeep set when it would exceed it.
	maxAncestors, ancestorCount int
	tooDeep                     bool
}

func (w *walker) walk(root *html.Node) {
	n := root
	for n != nil && !w.tooDeep {
		descend := w.enter(n)
		if descend && n.FirstChild != nil {
			n = n.FirstChild
			continue
		}
		if descend {
			w.leave(n)
		}
		// Climb until a node with a next sibling, leaving elements on the way.
		for n != root && n.NextSibling == nil {
			n = n.Parent
			w.leave(n)
		}
		if n == root {
			return
		}
		n = n.NextSibling
	}
}

// enter handles n on the way down and reports whether its children are walked
// (and leave is to be called for it).
func (w *walker) enter(n *html.Node) bool {
	switch n.Type {
	case html.TextNode:
		w.text(n)
		return false
	case html.ElementNode:
		name := strings.ToLower(n.Data)
		if rendersBox(name, n) {
			// An image, form control or embedded object takes room on
			// the line: the text on either side is not one word.
			w.pending = true
		}
		if w.skip[name] && !(name == "button" && w.headingButtons && w.inHeading()) || name == "annotation" || name == "annotation-xml" {
			// A formula's annotations are its source (TeX), not what a
			// reader sees.
			return false
		}
		switch {
		case name == "br":
			w.pendingLine = true
		case isBlockLevel(name):
			w.pendingPara = true
		}
		w.path = append(w.path, name)
		el := w.newElement(name, n)
		el.Index = w.entered
		w.entered++
		w.elems = append(w.elems, el)
		if el.Hidden {
			w.hidden++
		}
		if isNavigation(el) {
			w.nav++
		}
		if name == "a" {
			w.links++
		}
		if name == "pre" {
			w.pres++
		}
		if name == "math" {
			w.maths++
		}
		return true
	case html.DocumentNode:
		return true
	}
	return false // comments, doctypes
}

func (w *walker) leave(n *html.Node) {
	if n.Type != html.ElementNode {
		return
	}
	name := w.path[len(w.path)-1]
	w.path = w.path[:len(w.path)-1]
	if w.elems[len(w.elems)-1].Hidden {
		w.hidden--
	}
	if isNavigation(w.elems[len(w.elems)-1]) {
		w.nav--
	}
	w.elems = w.elems[:len(w.elems)-1]
	switch name {
	case "a":
		w.links--
	case "pre":
		w.pres--
	case "math":
		w.maths--
	}
	if isBlockLevel(name) {
		w.pendingPara = true
	}
}

func (w *walker) text(n *html.Node) {
	text, lead, trail := collapse(n.Data, w.pres > 0)
	if text == "" {
		w.pending = w.pending || lead
		return
	}
	// One spelling for a letter and its accent ("geprüft" typed as u and a
	// combining diaeresis greps, and reads to the model, as "geprüft").
	if !isASCII(text) && !norm.NFC.IsNormalString(text) {
		text = norm.NFC.String(text)
	}
	if w.maxAncestors > 0 {
		if w.ancestorCount += len(w.path); w.ancestorCount > w.maxAncestors {
			w.tooDeep = true
			return
		}
	}
	path, ancestors := w.blockPath()
	if len(w.blocks) > 0 {
		switch {
		case w.pendingPara:
			w.para++
			w.line++
		case w.pendingLine:
			w.line++
		}
	}
	w.blocks = append(w.blocks, Block{
		Text:        text,
		Words:       CountWords(text),
		Path:        path,
		Node:        n,
		InLink:      w.links > 0,
		Index:       len(w.blocks),
		Para:        w.para,
		Line:        w.line,
		SpaceBefore: len(w.blocks) > 0 && (w.pending || lead),
		Ancestors:   ancestors,
		// A formula's MathML is its only text (its image has none),
		// even when a page hides it for all but screen readers.
		Hidden:     w.hidden > 0 && w.maths == 0,
		Navigation: w.nav > 0,
	})
	w.pendingPara, w.pendingLine = false, false
	w.pending = trail
}

// sharedPath is the Path and Ancestors of a block whose parent element is
// parent.
type sharedPath struct {
	parent    *Element
	path      []string
	ancestors []*Element
}

// blockPath returns copies of w.path and w.elems for a new block. Blocks
// with the same parent element have the same ancestors, and share one
// copy: the one made for the last block under that parent, kept by its
// depth (the element there is the parent only while it is open, and then
// everything above it is as it was).
func (w *walker) blockPath() ([]string, []*Element) {
	d := len(w.elems)
	if d == 0 {
		return w.names.copyOf(w.path), w.ancestors.copyOf(w.elems)
	}
	parent := w.elems[d-1]
	if d <= len(w.shared) && w.shared[d-1].parent == parent {
		return w.shared[d-1].path, w.shared[d-1].ancestors
	}
	for len(w.shared) < d {
		w.shared = append(w.shared, sharedPath{})
	}
	s := sharedPath{parent, w.names.copyOf(w.path), w.ancestors.copyOf(w.elems)}
	w.shared[d-1] = s
	return s.path, s.ancestors
}

// chunks hands out copies of short slices carved from larger allocations.
type chunks[T any] struct{ free []T }

const chunkSize = 4096

// copyOf returns a copy of s with its capacity limited to its length, so
// appending to it never writes into a neighbour.
func (c *chunks[T]) copyOf(s []T) []T {
	if len(s) > len(c.free) {
		c.free = make([]T, max(chunkSize, len(s)))
	}
	out := c.free[:len(s):len(s)]
	copy(out, s)
	c.free = c.free[len(s):]
	return out
}

// rendersBox reports whether an element shows as a box of its own inside a
// line of text (an image, a form control, embedded content), so that a
// browser never joins the text before and after it into one word.
func rendersBox(name string, n *html.Node) bool {
	switch atom.Lookup([]byte(name)) {
	case atom.Img, atom.Svg, atom.Button, atom.Select, atom.Textarea, atom.Iframe,
		atom.Video, atom.Audio, atom.Canvas, atom.Embed, atom.Object, atom.Meter, atom.Progress:
		return true
	case atom.Input:
		for _, a := range n.Attr {
			if a.Key == "type" && strings.EqualFold(strings.TrimSpace(a.Val), "hidden") {
				return false
			}
		}
		return true
	}
	return false
}

// isBlockLevel reports whether an element starts a new paragraph when
// rendered: the HTML block-level and table elements.
func isBlockLevel(name string) bool {
	switch atom.Lookup([]byte(name)) {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Body, atom.Caption,
		atom.Center, atom.Dd, atom.Details, atom.Dialog, atom.Dir, atom.Div, atom.Dl, atom.Dt,
		atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Form, atom.Frameset,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Header, atom.Hgroup,
		atom.Hr, atom.Html, atom.Legend, atom.Li, atom.Main, atom.Menu, atom.Nav, atom.Noframes,
		atom.Ol, atom.Option, atom.P, atom.Pre, atom.Section, atom.Select, atom.Summary,
		atom.Table, atom.Tbody, atom.Td, atom.Textarea, atom.Tfoot, atom.Th, atom.Thead,
		atom.Title, atom.Tr, atom.Ul:
		return true
	}
	return false
}

// isNavigation reports whether an element is navigation (Block.Navigation).
func isNavigation(el *Element) bool {
	if el.Name == "nav" {
		return true
	}
	for _, a := range el.Attrs {
		if a == "role=navigation" {
			return true
		}
	}
	return false
}

// isASCII reports whether text is all ASCII, which is in every normal form.
func isASCII(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// inHeading reports whether an open element is a heading (<h1> to <h6>).
func (w *walker) inHeading() bool {
	return slices.ContainsFunc(w.path, func(n string) bool {
		return len(n) == 2 && n[0] == 'h' && '1' <= n[1] && n[1] <= '6'
	})
}
