package metadata

import (
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// The page's title is chosen among what the page states: JSON-LD's
// headline, OpenGraph's and Twitter's titles, microdata, Dublin Core,
// JSON-LD's name, <title> and the first <h1>. They are weighed, not taken
// first found: a source that only a slip of the page's template fills
// (a URL's slug as og:title, a one-line description of the subject as
// JSON-LD's headline) gives way to sources that agree (see chooseTitle),
// and the <h1> is taken when it is the visible form of the chosen title
// (see titleOrH1).

// findTitle returns the page's title (see Page.Title).
func (p *Page) findTitle() string {
	c, art, g := p.c, p.art, p.g
	h := p.siteHost()
	h1 := c.h1
	if accountHeading(h1) {
		h1 = "" // a login box's heading, not the page's
	}
	sources := []string{c.ld(art, g, "headline", ""), c.meta("og:title"), c.meta("twitter:title"), c.micro("headline"),
		c.meta("dc.title"), c.meta("dcterms.title"), c.meta("parsely-title"), c.ld(art, g, "name", ""), c.title, h1}
	t := chooseTitle(sources, c.title, h1, p.site, h, isHome(p.url))
	if t == "" {
		// A page that states no title (no <title>, no <h1>, no
		// metadata; a fragment of a page) shows its headline in a
		// heading classed as the title: <h2 class="title">.
		t = c.titled
	}
	desc := first(c.meta("og:description"), c.meta("description"), c.meta("twitter:description"))
	return truncate(unescapeAgain(titleOrH1(c, t, pageNames{site: p.site, host: h, h1: h1, headings: c.headings, homes: c.homes, description: desc, texts: c.texts})))
}

// chooseTitle returns the first of a page's titles (sources, in the order
// of trust; "" where a source is missing) that the others do not
// outweigh; title and h1 are the page's <title> and first <h1>, the last
// sources:
//
//   - a slug (see isSlug) gives way to the sources that have its words
//     with spaces: og:title "adac-kindersitztest-herbst-2018" to <h1>ADAC
//     Kindersitztest Herbst 2018: ...;
//   - a source that agrees with no other (SameTitle) gives way when the
//     <title> holds the <h1>'s words: JSON-LD's headline "American actor
//     (born 1956)", Wikipedia's description of the subject, to <title>Tom
//     Hanks - Wikipedia and <h1>Tom Hanks;
//   - a title cut short gives way to the whole (see cutShort);
//   - the site's name alone (see namesSite; twitter:title "Bombas") gives
//     way to a later source that is not, but on the site's home page
//     (home) it is the page's name.
//
// Where the sources agree, the first is taken.
func chooseTitle(sources []string, title, h1, site, host string, home bool) string {
	titleHasH1 := title != "" && h1 != "" && sharedWords(h1, title) >= 0.5
	for i, t := range sources {
		if t == "" {
			continue
		}
		agreed, slugSpelled, other, whole := false, false, false, false
		for j, o := range sources {
			if j == i || o == "" {
				continue
			}
			agreed = agreed || SameTitle(t, o)
			slugSpelled = slugSpelled || !isSlug(o) && sharedWords(unslug(t), unslug(o)) >= 0.5
			other = other || j > i && !namesSite(o, site, host)
			whole = whole || cutShort(t, cleanTitle(o, pageNames{site: site, host: host}))
		}
		switch {
		case whole:
		case isSlug(t) && slugSpelled:
		case !agreed && titleHasH1 && t != title && t != h1:
		case other && !home && namesSite(t, site, host):
		default:
			return t
		}
	}
	return ""
}

// minCutWords is the least number of words of a title that cutShort
// takes for the start of a longer one.
const minCutWords = 5

// cutShort reports whether title t is the start of title whole, cut
// short (JSON-LD's headline cut at 110 characters by a plugin): t has at
// least minCutWords words, whole begins with them and goes on, and t
// shows the cut: it ends with an ellipsis, within a word ("… laptop, and
// k" of "… laptop, and keyboard") or inside parentheses ("… Solutions
// (Including" of "… Solutions (Including One Universal Trick)"). whole
// is cleaned of the site's name.
func cutShort(t, whole string) bool {
	t = strings.TrimSpace(t)
	ellipsis := strings.HasSuffix(t, "...") || strings.HasSuffix(t, "…")
	trimmed := strings.TrimRight(t, ".… ")
	tw, ww := strings.Fields(trimmed), strings.Fields(whole)
	n := len(tw)
	if n < minCutWords || len(ww) <= n ||
		Normalize(strings.Join(tw[:n-1], " ")) != Normalize(strings.Join(ww[:n-1], " ")) {
		return false
	}
	last, there := Normalize(tw[n-1]), Normalize(ww[n-1])
	switch {
	case !strings.HasPrefix(there, last):
		return false
	case there != last:
		return true // cut within the word
	case Normalize(ww[n]) == "":
		return false // whole goes on after a separator: "… « The Cannon"
	}
	return ellipsis || insideBrackets(trimmed+" ", len(trimmed))
}

// isHome reports whether a page's URL is the address of its site's home
// page (no path).
func isHome(pageURL string) bool {
	u, err := url.Parse(pageURL)
	return err == nil && u.Host != "" && (u.Path == "" || u.Path == "/") && u.RawQuery == ""
}

// isSlug reports whether a title is a URL's slug: words of lowercase
// letters and digits joined by hyphens or underscores, without spaces
// ("adac-kindersitztest-herbst-2018").
func isSlug(s string) bool {
	words := 0
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' }) {
		for _, r := range w {
			if !unicode.IsLower(r) && !unicode.IsDigit(r) {
				return false
			}
		}
		words++
	}
	return words >= 2
}

