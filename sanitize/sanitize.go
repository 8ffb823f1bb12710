// Package sanitize makes a parsed HTML page safe to show: it copies the
// page's tree (golang.org/x/net/html nodes) keeping only an allowlist of
// elements and attributes, so that the copy runs no code, embeds no other
// document and loads nothing but images.
//
// What is kept:
//
//   - HTML elements of text, structure, tables, lists, forms (without
//     their actions) and images; SVG shapes and text; MathML. An element
//     that is not on the list is left out with its content when it runs,
//     embeds or loads something (script, iframe, object, embed, portal,
//     fencedframe, link, base, template, video, audio, SVG animation and
//     foreignObject, …), and replaced by its content otherwise (custom
//     elements, font-like obsolete ones), so that the page's text stays.
//   - Attributes on the list of their element, aria-* and data-*; event
//     handlers, srcdoc, action, formaction, ping, background and the like
//     are not on it.
//   - URLs only with a scheme that cannot run code: links (a, area, cite)
//     http, https, mailto and tel; images (img, picture's source, input
//     type=image) http, https and data:image/; SVG references only to a
//     fragment of the page (#id). Relative URLs are resolved against
//     Options.Base. An attribute whose value reads as a javascript:,
//     vbscript: or livescript: URL is dropped wherever it is.
//   - CSS (the style attribute, <style>, SVG presentation attributes) only
//     where it cannot load anything or run code: no url(), image(),
//     image-set(), cross-fade(), src(), @import, expression, behavior or
//     binding, also when spelled with CSS escapes or comments. Declarations
//     and rules that have one are left out; what remains is checked again
//     as a whole, and dropped if it still fails. A <style> holds no "<".
//   - <meta> only to name things (name, property, itemprop with content)
//     or to declare the charset, which the copy declares as utf-8, since
//     html.Render writes UTF-8: a page's other charset would let a browser
//     read the copy differently.
//
// Comments are left out (conditional comments of old browsers);
// <noscript> becomes <div> (its content parsed as markup, as a browser
// without scripts shows it), <xmp>, <listing> and <plaintext> become
// <pre>, so that every text of the copy is written escaped except a
// <style>'s checked CSS.
package sanitize

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Options tune Copy.
type Options struct {
	// Base, when not nil, resolves the relative URLs of links and images
	// (fragment-only links, #id, stay as they are). BaseURL gives a page's
	// base.
	Base *url.URL
	// WrapText, when not nil, is called with each text node of the tree
	// that the copy keeps (not a <style>'s CSS); the copy of the text goes
	// inside the element it returns, when it returns one. The element
	// passes the same policy as the page's: one that the policy does not
	// keep, a void element or a <style> wraps nothing, and its attributes
	// are checked.
	WrapText func(text *html.Node) *html.Node
}

// Copy returns a sanitized copy of the tree under root, leaving root
// unchanged: a document node holding root's children when root is a
// document node (html.Parse's result), and root itself otherwise.
func Copy(root *html.Node, opts Options) *html.Node {
	s := sanitizer{base: opts.Base, wrap: opts.WrapText}
	doc := &html.Node{Type: html.DocumentNode}
	if root.Type == html.DocumentNode {
		s.children(doc, root)
	} else {
		s.node(doc, root)
	}
	return doc
}

// sanitizer copies nodes that pass the policy.
type sanitizer struct {
	base *url.URL
	wrap func(*html.Node) *html.Node
}

// children copies the children of src that pass the policy to dst.
func (s *sanitizer) children(dst, src *html.Node) {
	for c := src.FirstChild; c != nil; c = c.NextSibling {
		s.node(dst, c)
	}
}

// node copies n to dst, or its content only, or nothing.
func (s *sanitizer) node(dst, n *html.Node) {
	switch n.Type {
	case html.TextNode:
		text := &html.Node{Type: html.TextNode, Data: n.Data}
		if s.wrap != nil {
			if w := s.wrap(n); w != nil {
				if c := s.shallow(w); c != nil && canWrap(c) {
					c.AppendChild(text)
					text = c
				}
			}
		}
		dst.AppendChild(text)
	case html.DoctypeNode:
		if dst.Type == html.DocumentNode {
			// The name only: public and system identifiers are not needed
			// to choose the rendering mode of a page with a doctype.
			name := "html"
			if isLetters(n.Data) {
				name = strings.ToLower(n.Data)
			}
			dst.AppendChild(&html.Node{Type: html.DoctypeNode, Data: name})
		}
	case html.ElementNode:
		s.element(dst, n)
	case html.DocumentNode:
		s.children(dst, n)
	}
	// Comments and raw nodes are left out.
}

