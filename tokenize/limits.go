package tokenize

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/boilernet/boilernet/tokenize/internal/htmlparse"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The checks and repairs around parsing: the element and attribute limits
// counted on the raw page, binary sniffing, an unclosed <title>,
// flattening of nesting deeper than the parser handles, and the limits on
// the tree the parser builds (parseTree).

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

// builtPerElement bounds, times the element limit, the elements the
// parser may build, and times the attribute limit their attributes: the
// parser implies elements (tbody for a table's rows, the p of a stray
// </p>) and copies the formatting elements (b, i, font, ...) left open
// into every new paragraph, so that a tree can have many times the start
// tags of its page.
const builtPerElement = 2

// parseTree parses a page's text into its tree (scripting disabled, so
// that <noscript> holds markup), building at most builtPerElement times
// maxElements elements and attrsPerElement times as many attributes
// (maxElements ≤ 0: no limit). A page over them is parsed again without
// its formatting elements other than <a> (dropFormatting), which are what
// the parser copies; a page still over them is an error wrapping
// ErrTooManyElements.
func parseTree(text string, maxElements int) (*html.Node, error) {
	var limits htmlparse.Limits
	if maxElements > 0 && maxElements <= math.MaxInt/(builtPerElement*attrsPerElement) {
		limits.Elements = builtPerElement * maxElements
		limits.Attrs = attrsPerElement * limits.Elements
	}
	root, err := parseLimited(text, limits)
	if errors.Is(err, htmlparse.ErrTooLarge) {
		if plain, ok := dropFormatting(text); ok {
			root, err = parseLimited(plain, limits)
		}
	}
	if errors.Is(err, htmlparse.ErrTooLarge) {
		return nil, fmt.Errorf("%w: its tree would have more than %d elements or %d attributes (%d times the limits)",
			ErrTooManyElements, limits.Elements, limits.Attrs, builtPerElement)
	}
	return root, err
}

// parseLimited parses text within limits, flattening nesting deeper than
// the parser allows.
func parseLimited(text string, limits htmlparse.Limits) (*html.Node, error) {
	root, _, err := htmlparse.ParseDocument(strings.NewReader(text), false, limits)
	if err != nil && !errors.Is(err, htmlparse.ErrTooLarge) {
		// Only nesting deeper than the parser allows fails here: flatten
		// the deepest elements and parse again.
		root, _, err = htmlparse.ParseDocument(strings.NewReader(flatten(text, maxNesting)), false, limits)
		if err != nil && !errors.Is(err, htmlparse.ErrTooLarge) {
			return nil, fmt.Errorf("parsing HTML: %w", err)
		}
	}
	return root, err
}

// dropFormatting returns page without the start and end tags of the
// formatting elements other than <a> (b, i, font, ...: those the parser
// reopens after a block boundary while they are open), keeping all text;
// ok is false when it has none.
func dropFormatting(page string) (out string, ok bool) {
	z := html.NewTokenizer(strings.NewReader(page))
	var sb strings.Builder
	sb.Grow(len(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return sb.String(), ok
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			if isFormatting(atom.Lookup(name)) {
				ok = true
				continue
			}
		}
		sb.Write(z.Raw())
	}
}

// isFormatting reports whether a is one of the HTML formatting elements
// (the list of active formatting elements holds them) other than a.
func isFormatting(a atom.Atom) bool {
	switch a {
	case atom.B, atom.Big, atom.Code, atom.Em, atom.Font, atom.I, atom.Nobr, atom.S,
		atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U:
		return true
	}
	return false
}
