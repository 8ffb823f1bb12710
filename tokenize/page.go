package tokenize

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// DefaultSkipTags returns the elements whose whole subtree is ignored: the
// list of the BoilerNet authors (PaperSkipTags) without noscript, whose content
// is what a reader sees without scripts (Discourse forums put the whole
// thread there), plus template, svg, select and datalist, whose text is
// never shown as running text (a select shows one option of its list).
// Pages are parsed with scripting disabled, so noscript content is markup.
// Each call returns a new slice.
func DefaultSkipTags() []string { return slices.Clone(defaultSkipTags) }

var defaultSkipTags = []string{"head", "iframe", "script", "meta", "link", "style", "input", "checkbox", "button", "template", "svg", "select", "datalist"}

// PaperSkipTags returns the list used by the BoilerNet authors (Leonhardt
// et al., 2020). Each call returns a new slice.
func PaperSkipTags() []string {
	return []string{"head", "iframe", "script", "meta", "link", "style", "input", "checkbox", "button", "noscript"}
}

// Errors returned by Parse for input that is not an HTML page.
var (
	ErrEmpty  = errors.New("empty page")
	ErrBinary = errors.New("binary content, not HTML")
	ErrGzip   = errors.New("gzip-compressed content; decompress it first")
)

// ErrTooManyElements is wrapped by the error of a page with more start tags
// than Options.MaxElements.
var ErrTooManyElements = errors.New("too many elements")

// DefaultMaxElements is the number of start tags from which Parse refuses a
// page when Options.MaxElements is 0. The largest of the 5,444 pages of the
// five datasets has 15,793; each element of a page costs up to about 2.5 KB
// of memory from parsing to output, so that this limit keeps one
// extraction within 256 MiB plus 8 times the page's size.
const DefaultMaxElements = 100_000

// ancestorsPerElement bounds, times the element limit, the ancestors of
// all the blocks of a page counted per block (the sum of the blocks'
// len(Path)), which their memory grows with: 2,000,000 by default, where the
// pages of the datasets have at most 4,859 blocks 67 deep. A page over it —
// many blocks each hundreds of elements deep — is refused like a page of
// too many elements.
const ancestorsPerElement = 20

// Options control Parse. The zero value gives the defaults.
type Options struct {
	// Charset is the caller's charset label, e.g. from an HTTP Content-Type
	// header; "" when unknown. See Decode for how it is weighed.
	Charset string
	// SkipTags lists lowercase element names whose subtrees are ignored;
	// nil means DefaultSkipTags(). An empty non-nil slice skips nothing.
	SkipTags []string
	// MaxElements bounds the start tags of a page ("<" and a letter,
	// counted before parsing; 0 means DefaultMaxElements, < 0 no limit):
	// a page with more is an error wrapping ErrTooManyElements, refused
	// before its tree is built, since memory grows with the elements. So
	// is a page with more than 10 times as many attributes, one with a
	// start tag of more than 10,000 attributes, and one whose blocks have
	// more than 20 times as many ancestors in all (summed over the
	// blocks).
	MaxElements int
}

func (o Options) maxElements() int {
	if o.MaxElements == 0 {
		return DefaultMaxElements
	}
	return o.MaxElements
}

// Page is a parsed page and its leaf text blocks.
type Page struct {
	Root     *html.Node // the document node
	Blocks   []Block    // the leaf text blocks in document order
	Encoding string     // the encoding the page was read with
	// EncodingReason tells how the encoding was chosen (a Reason constant).
	EncodingReason string
}

// Block is one non-whitespace text node of a page.
type Block struct {
	// Text is the node's text with entities decoded and whitespace runs
	// collapsed to one space (inside <pre>, line breaks are kept).
	Text string
	// Path holds the names of the ancestor elements, lowercase, from html
	// down to the text node's parent.
	Path []string
	// Node is the text node in the page's DOM.
	Node *html.Node
	// InLink reports whether the node lies inside an <a> element.
	InLink bool
	// Index is the block's position in Page.Blocks.
	Index int
	// Para numbers the paragraphs of a page: two blocks share a Para when no
	// block-level element boundary separates them.
	Para int
	// Line numbers the lines: it grows at every paragraph boundary and <br>.
	Line int
	// SpaceBefore reports whether whitespace separates this block from the
	// previous block in the source ("a <b>b</b>" but not "a<b>b</b>").
	SpaceBefore bool
	// Ancestors are the ancestor elements, from html down to the parent,
	// as Path; blocks share them.
	Ancestors []*Element
	// Hidden reports whether an ancestor is hidden from readers (see
	// Element.Hidden).
	Hidden bool
	// Navigation reports whether an ancestor is navigation: a <nav>, or
	// an element whose ARIA role is navigation.
	Navigation bool
}

