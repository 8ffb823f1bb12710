package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/sanitize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// highlightStyle marks the content blocks in Highlighted's output.
const highlightStyle = `mark.boilernet-content{background:#fff59d;color:inherit}mark.boilernet-headline{background:#b3e5fc;color:inherit}`

// Highlighted writes the page of r, sanitized (Marked, with r.URL: an
// allowlist of elements and attributes, so no scripts, frames, event
// handlers or script URLs, and CSS only where it loads nothing; relative
// links resolved against the page's base and URL), in UTF-8 and declared
// so, with every content block wrapped in <mark class="boilernet-content">
// (the headline in <mark class="boilernet-headline">), as BoilerNet's
// browser demo shows them. It writes a copy: r and its page are left as
// they were. A Result without a page (one not made by an Extractor) is an
// error.
func Highlighted(w io.Writer, r *infer.Result) error {
	doc, err := Marked(r, r.URL, func(i int) *html.Node {
		var class string
		switch {
		case r.Blocks[i].Headline:
			class = "boilernet-headline"
		case r.Blocks[i].Content:
			class = "boilernet-content"
		default:
			return nil
		}
		return &html.Node{Type: html.ElementNode, Data: "mark", DataAtom: atom.Mark,
			Attr: []html.Attribute{{Key: "class", Val: class}}}
	})
	if err != nil {
		return err
	}
	declareUTF8(doc)
	if head := findElement(doc, atom.Head); head != nil {
		style := &html.Node{Type: html.ElementNode, Data: "style", DataAtom: atom.Style}
		style.AppendChild(&html.Node{Type: html.TextNode, Data: highlightStyle})
		head.AppendChild(style)
	}
	return html.Render(w, doc)
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

func findElement(root *html.Node, a atom.Atom) *html.Node {
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == a {
			return n
		}
	}
	return nil
}

// Marked returns the highlighter's copy of the page r was extracted from:
// sanitized by package sanitize (an allowlist of elements and attributes,
// CSS only where it loads nothing, relative URLs resolved against
// sanitize.BaseURL of the page and pageURL: its <base href> first), with
// the text of block i (of r.Blocks) inside the element mark(i) returns,
// unless that is nil, or the text is that of a <textarea>, <title> or
// <option> (an element there would show as text). Highlighted writes
// Marked's copy with classes for the content and the headline; the server
// writes it with every block's probability. r and its page are left as
// they were. A Result without a page (one not made by an Extractor) is an
// error.
func Marked(r *infer.Result, pageURL string, mark func(i int) *html.Node) (*html.Node, error) {
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
	return sanitize.Copy(page.Root, sanitize.Options{Base: sanitize.BaseURL(page.Root, pageURL), WrapText: wrap}), nil
}
