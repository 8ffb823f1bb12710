package metadata

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// first returns the first non-empty value.
func first(vals ...string) string {
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// firstDate returns the first value that ParseDate reads, in ISO 8601.
func firstDate(vals ...string) string {
	for _, v := range vals {
		if v == "" {
			continue
		}
		if d, err := ParseDate(v); err == nil {
			return d
		}
	}
	return ""
}

// clean unescapes entities left in a JSON-LD string, drops tags and
// collapses spaces.
func clean(s string) string {
	if strings.ContainsRune(s, '&') {
		s = html.UnescapeString(s)
	}
	if strings.ContainsRune(s, '<') {
		var sb strings.Builder
		in := false
		for _, r := range s {
			switch {
			case r == '<':
				in = true
			case r == '>' && in:
				in = false
				sb.WriteByte(' ')
			case !in:
				sb.WriteRune(r)
			}
		}
		s = sb.String()
	}
	return collapse(s)
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// truncate cuts s to at most maxField bytes at a rune boundary.
func truncate(s string) string {
	if len(s) <= maxField {
		return s
	}
	s = s[:maxField]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// textOf is the text under n, without the text of the <style> and
// <script> elements inside it (CSS-in-JS puts styles inside headings),
// with a space for a line break and around a block ("Top MBA Programs
// of 2025 (US)<br>Your Guide" is not "(US)Your"), and between the texts of
// two elements that a page shows as separate words
// (tokenize.SeparateWords: "Black Edition<span>Complete meal" is not
// "EditionComplete").
func textOf(n *html.Node) string {
	var sb strings.Builder
	var lastParent *html.Node // the parent of the last text written
	var walk func(p *html.Node)
	walk = func(p *html.Node) {
		for d := p.FirstChild; d != nil && sb.Len() <= 1<<20; d = d.NextSibling {
			switch d.Type {
			case html.TextNode:
				if lastParent != nil && lastParent != d.Parent && tokenize.SeparateWords(sb.String(), d.Data) {
					sb.WriteByte(' ')
				}
				lastParent = d.Parent
				sb.WriteString(d.Data)
			case html.ElementNode:
				if d.Data == "style" || d.Data == "script" {
					continue
				}
				apart := d.Data == "br" || blockElements[d.Data]
				if apart {
					sb.WriteByte(' ')
				}
				walk(d)
				if apart {
					sb.WriteByte(' ')
				}
			}
		}
	}
	walk(n)
	return sb.String()
}

// blockElements are the elements whose text is apart from the text
// around them.
var blockElements = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "dd": true, "div": true, "dl": true, "dt": true,
	"figcaption": true, "figure": true, "footer": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"header": true, "hr": true, "li": true, "main": true, "nav": true, "ol": true, "p": true, "pre": true, "section": true,
	"table": true, "td": true, "th": true, "tr": true, "ul": true,
}

func attr(n *html.Node, key string) string {
	v, _ := attrOK(n, key)
	return v
}

func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func hasAttr(n *html.Node, key string) bool {
	_, ok := attrOK(n, key)
	return ok
}

// hasWord reports whether the space-separated list s holds w.
func hasWord(s, w string) bool {
	for _, f := range strings.Fields(s) {
		if f == w {
			return true
		}
	}
	return false
}

func inSVG(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.Data == "svg" {
			return true
		}
	}
	return false
}

// classedPublished reports whether a <time> or its parent is classed as a
// publication date.
func classedPublished(n *html.Node) bool {
	for i := 0; i < 2 && n != nil; i, n = i+1, n.Parent {
		c := attr(n, "class")
		if containsFold(c, "publish") || containsFold(c, "posted") || containsFold(c, "entry-date") || containsFold(c, "post-date") {
			return true
		}
	}
	return false
}

// isBylineElement reports whether an element's class or id marks a
// byline or the author ("byline", "author", "post-author__name",
// "authorName"; not "authority").
func isBylineElement(n *html.Node) bool {
	switch n.Data {
	case "html", "body", "script", "style", "meta", "link", "img", "svg":
		return false
	}
	for _, a := range n.Attr {
		if a.Key != "class" && a.Key != "id" {
			continue
		}
		if containsFold(a.Val, "byline") {
			return true
		}
		for v := a.Val; ; {
			i := indexFold(v, "author")
			if i < 0 {
				break
			}
			v = v[i+len("author"):]
			if !strings.HasPrefix(v, "i") && !strings.HasPrefix(v, "I") { // authority, authorize
				return true
			}
		}
	}
	return false
}

func trimPrefixFold(s, prefix string) string {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):]
	}
	return s
}