// unslug turns the hyphens and underscores of s into spaces.
func unslug(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' {
			return ' '
		}
		return r
	}, s)
}

// accountHeadings are the headings of a login or registration box
// (Normalize'd): an <h1> that says only this is not the page's headline.
var accountHeadings = map[string]bool{
	"createanaccount": true, "createaccount": true, "createyouraccount": true, "login": true, "signin": true, "signup": true,
	"register": true, "myaccount": true, "memberlogin": true, "userlogin": true, "accountlogin": true,
}

// accountHeading reports whether a heading is a login or registration
// box's ("Create an Account", "Log in", "Sign up"), not the page's
// headline.
func accountHeading(s string) bool { return accountHeadings[Normalize(s)] }

// classedTitle reports whether an element's class names it the title or
// the headline ("title", "entry-title", "post-title", "headline"; not
// "subtitle", "title-bar" nor "widget-title").
func classedTitle(n *html.Node) bool {
	for _, c := range strings.Fields(strings.ToLower(attr(n, "class"))) {
		switch c {
		case "title", "entry-title", "post-title", "article-title", "page-title", "headline", "entry-headline", "post-headline":
			return true
		}
	}
	return false
}

// permalinkMarks are the symbols of the links to a heading's anchor that
// documentation generators and blogs put in the heading (Sphinx's ¶,
// "§", "#", the link emoji, the anchor).
const permalinkMarks = "¶§#🔗⚓\ufe0e\ufe0f"

// stripPermalink drops the permalink symbols that end a heading's text
// ("Middleware¶", "Install #"); a "#" only after a space ("C#" stays).
func stripPermalink(s string) string {
	for {
		t := strings.TrimRight(s, " \u00a0")
		r, size := utf8.DecodeLastRuneInString(t)
		if size == 0 || !strings.ContainsRune(permalinkMarks, r) {
			return t
		}
		rest := t[:len(t)-size]
		if r == '#' && rest != "" && !strings.HasSuffix(rest, " ") && !strings.HasSuffix(rest, "\u00a0") {
			return t
		}
		s = rest
	}
}

// titleOrH1 returns the page's only <h1> when it shares most of its words
// with the declared title t (the visible headline, often without the
// declared title's site name or SEO additions) and is not more than
// three times as long (a heading that holds its text once per screen
// size), else t cleaned of its site name (see cleanTitle).
//
// An <h1> that is the site's name (namesSite) is its logo, not the
// title's visible form; so is one that ends the title as its site's name
// does (see h1IsLogo).
//
// Nor is an <h1> that is the title with a label before it: a forum's
// prefix of the thread ("Thread:", "News", "Tips/Techniques"), a date,
// "Sponsored by"; see labeledTitle.
func titleOrH1(c *collected, t string, n pageNames) string {
	h1 := n.h1
	if c.h1s == 1 && h1 != "" && len(h1) <= 300 && sharedWords(h1, t) >= 0.5 && !n.h1IsLogo(t) && !namesSite(h1, n.site, n.host) {
		ct := cleanTitle(t, pageNames{site: n.site, host: n.host})
		if len(strings.Fields(h1)) <= 3*len(strings.Fields(ct)) && !labeledTitle(h1, ct, c.h1Parts) {
			return h1
		}
	}
	return cleanTitle(t, n)
}