// element copies an element that its namespace's policy keeps, with its
// allowed attributes; the content only of an unknown element; nothing of
// an element that is dropped.
func (s *sanitizer) element(dst, n *html.Node) {
	act := drop
	if p := policy(n.Namespace); p != nil {
		act = p[strings.ToLower(n.Data)]
	}
	switch act {
	case drop:
		return
	case unwrap:
		s.children(dst, n)
		return
	}
	c := s.shallow(n)
	switch {
	case c.Namespace != "":
	case c.DataAtom == atom.Meta && !keepMeta(n):
		return
	case c.DataAtom == atom.Source && (n.Parent == nil || !strings.EqualFold(n.Parent.Data, "picture")):
		return // media sources of <video> and <audio>
	case c.DataAtom == atom.Style:
		css, ok := cleanCSS(textOf(n))
		if !ok || strings.Contains(css, "<") {
			return // a style sheet that cannot be made safe, or that could end its element
		}
		c.AppendChild(&html.Node{Type: html.TextNode, Data: css})
		dst.AppendChild(c)
		return
	}
	dst.AppendChild(c)
	s.children(c, n)
}

// shallow returns a copy of the element n without its children, renamed
// and with its allowed attributes, or nil when the policy does not keep
// it.
func (s *sanitizer) shallow(n *html.Node) *html.Node {
	if n.Type != html.ElementNode || n.Namespace != "" && n.Namespace != "svg" && n.Namespace != "math" {
		return nil
	}
	name := strings.ToLower(n.Data)
	if policy(n.Namespace)[name] != keep {
		return nil
	}
	c := &html.Node{Type: html.ElementNode, Data: n.Data, Namespace: n.Namespace, Attr: s.attrs(n)}
	if n.Namespace == "" {
		// By its name, which html.Render goes by, not by a DataAtom that a
		// tree built by hand may lack.
		if to, ok := renamed[name]; ok {
			name = to
		}
		c.Data, c.DataAtom = name, atom.Lookup([]byte(name))
	} else {
		c.DataAtom = n.DataAtom
	}
	return c
}

// canWrap reports whether a kept element may wrap a text: not a void
// element, whose children html.Render refuses, nor a <style>, whose text
// it writes raw.
func canWrap(n *html.Node) bool {
	if n.Namespace != "" {
		return true
	}
	switch n.DataAtom {
	case atom.Style, atom.Area, atom.Br, atom.Col, atom.Hr, atom.Img, atom.Input, atom.Meta, atom.Source, atom.Wbr:
		return false
	}
	return true
}

// attrs returns the attributes of n that its policy allows, with URLs
// checked and resolved and CSS cleaned.
func (s *sanitizer) attrs(n *html.Node) []html.Attribute {
	var out []html.Attribute
	name := strings.ToLower(n.Data)
	for _, a := range n.Attr {
		key := strings.ToLower(a.Key)
		if a.Namespace != "" {
			key = strings.ToLower(a.Namespace) + ":" + key
		}
		if scriptScheme(a.Val) {
			continue // in any attribute: custom elements and old browsers read URLs in odd places
		}
		kind, ok := attrKind(n.Namespace, name, key)
		if !ok {
			continue
		}
		v, ok := s.value(kind, a.Val, n)
		if !ok {
			continue
		}
		out = append(out, html.Attribute{Namespace: a.Namespace, Key: a.Key, Val: v})
	}
	return out
}

// value checks (and rewrites) an allowed attribute's value by its kind.
func (s *sanitizer) value(kind valueKind, v string, n *html.Node) (string, bool) {
	switch kind {
	case linkURL:
		return s.url(v, linkSchemes, false)
	case imageURL:
		return s.url(v, imageSchemes, true)
	case imageSrcset:
		return s.srcset(v)
	case fragmentRef:
		return v, strings.HasPrefix(strings.TrimSpace(v), "#")
	case cssText:
		css, ok := cleanCSS(v)
		return css, ok && strings.TrimSpace(css) != ""
	case svgValue:
		// Presentation attributes are CSS values: fill="url(#gradient)"
		// points into the page, any other url() may load.
		return v, localRef(v) || safeCSS(v)
	case charsetValue:
		return "utf-8", true
	case contentValue:
		if isContentType(n) {
			return "text/html; charset=utf-8", true
		}
		return v, true
	}
	return v, true
}

// keepMeta reports whether a <meta> may stay: one that names something
// (name, property, itemprop) or declares the charset; not one with any
// other http-equiv (refresh, set-cookie, a policy) or that says nothing.
func keepMeta(n *html.Node) bool {
	says := false
	for _, a := range n.Attr {
		switch strings.ToLower(a.Key) {
		case "http-equiv":
			if !strings.EqualFold(strings.TrimSpace(a.Val), "content-type") {
				return false
			}
			says = true
		case "name", "property", "itemprop", "charset":
			says = true
		}
	}
	return says
}

// isContentType reports whether n is <meta http-equiv="content-type">.
func isContentType(n *html.Node) bool {
	for _, a := range n.Attr {
		if strings.EqualFold(a.Key, "http-equiv") && strings.EqualFold(strings.TrimSpace(a.Val), "content-type") {
			return true
		}
	}
	return false
}

// textOf returns the text of n's text children.
func textOf(n *html.Node) string {
	var sb strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			sb.WriteString(c.Data)
		}
	}
	return sb.String()
}

func isLetters(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}
