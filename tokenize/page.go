package tokenize

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"golang.org/x/net/html"
)

// DefaultSkipTags returns the elements whose whole subtree is ignored: the
// list of the BoilerNet authors (PaperSkipTags) without noscript, whose content
// is what a reader sees without scripts (Discourse forums put the whole
// thread there), plus template, svg, select and datalist, whose text is
// never shown as running text (a select shows one option of its list).
// Pages are parsed with scripting disabled, so noscript content is markup.
// The default parsing (Options.SkipTags nil) reads one kind of button: one
// inside a heading, an accordion's or a tab's title. Each call returns a
// new slice.
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

// ErrTooManyElements is wrapped by the error of a page over
// Options.MaxElements: too many start tags or attributes, a tree that
// would have too many elements, or blocks with too many ancestors.
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
	// nil means the defaults: DefaultSkipTags(), except that a <button>
	// inside a heading is read (an accordion's or a tab's title, "Which
	// bits does the kit include?"). An empty non-nil slice skips nothing.
	SkipTags []string
	// MaxElements bounds the start tags of a page ("<" and a letter,
	// counted before parsing; 0 means DefaultMaxElements, < 0 no limit):
	// a page with more is an error wrapping ErrTooManyElements, refused
	// before its tree is built, since memory grows with the elements. So
	// is a page with more than 10 times as many attributes, and one with
	// a start tag of more than 10,000 attributes. The parser stops when
	// it has built twice as many elements, or 20 times as many
	// attributes: it implies elements, and copies the formatting elements
	// (b, font, ...) left open into every new paragraph, so that a page of
	// a few hundred open <b> would have hundreds of times its start tags.
	// Such a page is parsed again without its formatting elements other
	// than <a> (keeping its text), and refused if still over. A page
	// whose blocks have more than 20 times as many ancestors in all
	// (summed over the blocks) is refused too.
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
	// Words is CountWords(Text), counted once when the page is parsed.
	Words int
	// Path holds the names of the ancestor elements, lowercase, from html
	// down to the text node's parent. Blocks with the same parent share
	// one Path (and one Ancestors): read them, do not change them.
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
	text := closeNoscriptRawText(closeTitle(dec.Text))
	if max := opts.maxElements(); max > 0 {
		tags, attrs, bigTag := scanTags(text, max, attrsPerElement*max)
		switch {
		case tags > max:
			return nil, fmt.Errorf("%w: more than %d start tags", ErrTooManyElements, max)
		case attrs > attrsPerElement*max:
			return nil, fmt.Errorf("%w: more than %d attributes (%d times the limit of %d elements)", ErrTooManyElements, attrsPerElement*max, attrsPerElement, max)
		case bigTag:
			return nil, fmt.Errorf("%w: a start tag with more than %d attributes", ErrTooManyElements, maxTagAttrs)
		}
	}
	root, err := parseTree(text, opts.maxElements())
	if err != nil {
		return nil, err
	}
	revealStreamed(root, text)
	w := newWalker(opts.SkipTags)
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
