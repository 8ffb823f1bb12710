package tokenize

import (
	"strings"

	"golang.org/x/net/html"
)

// titleSeparators split a page title into its own title and the site name.
var titleSeparators = []string{" | ", " - ", " – ", " — ", " :: ", " » ", " · ", " / "}

// Title returns a page's title: og:title, else <title>, else the first
// <h1>. A site name joined by a separator ("Storm hits coast | Daily News")
// is dropped: the segment that equals the first <h1> wins, otherwise the
// longest segment.
func Title(root *html.Node) string {
	var title, og, h1 string
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "title":
			if title == "" {
				title = collapseSpace(textOf(n))
			}
		case "meta":
			if og == "" && (Attr(n, "property") == "og:title" || Attr(n, "name") == "og:title") {
				og = collapseSpace(Attr(n, "content"))
			}
		case "h1":
			if h1 == "" {
				h1 = collapseSpace(textOf(n))
			}
		}
	}
	t := og
	if t == "" {
		t = title
	}
	if t == "" {
		return h1
	}
	segments := SplitTitle(t, titleSeparators)
	if len(segments) == 1 {
		return t
	}
	for _, s := range segments {
		if h1 != "" && strings.EqualFold(strings.TrimSpace(s), h1) {
			return strings.TrimSpace(s)
		}
	}
	longest := ""
	for _, s := range segments {
		if s = strings.TrimSpace(s); len(s) > len(longest) {
			longest = s
		}
	}
	return longest
}

// textOf returns the text of n's descendants, concatenated.
func textOf(n *html.Node) string {
	var sb strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			sb.WriteString(d.Data)
		}
	}
	return sb.String()
}

func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }
