package decode

import (
	"iter"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Site chrome: what markup itself says is not the page's text. Each rule
// here names a class of real pages; bench/cmd/markup counts the words
// candidate markup holds and how many the gold calls content, and the
// rules' effect on the dev splits, step keep-chrome against the default,
// is in docs/model-selection.md ("Markup rules for visible mistakes").

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
	// Pop-overs and tooltips: a badge's explanation, a button's hint,
	// shown on hover or click, not in the text's flow.
	"popover": true, "popover-body": true, "popover-content": true, "tooltip": true, "tooltip-inner": true, "tooltip-content": true,
	"tooltip-text": true, "tooltiptext": true, "tooltip__content": true, "tool-tip__content": true,
	// Posts of a social network embedded in a story, in the markup its
	// script turns into a card: a tweet's text with "— Name (@handle)
	// March 29, 2017", an Instagram caption, a TikTok's.
	"twitter-tweet": true, "twitter-video": true, "twitter-timeline": true, "instagram-media": true, "tiktok-embed": true,
	"fb-post": true, "reddit-embed-bq": true, "bluesky-embed": true,
	// An author's biography box after (or before) the story: "Jane Roe is
	// a reporter who covers …", the site's, not the story's.
	"author-bio": true, "about-author": true, "author-box": true, "authorbox": true, "abh_box": true,
	"saboxplugin-wrap": true, "post-author-bio": true, "author__bio": true, "c-author-bio": true,
	"author-description": true, "author-card__description": true,
}

// iconFontClasses are the classes of an icon font whose glyph is named by
// its text, a ligature: '<i class="material-icons">chevron_right</i>'.
var iconFontClasses = map[string]bool{
	"material-icons": true, "material-icons-outlined": true, "material-icons-round": true, "material-icons-sharp": true,
	"material-icons-two-tone": true, "material-symbols-outlined": true, "material-symbols-rounded": true, "material-symbols-sharp": true,
}

// isIconGlyph reports whether block i is the name of an icon font's glyph
// (iconFontClasses) beside text: "chevron_right" after a question. A
// glyph alone in a table's cell stands for a value (a comparison's
// "check"), and the golds keep its name.
func isIconGlyph(blocks []tokenize.Block, i int) bool {
	b := blocks[i]
	if b.Node == nil || b.Node.Parent == nil || b.Words > 4 { // "keyboard_arrow_right"
		return false
	}
	icon := false
	for c := range strings.FieldsSeq(tokenize.Attr(b.Node.Parent, "class")) {
		icon = icon || iconFontClasses[c]
	}
	if !icon {
		return false
	}
	return nearest(b, "td") == nil && nearest(b, "th") == nil || !alone(blocks, i)
}

// alone reports whether block i is the only block with words of its
// paragraph.
func alone(blocks []tokenize.Block, i int) bool {
	for j := i - 1; j >= 0 && blocks[j].Para == blocks[i].Para; j-- {
		if blocks[j].Words > 0 {
			return false
		}
	}
	for j := i + 1; j < len(blocks) && blocks[j].Para == blocks[i].Para; j++ {
		if blocks[j].Words > 0 {
			return false
		}
	}
	return true
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

// inTooltip reports whether a block is a tooltip's text: under an element
// whose ARIA role is tooltip, and not a link (a profile card's author link
// sits in such an element and is read on the page).
func inTooltip(b tokenize.Block) bool {
	return !b.InLink && slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool { return slices.Contains(el.Attrs, "role=tooltip") })
}

// chromeIDs are element ids that mark site chrome: MediaWiki's tagline
// under the title ("From Wikipedia, the free encyclopedia").
var chromeIDs = map[string]bool{"siteSub": true}

// chromeElement reports whether an element has a class of chromeClasses
// or an id of chromeIDs, or is a script's template for a passing state
// (templateState).
func chromeElement(n *html.Node) bool {
	for _, a := range n.Attr {
		switch a.Key {
		case "id":
			if chromeIDs[strings.TrimSpace(a.Val)] {
				return true
			}
		case "class":
			for c := range strings.FieldsSeq(a.Val) {
				if chromeClasses[c] || c == "ng-cloak" {
					return true
				}
			}
		case "v-cloak", "x-cloak", "ng-cloak":
			return true
		case "v-if", "v-show", "x-show", "x-if", "ng-if", "ng-show", "*ngif":
			if templateState.MatchString(strings.ToLower(a.Val)) {
				return true
			}
		}
	}
	return false
}

// templateState matches the condition of a script framework's template
// (Vue's v-if, Alpine's x-show, Angular's ng-if) that names a passing
// state of the page: a dialog open, the message after a form is sent, a
// list still loading or empty. An element cloaked until its script runs
// (v-cloak, x-cloak, ng-cloak) is such a template too. Their text is in
// the page's source but not on the screen a reader first sees: on the
// WCXB train pages 19,913 words lie under cloaked elements and 17,210
// under such conditions, none of them content by the gold (cd bench && go
// run ./cmd/markup -data ../../shared/data/wcxb -split train).
var templateState = regexp.MustCompile(`open|modal|dialog|popup|success|error|loading|empty|submitted|toast`)

// adLabels are the texts, lowercase, of the labels that mark an
// advertising slot or a break in an article for one ("Advertisement",
// "Article continues below"), in the languages of the datasets.
var adLabels = map[string]bool{
	"advertisement": true, "advertisements": true, "advertising": true, "ad": true, "ads": true,
	"sponsored": true, "sponsored content": true, "sponsored by": true, "article continues below": true,
	"story continues below": true, "continue reading below": true, "article continues below advertisement": true,
	"story continues below advertisement": true, "scroll to continue with content": true,
	"anzeige": true, "werbung": true, "publicité": true, "publicidad": true, "pubblicità": true,
	"reklama": true, "διαφήμιση": true, "广告": true, "реклама": true,
}

