package serve

import (
	"context"
	"fmt"
	"io"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// FrameCSP is the Content-Security-Policy written into the highlighted
// page: nothing is loaded and nothing runs, only the page's own inline
// styles and data: images apply.
const FrameCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; form-action 'none'; base-uri 'none'"

// frameStyle marks the blocks in the highlighted page.
const frameStyle = `mark.bn-c{background:#fff176;color:#000;outline:1px solid #f9a825}` +
	`mark.bn-h{background:#b3e5fc;color:#000;outline:1px solid #0288d1}` +
	`span.bn-b:hover,mark.bn-c:hover,mark.bn-h:hover{outline:2px solid #d81b60}`

// writeHighlighted writes the highlighter's copy of the extracted page
// (render.Marked: sanitized, an allowlist of elements and attributes, CSS
// only where it loads nothing, links resolved against base, the page's
// <base href> first), every block wrapped in an element whose title gives
// its probability (content blocks in <mark class="bn-c">, the headline in
// <mark class="bn-h">, the rest in <span class="bn-b">, each with its
// index in data-block), and FrameCSP and the highlight style at the top of
// its head. The result and its page are left as they were; a Result
// without a page (not made by an Extractor) is render.Marked's error. It
// stops with ctx's error once ctx is done.
func writeHighlighted(ctx context.Context, w io.Writer, res *infer.Result, base string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	doc, err := render.Marked(res, base, func(i int) *html.Node {
		rb := res.Blocks[i]
		tag, a, class := "span", atom.Span, "bn-b"
		switch {
		case rb.Headline:
			tag, a, class = "mark", atom.Mark, "bn-h"
		case rb.Content:
			tag, a, class = "mark", atom.Mark, "bn-c"
		}
		title := fmt.Sprintf("P(content) %.3f", rb.Prob)
		if rb.Headline {
			title += " · headline"
		}
		return &html.Node{Type: html.ElementNode, Data: tag, DataAtom: a, Attr: []html.Attribute{
			{Key: "class", Val: class}, {Key: "title", Val: title}, {Key: "data-block", Val: fmt.Sprint(i)}}}
	})
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
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
	return html.Render(ctxWriter{ctx, w}, doc)
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

func findElement(root *html.Node, a atom.Atom) *html.Node {
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == a && n.Namespace == "" {
			return n
		}
	}
	return nil
}