func isURL(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "//") || strings.HasPrefix(l, "/")
}

func isUpperRune(r rune) bool { return unicode.IsUpper(r) }

// containsFold reports whether s contains the lowercase ASCII word sub,
// ignoring ASCII case, without allocating.
func containsFold(s, sub string) bool { return indexFold(s, sub) >= 0 }

// indexFold is the index of the lowercase ASCII word sub in s, ignoring
// ASCII case, or -1.
func indexFold(s, sub string) int {
	if sub == "" {
		return 0
	}
	c0 := sub[0]
	for i := 0; i+len(sub) <= len(s); i++ {
		if c := s[i]; c != c0 && c+('a'-'A') != c0 {
			continue
		}
		j := 1
		for j < len(sub) {
			c := s[i+j]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != sub[j] {
				break
			}
			j++
		}
		if j == len(sub) {
			return i
		}
	}
	return -1
}

// textNodes returns the first max non-empty text nodes under n, trimmed.
func textNodes(n *html.Node, max int) []string {
	var out []string
	for d := range n.Descendants() {
		if d.Type == html.TextNode && !inCode(d, n) {
			if t := strings.TrimSpace(d.Data); t != "" {
				if out = append(out, t); len(out) == max {
					break
				}
			}
		}
	}
	return out
}

// bylineTexts returns the first max non-empty text nodes under a byline
// element, trimmed, without a picture's caption (isCaption): it names
// what the picture shows ("Potato Chips (Kettle Brand)") or who took it,
// not who wrote the page.
func bylineTexts(n *html.Node, max int) []string {
	var out []string
	for d := n.FirstChild; d != nil && len(out) < max; {
		if d.Type == html.ElementNode && isCaption(d) {
			d = nextOutside(d, n)
			continue
		}
		if d.Type == html.TextNode && !inCode(d, n) {
			if t := strings.TrimSpace(d.Data); t != "" {
				out = append(out, t)
			}
		}
		d = next(d, n)
	}
	return out
}

// nextOutside returns the node after n and its subtree in document
// order within root, or nil.
func nextOutside(n, root *html.Node) *html.Node {
	for ; n != root; n = n.Parent {
		if n.NextSibling != nil {
			return n.NextSibling
		}
	}
	return nil
}

// isCaption reports whether an element is a picture's caption: a
// <figcaption>, or WordPress's caption ("wp-caption", "wp-caption-text").
// Not every class with the word caption is one: Engadget's byline is a
// span.caption.
func isCaption(n *html.Node) bool {
	return n.Data == "figcaption" || containsFold(attr(n, "class"), "wp-caption")
}

// holds reports whether an element has an element of one of the names
// inside it: an element classed as the author that holds an <h1> or <h2>
// is the post around the byline (WordPress classes a post "author-kgs"
// after its author), not the byline; a review that holds the <h1> is the
// page's own.
func holds(n *html.Node, names ...string) bool {
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && slices.Contains(names, d.Data) {
			return true
		}
	}
	return false
}

// commentLevels is how far up inCommentOrReview looks: an element and its
// five nearest ancestors.
const commentLevels = 6

// inCommentOrReview reports whether an element or one of its five
// nearest ancestors marks readers' comments (MarksComments) or is classed
// as a review: their authors and dates are not the page's. dist
// memoizes, for the elements met, how many levels up the nearest such one
// is (commentLevels: none that near), so that a page's text nodes cost
// one test per element.
func inCommentOrReview(n *html.Node, dist map[*html.Node]uint8) bool {
	return commentDistance(n, dist) < commentLevels
}

func commentDistance(n *html.Node, dist map[*html.Node]uint8) uint8 {
	if n == nil {
		return commentLevels
	}
	if d, ok := dist[n]; ok {
		return d
	}
	var d uint8
	if !commentOrReview(n) {
		d = min(commentDistance(n.Parent, dist)+1, commentLevels)
	}
	dist[n] = d
	return d
}