// labeledTitle reports whether a heading is title t (of three words or
// more) after a label of one to three words in text of its own (parts
// are the heading's first text nodes): a forum's prefix of the thread
// (<span class="label">News</span> Digital cameras: a status symbol?,
// "Thread:"), a <time> before a blog post's title, "Sponsored by"; not a
// headline whose first words another title leaves out ("Officials Eyeing
// Possible Tsunami Debris off Wash." and "Possible Tsunami Debris off
// Wash.").
func labeledTitle(heading, t string, parts []string) bool {
	hw, tw := strings.Fields(heading), strings.Fields(t)
	extra := len(hw) - len(tw)
	if len(tw) < 3 || extra < 1 || extra > 3 || Normalize(strings.Join(hw[extra:], " ")) != Normalize(t) {
		return false
	}
	label, read := Normalize(strings.Join(hw[:extra], " ")), ""
	for _, p := range parts {
		if read += Normalize(p); len(read) >= len(label) {
			return read == label
		}
	}
	return false
}

// namesSite reports whether a title is the site's name alone: the site
// name the page states, its host name or one of the host's labels
// ("Aliexpress" on aliexpress.com, "Arch Linux" on bbs.archlinux.org),
// case, spaces and punctuation aside.
func namesSite(s, site, host string) bool {
	n := Normalize(s)
	if n == "" {
		return false
	}
	if n == Normalize(site) || n == Normalize(host) {
		return true
	}
	labels := strings.Split(host, ".")
	for _, l := range labels[:max(len(labels)-1, 0)] { // not the top-level domain
		if len(l) >= 3 && n == Normalize(l) {
			return true
		}
	}
	return false
}

// pageNames is what tells a title's parts apart: the site's name as
// the page states it, the page's host name, its first <h1> and its other
// headings (<h2> to <h6>).
type pageNames struct {
	site, host, h1 string
	headings       []string
	homes          []string // the names of the links to the site's home page (collected.homes)
	description    string   // the page's description (meta description, og:description)
	texts          []string // the body's text nodes (collected.texts)
}

// h1IsLogo reports whether the <h1> is the site's name that ends the
// title t after a separator: the title's other part is not the site's
// name (isSite, or a domain name: "ITworld.com - In rare move, Apple
// unveils …") and either has at least as many words as the <h1> ("Im
// in.. Are YOU in? - Virtual Geek") or is another heading of the page
// ("What is Ownership? - The Rust Programming Language" and its <h2>).
// The <h1> that ends "FIRE - Colleges value civility over free
// expression" or "News - Health - Clinic opens a new wing", the
// section's crumbs before it, is the headline.
func (n pageNames) h1IsLogo(t string) bool {
	if !endsWithPart(t, n.h1) {
		return false
	}
	left := strings.TrimRight(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(t), n.h1)), " |-–—·•»:")
	if isSite(left, n.site, n.host) || isDomain(left) {
		return false
	}
	return wordCount(n.h1) <= wordCount(left) || slices.ContainsFunc(n.headings, func(h string) bool { return nearlySame(h, left) })
}

// nearlySame reports whether two titles have nearly all their words in
// common (a heading and the title's part it repeats).
func nearlySame(a, b string) bool { return sharedWords(a, b) >= 0.8 && sharedWords(b, a) >= 0.8 }

// wordCount is the number of words of s that have a letter or a digit.
func wordCount(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		if strings.ContainsFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			n++
		}
	}
	return n
}

// topLevelDomains are the endings of isDomain's domain names.
var topLevelDomains = map[string]bool{
	"com": true, "org": true, "net": true, "info": true, "biz": true, "edu": true, "gov": true, "io": true, "co": true,
	"us": true, "uk": true, "ca": true, "au": true, "de": true, "fr": true, "it": true, "es": true, "nl": true, "pl": true,
	"ru": true, "ua": true, "gr": true, "cn": true, "jp": true, "in": true, "eu": true, "tv": true,
}

// isDomain reports whether a part of a title is a domain name, a site's
// name as its address ("ContraCostaTimes.com", "Bogleheads.org",
// "tovima.gr"): one word of letters, digits and hyphens in two or more
// labels, the last a common top-level domain.
func isDomain(s string) bool {
	s = strings.TrimRight(strings.TrimSpace(s), ":")
	labels := strings.Split(strings.ToLower(s), ".")
	if len(labels) < 2 || !topLevelDomains[labels[len(labels)-1]] {
		return false
	}
	for _, l := range labels {
		if l == "" || strings.ContainsFunc(l, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' }) {
			return false
		}
	}
	return true
}