// controlLabels are the texts, lowercase, of a page's controls that a
// reader does not read as text: share, save and print buttons, "Read more"
// links, sign-up and log-in prompts, "Back to top", in the languages of
// the datasets.
var controlLabels = map[string]bool{
	"share": true, "share this": true, "share this article": true, "share this story": true, "share this post": true,
	"save": true, "copy": true, "copy link": true, "print": true, "email": true, "tweet": true, "pin it": true,
	"pin this for later": true, "reply": true, "reply with quote": true, "quote": true, "like": true, "likes": true, "follow": true,
	"subscribe": true, "subscribe now": true, "sign up": true, "sign-up": true, "sign up now": true, "sign in": true,
	"log in": true, "login": true, "register": true, "register now": true, "read more": true, "show more": true,
	"load more": true, "see more": true, "view more": true, "learn more": true, "continue reading": true,
	"book now": true, "buy now": true, "shop now": true, "order now": true, "get started": true,
	"get a quote": true, "request a quote": true, "add to cart": true, "add to wishlist": true, "notify me": true,
	"add as a preferred source on google": true, "add us as a preferred source on google": true,
	"make us a preferred source on google": true, "set as a preferred source on google": true,
	"you are here": true, "vous êtes ici": true, "sie sind hier": true, "jesteś tutaj": true, "вы здесь": true,
	"βρίσκεστε εδώ": true, "当前位置": true, "您的位置": true, "您现在的位置": true,
	"back to top": true, "was this page helpful": true, "was this article helpful": true, "was this helpful": true,
	"teilen": true, "weiterlesen": true, "mehr lesen": true, "partager": true, "lire la suite": true,
	"compartir": true, "leer más": true, "condividi": true, "udostępnij": true, "czytaj więcej": true,
	"поделиться": true, "читать далее": true, "κοινοποίηση": true, "分享": true,
	"join the discussion": true, "join the conversation": true, "leave a comment": true, "leave a reply": true,
	"add a comment": true, "post a comment": true, "show comments": true, "view comments": true, "comments": true,
	"kommentieren": true, "kommentare": true, "commentaires": true, "comentarios": true, "commenti": true,
	"komentarze": true, "комментарии": true, "σχόλια": true, "评论": true,
}

// readingTime matches a reading-time label: "4 min read", "Reading time:
// 5 minutes", "Lesezeit: 3 Min.", "3 min de lecture"; duration alone a
// bare duration ("5 minutes"), a reading time only under markup named
// for one (a recipe's "Prep Time 10 minutes" is content).
var (
	readingTime = regexp.MustCompile(`^((reading time|read time|lesezeit|temps de lecture|tiempo de lectura)\s*:?\s*\d+\s*` + minutes +
		`|\d+\s*` + minutes + `\s*(read|reading|de lecture|lesezeit|de lectura))$`)
	duration = regexp.MustCompile(`^\d+\s*` + minutes + `$`)
)

// minutes matches the unit of a reading time.
const minutes = `(min|mins|minutes?|minuten|minuto?s?)\.?`

// maxLabelBytes is the longest text the label lists are looked up for:
// longer text is no label, and is not lowercased to find out.
const maxLabelBytes = 160

// label returns a short paragraph's text as the label lists hold it:
// lowercase, spaces collapsed, typographic apostrophes plain, and anything
// but letters and digits trimmed from both ends, counts too ("Reply With
// Quote 0", "JUMP TO THE LIST ⤵", "Read more »"); "" for text longer than
// maxLabelBytes.
func label(text string) string {
	if len(text) > maxLabelBytes {
		return ""
	}
	var b strings.Builder
	b.Grow(len(text))
	space := false
	for _, r := range text {
		switch {
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case r == '’' || r == '‘':
			r = '\''
		default:
			r = unicode.ToLower(r)
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	t := strings.TrimRight(b.String(), "0123456789") // a count after a label, not "Save 30%"
	return strings.TrimFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// timeLabel returns a text lowercased with its spaces collapsed when it
// may be a reading time (at most 40 bytes, a digit among them), else "".
func timeLabel(text string) string {
	if len(text) > 40 || !strings.ContainsAny(text, "0123456789") {
		return ""
	}
	return strings.ToLower(strings.Join(strings.Fields(text), " "))
}

// isReadingTime reports whether a text is a reading-time label.
func isReadingTime(text string) bool {
	t := timeLabel(text)
	return t != "" && readingTime.MatchString(t)
}

// readingTimeBlock reports whether a block is a reading-time label: its
// text says so, or it is a bare duration under an element whose class or
// id names a reading time ("reading-time", "readTime", "read-time").
func readingTimeBlock(b tokenize.Block) bool {
	t := timeLabel(b.Text)
	if t == "" {
		return false
	}
	if readingTime.MatchString(t) {
		return true
	}
	return duration.MatchString(t) && slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool {
		return slices.Contains(el.Attrs, "reading") || slices.Contains(el.Attrs, "readtime") ||
			slices.Contains(el.Attrs, "read") && slices.Contains(el.Attrs, "time")
	})
}

// controlPrefixes start the labels of controls and the lines of site
// software that are no one's text, each with the most words of a line it
// matches: "Jump to recipe", a forum app's signature ("Sent from my
// iPhone using Tapatalk"), a forum's closing notice.
var controlPrefixes = []linePrefix{{"jump to ", 4}, {"skip to ", 4}, {"sent from my ", 16}, {"this topic was automatically closed", 20}}

// adPrefixes start the lines that announce an advertiser, each with the
// most words of a line it matches: "Sponsored by Wind River", "Sponsored:
// the DevOps event of the year. Register now".
var adPrefixes = []linePrefix{{"sponsored by ", 6}, {"sponsored: ", 30}}

// linePrefix is the start of a line a list matches, with the most words
// of a line it matches.
type linePrefix struct {
	start string
	words int
}

// adLabel reports whether t, a paragraph's text as label gives it, is an
// advertising label.
func adLabel(t string) bool {
	return adLabels[t] || startsWithin(t, adPrefixes)
}

// startsWithin reports whether t starts with one of the prefixes and
// has at most that prefix's words.
func startsWithin(t string, prefixes []linePrefix) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(t, p.start) && tokenize.CountWords(t) <= p.words {
			return true
		}
	}
	return false
}

