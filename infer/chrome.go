package infer

import (
	"strings"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// Site chrome: what markup itself says is not the page's text. Each rule
// here names a class of real pages and was measured on the train and dev
// splits with bench/cmd/markup (docs/model-selection.md, "Markup rules").

// chromeClasses are class names that mark an element as site chrome:
// every block under an element with one of them is dropped.
var chromeClasses = map[string]bool{
	// MediaWiki: "[edit]" links, "Retrieved from …", the category box,
	// "Jump to navigation" and the navigation boxes under an article.
	"mw-editsection": true, "printfooter": true, "catlinks": true, "mw-jump-link": true, "navbox": true,
	// Elements a stylesheet hides from print (Bootstrap's d-print-none
	// and hidden-print, Tailwind's print:hidden): advertising slots, share
	// rows, menus.
	"d-print-none": true, "hidden-print": true, "print-hidden": true, "print:hidden": true,
}

// isChrome reports whether a block lies under an element with a class of
// chromeClasses. known caches the verdict of the elements already seen.
func isChrome(b tokenize.Block, known map[*html.Node]bool) bool {
	var path []*html.Node
	verdict := false
	for n := b.Node.Parent; n != nil; n = n.Parent {
		if v, ok := known[n]; ok {
			verdict = v
			break
		}
		path = append(path, n)
		if chromeElement(n) {
			verdict = true
			break
		}
	}
	for _, n := range path {
		known[n] = verdict
	}
	return verdict
}

// chromeIDs are element ids that mark site chrome: MediaWiki's tagline
// under the title ("From Wikipedia, the free encyclopedia").
var chromeIDs = map[string]bool{"siteSub": true}

// chromeElement reports whether an element has a class of chromeClasses
// or an id of chromeIDs.
func chromeElement(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "id" && chromeIDs[strings.TrimSpace(a.Val)] {
			return true
		}
		if a.Key == "class" {
			for c := range strings.FieldsSeq(a.Val) {
				if chromeClasses[c] {
					return true
				}
			}
		}
	}
	return false
}

// adLabels are the texts, lowercase, of the labels that mark an
// advertising slot or a break in an article for one ("Advertisement",
// "Article continues below"), in the languages of the datasets.
var adLabels = map[string]bool{
	"advertisement": true, "advertisements": true, "advertising": true, "ad": true, "ads": true,
	"sponsored": true, "sponsored content": true, "article continues below": true,
	"story continues below": true, "continue reading below": true, "article continues below advertisement": true,
	"story continues below advertisement": true, "scroll to continue with content": true,
	"anzeige": true, "werbung": true, "publicité": true, "publicidad": true, "pubblicità": true,
	"reklama": true, "διαφήμιση": true, "广告": true, "реклама": true,
}

// isAdLabel reports whether a paragraph's text is an advertising label.
func isAdLabel(text string) bool {
	t := strings.ToLower(strings.Join(strings.Fields(text), " "))
	t = strings.Trim(t, " -–—:·|•()[]")
	return adLabels[t]
}

// dropChrome unselects the blocks under site-chrome markup (isChrome) and
// the selected paragraphs that are an advertising label (isAdLabel).
func dropChrome(blocks []tokenize.Block, selected []bool) {
	known := make(map[*html.Node]bool)
	for i, b := range blocks {
		if selected[i] && b.Node != nil && isChrome(b, known) {
			selected[i] = false
		}
	}
	for start, end := range selectedParagraphs(blocks, selected) {
		if end-start <= 3 && isAdLabel(tokenize.Text(blocks[start:end])) {
			for i := start; i < end; i++ {
				selected[i] = false
			}
		}
	}
}