// Element is what segmentation records of an ancestor element.
type Element struct {
	Name string // lowercase
	// Attrs are the element's attribute tokens (AttrTokens).
	Attrs []string
	// Hidden reports whether the element is hidden from readers: the
	// hidden attribute, aria-hidden="true", or an inline style with
	// display:none or visibility:hidden.
	Hidden bool
	// Index numbers the elements the segmentation enters (those it does
	// not skip), from 0, in document order: a key for per-element sums in
	// a slice. Elements made by hand may leave it 0 (vocab.EncodePage then
	// numbers them itself).
	Index int
}

// maxNesting is the depth beyond which Parse flattens a page before parsing
// it (x/net/html refuses trees deeper than 512 open elements).
const maxNesting = 256

// ParseReader reads a whole page from r and parses it; see Parse.
func ParseReader(r io.Reader, opts Options) (*Page, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return Parse(raw, opts)
}

// Parse decodes, parses and segments a page; raw is not used after it
// returns, and must not change while it runs. It returns ErrEmpty for a page
// of only whitespace, ErrGzip or ErrBinary for content that is not text, an
// error wrapping ErrTooManyElements for a page over Options.MaxElements, and
// never panics on any input. A page without text gives a Page with no blocks.
func Parse(raw []byte, opts Options) (*Page, error) {
	if err := sniff(raw); err != nil {
		return nil, err
	}
	// The text is not copied from raw when it can be read as it is: it
	// is only read while parsing, and the tree holds copies of its parts.
	dec := decode(raw, opts.Charset, false)
	if max := opts.maxElements(); max > 0 {
		tags, attrs, bigTag := scanTags(dec.Text, max, attrsPerElement*max)
		switch {
		case tags > max:
			return nil, fmt.Errorf("%w: more than %d start tags", ErrTooManyElements, max)
		case attrs > attrsPerElement*max:
			return nil, fmt.Errorf("%w: more than %d attributes (%d times the limit of %d elements)", ErrTooManyElements, attrsPerElement*max, attrsPerElement, max)
		case bigTag:
			return nil, fmt.Errorf("%w: a start tag with more than %d attributes", ErrTooManyElements, maxTagAttrs)
		}
	}
	text := closeTitle(dec.Text)
	noScripts := html.ParseOptionEnableScripting(false)
	root, err := html.ParseWithOptions(strings.NewReader(text), noScripts)
	if err != nil {
		// Only nesting deeper than the parser allows fails here: flatten
		// the deepest elements and parse again.
		root, err = html.ParseWithOptions(strings.NewReader(flatten(text, maxNesting)), noScripts)
		if err != nil {
			return nil, fmt.Errorf("parsing HTML: %w", err)
		}
	}
	skip := opts.SkipTags
	if skip == nil {
		skip = defaultSkipTags
	}
	w := newWalker(skip)
	if max := opts.maxElements(); max > 0 {
		w.maxAncestors = ancestorsPerElement * max
	}
	w.walk(root)
	if w.tooDeep {
		return nil, fmt.Errorf("%w: its text blocks have more than %d ancestors in all (%d times the limit of %d elements)",
			ErrTooManyElements, w.maxAncestors, ancestorsPerElement, opts.maxElements())
	}
	return &Page{
		Root:           root,
		Blocks:         w.blocks,
		Encoding:       dec.Encoding,
		EncodingReason: dec.Reason,
	}, nil
}

// Attribute limits derived from the element limit: a page may have 10
// attributes per element on average, and one start tag at most 10,000
// (the parser drops duplicate attributes in time quadratic in a tag's
// attributes, and each costs memory); real pages have a few dozen at most.
const (
	attrsPerElement = 10
	maxTagAttrs     = 10_000
)

// rawTextElements are the elements whose content the HTML tokenizer reads
// as text up to their end tag: a "<" in a script is no tag.
var rawTextElements = []string{"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"}

