package render

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/sanitize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// highlightStyle marks the content blocks in Highlight's page.
const highlightStyle = `mark.boilernet-content{background:#fff59d;color:inherit}mark.boilernet-headline{background:#b3e5fc;color:inherit}`

// FrameCSP is the Content-Security-Policy Highlight writes into the page
// of HighlightOptions.Frame: nothing is loaded and nothing runs, only the
// page's own inline styles and data: images apply.
const FrameCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'"

// frameStyle marks the blocks in the page of HighlightOptions.Frame.
const frameStyle = `mark.bn-c{background:#fff176;color:#000;outline:1px solid #f9a825}` +
	`mark.bn-h{background:#b3e5fc;color:#000;outline:1px solid #0288d1}` +
	`span.bn-b:hover,mark.bn-c:hover,mark.bn-h:hover{outline:2px solid #d81b60}`

// HighlightOptions choose how Highlight marks the blocks.
type HighlightOptions struct {
	// Frame marks every block for the server's page, which shows the
	// highlighted page in a sandboxed frame: each block is wrapped in an
	// element whose title gives its probability, with its index (of the
	// Result's Blocks) in data-block (content blocks in <mark
	// class="bn-c">, the headline in <mark class="bn-h">, the rest in
	// <span class="bn-b">), and <meta charset="utf-8">, FrameCSP and the
	// marks' style come first in the page's head. Otherwise only the
	// content blocks are wrapped, in <mark class="boilernet-content">
	// (the headline in <mark class="boilernet-headline">), as BoilerNet's
	// browser demo shows them, the page declares UTF-8 unless it declares
	// its charset already, and the style ends its head (boilernet extract
	// -format html).
	Frame bool
}

// Highlight writes the page of r, sanitized (an allowlist of elements and
// attributes, so no scripts, frames, event handlers or script URLs, and
// CSS only where it loads nothing; relative links resolved against the
// page's <base href> and r.URL), in UTF-8, with its blocks marked as opts
// says. It writes a copy: r and its page are left as they were. A Result
// without a page (one not made by an Extractor) is an error. It stops
// with ctx's error once ctx is done, also in the middle of writing.
func Highlight(ctx context.Context, w io.Writer, r *infer.Result, opts HighlightOptions) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	mark := contentMark
	if opts.Frame {
		mark = frameMark
	}
	doc, err := marked(r, func(i int) *html.Node { return mark(r.Blocks[i], i) })
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if opts.Frame {
		if err := frameHead(doc); err != nil {
			return err
		}
	} else {
		declareUTF8(doc)
		if head := findElement(doc, atom.Head); head != nil {
			style := &html.Node{Type: html.ElementNode, Data: "style", DataAtom: atom.Style}
			style.AppendChild(&html.Node{Type: html.TextNode, Data: highlightStyle})
			head.AppendChild(style)
		}
	}
	return html.Render(ctxWriter{ctx, w}, doc)
}

// Highlighted is Highlight with the content blocks marked (no Frame),
// without a context: boilernet extract -format html.
func Highlighted(w io.Writer, r *infer.Result) error {
	return Highlight(context.Background(), w, r, HighlightOptions{})
}

// contentMark wraps the content blocks and the headline, by class.
func contentMark(b infer.Block, _ int) *html.Node {
	var class string
	switch {
	case b.Headline:
		class = "boilernet-headline"
	case b.Content:
		class = "boilernet-content"
	default:
		return nil
	}
	return &html.Node{Type: html.ElementNode, Data: "mark", DataAtom: atom.Mark,
		Attr: []html.Attribute{{Key: "class", Val: class}}}
}

// frameMark wraps block i (b) with its probability and index.
func frameMark(b infer.Block, i int) *html.Node {
	tag, a, class := "span", atom.Span, "bn-b"
	switch {
	case b.Headline:
		tag, a, class = "mark", atom.Mark, "bn-h"
	case b.Content:
		tag, a, class = "mark", atom.Mark, "bn-c"
	}
	title := fmt.Sprintf("P(content) %.3f", b.Prob)
	if b.Headline {
		title += " · headline"
	}
	return &html.Node{Type: html.ElementNode, Data: tag, DataAtom: a, Attr: []html.Attribute{
		{Key: "class", Val: class}, {Key: "title", Val: title}, {Key: "data-block", Val: fmt.Sprint(i)}}}
}

