// Command markup measures candidate markup rules against the gold: for each
// rule (a test on a block's ancestors, such as "under an element whose
// class marks it not for print"), the words of the blocks it matches on a
// split, the share of them that the gold calls content, and the words the
// default extraction keeps among them (with their content share). A rule
// that drops blocks is worth having where its matched words are almost all
// boilerplate and the default keeps some of them.
//
//	go run ./cmd/markup -data ../../shared/data/wcxb,../../shared/data/dragnet -split dev
package main

import (
	"flag"
	"fmt"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"log"
	"os"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"

	"golang.org/x/net/html"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
)

// rule is one candidate: a name and the test on a block.
type rule struct {
	name  string
	match func(b tokenize.Block) bool
}

// underAll matches blocks with an ancestor whose attribute tokens hold all
// of toks.
func underAll(toks ...string) func(tokenize.Block) bool {
	return func(b tokenize.Block) bool {
		for _, el := range b.Ancestors {
			all := true
			for _, t := range toks {
				if !slices.Contains(el.Attrs, t) {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
		return false
	}
}

// under matches blocks with an ancestor of the given name.
func under(name string) func(tokenize.Block) bool {
	return func(b tokenize.Block) bool {
		return slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool { return el.Name == name })
	}
}

var rules = []rule{
	{"class noprint", underAll("noprint")},
	{"class no print", underAll("no", "print")},
	{"class print none/hidden", func(b tokenize.Block) bool {
		return underAll("print", "none")(b) || underAll("hidden", "print")(b) || underAll("print", "hidden")(b)
	}},
	{"mw editsection", underAll("editsection")},
	{"mw printfooter", underAll("printfooter")},
	{"mw catlinks", underAll("catlinks")},
	{"mw jump link", underAll("mw", "jump")},
	{"navbox", underAll("navbox")},
	{"class/id toc", underAll("toc")},
	{"hidden", func(b tokenize.Block) bool { return b.Hidden }},
	{"pre", under("pre")},
	{"math", under("math")},
	{"blockquote", under("blockquote")},
	{"itemprop articlebody", underAll("itemprop=articlebody")},
	{"figcaption", under("figcaption")},
	{"form", under("form")},
	{"screen-reader only class", func(b tokenize.Block) bool {
		return underAll("sr", "only")(b) || underAll("visually", "hidden")(b) || underAll("screen", "reader", "text")(b) || underAll("visuallyhidden")(b)
	}},
	{"small form (<150 words)", smallUnder("form", 150)},
	{"small form (<80 words)", smallUnder("form", 80)},
	{"small class newsletter/subscribe/signup (<150 words)", func(b tokenize.Block) bool {
		return smallWith(b, 150, "newsletter", "subscribe", "signup")
	}},
	{"button", under("button")},
	{"link with class btn/button/cta", linkWith("btn", "button", "cta")},
	{"short (<=5 words) link with class btn/button/cta", func(b tokenize.Block) bool {
		return tokenize.CountWords(b.Text) <= 5 && linkWith("btn", "button", "cta")(b)
	}},
	{"class share/social", func(b tokenize.Block) bool {
		return underAll("share")(b) || underAll("social")(b) || underAll("sharing")(b)
	}},
	{"class newsletter/subscribe/signup", func(b tokenize.Block) bool {
		return underAll("newsletter")(b) || underAll("subscribe")(b) || underAll("signup")(b)
	}},
	{"class related", underAll("related")},
	{"class cta", underAll("cta")},
	{"class promo", underAll("promo")},
	{"class call to action", underAll("call", "to", "action")},
	{"small (<60 words) class cta / call-to-action", func(b tokenize.Block) bool {
		return smallWith(b, 60, "cta") || slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool {
			return elementWords[el] < 60 && slices.Contains(el.Attrs, "call") && slices.Contains(el.Attrs, "action")
		})
	}},
	{"class signature", underAll("signature")},
	{"class joined/postcount/user title", func(b tokenize.Block) bool {
		return underAll("joined")(b) || underAll("postcount")(b) || underAll("user", "title")(b) || underAll("usertitle")(b)
	}},
	{"credit line (Photo:, Fot., Credit:, Image:, ©; <= 12 words)", textMatches(12, `^\(?\s*(fot\.|foto:|fotos:|photo:|photos:|photograph:|photo credit|photo by|credit:|credits:|image:|image credit|image by|images:|bild:|picture:|pic:|©)`)},
	{"social prompt (like/follow us on Facebook/Twitter; <= 60 words)", textMatches(60, `(like|follow|join|find|connect with)( us)? (on|at) .{0,40}(facebook|twitter|instagram|linkedin|youtube|tiktok)|(facebook|twitter|instagram) (page|account|feed)`)},
	{"a count before a control (1 Like, 3 Replies)", textMatches(3, `^\d[\d,.]*\s*(like|likes|reply|replies|comment|comments|vote|votes|share|shares|view|views)$`)},
	{"mobile-only class (hidden-desktop, d-md-none, d-lg-none, mobile-only, md:hidden, lg:hidden, hide-for-large, show-for-small-only, visible-xs)", rawClassMatches(`(^|\s)(hidden-desktop|[a-z-]*hidden-desktop|d-md-none|d-lg-none|d-xl-none|mobile-only|only-mobile|show-mobile|md:hidden|lg:hidden|hide-for-large|hide-for-medium|show-for-small-only|visible-xs|visible-sm|hidden-md|hidden-lg)(\s|$)`)},
	{"desktop-only class (hidden-mobile, d-none d-md-block, desktop-only, hidden md:block, hide-for-small-only, hidden-xs)", rawClassMatches(`(^|\s)(hidden-mobile|[a-z-]*hidden-mobile|desktop-only|only-desktop|show-desktop|hide-for-small-only|hidden-xs|hidden-sm|d-none d-md-block|d-none d-lg-block)(\s|$)`)},
	{"cloaked (v-cloak, x-cloak, ng-cloak attribute or class)", func(b tokenize.Block) bool {
		return rawAttrMatches(b, func(key, val string) bool {
			return key == "v-cloak" || key == "x-cloak" || key == "ng-cloak" || key == "class" && slices.Contains(strings.Fields(val), "ng-cloak")
		})
	}},
	{"shown by a state (v-if, v-show, x-show, x-if, ng-if, ng-show naming open, modal, dialog, popup, success, error, loading, empty, submitted, toast)", func(b tokenize.Block) bool {
		return rawAttrMatches(b, func(key, val string) bool {
			switch key {
			case "v-if", "v-show", "x-show", "x-if", "ng-if", "ng-show", "*ngif":
				return stateExpr.MatchString(strings.ToLower(val))
			}
			return false
		})
	}},
	{"embedded post (blockquote twitter-tweet, instagram-media, tiktok-embed; class)", rawClassMatches(`(^|\s)(twitter-tweet|instagram-media|tiktok-embed|fb-post|reddit-embed-bq|bluesky-embed)(\s|$)`)},
	{"embedded post's attribution line (— Name (@handle) date)", func(b tokenize.Block) bool {
		return rawClassMatches(`(^|\s)(twitter-tweet|instagram-media)(\s|$)`)(b) && tweetLine.MatchString(strings.TrimSpace(b.Text))
	}},
	{"hidden microdata (a hidden block whose element has an itemprop)", func(b tokenize.Block) bool {
		if !b.Hidden || len(b.Ancestors) == 0 {
			return false
		}
		return slices.ContainsFunc(b.Ancestors[len(b.Ancestors)-1].Attrs, func(t string) bool { return strings.HasPrefix(t, "itemprop=") })
	}},
	{"screen-reader label of an icon (sr-only text whose parent holds an svg, img or i and no other text)", srIconLabel},
	{"image credit by markup (class credit, credits, photo-credit, image-credit, caption-credit, media-credit, wp-caption-credit; itemprop citation, copyrightholder; <= 12 words)", func(b tokenize.Block) bool {
		if tokenize.CountWords(b.Text) > 12 {
			return false
		}
		return rawClassMatches(`(^|\s)(credit|credits|photo-credit|image-credit|caption-credit|media-credit|wp-caption-credit|photo__credit|image__credit|credit-text)(\s|$)`)(b) ||
			underAll("itemprop=citation")(b) || underAll("itemprop=copyrightholder")(b)
	}},
	{"author box (class author-bio, author-box, about-author, author-card, author-info, author-description, authorbox, abh_box, saboxplugin-wrap, post-author-bio)", rawClassMatches(`(^|\s)(author-bio|author-box|about-author|author-card|author-card__description|author-info|author-description|authorbox|abh_box|saboxplugin-wrap|post-author-bio|author__bio|c-author-bio|entry-author)(\s|$)`)},
	{"class ad/ads/advert", func(b tokenize.Block) bool {
		return underAll("ad")(b) || underAll("ads")(b) || underAll("advert")(b) || underAll("advertisement")(b)
	}},
}

// textMatches matches blocks of at most n words whose text, lower-cased,
// matches the regular expression re.
func textMatches(n int, re string) func(tokenize.Block) bool {
	rx := regexp.MustCompile(re)
	return func(b tokenize.Block) bool {
		return tokenize.CountWords(b.Text) <= n && rx.MatchString(strings.ToLower(strings.TrimSpace(b.Text)))
	}
}

// rawClassMatches matches blocks with an ancestor element whose class
// attribute, as written, matches the regular expression re.
func rawClassMatches(re string) func(tokenize.Block) bool {
	rx := regexp.MustCompile(re)
	return func(b tokenize.Block) bool {
		if b.Node == nil {
			return false
		}
		for n := b.Node.Parent; n != nil; n = n.Parent {
			if c := tokenize.Attr(n, "class"); c != "" && rx.MatchString(strings.ToLower(c)) {
				return true
			}
		}
		return false
	}
}

// tweetLine matches the line that ends an embedded tweet: the author, the
// handle and the date.
var tweetLine = regexp.MustCompile(`^(—|-|&mdash;)?\s*.{0,60}\(@\w+\)|^[A-Z][a-z]+ \d{1,2}, \d{4}$`)

// stateExpr matches a template's condition that names a passing state of
// the page (a dialog open, a message after an action).
var stateExpr = regexp.MustCompile(`open|modal|dialog|popup|success|error|loading|empty|submitted|toast`)

// rawAttrMatches reports whether an element above the block has an
// attribute that match accepts.
func rawAttrMatches(b tokenize.Block, match func(key, val string) bool) bool {
	if b.Node == nil {
		return false
	}
	for n := b.Node.Parent; n != nil; n = n.Parent {
		for _, a := range n.Attr {
			if match(strings.ToLower(a.Key), a.Val) {
				return true
			}
		}
	}
	return false
}

// srOnly reports whether a node's class marks it for screen readers only.
func srOnly(n *html.Node) bool {
	for c := range strings.FieldsSeq(tokenize.Attr(n, "class")) {
		switch strings.ToLower(c) {
		case "sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text", "a-offscreen", "offscreen", "sr-only-focusable":
			return true
		}
	}
	return false
}

// srIconLabel matches a block under a screen-reader-only element whose
// parent holds an icon (svg, img, i) and no text outside that element.
func srIconLabel(b tokenize.Block) bool {
	if b.Node == nil {
		return false
	}
	var sr *html.Node
	for n := b.Node.Parent; n != nil && n.Type == html.ElementNode; n = n.Parent {
		if srOnly(n) {
			sr = n
			break
		}
	}
	if sr == nil || sr.Parent == nil {
		return false
	}
	icon := false
	for c := sr.Parent.FirstChild; c != nil; c = c.NextSibling {
		if c == sr {
			continue
		}
		for d := range c.Descendants() {
			if d.Type == html.TextNode && strings.TrimSpace(d.Data) != "" {
				return false
			}
		}
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			return false
		}
		if c.Type == html.ElementNode && (c.Data == "svg" || c.Data == "img" || c.Data == "i") {
			icon = true
		}
		for d := range c.Descendants() {
			if d.Type == html.ElementNode && (d.Data == "svg" || d.Data == "img") {
				icon = true
			}
		}
	}
	return icon
}