// isSite reports whether a part of a title is the site's name.
func isSite(part, site, host string) bool {
	return site != "" && (strings.EqualFold(part, site) || strings.Contains(strings.ToLower(site), strings.ToLower(part))) || siteInHost(part, host)
}

// endsWithPart reports whether title t ends with part after a separator
// ("Investment review - Bogleheads.org" and the <h1> "Bogleheads.org",
// the site's logo).
func endsWithPart(t, part string) bool {
	rest, ok := strings.CutSuffix(strings.TrimSpace(t), part)
	if !ok || rest == "" {
		return false
	}
	rest = strings.TrimRight(rest, " ")
	return strings.HasSuffix(rest, "|") || strings.HasSuffix(rest, "-") || strings.HasSuffix(rest, "–") || strings.HasSuffix(rest, "—") ||
		strings.HasSuffix(rest, "·") || strings.HasSuffix(rest, "•") || strings.HasSuffix(rest, "»") || strings.HasSuffix(rest, "«") || strings.HasSuffix(rest, "›") || strings.HasSuffix(rest, "::")
}

// SameTitle reports whether two titles name the same thing: most of the
// words of one are in the other ("Storm hits coast" and "Storm hits the
// coast overnight").
func SameTitle(a, b string) bool { return sharedWords(a, b) >= 0.5 || sharedWords(b, a) >= 0.5 }

// sharedWords is the share of a's words (normalized) that are in b.
func sharedWords(a, b string) float64 {
	bw := map[string]bool{}
	for _, w := range strings.Fields(b) {
		bw[Normalize(w)] = true
	}
	n, shared := 0, 0
	for _, w := range strings.Fields(a) {
		if w = Normalize(w); w != "" {
			n++
			if bw[w] {
				shared++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(shared) / float64(n)
}

// titleSeparators join a title's parts (the headline, the site's name,
// its sections), in the order cleanTitle tries them: the fullwidth bar
// "｜" of Chinese and Japanese sites ("微創手術練功 電腦來幫忙｜新聞速報｜中時樂活")
// needs no spaces around it.
var titleSeparators = []string{" | ", "｜", " - ", " – ", " — ", " :: ", " » ", " « ", " › ", " · ", " • ", " / ", ": ", " :"}

// cleanTitle drops a site name joined to a title by a separator:
// "Storm hits coast | Daily News" becomes "Storm hits coast" when the site
// name, the first <h1>, the page's host name (daily-news.example) or the
// name's form (a domain name: "DailyNews.com - Storm hits coast") tells
// which part is which, or when one part is much longer.
func cleanTitle(t string, n pageNames) string {
	t = TrimSeparators(collapse(t))
	site, h1, host := n.site, n.h1, n.host
	if nh, nt := Normalize(h1), Normalize(t); len(nh) >= 8 && nh != nt && strings.Contains(nt, nh) && !n.h1IsLogo(t) && !namesSite(h1, site, host) {
		return h1 // "Models | Django documentation" with <h1>Models</h1>
	}
	if i := strings.Index(t, ": "); i > 0 && !insideBrackets(t, i) && !strings.EqualFold(strings.TrimSpace(t[:i]), h1) {
		left, right := strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+2:])
		if n.headlineInBody(right, left) || n.isHeading(right) && n.namesHome(left) {
			// A site's or a blog's name before a colon and the
			// headline the body shows whole ("Logic+Emotion: Brands
			// Will Become Media: Here's How") or as a heading after
			// the blog's name ("The Science of Sport: USADA Reasoned
			// Decision", Blogger's <h3 class="post-title"> under a
			// home link named "The Science of Sport"), unless the
			// <h1> is the part before it ("Shuteye : All & Sundry").
			return strings.TrimRight(right, " -–—|:")
		}
	}
	if part := n.headlineAmongParts(t); part != "" {
		return part
	}
	for _, sep := range titleSeparators {
		i := strings.LastIndex(t, sep)
		if i <= 0 || insideBrackets(t, i) {
			continue
		}
		left, right := strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+len(sep):])
		switch {
		case h1 != "" && strings.EqualFold(h1, t):
			return t
		case h1 != "" && strings.EqualFold(left, h1):
			return left
		case h1 != "" && strings.EqualFold(right, h1):
			if !n.h1IsLogo(t) {
				return right
			}
			// The <h1> is the site's logo ("Bogleheads.org").
			return cleanTitle(left, n)
		case sep != ": " && sep != " / " && isDomain(left) && !isDomain(right):
			// A domain name is never the title's part, whatever the
			// site's name says (a logo that holds the title whole).
			return right
		case sep != ": " && sep != " / " && isDomain(right) && !isDomain(left):
			return cleanTitle(left, n)
		case site != "" && (strings.EqualFold(right, site) || strings.Contains(strings.ToLower(site), strings.ToLower(right))):
			return cleanTitle(left, n)
		case site != "" && strings.EqualFold(left, site):
			return right
		case sep != ": " && siteInHost(right, host):
			return cleanTitle(left, n)
		case sep != ": " && sep != " / " && inH1(h1, left) && !inH1(h1, right) && !namesSite(left, site, host):
			return cleanTitle(left, n)
		case sep != ": " && sep != " / " && inH1(h1, right) && !inH1(h1, left) && !namesSite(right, site, host):
			return right
		case sep != ": " && sep != " / " && n.headingPart(right, left):
			return right
		case sep != ": " && sep != " / " && n.headingPart(left, right):
			return cleanTitle(left, n)
		case sep != ": " && sep != " / " && startsDescription(right, left, n.description):
			return right
		case sep != ": " && sep != " / " && n.headlineInBody(right, left):
			return right
		case sep != ": " && sep != " / " && n.headlineInBody(left, right):
			return cleanTitle(left, n)
		case sep != ": " && sep != " / " && len(left) >= 3*len(right) && len(strings.Fields(right)) <= 4:
			// A short tail after a long title is a site name, but not
			// after a slash ("Trail shoe / women's"), which joins the
			// parts of one name.
			return cleanTitle(left, n)
		}
	}
	return t
}