// controlLabel reports whether a paragraph's text, t as label gives it,
// is a control's label.
func controlLabel(t, text string) bool {
	if t == "" {
		return false
	}
	return controlLabels[t] || isReadingTime(text) || startsWithin(t, controlPrefixes)
}

// ctaWords is the most words of a call-to-action button.
const ctaWords = 5

// buttonTokens are the attribute tokens (tokenize.AttrTokens) of a link or
// button styled as a button: btn-primary, wp-block-button__link, cta.
var buttonTokens = []string{"btn", "button", "cta"}

// isButton reports whether a block lies inside a link or <button> styled
// as a button.
func isButton(b tokenize.Block) bool {
	for _, el := range b.Ancestors {
		if el.Name != "a" && el.Name != "button" {
			continue
		}
		for _, t := range buttonTokens {
			if slices.Contains(el.Attrs, t) {
				return true
			}
		}
	}
	return false
}

// permalinkMarks are the texts of the links to a heading's own address
// that documentation generators put after it (Sphinx's "¶").
var permalinkMarks = map[string]bool{"¶": true, "§": true, "#": true, "🔗": true, "⚓": true, "⚓︎": true}

// inSignature reports whether a block lies under a forum post's
// signature: an element whose class or id holds the word "signature"
// (phpBB's and vBulletin's signature, XenForo's message-signature).
func inSignature(b tokenize.Block) bool {
	return slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool {
		return slices.Contains(el.Attrs, "signature") || slices.Contains(el.Attrs, "signaturecontainer")
	})
}

// footnoteMark matches the text of a footnote's reference mark: a number
// ("5", "[12]", "(3)"), a letter in brackets, or a typographic mark.
var footnoteMark = regexp.MustCompile(`^(\[?\(?\d{1,3}\)?\]?|\[[a-z]\]|[*†‡§¶]+)$`)

// isFootnoteMark reports whether a block is the reference mark of a
// footnote: a link in a <sup>, or text under an element whose class says
// citation, footnote or fnref, whose text is a footnote mark ("battery
// life5", "Wi-Fi 7,13", "scanners.1 That's" in the text). The footnote itself, where the page
// has it, stays.
func isFootnoteMark(b tokenize.Block) bool {
	if b.Words > 1 || !footnoteMark.MatchString(strings.TrimSpace(b.Text)) { // a mark is one word at most
		return false
	}
	return b.InLink && onPath(b, "sup") || slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool {
		return slices.Contains(el.Attrs, "citation") || slices.Contains(el.Attrs, "footnote") || slices.Contains(el.Attrs, "fnref")
	})
}

// isPositionMark reports whether a block is an item's number in its list
// as microdata gives it (itemprop="position": a forum post's "1" after
// its author and date in Discourse's page for crawlers), a number alone.
func isPositionMark(b tokenize.Block) bool {
	if b.Words != 1 || len(b.Ancestors) == 0 || !slices.Contains(b.Ancestors[len(b.Ancestors)-1].Attrs, "itemprop=position") {
		return false
	}
	t := strings.TrimPrefix(strings.TrimSpace(b.Text), "#")
	return t != "" && strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// creditClasses are the classes of an image's credit line
// ("Harry How/Getty Images" under a story's photo).
var creditClasses = map[string]bool{
	"credit": true, "credits": true, "photo-credit": true, "image-credit": true, "caption-credit": true,
	"media-credit": true, "wp-caption-credit": true, "photo__credit": true, "image__credit": true, "credit-text": true,
}

// maxCreditWords is the most words of a credit line.
const maxCreditWords = 12

// isCredit reports whether a block is an image's credit line: at most
// maxCreditWords words under an element, its parent or grandparent, of a
// class of creditClasses or of microdata itemprop citation or
// copyrightHolder.
func isCredit(b tokenize.Block) bool {
	if b.Words > maxCreditWords || b.Node == nil {
		return false
	}
	n := b.Node.Parent
	for k := 0; k < 3 && n != nil && n.Type == html.ElementNode; k, n = k+1, n.Parent {
		for c := range strings.FieldsSeq(tokenize.Attr(n, "class")) {
			if creditClasses[strings.ToLower(c)] {
				return true
			}
		}
		switch strings.ToLower(tokenize.Attr(n, "itemprop")) {
		case "citation", "copyrightholder":
			return true
		}
	}
	return false
}

// maxMicrodataWords is the most words of a hidden element that
// dropHiddenMicrodata takes for microdata.
const maxMicrodataWords = 20

// dropHiddenMicrodata unselects hidden microdata: the blocks of a hidden
// element of at most maxMicrodataWords words that holds the value of an
// itemprop attribute, written for machines that read schema.org and not
// for a reader ('<p style="display:none">Posted by <span
// itemprop="author">Ree</span> on <span itemprop="published">February 16
// 2012</span></p>' under each recipe, a date's copy after the date a
// reader sees). On the train splits the default kept 45 words of hidden
// itemprop values on WCXB and 16 on Dragnet, none content by the gold (cd
// bench && go run ./cmd/markup, rule "hidden microdata").
func dropHiddenMicrodata(blocks []tokenize.Block, selected []bool) {
	for i := 0; i < len(blocks); {
		el := outermostHidden(blocks[i])
		if el == nil {
			i++
			continue
		}
		end, words, microdata := i, 0, false
		for end < len(blocks) && slices.Contains(blocks[end].Ancestors, el) {
			b := blocks[end]
			words += b.Words
			microdata = microdata || len(b.Ancestors) > 0 &&
				slices.ContainsFunc(b.Ancestors[len(b.Ancestors)-1].Attrs, func(t string) bool { return strings.HasPrefix(t, "itemprop=") })
			end++
		}
		if microdata && words <= maxMicrodataWords {
			clear(selected[i:end])
		}
		i = end
	}
}

// outermostHidden returns the outermost hidden element above a hidden
// block, or nil.
func outermostHidden(b tokenize.Block) *tokenize.Element {
	if !b.Hidden {
		return nil
	}
	for _, el := range b.Ancestors {
		if el.Hidden {
			return el
		}
	}
	return nil
}

// maxFallbackWords is the most words of a media element's fallback text
// that isFallback drops: a longer one describes the media (a
// visualization's description in a <video>), and pages show it too.
const maxFallbackWords = 12

// isFallback reports whether a block is the short fallback text of a
// media element, shown only by a browser that cannot play or draw it
// ("Your browser does not support the video tag."): at most
// maxFallbackWords words under <video>, <audio>, <object>, <canvas> or
// <iframe>.
func isFallback(b tokenize.Block) bool {
	return b.Words <= maxFallbackWords && slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool {
		switch el.Name {
		case "video", "audio", "object", "canvas", "iframe":
			return true
		}
		return false
	})
}

