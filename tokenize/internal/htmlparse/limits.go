package htmlparse

import (
	"errors"
	"io"

	"golang.org/x/net/html"
)

// Limits bounds the tree the parser builds. A zero field means no limit.
type Limits struct {
	// Elements counts every element the parser creates: one per start tag
	// it inserts, the elements it implies (html, head, body, tbody, the p
	// of a stray </p>, ...), and the copies of formatting elements it
	// makes when it reconstructs them for new text or repairs misnested
	// end tags (the adoption agency).
	Elements int
	// Attrs counts the attributes of those elements; each copy has its
	// own.
	Attrs int
}

// ErrTooLarge is the error of a page whose tree would exceed the limits.
var ErrTooLarge = errors.New("the tree exceeds its limits")

// ParseDocument parses a whole HTML document from r as html.ParseWithOptions does
// (with scripting enabled or not), building at most limits: past them it
// stops and returns ErrTooLarge. built is what it created, up to the
// element or attribute over the limit.
func ParseDocument(r io.Reader, scripting bool, limits Limits) (doc *html.Node, built Limits, err error) {
	p := &parser{
		tokenizer: html.NewTokenizer(r),
		doc: &html.Node{
			Type: html.DocumentNode,
		},
		scripting:  scripting,
		framesetOK: true,
		im:         initialIM,
		limits:     limits,
		strs:       internPool.Get().(*interned),
	}
	defer p.strs.release()
	if err := p.parse(); err != nil {
		return nil, p.count, err
	}
	return p.doc, p.count, nil
}

// built counts an element the parser creates (see addAttrs).
func (p *parser) built(n *html.Node) {
	p.count.Elements++
	p.addAttrs(len(n.Attr))
}

// addAttrs counts k attributes given to an element, and stops the parse
// (a panic that parse recovers) when the counts go over the limits.
func (p *parser) addAttrs(k int) {
	p.count.Attrs += k
	if p.limits.Elements > 0 && p.count.Elements > p.limits.Elements ||
		p.limits.Attrs > 0 && p.count.Attrs > p.limits.Attrs {
		panic(ErrTooLarge)
	}
}