// namesHome reports whether part of a title is the site's name as the
// page's links to its home page give it (their text, or the alt text of
// the logo they hold), or as the site's name the page states.
func (n pageNames) namesHome(part string) bool {
	np := Normalize(part)
	return np != "" && (np == Normalize(n.site) || slices.ContainsFunc(n.homes, func(h string) bool { return Normalize(h) == np }))
}

// headlineAmongParts returns the part of a title of three parts or more,
// joined by one separator, that the page shows as its headline, or "":
// the longest part (three words or more, more than any other part has;
// not a section's name such as "ΚΟΙΝΩΝΙΑ" or "Columnists", which are
// headings of the page too) when it is the <h1>, another heading, or
// the whole text of one of the body's text nodes ("СПИД в Забайкалье
// стал «старше» :: Забайкальское Информационное Агентство :: Новый
// взгляд на Забайкалье" and the story's link "СПИД В ЗАБАЙКАЛЬЕ СТАЛ
// «СТАРШЕ»").
func (n pageNames) headlineAmongParts(t string) string {
	for _, sep := range titleSeparators {
		if sep == ": " || sep == " :" || sep == " / " || strings.Count(t, sep) < 2 || insideBrackets(t, strings.LastIndex(t, sep)) {
			continue
		}
		longest, most, ties := "", 0, false
		for _, p := range strings.Split(t, sep) {
			p = strings.TrimSpace(p)
			switch w := wordCount(p); {
			case w > most:
				longest, most, ties = p, w, false
			case w == most:
				ties = true
			}
		}
		if most >= 3 && !ties && (SameText(longest, n.h1) || n.isHeading(longest) || n.inBody(longest)) {
			return longest
		}
	}
	return ""
}

// headingPart reports whether part of a title is the headline and other,
// beside it after a separator, the site's name: part is one of the
// page's headings (<h2> to <h6>, case, spaces and punctuation aside) and
// other is not, and part has three words or more, or no fewer than other
// (a blog's name of two words is a heading on its pages too: "When the
// Problem is You… | Peter Shankman").
func (n pageNames) headingPart(part, other string) bool {
	return (wordCount(part) >= 3 || wordCount(part) >= wordCount(other)) && n.isHeading(part) && !n.isHeading(other)
}

// inH1 reports whether a part of a title is most of the <h1>: the <h1>
// holds it (Normalize'd, four characters or more) and is less than 5/3
// its length (a search's results: <h1>Results for “Mirrorless-Cameras”
// and the title "Mirrorless-Cameras | B&H Photo Video"; not a logo's
// "CBN News - Christian News 24/7" and the title's "CBN News").
func inH1(h1, part string) bool {
	np := Normalize(part)
	nh := Normalize(h1)
	return len(np) >= 4 && 5*len(np) >= 3*len(nh) && strings.Contains(nh, np)
}