// linkHint matches, lowercased and trimmed of punctuation, the hints a
// page writes for screen readers beside a link ("opens in a new window or
// tab", "(link takes you to an external page)").
var linkHint = regexp.MustCompile(`(^|\W)(opens|open|will open) in (a )?new (window|tab)( or tab)?$|^(link takes you to an external page|external link|opens an external site)$`)

// maxHintWords is the most words of a block that ends in a link hint: a
// link's text read out again with the hint ("cleared payment - opens in
// a new window or tab").
const maxHintWords = 12

// isLinkHint reports whether a block is a screen reader's hint about a
// link, or a link's text read out with one: no one's text.
func isLinkHint(b tokenize.Block) bool {
	if len(b.Text) > maxLabelBytes || b.Words > maxHintWords {
		return false
	}
	t := strings.Trim(strings.ToLower(b.Text), " ()[]-–—.,:;")
	return (strings.Contains(t, "new ") || strings.Contains(t, "external")) && linkHint.MatchString(t)
}

// srClasses are the class tokens (as tokenize.AttrTokens splits them) of
// text for screen readers only, all of which an element's attributes hold.
var srClasses = [][]string{{"sr", "only"}, {"visually", "hidden"}, {"visuallyhidden"}, {"screen", "reader", "text"}, {"clipped"}}

// isSpokenCopy reports whether block i is a screen reader's copy of the
// text beside it: under an element whose class marks text for screen
// readers only, and the same text as the block before or after it
// ("Used Used", "Black Black" where the page shows one).
func isSpokenCopy(blocks []tokenize.Block, i int) bool {
	b := blocks[i]
	same := func(j int) bool {
		return j >= 0 && j < len(blocks) && strings.EqualFold(strings.TrimSpace(blocks[j].Text), strings.TrimSpace(b.Text))
	}
	if len(b.Text) > maxLabelBytes || !same(i-1) && !same(i+1) {
		return false
	}
	return slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool {
		return slices.ContainsFunc(srClasses, func(toks []string) bool {
			return !slices.ContainsFunc(toks, func(t string) bool { return !slices.Contains(el.Attrs, t) })
		})
	})
}

// isPermalink reports whether a block is a heading's permalink mark.
func isPermalink(b tokenize.Block) bool { return b.InLink && permalinkMarks[strings.TrimSpace(b.Text)] }

// dropChrome unselects the blocks under site-chrome markup (isChrome), a
// heading's permalink mark (isPermalink), a reading-time label in a block
// of its own, a forum post's signature (inSignature); and the selected
// paragraphs, or lines of one, that are an advertising label (adLabel), a
// control's (controlLabel), a row of controls (isControlRow: "Quote Reply
// Report Like 3") or at most ctaWords words wholly inside buttons: "Book a
// demo", "Sign up", "Add to cart".
func dropChrome(blocks []tokenize.Block, selected []bool) {
	known := make(map[*html.Node]bool)
	for i, b := range blocks {
		if selected[i] && (b.Node != nil && isChrome(b, known) || isPermalink(b) || isFootnoteMark(b) || isPositionMark(b) || isCredit(b) || isFallback(b) || isLinkHint(b) || inPageFooter(b) || readingTimeBlock(b) || inSignature(b) || inTooltip(b)) {
			selected[i] = false
		}
	}
	dropHiddenMicrodata(blocks, selected)
	for i := range blocks {
		if selected[i] && (isSpokenCopy(blocks, i) || isIconGlyph(blocks, i)) {
			selected[i] = false
		}
	}
	for start, end := range selectedParagraphs(blocks, selected) {
		if isLabel(blocks[start:end]) {
			clear(selected[start:end])
			continue
		}
		dropEdgeLinkLabels(blocks[start:end], selected[start:end])
		// A label on a line of its own inside a paragraph: a forum post's
		// "Sent from my phone" after a <br>.
		if blocks[start].Line == blocks[end-1].Line {
			continue
		}
		for i := start; i < end; {
			j := i + 1
			for j < end && blocks[j].Line == blocks[i].Line {
				j++
			}
			if isLabel(blocks[i:j]) {
				clear(selected[i:j])
			}
			i = j
		}
	}
}

