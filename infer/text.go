package infer

import (
	"slices"
	"strings"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// contentText is tokenize.Text of the content blocks, except that the text
// of a <pre> is kept exactly as written (tokenize.PreText):
// syntax-highlighted code, one element per line, keeps its line breaks
// and indentation.
func contentText(blocks []tokenize.Block) string {
	var sb strings.Builder
	for i := 0; i < len(blocks); {
		pre := ancestor(blocks[i].Node, atom.Pre)
		j := i + 1
		for j < len(blocks) && ancestor(blocks[j].Node, atom.Pre) == pre {
			j++
		}
		if i > 0 {
			sb.WriteString("\n\n") // a <pre> is a paragraph of its own
		}
		if pre == nil {
			sb.WriteString(tokenize.Text(blocks[i:j]))
		} else {
			sb.WriteString(tokenize.PreText(pre, blocks[i:j]))
		}
		i = j
	}
	return sb.String()
}

// ancestor returns the nearest of n and its ancestors that is one of the
// elements as, or nil.
func ancestor(n *html.Node, as ...atom.Atom) *html.Node {
	for p := n; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && slices.Contains(as, p.DataAtom) {
			return p
		}
	}
	return nil
}