// isHeading reports whether text is one of the page's headings (<h2> to
// <h6>), case, spaces and punctuation aside.
func (n pageNames) isHeading(text string) bool {
	nt := Normalize(text)
	return nt != "" && slices.ContainsFunc(n.headings, func(h string) bool { return Normalize(h) == nt })
}

// headlineInBody reports whether part of a title is the headline and
// other, beside it after a separator, the site's name: part (three words
// at least, and no fewer than other) is the whole text of one of the
// body's text nodes, as a headline is, and other is not, unless it is a
// name of one or two words (a logo's text). A section's name in the
// body's menu ("ΤΟ ΒΗΜΑ - Ψωμί, το πολύτιμο - υγεία + fitness") is
// shorter than the headline beside it.
func (n pageNames) headlineInBody(part, other string) bool {
	words, otherWords := len(strings.Fields(part)), len(strings.Fields(other))
	return words >= 3 && words >= otherWords && n.inBody(part) && (otherWords < 3 || !n.inBody(other))
}

// inBody reports whether text is the whole text of one of the body's
// text nodes.
func (n pageNames) inBody(text string) bool {
	nt := Normalize(text)
	return nt != "" && slices.ContainsFunc(n.texts, func(t string) bool { return len(t) < 4*len(text) && Normalize(t) == nt })
}

// TrimSeparators drops the marks that separate a title from a site's
// name or a breadcrumb's steps ("»", "›", "|", "·", "•", ":", dashes)
// from the start of s, where a title shows them when what they separate
// is missing ("» Post title :blog", a breadcrumb's "» Last step"). Not
// from its end, where "»" closes a quote ("… «Λουκίσα»"); an opening
// quote ("«Κοπάνες»: …") stays.
func TrimSeparators(s string) string { return strings.TrimLeft(s, "»›|·•:–—- ") }

// startsDescription reports whether the part of a title after a
// separator is the headline that the page's description starts with, and
// the part before it (of at most five words) the site's name before the
// headline: "LA Daily News - Bynum injured as Lakers squeak by Grizzlies"
// with the description "Bynum injured as Lakers squeak by Grizzlies. …".
func startsDescription(right, left, description string) bool {
	nr := Normalize(right)
	return description != "" && len(strings.Fields(left)) <= 5 && len(strings.Fields(right)) >= 3 && len(nr) >= 15 &&
		strings.HasPrefix(Normalize(description), nr)
}

// insideBrackets reports whether byte i of t lies inside parentheses or
// square brackets ("Gödel (1906 - 1978)").
func insideBrackets(t string, i int) bool {
	depth := 0
	for _, r := range t[:i] {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth = max(0, depth-1)
		}
	}
	return depth > 0
}

// siteInHost reports whether a part of a title names the site at host:
// most of its words occur in the host name ("Raspberry Pi Forums" on
// forums.raspberrypi.com, "ArchWiki" on wiki.archlinux.org as "arch" and
// "wiki"), or its words' initials are one of the host's labels
// ("Occupational Safety and Health Administration" on www.osha.gov).
func siteInHost(part, host string) bool {
	if host == "" || len(part) > 80 {
		return false
	}
	words := strings.FieldsFunc(part, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) == 0 || len(words) > 6 {
		return false
	}
	var initials strings.Builder
	in, n := 0, 0
	for _, w := range words {
		w = strings.ToLower(w)
		if w != "and" && w != "of" && w != "the" && w != "for" {
			initials.WriteString(w[:1])
		}
		if len(w) < 2 {
			continue
		}
		n++
		if strings.Contains(host, w) || len(w) >= 6 && camelParts(w, host) {
			in++
		}
	}
	if n > 0 && 2*in >= n+1 {
		return true
	}
	for _, label := range strings.Split(host, ".") {
		if len(label) >= 3 && label == initials.String() {
			return true
		}
	}
	return false
}

// camelParts reports whether a long word is two parts that both occur in
// host ("archwiki" on wiki.archlinux.org).
func camelParts(w, host string) bool {
	for i := 3; i <= len(w)-3; i++ {
		if strings.Contains(host, w[:i]) && strings.Contains(host, w[i:]) {
			return true
		}
	}
	return false
}
