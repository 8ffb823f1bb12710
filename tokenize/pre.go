package tokenize

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// PreText returns the text of a <pre> element from the first of its
// selected blocks (sel: at least one, in document order) to the last,
// exactly as written: the selected text nodes and the whitespace-only
// text nodes and <br> line breaks around and between them (where the line
// breaks and indentation of highlighted code live); text nodes that are
// not selected are left out. Trailing line breaks are dropped.
//
// Code that a highlighter writes one block element per line (CodeMirror's
// div.cm-line, Prism's div.token-line in Docusaurus) has no line break
// of its own between the lines: a browser starts each block on a line of
// its own, and so does PreText, when a text's nearest block element is
// not inside the previous text's (a block inside, say an inline-block
// after a line number, is set apart by a space).
func PreText(pre *html.Node, sel []Block) string {
	want := make(map[*html.Node]bool, len(sel))
	for _, b := range sel {
		want[b.Node] = true
	}
	last := sel[len(sel)-1].Node
	var sb, pending strings.Builder
	started := false
	var prevBlock *html.Node // the nearest block element of the last text written
	for n := range pre.Descendants() {
		if n.Type == html.TextNode && hiddenLine(n) {
			continue
		}
		switch {
		case n.Type == html.ElementNode && n.DataAtom == atom.Br:
			pending.WriteString("\n")
		case n.Type != html.TextNode:
		case want[n]:
			ws := pending.String()
			block := blockIn(pre, n)
			if started && block != prevBlock && !strings.Contains(ws, "\n") && !strings.HasSuffix(sb.String(), "\n") {
				if Inside(block, prevBlock) {
					if ws == "" {
						ws = " "
					}
				} else {
					ws = "\n" + ws
				}
			}
			if !started {
				ws = ws[strings.LastIndexByte(ws, '\n')+1:] // the first line's indentation only
			}
			sb.WriteString(ws + n.Data)
			pending.Reset()
			started = true
			prevBlock = block
		case strings.TrimSpace(n.Data) == "":
			pending.WriteString(n.Data)
		default:
			if !started {
				pending.Reset()
			}
		}
		if n == last {
			break
		}
	}
	return strings.TrimRight(sb.String(), "\r\n")
}

// hiddenLine reports whether a text node of a listing is one that its
// page hides: mdBook's "boring" lines (span.boring in code.hide-boring,
// the setup a Rust example needs to compile, shown on a click).
func hiddenLine(n *html.Node) bool {
	boring := false
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type != html.ElementNode {
			continue
		}
		switch {
		case hasClass(p, "boring"):
			boring = true
		case boring && hasClass(p, "hide-boring"):
			return true
		case p.DataAtom == atom.Pre:
			return false
		}
	}
	return false
}

// hasClass reports whether an element's class attribute holds name.
func hasClass(n *html.Node, name string) bool {
	return slices.Contains(strings.Fields(Attr(n, "class")), name)
}

// blockIn returns the nearest block-level element above n inside pre, or
// pre itself.
func blockIn(pre, n *html.Node) *html.Node {
	for p := n.Parent; p != nil && p != pre; p = p.Parent {
		if p.Type == html.ElementNode && isBlockLevel(p.Data) {
			return p
		}
	}
	return pre
}