// scanTags counts the start tags of page as written ("<" followed by an
// ASCII letter, outside comments and the content of raw-text elements such
// as <script>, which the tokenizer reads as text) and their attributes
// (names after whitespace inside the tag; quoted values skipped as the HTML
// tokenizer skips them), stopping once tags exceed maxTags or attributes
// maxAttrs. bigTag reports a tag of more than maxTagAttrs attributes.
func scanTags(page string, maxTags, maxAttrs int) (tags, attrs int, bigTag bool) {
	for i := 0; tags <= maxTags && attrs <= maxAttrs; {
		j := strings.IndexByte(page[i:], '<')
		if j < 0 {
			break
		}
		i += j + 1
		if strings.HasPrefix(page[i:], "!--") {
			i = commentEnd(page, i+1)
			continue
		}
		if i >= len(page) || !('a' <= page[i]|0x20 && page[i]|0x20 <= 'z') {
			continue
		}
		tags++
		raw := rawTextElement(page[i:])
		n, sep := 0, false
	tag:
		for i < len(page) {
			switch c := page[i]; {
			case c == '>':
				i++
				break tag
			case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/':
				sep = true
				i++
			case c == '=':
				i++
				for i < len(page) && (page[i] == ' ' || page[i] == '\t' || page[i] == '\n' || page[i] == '\r' || page[i] == '\f') {
					i++
				}
				if i < len(page) && (page[i] == '"' || page[i] == '\'') {
					k := strings.IndexByte(page[i+1:], page[i])
					if k < 0 {
						return tags, attrs + n, n > maxTagAttrs // the value runs to the end
					}
					i += k + 2
				}
				sep = false
			default:
				if sep {
					n++
				}
				sep = false
				i++
			}
		}
		attrs += n
		if n > maxTagAttrs {
			return tags, attrs, true
		}
		if raw != "" {
			k := indexFold(page[i:], "</"+raw)
			if k < 0 || raw == "plaintext" {
				break
			}
			i += k + 2
		}
	}
	return tags, attrs, false
}

// rawTextElement returns the name of the raw-text element whose start tag
// s begins with (after its "<"), or "".
func rawTextElement(s string) string {
	for _, name := range rawTextElements {
		if len(s) > len(name) && strings.EqualFold(s[:len(name)], name) {
			switch s[len(name)] {
			case ' ', '\t', '\n', '\r', '\f', '/', '>':
				return name
			}
		}
	}
	return ""
}

// commentEnd returns the index after the comment that starts at page[i:]
// with "--" (after "<!"): after the first "-->" or "--!>", where the HTML
// tokenizer ends it ("<!-->" is a whole comment), or len(page).
func commentEnd(page string, i int) int {
	rest := page[i:]
	end := len(rest)
	if k := strings.Index(rest, "-->"); k >= 0 {
		end = k + 3
	}
	// Only before the first "-->": searching the whole rest for a "--!>"
	// that is almost never there made pages of many comments quadratic.
	if k := strings.Index(rest[:end], "--!>"); k >= 0 && k+4 < end {
		end = k + 4
	}
	return i + end
}

// sniff rejects input that is empty, gzip-compressed or binary. Binary means
// more than 10% control bytes in the first 4 KiB, or more than 4% and no
// markup there: real pages contain an odd NUL byte, images, archives and
// random bytes are full of them.
func sniff(raw []byte) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return ErrEmpty
	}
	if bytes.HasPrefix(raw, []byte{0x1f, 0x8b}) {
		return ErrGzip
	}
	head := raw[:min(len(raw), 4096)]
	if isUTF16BOM(head) {
		return nil
	}
	if e, _ := utf16NoBOM(head); e != nil {
		return nil
	}
	control := 0
	for _, c := range head {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b {
			control++
		}
	}
	// Random bytes hold about 10.5% control bytes; a page with a few
	// percent (stray NULs) still has markup.
	if control*10 > len(head) || control*25 > len(head) && !hasMarkup(head) {
		return ErrBinary
	}
	return nil
}

// hasMarkup reports whether b holds at least three tag-like runs: "<",
// an optional "/" or "!", letters ending at whitespace, "/" or ">", then
// a ">" within 200 bytes with no control byte (other than whitespace) on
// the way. Random bytes almost never do; a page has hundreds.
func hasMarkup(b []byte) bool {
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	found := 0
	for i := 0; i+1 < len(b) && found < 3; i++ {
		if b[i] != '<' {
			continue
		}
		j := i + 1
		if b[j] == '/' || b[j] == '!' {
			j++
		}
		start := j
		for j < len(b) && isLetter(b[j]) {
			j++
		}
		if j == start || j == len(b) {
			continue
		}
		if c := b[j]; c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '/' && c != '>' {
			continue
		}
		for ; j < len(b) && j < i+200; j++ {
			c := b[j]
			if c == '>' {
				found++
				break
			}
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' {
				break
			}
		}
	}
	return found >= 3
}

func isUTF16BOM(b []byte) bool {
	return bytes.HasPrefix(b, []byte{0xfe, 0xff}) || bytes.HasPrefix(b, []byte{0xff, 0xfe})
}

