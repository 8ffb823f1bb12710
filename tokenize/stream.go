package tokenize

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// React's streaming server rendering (React 18 and later, as Next.js's
// App Router serves pages) sends a page in pieces. Where a part was not
// ready it writes a boundary, <!--$?--><template id="B:3"></template>
// and a fallback up to <!--/$-->; the part comes later, at the end of the
// body, as <div hidden id="S:3">…</div> with a script that moves it into
// place: $RC("B:3","S:3"). A part inside a part waits at <template
// id="P:5"> for $RS("S:5","P:5"). A saved page holds the pieces where
// the server wrote them: the article's code listings after its footer,
// or the whole text hidden at the end. revealStreamed makes those moves
// as the browser's scripts do, so the text stands where a reader sees it.

// streamCall matches one of React's calls that move a streamed part:
// $RC(boundary, part) and $RS(part, placeholder).
var streamCall = regexp.MustCompile(`\$R([CS])\("([A-Z]:[0-9A-Za-z_-]+)","([A-Z]:[0-9A-Za-z_-]+)"`)

// maxStreamCalls bounds the moves made on one page, maxStreamSteps the
// siblings all its moves look at to find their boundaries' ends: a page
// of many boundaries none of which ends costs no more than these.
const (
	maxStreamCalls = 100000
	maxStreamSteps = 1000000
)

// revealStreamed moves the streamed parts of a page (see streamCall) into
// their places, in the order of the calls in the page's scripts. text is
// the page's source, to skip the walk when it holds no call. A call whose
// elements are missing or out of shape moves nothing.
func revealStreamed(root *html.Node, text string) {
	if !strings.Contains(text, `$RC("`) { // $RS comes only with $RC
		return
	}
	ids := make(map[string]*html.Node)
	var calls [][]string
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		if n.DataAtom == atom.Script {
			for c := n.FirstChild; c != nil && len(calls) < maxStreamCalls; c = c.NextSibling {
				if c.Type == html.TextNode && strings.Contains(c.Data, "$R") {
					calls = append(calls, streamCall.FindAllStringSubmatch(c.Data, maxStreamCalls-len(calls))...)
				}
			}
			continue
		}
		if id := Attr(n, "id"); len(id) > 2 && id[1] == ':' {
			if _, dup := ids[id]; !dup {
				ids[id] = n
			}
		}
	}
	steps := maxStreamSteps
	for _, c := range calls {
		if c[1] == "C" {
			completeBoundary(ids[c[2]], ids[c[3]], &steps)
		} else {
			completeSegment(ids[c[2]], ids[c[3]])
		}
		if steps <= 0 {
			return
		}
	}
}

// completeBoundary puts the children of part in the place of a boundary's
// fallback: from the <!--$?--> comment before the boundary's template up
// to its matching <!--/$-->. Each sibling it looks at costs one of steps.
func completeBoundary(template, part *html.Node, steps *int) {
	if template == nil || part == nil || template.Parent == nil || part.Parent == nil || contains(part, template) {
		return
	}
	start := template.PrevSibling
	if start == nil || start.Type != html.CommentNode || start.Data != "$?" {
		return
	}
	// The end is the <!--/$--> at the same depth of nested boundaries.
	var end *html.Node
	depth := 0
	for n := template.NextSibling; n != nil && end == nil && *steps > 0; n = n.NextSibling {
		*steps--
		if n.Type != html.CommentNode {
			continue
		}
		switch n.Data {
		case "$", "$?", "$!":
			depth++
		case "/$":
			if depth == 0 {
				end = n
			}
			depth--
		}
	}
	if end == nil {
		return
	}
	parent := template.Parent
	for n := template; n != end; {
		next := n.NextSibling
		parent.RemoveChild(n)
		n = next
	}
	moveChildren(part, parent, end)
	part.Parent.RemoveChild(part)
	start.Data = "$"
}

// completeSegment puts the children of part in the place of a
// placeholder's template.
func completeSegment(part, placeholder *html.Node) {
	if part == nil || placeholder == nil || placeholder.Parent == nil || part.Parent == nil || contains(part, placeholder) {
		return
	}
	moveChildren(part, placeholder.Parent, placeholder)
	placeholder.Parent.RemoveChild(placeholder)
	part.Parent.RemoveChild(part)
}

// moveChildren moves the children of from into parent, before before.
func moveChildren(from, parent, before *html.Node) {
	for c := from.FirstChild; c != nil; {
		next := c.NextSibling
		from.RemoveChild(c)
		parent.InsertBefore(c, before)
		c = next
	}
}

// contains reports whether n is a or lies under it.
func contains(a, n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == a {
			return true
		}
	}
	return false
}