// dropEdgeLinkLabels unselects a link that starts or ends a paragraph
// and whose text is a control's label of two words or more: "Jump to the
// list" before a story's first sentence, "Read more" after a teaser. A
// one-word link ("email", "print") may be a word of the sentence.
func dropEdgeLinkLabels(para []tokenize.Block, selected []bool) {
	for _, edge := range [2]int{0, len(para) - 1} {
		link := linkOf(para[edge])
		if link == nil {
			continue
		}
		i, j := edge, edge+1
		for i > 0 && linkOf(para[i-1]) == link {
			i--
		}
		for j < len(para) && linkOf(para[j]) == link {
			j++
		}
		if i == 0 && j == len(para) {
			continue // the whole paragraph, isLabel's
		}
		run := para[i:j]
		if len(run) <= 4 && textBytes(run) <= maxLabelBytes {
			if t := tokenize.Text(run); tokenize.CountWords(t) >= 2 && controlLabel(label(t), t) {
				clear(selected[i:j])
			}
		}
	}
}

// linkOf returns the innermost <a> element a block lies in, or nil.
func linkOf(b tokenize.Block) *tokenize.Element {
	if !b.InLink {
		return nil
	}
	return nearest(b, "a")
}

// nearest returns the nearest ancestor element of b with the given name,
// or nil.
func nearest(b tokenize.Block, name string) *tokenize.Element {
	for _, el := range slices.Backward(b.Ancestors) {
		if el.Name == name {
			return el
		}
	}
	return nil
}

// isLabel reports whether a run of blocks (a paragraph or a line) is an
// advertising label (adLabel), a control's (controlLabel) or a call to
// action (isCallToAction).
func isLabel(run []tokenize.Block) bool {
	text := tokenize.Text(run)
	t := label(text)
	if len(run) <= 4 && textBytes(run) <= maxLabelBytes && (adLabel(t) || controlLabel(t, text)) {
		return true
	}
	if isCallToAction(run) || isControlRow(run) {
		return true
	}
	// A count of results, page links and a count of reactions hold a digit.
	counted := strings.ContainsAny(text, "0123456789") && (resultCount.MatchString(t) || isPagination(text) || isCounter(text))
	return counted || isEmbedLeftover(text) || isScriptNotice(text) || isConsentLine(text)
}

// maxConsentWords is the most words of a consent line.
const maxConsentWords = 30

// consentLine matches, lowercased, the line under a form's or a
// download's button that says what pressing it agrees to: "By using VS
// Code, you agree to its license and privacy statement.", "By clicking
// Subscribe, you consent to our Terms".
var consentLine = regexp.MustCompile(`^by (using|clicking|signing|subscribing|continuing|submitting|creating|registering|downloading|tapping)\b.*\b(agree|consent|accept)`)

// isConsentLine reports whether a line is a consent line (consentLine) of
// at most maxConsentWords words.
func isConsentLine(text string) bool {
	return len(text) <= 8*maxConsentWords && tokenize.CountWords(text) <= maxConsentWords &&
		consentLine.MatchString(strings.ToLower(strings.TrimSpace(text)))
}

// maxScriptNoticeWords is the most words of a notice that the page needs
// JavaScript.
const maxScriptNoticeWords = 30

// scriptNotice matches, lowercased, a page's notice that it needs
// JavaScript, which a browser running it never shows: "Please note that
// Javascript is turned off in your web browser", "This slideshow requires
// JavaScript.", "To view this video please enable JavaScript".
var scriptNotice = regexp.MustCompile(`\b((enable|turn on|activate|switch on) javascript|javascript (is|has been|seems to be) (turned off|disabled|switched off|not enabled)|requires javascript|javascript (is )?(required|needed) to|javascript must be enabled)\b`)

// isScriptNotice reports whether a line is a notice that the page needs
// JavaScript.
func isScriptNotice(text string) bool {
	return len(text) <= 8*maxScriptNoticeWords && tokenize.CountWords(text) <= maxScriptNoticeWords &&
		scriptNotice.MatchString(strings.ToLower(text))
}

// sharedPost matches an Instagram post's attribution, lowercased: "A post
// shared by NAME (@handle) on Mar 23, 2017 at 3:00pm PDT".
var sharedPost = regexp.MustCompile(`^a (post|photo|video) shared by .{0,80}\(@[\w.]+\) on .{4,60}$`)

// isEmbedLeftover reports whether a short line is what an unrendered
// embed leaves: an Instagram post's attribution without the post.
func isEmbedLeftover(text string) bool {
	return len(text) <= 2*maxLabelBytes && sharedPost.MatchString(strings.ToLower(strings.TrimSpace(text)))
}

// counter matches a count of a post's reactions, lowercased: "1 Like",
// "7 Likes", "13 Comments", "2.4K views".
var counter = regexp.MustCompile(`^\d[\d.,]*\s*[km]?\s+(likes?|comments?|repl(y|ies)|views?|shares?|votes?|reactions?)$`)