// elementWords holds the words under each element of the page being
// measured.
var elementWords map[*tokenize.Element]int

// smallUnder matches blocks under an element of the given name that holds
// fewer than n words.
func smallUnder(name string, n int) func(tokenize.Block) bool {
	return func(b tokenize.Block) bool {
		return slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool { return el.Name == name && elementWords[el] < n })
	}
}

// smallWith reports whether a block lies under an element with one of the
// attribute tokens that holds fewer than n words.
func smallWith(b tokenize.Block, n int, toks ...string) bool {
	for _, el := range b.Ancestors {
		if elementWords[el] >= n {
			continue
		}
		for _, t := range toks {
			if slices.Contains(el.Attrs, t) {
				return true
			}
		}
	}
	return false
}

// linkWith matches blocks inside an <a> or <button> whose attribute
// tokens hold one of toks.
func linkWith(toks ...string) func(tokenize.Block) bool {
	return func(b tokenize.Block) bool {
		for _, el := range b.Ancestors {
			if el.Name != "a" && el.Name != "button" {
				continue
			}
			for _, t := range toks {
				if slices.Contains(el.Attrs, t) {
					return true
				}
			}
		}
		return false
	}
}

func main() {
	log.SetFlags(0)
	dirs := flag.String("data", "", "dataset folders, comma-separated")
	split := flag.String("split", "dev", "split")
	only := flag.String("rule", "", "list the kept blocks this rule matches (its name)")
	flag.Parse()
	md, err := defaultmodel.Load()
	if err != nil {
		log.Fatal(err)
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "dataset\trule\tpages\twords\tcontent share\tkept words\tkept content share\t")
	for _, dir := range strings.Split(*dirs, ",") {
		ds, err := data.Open(dir)
		if err != nil {
			log.Fatal(err)
		}
		type sums struct{ pages, words, content, kept, keptContent float64 }
		tot := make([]sums, len(rules))
		for _, id := range ds.IDs[*split] {
			d, err := ds.Load(id, data.Options{})
			if err != nil {
				log.Print(err)
				continue
			}
			elementWords = make(map[*tokenize.Element]int)
			for _, b := range d.Page.Blocks {
				for _, el := range b.Ancestors {
					elementWords[el] += b.Words
				}
			}
			probs := md.Probabilities(d.Page.Blocks)
			sel, err := decode.Default().Select(d.Page.Blocks, probs)
			if err != nil {
				log.Fatal(err)
			}
			for r, ru := range rules {
				hit := false
				for i, b := range d.Page.Blocks {
					if !ru.match(b) {
						continue
					}
					hit = true
					n := float64(tokenize.CountWords(b.Text))
					s := &tot[r]
					s.words += n
					if d.Labels[i] {
						s.content += n
					}
					if sel[i] {
						s.kept += n
						if d.Labels[i] {
							s.keptContent += n
						}
						if ru.name == *only {
							fmt.Printf("%s\t%s\tgold=%v\t%.100s\n", ds.Name, id, d.Labels[i], b.Text)
						}
					}
				}
				if hit {
					tot[r].pages++
				}
			}
		}
		for r, s := range tot {
			if s.words == 0 {
				continue
			}
			fmt.Fprintf(tw, "%s\t%s\t%.0f\t%.0f\t%.3f\t%.0f\t%.3f\t\n", ds.Name, rules[r].name, s.pages, s.words, s.content/s.words, s.kept, s.keptContent/max(s.kept, 1))
		}
	}
	tw.Flush()
}