// closeTitle repairs a <title> that is never closed. The parser reads title
// text up to "</title>", so such a title swallows the whole page (seen on
// real pages whose markup was cut and spliced). The title is closed at the
// first "<" or line break after it.
func closeTitle(page string) string {
	open := lastIndexFold(page, "<title")
	if open < 0 || hasEndTag(page[open:], "</title") {
		return page
	}
	gt := strings.IndexByte(page[open:], '>')
	if gt < 0 {
		return page
	}
	start := open + gt + 1
	end := strings.IndexAny(page[start:], "<\n")
	if end < 0 {
		end = len(page) - start
	}
	return page[:start+end] + "</title>" + page[start+end:]
}

// hasEndTag reports whether s holds the end tag that starts with prefix,
// ignoring ASCII case, as the parser recognizes it: followed by whitespace,
// "/" or ">".
func hasEndTag(s, prefix string) bool {
	for {
		i := indexFold(s, prefix)
		if i < 0 {
			return false
		}
		s = s[i+len(prefix):]
		if s == "" || strings.IndexByte("\t\n\f\r />", s[0]) >= 0 {
			return true
		}
	}
}

// indexFold is strings.Index for an ASCII-lowercase needle, ignoring ASCII
// case in s.
func indexFold(s, needle string) int {
	for i := 0; i+len(needle) <= len(s); i++ {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return -1
		}
		i += j
		if i+len(needle) <= len(s) && strings.EqualFold(s[i:i+len(needle)], needle) {
			return i
		}
	}
	return -1
}

// lastIndexFold is strings.LastIndex for an ASCII-lowercase needle that
// starts with '<', ignoring ASCII case in s.
func lastIndexFold(s, needle string) int {
	for end := len(s); end > 0; {
		i := strings.LastIndexByte(s[:end], '<')
		if i < 0 {
			return -1
		}
		if i+len(needle) <= len(s) && strings.EqualFold(s[i:i+len(needle)], needle) {
			return i
		}
		end = i
	}
	return -1
}

// flatten drops start and end tags of elements opened deeper than maxDepth
// (counting open elements naively, as written), keeping all text, so that
// the parser's tree stays within its depth limit.
func flatten(page string, maxDepth int) string {
	z := html.NewTokenizer(strings.NewReader(page))
	var out strings.Builder
	out.Grow(len(page))
	var open []string
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return out.String()
		case html.StartTagToken:
			name, _ := z.TagName()
			if isVoid(string(name)) {
				break
			}
			if len(open) >= maxDepth {
				continue
			}
			open = append(open, string(name))
		case html.EndTagToken:
			name, _ := z.TagName()
			i := len(open) - 1
			for i >= 0 && open[i] != string(name) {
				i--
			}
			if i < 0 {
				continue
			}
			open = open[:i]
		}
		out.Write(z.Raw())
	}
}

func isVoid(name string) bool {
	switch atom.Lookup([]byte(name)) {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr, atom.Param, atom.Keygen:
		return true
	}
	return false
}

// Blocks walks the DOM under root in document order, without recursion, and
// returns its leaf text blocks. Comments and the subtrees of elements named
// in skip are ignored.
func Blocks(root *html.Node, skip []string) []Block {
	w := newWalker(skip)
	w.walk(root)
	return w.blocks
}

func newWalker(skip []string) *walker {
	w := &walker{skip: make(map[string]bool, len(skip))}
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
	skip      map[string]bool
	blocks    []Block
	path      []string   // names of the open elements
	elems     []*Element // the open elements
	links     int        // open <a> elements
	pres      int        // open <pre> elements
	hidden    int        // open hidden elements
	nav       int        // open navigation elements (Block.Navigation)
	maths     int        // open <math> elements
	entered   int        // elements entered so far (Element.Index)

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
		if w.skip[name] || name == "annotation" || name == "annotation-xml" {
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
		el := newElement(name, n)
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
	if w.maxAncestors > 0 {
		if w.ancestorCount += len(w.path); w.ancestorCount > w.maxAncestors {
			w.tooDeep = true
			return
		}
	}
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
		Path:        w.names.copyOf(w.path),
		Node:        n,
		InLink:      w.links > 0,
		Index:       len(w.blocks),
		Para:        w.para,
		Line:        w.line,
		SpaceBefore: len(w.blocks) > 0 && (w.pending || lead),
		Ancestors:   w.ancestors.copyOf(w.elems),
		// A formula's MathML is its only text (its image has none),
		// even when a page hides it for all but screen readers.
		Hidden:     w.hidden > 0 && w.maths == 0,
		Navigation: w.nav > 0,
	})
	w.pendingPara, w.pendingLine = false, false
	w.pending = trail
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