// isCounter reports whether a short line is a count of reactions.
func isCounter(text string) bool {
	return len(text) <= maxLabelBytes && counter.MatchString(strings.ToLower(strings.TrimSpace(text)))
}

// isPagination reports whether a short line is a story's page links
// (pagination, on the line lowercased without the marks around it).
func isPagination(text string) bool {
	if len(text) > maxLabelBytes {
		return false
	}
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	return pagination.MatchString(strings.Trim(t, " «»‹›|·<>-–—:"))
}

// pagination matches a story's page links, a word among the numbers: "CONTINUED 1 | 2 Next", "Page 2 of 5", "« Previous 1
// 2 3 Next »".
var pagination = regexp.MustCompile(`^(continued|pages?)\W+\d{1,3}(\W+\d{1,3})*(\W+(next|previous|prev))?$|^\d{1,3}(\W+\d{1,3})+\W+(next|previous|prev)$|^(previous|prev)\W+\d{1,3}(\W+\d{1,3})*(\W+next)?$|^page \d{1,3} of \d{1,3}$`)

// resultCount matches a listing's count of its results, as label gives it:
// "Showing all 39 results", "Showing 1–24 of 316 products".
var resultCount = regexp.MustCompile(`^showing (all )?\d+([–-]\d+)?( of \d+)? (results?|products?|items?)$`)

// maxDateLineWords is the most words of a line that is a date alone.
const maxDateLineWords = 8

// relativeTime matches a time a page writes relative to now, alone on a
// line: "Yesterday at 8:19 AM", "3 hours ago", "Dec 10".
var relativeTime = regexp.MustCompile(`^((yesterday|today)( at \d{1,2}:\d{2}( ?[ap]m)?)?|\d{1,3} (second|minute|hour|day|week|month|year)s? ago|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}|\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?)$`)

// dateLinePrefixes start a line that gives when a page was written.
var dateLinePrefixes = []string{"posted on ", "posted ", "published on ", "published ", "updated on ", "updated ", "last updated ", "on "}

// isDateLine reports whether a line is a date alone, a byline's date
// left without its name ("April 9, 2017", "Posted on May 5, 2025",
// "Yesterday at 8:19 AM").
func isDateLine(text string) bool {
	text = strings.TrimSpace(text)
	if len(text) > maxLabelBytes || tokenize.CountWords(text) > maxDateLineWords {
		return false
	}
	t := strings.Trim(strings.ToLower(text), " ·|•-–—:,")
	for _, p := range dateLinePrefixes {
		if rest, ok := strings.CutPrefix(t, p); ok {
			t = rest
			break
		}
	}
	if relativeTime.MatchString(t) {
		return true
	}
	_, err := metadata.ParseDate(t)
	return err == nil
}

// rowLabels are the labels, lowercase, of a post's controls that count as
// such only in a row of controls ("Quote Reply Report Like 0"): alone,
// "Report" or "Edit" may be a heading.
var rowLabels = map[string]bool{"report": true, "edit": true, "delete": true, "flag": true, "permalink": true, "report post": true, "top": true}

// isControlRow reports whether a line is a row of two or more controls,
// every block of it a control's label (controlLabels, rowLabels), a count
// after one allowed: a forum post's "Quote Reply Report Like 3".
func isControlRow(run []tokenize.Block) bool {
	if len(run) < 2 {
		return false
	}
	n := 0
	for _, b := range run {
		if b.Words == 0 {
			continue
		}
		if len(b.Text) > maxLabelBytes {
			return false
		}
		t := label(b.Text)
		if !controlLabels[t] && !rowLabels[t] {
			return false
		}
		n++
	}
	return n >= 2
}

// isCallToAction reports whether a paragraph is a call to action: at most
// ctaWords words, every block inside a button.
func isCallToAction(para []tokenize.Block) bool {
	words := 0
	for _, b := range para {
		if !isButton(b) {
			return false
		}
		words += b.Words
	}
	return words <= ctaWords
}

// reproductionMarks are the phrases, lowercase, of a notice that forbids
// or licenses copying a story.
var reproductionMarks = []string{
	"may not be reproduced", "may not be published, broadcast", "must not be reproduced", "reproduction prohibited",
	"reproduction interdite", "reproduction in whole or in part", "nachdruck nur mit", "reprinted with permission",
}

// isNotice reports whether a short paragraph is a copyright or
// reproduction notice.
func isNotice(text string) bool {
	if tokenize.CountWords(text) > copyrightWords {
		return false
	}
	t := strings.ToLower(text)
	return containsAny(t, copyrightMarks) || containsAny(t, reproductionMarks)
}

// dropTrailingNotices unselects the copyright and reproduction notices
// (isNotice) that end the selection: the site's line under a story, not
// the story's.
func dropTrailingNotices(blocks []tokenize.Block, selected []bool) {
	var last []paragraph
	for start, end := range selectedParagraphs(blocks, selected) {
		if isNotice(tokenize.Text(blocks[start:end])) {
			last = append(last, paragraph{start, end})
		} else {
			last = last[:0]
		}
	}
	for _, p := range last {
		for i := p.start; i < p.end; i++ {
			selected[i] = false
		}
	}
}

// inPageFooter reports whether a block lies in the page's own footer: a
// <footer> or role="contentinfo" outside any <article> or <main> (an
// article's footer, with its notes or sources, is the article's).
func inPageFooter(b tokenize.Block) bool {
	footer := false
	for _, el := range b.Ancestors {
		switch {
		case el.Name == "article" || el.Name == "main" || slices.Contains(el.Attrs, "role=main"):
			return false
		case el.Name == "footer" || slices.Contains(el.Attrs, "role=contentinfo"):
			footer = true
		}
	}
	return footer
}