// commentOrReview reports whether an element marks readers' comments or
// its class or id names a review (a reader's: one that holds an <h1> is
// the page's own, an editorial review or a news item that a site
// classes so, as GSMArena's "review-header hreview" around the
// headline). hReview's properties "dtreviewed" and "reviewer" name a
// review's date and author, not a review: the review around them does.
func commentOrReview(n *html.Node) bool {
	if n.Type != html.ElementNode || len(n.Attr) == 0 {
		return false
	}
	for _, a := range n.Attr {
		if (a.Key == "class" || a.Key == "id") && namesReview(a.Val) {
			if holds(n, "h1") {
				break
			}
			return true
		}
	}
	return nodeMarksComments(n)
}

// namesReview reports whether a class or id value has a word that
// names a review, hReview's properties aside.
func namesReview(v string) bool {
	if !containsFold(v, "review") {
		return false
	}
	for _, w := range strings.Fields(v) {
		if containsFold(w, "review") && !strings.EqualFold(w, "dtreviewed") && !strings.EqualFold(w, "reviewer") {
			return true
		}
	}
	return false
}

// furnitureWords are the words of class and id values (as
// tokenize.AttrTokens splits them) and the ARIA roles that mark a menu,
// a navigation bar or a quotation.
var furnitureWords = map[string]bool{
	"nav": true, "navbar": true, "navigation": true, "menu": true, "submenu": true, "megamenu": true, "quote": true,
	"role=navigation": true, "role=menu": true, "role=menubar": true,
}

// inFurniture reports whether an element is inside a menu, a navigation
// bar or a quotation (a <nav>, <menu> or <blockquote>, or an element
// whose class, id or role says furnitureWords): an author named there (a
// menu's link to a magazine's authors, the author of a quotation in the
// page's header) is not the page's. A sidebar or an <aside> is not one:
// it holds the article's author box as often as other authors.
func inFurniture(n *html.Node) bool {
	return under(n, func(name string) bool { return name == "nav" || name == "menu" || name == "blockquote" }, furnitureWords)
}

// playerWords are the words of class and id values (as
// tokenize.AttrTokens splits them) that mark a media player or a
// playlist ("pleer" as Russian sites spell it).
var playerWords = map[string]bool{"player": true, "pleer": true, "playlist": true, "audio": true, "video": true, "podcast": true}

// inPlayer reports whether an element is inside a media player (an
// <audio> or <video>, or an element whose class or id says playerWords):
// the time of its broadcast ("10:30") is not the page's date.
func inPlayer(n *html.Node) bool {
	return under(n, func(name string) bool { return name == "audio" || name == "video" }, playerWords)
}

// under reports whether n or an element above it, below <body>, is one
// that named says, or has a word of class or id (as tokenize.AttrTokens
// splits them) in words.
func under(n *html.Node, named func(string) bool, words map[string]bool) bool {
	for p := n; p != nil && p.Type == html.ElementNode && p.Data != "body"; p = p.Parent {
		if named(p.Data) {
			return true
		}
		if len(p.Attr) == 0 {
			continue
		}
		for _, t := range tokenize.AttrTokens(p) {
			if words[t] {
				return true
			}
		}
	}
	return false
}

// inCode reports whether text node d under n is the text of a <style> or
// <script> element inside n.
func inCode(d, n *html.Node) bool {
	p := d.Parent
	return p != n && p != nil && (p.Data == "style" || p.Data == "script")
}

// unescapeAgain decodes character references left in a value that a
// page escaped twice ("And finally&amp;#8230;" read as "And
// finally&#8230;").
func unescapeAgain(s string) string {
	if i := strings.IndexByte(s, '&'); i >= 0 && strings.IndexByte(s[i:], ';') > 0 {
		return html.UnescapeString(s)
	}
	return s
}

// inControl reports whether n is inside a control: a link that runs a
// script (href "javascript:…"), an <option>, <select>, <button> or
// <label>, or a form that holds no <h1> nor <h2> (not the form around a
// whole page, as ASP.NET writes it). A search form's "作者" (search by
// author) is the label of a byline only by its words.
func inControl(n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "option", "select", "button", "label":
			return true
		case "form":
			return !holds(n, "h1", "h2")
		case "a":
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(attr(n, "href"))), "javascript:") {
				return true
			}
		}
	}
	return false
}
