package tokenize

import (
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
func PreText(pre *html.Node, sel []Block) string {
	want := make(map[*html.Node]bool, len(sel))
	for _, b := range sel {
		want[b.Node] = true
	}
	last := sel[len(sel)-1].Node
	var sb, pending strings.Builder
	started := false
	for n := range pre.Descendants() {
		switch {
		case n.Type == html.ElementNode && n.DataAtom == atom.Br:
			pending.WriteString("\n")
		case n.Type != html.TextNode:
		case want[n]:
			ws := pending.String()
			if !started {
				ws = ws[strings.LastIndexByte(ws, '\n')+1:] // the first line's indentation only
			}
			sb.WriteString(ws + n.Data)
			pending.Reset()
			started = true
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