// textBytes returns the bytes of the blocks' texts.
func textBytes(blocks []tokenize.Block) int {
	n := 0
	for _, b := range blocks {
		n += len(b.Text)
	}
	return n
}

// A sign-up box: a form, or an element whose class or id names a
// newsletter, a subscription or a sign-up, that holds few words ("Get our
// newsletter", "Fill this form to download the syllabus", an e-mail
// field's label). A form or box that holds the page's text (a page built
// inside one ASP.NET form, a sign-up page whose text is its form) is none.
const (
	// signupFormWords is the most words of a form that is a sign-up box.
	signupFormWords = 80
	// signupBoxWords is the most words of an element whose class says
	// sign-up that is a sign-up box.
	signupBoxWords = 150
)

// signupBox reports whether an element's attribute tokens name a sign-up
// box: newsletter, subscribe, signup.
func signupBox(el *tokenize.Element) bool {
	for _, t := range el.Attrs {
		switch t {
		case "newsletter", "subscribe", "signup":
			return true
		}
	}
	return false
}

// dialogTokens are the attribute tokens of a pop-up: a modal dialog, an
// overlay, a pop-up window.
var dialogTokens = []string{"modal", "overlay", "popup", "role=dialog"}

// hiddenDialog returns the pop-up a hidden block lies in: the outermost
// element with a token of dialogTokens that is hidden or lies inside a
// hidden element, and that holds a form's control (a "Report this
// listing" form, a contact or survey pane that a click opens); nil for
// none. A hidden pop-up of the site is no part of the page a reader sees,
// while other hidden text (a tab's or an accordion's panel, a product's
// size guide in a drawer) is. known caches the verdict of the pop-ups
// already seen.
func hiddenDialog(b tokenize.Block, known map[*tokenize.Element]bool) *tokenize.Element {
	if !b.Hidden {
		return nil
	}
	hidden := false
	for k, el := range b.Ancestors {
		hidden = hidden || el.Hidden
		if !hidden || !slices.ContainsFunc(el.Attrs, func(t string) bool { return slices.Contains(dialogTokens, t) }) {
			continue
		}
		form, ok := known[el]
		if !ok {
			n := b.Node
			for i := 0; i < len(b.Ancestors)-k && n != nil; i++ {
				n = n.Parent
			}
			// n is el's node unless the page was flattened.
			form = n != nil && n.Type == html.ElementNode && n.Data == el.Name && holdsControl(n)
			known[el] = form
		}
		if form {
			return el
		}
		return nil
	}
	return nil
}

// holdsControl reports whether n holds a form's control: a text field, a
// list to choose from, a check box or a button to send.
func holdsControl(n *html.Node) bool {
	for d := range n.Descendants() {
		if d.Type == html.ElementNode {
			switch d.DataAtom {
			case atom.Form, atom.Input, atom.Select, atom.Textarea:
				return true
			}
		}
	}
	return false
}

// dropHiddenDialogs unselects the blocks of each hidden pop-up
// (hiddenDialog) that holds less than half of the selected words: one that
// holds more holds the page's text.
func dropHiddenDialogs(blocks []tokenize.Block, selected []bool) {
	// Made at the first hidden block: most pages have none.
	var (
		dialog map[int]*tokenize.Element // of the selected blocks in a hidden pop-up
		kept   map[*tokenize.Element]int
		known  map[*tokenize.Element]bool
	)
	keptWords := 0
	for i, b := range blocks {
		if !selected[i] {
			continue
		}
		keptWords += b.Words
		if !b.Hidden {
			continue
		}
		if known == nil {
			dialog, kept, known = make(map[int]*tokenize.Element), make(map[*tokenize.Element]int), make(map[*tokenize.Element]bool)
		}
		if el := hiddenDialog(b, known); el != nil {
			dialog[i] = el
			kept[el] += b.Words
		}
	}
	for i, el := range dialog {
		if 2*kept[el] < keptWords {
			selected[i] = false
		}
	}
}

// dropSignupBoxes unselects the blocks under a sign-up box that holds less
// than half of the selected words.
func dropSignupBoxes(blocks []tokenize.Block, selected []bool) {
	type box struct {
		words, kept int
		small       bool
	}
	var boxes map[*tokenize.Element]*box
	keptWords := selectedWords(blocks, selected)
	for i, els := range signupAncestors(blocks) {
		for _, el := range els {
			if boxes == nil {
				boxes = make(map[*tokenize.Element]*box)
			}
			x := boxes[el]
			if x == nil {
				x = new(box)
				boxes[el] = x
			}
			x.words += blocks[i].Words
			if selected[i] {
				x.kept += blocks[i].Words
			}
		}
	}
	if boxes == nil {
		return
	}
	anySmall := false
	for el, x := range boxes {
		limit := signupBoxWords
		if el.Name == "form" && !signupBox(el) {
			limit = signupFormWords
		}
		x.small = 2*x.kept < keptWords && x.words <= limit
		anySmall = anySmall || x.small
	}
	if !anySmall {
		return
	}
	for i, els := range signupAncestors(blocks) {
		if selected[i] && slices.ContainsFunc(els, func(el *tokenize.Element) bool { return boxes[el].small }) {
			selected[i] = false
		}
	}
}