// collapse trims s and collapses its whitespace runs to one space (inside
// <pre>, runs that hold a line break become one "\n"). It reports whether s
// had leading and trailing whitespace; an all-whitespace s gives "" and
// lead = true.
func collapse(s string, pre bool) (out string, lead, trail bool) {
	if out, lead, trail, ok := collapsed(s, pre); ok {
		return out, lead, trail
	}
	return collapseCopy(s, pre)
}

// collapseCopy is collapse, building the result.
func collapseCopy(s string, pre bool) (out string, lead, trail bool) {
	var sb strings.Builder
	sb.Grow(len(s))
	space, newline := false, false
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				r = unicode.ReplacementChar
			}
		}
		if isSpace(r) {
			if sb.Len() == 0 {
				lead = true
			}
			space = true
			newline = newline || r == '\n'
			continue
		}
		if space && sb.Len() > 0 {
			if pre && newline {
				sb.WriteByte('\n')
			} else {
				sb.WriteByte(' ')
			}
		}
		space, newline = false, false
		sb.WriteRune(r)
	}
	return sb.String(), lead, space
}

// collapsed is collapse for the common text that needs no change beyond
// trimming, returned as a part of s without a copy: valid UTF-8 whose
// inner whitespace runs are single spaces (or, inside <pre>, single line
// breaks). ok is false for any other text.
func collapsed(s string, pre bool) (out string, lead, trail, ok bool) {
	start, end := -1, 0 // the first and past the last non-space bytes
	run, runLen := byte(0), 0
	for i := 0; i < len(s); {
		c := s[i]
		size := 1
		var space bool
		if c < utf8.RuneSelf {
			space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return "", false, false, false
			}
			if isSpace(r) {
				// Other spaces become ' ': a change (only plain ASCII
				// spaces are kept as they are).
				c, space = 0, true
			}
		}
		if space {
			if run == 0 {
				run = c
			}
			runLen++
			i += size
			continue
		}
		if runLen > 0 && start >= 0 && (runLen > 1 || !(run == ' ' || pre && run == '\n')) {
			return "", false, false, false
		}
		if start < 0 {
			start = i
		}
		run, runLen = 0, 0
		i += size
		end = i
	}
	if start < 0 {
		return "", s != "", s != "", true
	}
	return s[start:end], start > 0, end < len(s), true
}

// isSpace reports HTML whitespace plus the Unicode spaces that render as
// blank (no-break space included).
func isSpace(r rune) bool {
	return unicode.IsSpace(r) || r == '\u200b' || r == '\ufeff'
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

// Text rebuilds readable text from blocks of one page given in document
// order (any subset of Page.Blocks), joined by Separator.
func Text(blocks []Block) string {
	var sb strings.Builder
	for i, b := range blocks {
		if i > 0 {
			sb.WriteString(Separator(blocks[i-1], b))
		}
		sb.WriteString(b.Text)
	}
	return sb.String()
}

// Separator is what Text puts between two blocks, prev before b: a blank
// line between paragraphs, a line break between lines, and on one line
// nothing when the source has no whitespace between neighbouring blocks
// ("<b>H</b>ello") unless they are visibly apart, a space otherwise (and
// always when blocks were left out between them).
func Separator(prev, b Block) string {
	switch {
	case b.Para != prev.Para:
		return "\n\n"
	case b.Line != prev.Line:
		return "\n"
	case b.Index == prev.Index+1 && !b.SpaceBefore && !apart(prev, b):
		return ""
	}
	return " "
}

// apart reports whether two neighbouring blocks that the source writes
// without whitespace between them are still separate words as a page
// shows them: they sit in different elements, and a word or sentence ends
// before an upper-case letter ("Edit this page</a><span>Last updated"), or
// a symbol such as a rating's stars meets a letter or digit ("Great for
// day hikes</span><span>★★★★★"). CSS puts such elements apart (a block,
// a margin, a flex gap); inside a word ("<b>H</b>ello", "foo<i>bar</i>")
// the next letter is lower-case.
func apart(prev, b Block) bool {
	if prev.Node == nil || b.Node == nil || prev.Node.Parent == b.Node.Parent {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(prev.Text)
	first, _ := utf8.DecodeRuneInString(b.Text)
	wordEnd := unicode.IsLetter(last) || unicode.IsDigit(last) || strings.ContainsRune(".!?:;)", last)
	switch {
	case wordEnd && unicode.IsUpper(first):
		return true
	case unicode.Is(unicode.So, last) && (unicode.IsLetter(first) || unicode.IsDigit(first)):
		return true
	case unicode.Is(unicode.So, first) && (unicode.IsLetter(last) || unicode.IsDigit(last)):
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
