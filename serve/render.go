package serve

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/boilernet/boilernet/infer"
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

// droppedElements are removed from the highlighted page with their content:
// everything that runs code, embeds other documents or changes where the
// page's URLs point.
var droppedElements = map[atom.Atom]bool{
	atom.Script: true, atom.Iframe: true, atom.Frame: true, atom.Frameset: true, atom.Object: true,
	atom.Embed: true, atom.Applet: true, atom.Base: true, atom.Link: true, atom.Meta: true,
}

// urlAttributes hold URLs; a data: URL (other than an image) in one is
// dropped, as is a javascript: or vbscript: URL in any attribute.
var urlAttributes = map[string]bool{"href": true, "src": true, "action": true, "formaction": true, "xlink:href": true,
	"poster": true, "background": true, "cite": true, "data": true, "srcset": true, "ping": true}

// writeHighlighted writes the extracted page with its scripts and other
// active content removed, every block wrapped in an element whose title
// gives its probability (content blocks in <mark class="bn-c">, the
// headline in <mark class="bn-h">, the rest in <span class="bn-b">), links
// resolved against base (the page's <base href> first), and FrameCSP and
// the highlight style at the top of its head. It changes the result's DOM.
// It stops with ctx's error once ctx is done.
func writeHighlighted(ctx context.Context, w io.Writer, res *infer.Result, base string) error {
	page := res.Page()
	if page == nil {
		return fmt.Errorf("no page to highlight")
	}
	baseURL, _ := url.Parse(base)
	if b := findBaseHref(page.Root); b != "" {
		if u, err := url.Parse(b); err == nil {
			if baseURL != nil {
				u = baseURL.ResolveReference(u)
			}
			if u.IsAbs() {
				baseURL = u
			}
		}
	}
	for i, b := range page.Blocks {
		if i%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		text, parent := b.Node, b.Node.Parent
		if parent == nil || parent.Type != html.ElementNode {
			continue
		}
		switch parent.DataAtom {
		case atom.Textarea, atom.Title, atom.Option, atom.Xmp, atom.Plaintext:
			continue // raw text: an element inside would show as text
		}
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
		wrap := &html.Node{Type: html.ElementNode, Data: tag, DataAtom: a, Attr: []html.Attribute{
			{Key: "class", Val: class}, {Key: "title", Val: title}, {Key: "data-block", Val: fmt.Sprint(i)}}}
		parent.InsertBefore(wrap, text)
		parent.RemoveChild(text)
		wrap.AppendChild(text)
	}
	sanitize(page.Root, baseURL)
	if err := ctx.Err(); err != nil {
		return err
	}
	head := findElement(page.Root, atom.Head)
	if head == nil {
		htmlEl := findElement(page.Root, atom.Html)
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
	return html.Render(ctxWriter{ctx, w}, page.Root)
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

// sanitize removes active content below n: droppedElements, event handler
// attributes, srcdoc, http-equiv, and script URLs; it resolves link and
// image URLs against base.
func sanitize(n *html.Node, base *url.URL) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch c.Type {
		case html.ElementNode:
			if droppedElements[c.DataAtom] || c.Namespace != "" && strings.EqualFold(c.Data, "script") {
				n.RemoveChild(c)
			} else {
				if c.DataAtom == atom.Noscript {
					// Parsed as markup (scripting disabled), as the
					// sandboxed frame shows it; html.Render would write
					// its text children unescaped.
					c.Data, c.DataAtom = "div", atom.Div
				}
				c.Attr = cleanAttrs(c.Attr, base)
				sanitize(c, base)
			}
		case html.CommentNode:
			n.RemoveChild(c) // conditional comments of old browsers
		default:
			sanitize(c, base)
		}
		c = next
	}
}

func cleanAttrs(attrs []html.Attribute, base *url.URL) []html.Attribute {
	out := attrs[:0]
	for _, a := range attrs {
		key := strings.ToLower(a.Key)
		if a.Namespace != "" {
			key = strings.ToLower(a.Namespace) + ":" + key
		}
		v := strings.TrimSpace(a.Val)
		scheme := strings.ToLower(schemeOf(v))
		switch {
		case strings.HasPrefix(key, "on"), key == "srcdoc", key == "http-equiv", key == "style" && unsafeStyle(a.Val):
			continue
		case scheme == "javascript" || scheme == "vbscript":
			continue // in any attribute: custom elements and old browsers read URLs in odd places
		case urlAttributes[key] || strings.HasSuffix(key, ":href"):
			if scheme == "data" && !strings.HasPrefix(strings.ToLower(v), "data:image/") {
				continue
			}
			if base != nil && (key == "href" || key == "src") {
				if u, err := url.Parse(v); err == nil {
					a.Val = base.ResolveReference(u).String()
				}
			}
		}
		out = append(out, a)
	}
	return out
}

// schemeOf returns the scheme of a URL as a browser reads it: control
// characters and whitespace inside it are ignored.
func schemeOf(v string) string {
	var sb strings.Builder
	for _, r := range v {
		switch {
		case r == ':':
			return sb.String()
		case r <= ' ' || r == 0x7f:
			continue
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.':
			sb.WriteRune(r)
		default:
			return ""
		}
	}
	return ""
}

// unsafeStyle reports inline styles that could run code in very old
// browsers (expression(), behavior, -moz-binding) or load a URL.
func unsafeStyle(v string) bool {
	v = strings.ToLower(v)
	return strings.Contains(v, "expression") || strings.Contains(v, "behavior") || strings.Contains(v, "binding") || strings.Contains(v, "url(")
}

func findBaseHref(root *html.Node) string {
	if b := findElement(root, atom.Base); b != nil {
		for _, a := range b.Attr {
			if a.Key == "href" {
				return strings.TrimSpace(a.Val)
			}
		}
	}
	return ""
}

func findElement(root *html.Node, a atom.Atom) *html.Node {
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == a && n.Namespace == "" {
			return n
		}
	}
	return nil
}