// signupAncestors yields each block's ancestors that are forms or
// sign-up boxes (signupBox), in a slice valid until the next block.
// Neighbouring blocks share most ancestors: the ones a block shares with
// the one before it are not looked at again.
func signupAncestors(blocks []tokenize.Block) iter.Seq2[int, []*tokenize.Element] {
	return func(yield func(int, []*tokenize.Element) bool) {
		var prev, els []*tokenize.Element
		var depths []int // the depths of prev's boxes
		for i, b := range blocks {
			anc := b.Ancestors
			k := 0
			for k < len(anc) && k < len(prev) && anc[k] == prev[k] {
				k++
			}
			n := 0
			for _, d := range depths {
				if d < k {
					depths[n] = d
					n++
				}
			}
			depths = depths[:n]
			for d := k; d < len(anc); d++ {
				if anc[d].Name == "form" || signupBox(anc[d]) {
					depths = append(depths, d)
				}
			}
			prev = anc
			els = els[:0]
			for _, d := range depths {
				els = append(els, anc[d])
			}
			if !yield(i, els) {
				return
			}
		}
	}
}

// sectionLabels name a box whose body the page fills in or lists apart
// (a table of contents, a widget of recently viewed items): lowercased,
// as label gives them.
var sectionLabels = map[string]bool{
	"recently viewed": true, "recently viewed items": true, "recently viewed products": true, "filters": true, "filter": true,
	"permalink": true, "written by": true, "about the author": true,
}

// tocLabels are the labels, lowercase as label gives them, of a page's
// table of contents: a list of links to its own sections. They are
// section labels too (dropDanglingLabels).
var tocLabels = map[string]bool{
	"table of contents": true, "contents": true, "in this article": true, "on this page": true, "in this post": true,
	"jump to": true, "jump to section": true, "article contents": true, "page contents": true, "in this guide": true,
	"inhaltsverzeichnis": true, "sommaire": true, "índice": true, "spis treści": true, "содержание": true,
	"περιεχόμενα": true, "目录": true, "目錄": true,
}

// minTOCEntries is the fewest links of a table of contents.
const minTOCEntries = 2

// dropTablesOfContents unselects a page's table of contents: a selected
// label of tocLabels and the run of links to the page's own sections
// ("#…") right after it, numbers between them allowed. The sections
// themselves follow with their headings; the list of them is the page's
// navigation.
func dropTablesOfContents(blocks []tokenize.Block, selected []bool) {
	for start, end := range selectedParagraphs(blocks, selected) {
		if textBytes(blocks[start:end]) > maxLabelBytes || !tocLabels[label(tokenize.Text(blocks[start:end]))] {
			continue
		}
		if stop, links := sectionLinks(blocks, end); links >= minTOCEntries {
			clear(selected[start:stop])
		}
	}
}

// sectionLinks returns the end of the run of links to the page's own
// sections that starts at block i (numbers between them allowed), and
// how many blocks of links it holds.
func sectionLinks(blocks []tokenize.Block, i int) (end, links int) {
	for end = i; end < len(blocks); end++ {
		b := blocks[end]
		switch {
		case b.Words == 0:
		case b.InLink && allFragmentLinks(blocks, paragraph{end, end + 1}):
			links++
		case !b.InLink && b.Words == 1 && strings.IndexFunc(b.Text, unicode.IsLetter) < 0: // an entry's number
		default:
			return end, links
		}
	}
	return end, links
}

// maxLeadInWords is the most words of a line that isLeadIn takes for a
// lead-in.
const maxLeadInWords = 8

// isLeadIn reports whether text is a short line that introduces what
// follows it: at most maxLeadInWords words ending in a colon ("More
// Buying Guides:", "MBA Industry Reports:").
func isLeadIn(text string) bool {
	return endsInColon(text) && tokenize.CountWords(text) <= maxLeadInWords
}

// endsInColon reports whether text, spaces aside, ends in a colon: a
// label or a lead-in ("Item#:", "For example:", "MELso said:").
func endsInColon(text string) bool { return strings.HasSuffix(strings.TrimSpace(text), ":") }

// dropDanglingLabels unselects a selected paragraph that is a section's
// label (sectionLabels) or a short lead-in (isLeadIn) when the text right
// after it is not selected: a "Table of contents" whose list the decoding
// left out, a "Recently viewed" box with nothing in it, a "Written by"
// without its name, "More Buying Guides:" over a grid of cards left out,
// a product's "Features:" with no features. Such a label then introduces
// nothing, or the next section.
func dropDanglingLabels(blocks []tokenize.Block, selected []bool) {
	for start, end := range selectedParagraphs(blocks, selected) {
		if textBytes(blocks[start:end]) > maxLabelBytes {
			continue
		}
		text := tokenize.Text(blocks[start:end])
		l := label(text)
		sectionLabel := sectionLabels[l] || tocLabels[l]
		if !sectionLabel && !isLeadIn(text) {
			continue
		}
		next := end
		for next < len(blocks) && blocks[next].Words == 0 {
			next++
		}
		if next == len(blocks) || !selected[next] && (sectionLabel || !introducesSelected(blocks, selected, end-1, next)) {
			clear(selected[start:end])
		}
	}
}

// introducesSelected reports whether any block is selected in what the
// lead-in ending with block last introduces: the element that holds block
// next (the first with words after it) as a child of the innermost
// element that holds both. A system requirements list whose first items
// the decoding left out is still what "Recommended:" introduces; a grid
// of cards left out whole is all that "More Buying Guides:" did.
func introducesSelected(blocks []tokenize.Block, selected []bool, last, next int) bool {
	lead, section := blocks[last].Node, blocks[next].Node
	if lead == nil || section == nil {
		return true // blocks without their page: nothing to tell
	}
	for p := section.Parent; p != nil && !tokenize.Inside(lead, p); p = p.Parent {
		section = p
	}
	for i := next; i < len(blocks) && tokenize.Inside(blocks[i].Node, section); i++ {
		if selected[i] {
			return true
		}
	}
	return false
}