// frameHead puts <meta charset="utf-8">, FrameCSP and frameStyle first
// in doc's head (made if the page has none).
func frameHead(doc *html.Node) error {
	head := findElement(doc, atom.Head)
	if head == nil {
		htmlEl := findElement(doc, atom.Html)
		if htmlEl == nil {
			return fmt.Errorf("page has no html element")
		}
		head = &html.Node{Type: html.ElementNode, Data: "head", DataAtom: atom.Head}
		htmlEl.InsertBefore(head, htmlEl.FirstChild)
	}
	style := &html.Node{Type: html.ElementNode, Data: "style", DataAtom: atom.Style}
	style.AppendChild(&html.Node{Type: html.TextNode, Data: frameStyle})
	head.InsertBefore(style, head.FirstChild)
	csp := &html.Node{Type: html.ElementNode, Data: "meta", DataAtom: atom.Meta, Attr: []html.Attribute{
		{Key: "http-equiv", Val: "Content-Security-Policy"}, {Key: "content", Val: FrameCSP}}}
	head.InsertBefore(csp, head.FirstChild)
	charset := &html.Node{Type: html.ElementNode, Data: "meta", DataAtom: atom.Meta, Attr: []html.Attribute{{Key: "charset", Val: "utf-8"}}}
	head.InsertBefore(charset, head.FirstChild)
	return nil
}

// ctxWriter fails its writes once ctx is done, which stops a rendering
// (html.Render writes through a 4 KiB buffer).
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// declareUTF8 makes a sanitized page declare UTF-8: sanitize.Copy writes
// its charset declarations as utf-8; a page without one gets <meta
// charset="utf-8"> first in its <head>.
func declareUTF8(root *html.Node) {
	for n := range root.Descendants() {
		if n.Type != html.ElementNode || n.DataAtom != atom.Meta {
			continue
		}
		for _, a := range n.Attr {
			if strings.EqualFold(a.Key, "charset") || strings.EqualFold(a.Key, "http-equiv") {
				return
			}
		}
	}
	if head := findElement(root, atom.Head); head != nil {
		meta := &html.Node{Type: html.ElementNode, Data: "meta", DataAtom: atom.Meta,
			Attr: []html.Attribute{{Key: "charset", Val: "utf-8"}}}
		head.InsertBefore(meta, head.FirstChild)
	}
}

// findElement is the first HTML element a below root (not one of SVG or
// MathML).
func findElement(root *html.Node, a atom.Atom) *html.Node {
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == a && n.Namespace == "" {
			return n
		}
	}
	return nil
}

// marked returns the highlighter's copy of the page r was extracted
// from: sanitized by package sanitize (an allowlist of elements and
// attributes, CSS only where it loads nothing, relative URLs resolved
// against sanitize.BaseURL of the page and r.URL: its <base href>
// first), with the text of block i (of r.Blocks) inside the element
// mark(i) returns, unless that is nil, or the text is that of a
// <textarea>, <title> or <option> (an element there would show as text).
// r and its page are left as they were. A Result without a page (one not
// made by an Extractor) is an error.
func marked(r *infer.Result, mark func(i int) *html.Node) (*html.Node, error) {
	page := pageOf(r)
	if page == nil {
		return nil, fmt.Errorf("render: no page to highlight")
	}
	index := make(map[*html.Node]int, len(page.Blocks))
	for i, b := range page.Blocks {
		index[b.Node] = i
	}
	wrap := func(text *html.Node) *html.Node {
		i, ok := index[text]
		if !ok || text.Parent == nil || text.Parent.Type != html.ElementNode {
			return nil
		}
		switch text.Parent.DataAtom {
		case atom.Textarea, atom.Title, atom.Option:
			return nil // text only: an element inside would show as text
		}
		return mark(i)
	}
	return sanitize.Copy(page.Root, sanitize.Options{Base: sanitize.BaseURL(page.Root, r.URL), WrapText: wrap}), nil
}
