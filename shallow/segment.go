// Package shallow implements the shallow-text-feature methods of
// Kohlschütter, Fankhauser and Nejdl, "Boilerplate Detection using Shallow
// Text Features" (WSDM 2010): their segmentation into atomic text blocks,
// the block features, the decision-tree classifiers printed in the paper
// and the downstream filters. Every method maps its verdicts back to the
// shared tokenize blocks, so all methods are scored on the same units.
package shallow

import (
	"strings"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Block is one atomic text block in the paper's sense: a run of text
// between HTML tags other than <a> (anchors do not split a block, so that
// its link density can be measured). It is made of consecutive leaf blocks
// of the page.
type Block struct {
	First, Last int // the range of tokenize blocks, inclusive
	Text        string
	Words       int // tokens with a letter or a digit
	LinkWords   int // of which inside <a>
	Features    Features
}

// Segment merges a page's leaf blocks into atomic text blocks: two
// neighbours join when only <a> start and end tags (and whitespace or
// comments) lie between them.
func Segment(leaves []tokenize.Block) []Block {
	var out []Block
	for i := 0; i < len(leaves); {
		j := i
		for j+1 < len(leaves) && onlyAnchorsBetween(leaves[j].Node, leaves[j+1].Node) {
			j++
		}
		b := Block{First: i, Last: j, Text: tokenize.Text(leaves[i : j+1])}
		for _, leaf := range leaves[i : j+1] {
			n := countWords(leaf.Text)
			b.Words += n
			if leaf.InLink {
				b.LinkWords += n
			}
		}
		out = append(out, b)
		i = j + 1
	}
	computeFeatures(out, leaves)
	return out
}

// onlyAnchorsBetween reports whether the document-order path from text node
// a to text node b crosses nothing but <a> element boundaries, comments and
// whitespace.
func onlyAnchorsBetween(a, b *html.Node) bool {
	n := a
	for {
		// Step to the next node in document order, leaving elements.
		for n.NextSibling == nil {
			n = n.Parent
			if n == nil || !isAnchor(n) {
				return false
			}
		}
		n = n.NextSibling
		// Enter it, and its first descendants, until b or a blocker.
	descend:
		for {
			if n == b {
				return true
			}
			switch n.Type {
			case html.TextNode:
				if strings.TrimSpace(n.Data) != "" {
					return false
				}
			case html.ElementNode:
				if !isAnchor(n) {
					return false
				}
				if n.FirstChild != nil {
					n = n.FirstChild
					continue descend
				}
			case html.CommentNode:
			default:
				return false
			}
			break descend
		}
	}
}

func isAnchor(n *html.Node) bool { return n.Type == html.ElementNode && n.DataAtom == atom.A }

// countWords counts the whitespace-separated tokens that hold a letter or a
// digit.
func countWords(s string) int {
	n := 0
	for _, f := range strings.Fields(s) {
		if strings.IndexFunc(f, tokenize.IsLetterOrDigit) >= 0 {
			n++
		}
	}
	return n
}

// Labels maps verdicts on atomic blocks back to the leaf blocks.
func Labels(blocks []Block, content []bool, leaves int) []bool {
	out := make([]bool, leaves)
	for i, b := range blocks {
		for k := b.First; k <= b.Last; k++ {
			out[k] = content[i]
		}
	}
	return out
}
