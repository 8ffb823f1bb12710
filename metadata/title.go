package metadata

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
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
	h := host(p.base)
	sources := []string{c.ld(art, g, "headline", ""), c.meta("og:title"), c.meta("twitter:title"), c.micro("headline"),
		c.meta("dc.title"), c.meta("dcterms.title"), c.meta("parsely-title"), c.ld(art, g, "name", ""), c.title, c.h1}
	t := chooseTitle(sources, c.title, c.h1, p.site, h, isHome(p.url))
	return truncate(unescapeAgain(titleOrH1(c, h, t, p.site)))
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
			whole = whole || cutShort(t, cleanTitle(o, site, "", host))
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
// title's visible form.
//
// Nor is an <h1> that is the title with a label before it: a forum's
// prefix of the thread ("Thread:", "News", "Tips/Techniques"), a date,
// "Sponsored by"; see labeledTitle.
func titleOrH1(c *collected, host, t, site string) string {
	h1 := c.h1
	if c.h1s == 1 && h1 != "" && len(h1) <= 300 && sharedWords(h1, t) >= 0.5 && !h1IsLogo(t, h1, site, host) && !namesSite(h1, site, host) {
		ct := cleanTitle(t, site, "", host)
		if len(strings.Fields(h1)) <= 3*len(strings.Fields(ct)) && !labeledTitle(h1, ct, c.h1Parts) {
			return h1
		}
	}
	return cleanTitle(t, site, h1, host)
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

// h1IsLogo reports whether the <h1> is the site's name that ends the
// title t after a separator, the title's other part not being the site's
// name too.
func h1IsLogo(t, h1, site, host string) bool {
	if !endsWithPart(t, h1) {
		return false
	}
	left := strings.TrimRight(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(t), h1)), " |-–—·•»:")
	return !isSite(left, site, host)
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
		strings.HasSuffix(rest, "·") || strings.HasSuffix(rest, "•") || strings.HasSuffix(rest, "»") || strings.HasSuffix(rest, "::")
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

// cleanTitle drops a site name joined to a title by a separator:
// "Storm hits coast | Daily News" becomes "Storm hits coast" when the site
// name, the first <h1> or the page's host name (daily-news.example) tells
// which part is which, or when one part is much longer.
func cleanTitle(t, site, h1, host string) string {
	t = collapse(t)
	if nh, nt := Normalize(h1), Normalize(t); len(nh) >= 8 && nh != nt && strings.Contains(nt, nh) && !h1IsLogo(t, h1, site, host) && !namesSite(h1, site, host) {
		return h1 // "Models | Django documentation" with <h1>Models</h1>
	}
	for _, sep := range []string{" | ", " - ", " – ", " — ", " :: ", " » ", " · ", " • ", " / ", ": "} {
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
			if isSite(left, site, host) {
				return right
			}
			// The <h1> is the site's logo ("Bogleheads.org").
			return cleanTitle(left, site, h1, host)
		case site != "" && (strings.EqualFold(right, site) || strings.Contains(strings.ToLower(site), strings.ToLower(right))):
			return cleanTitle(left, site, h1, host)
		case site != "" && strings.EqualFold(left, site):
			return right
		case sep != ": " && siteInHost(right, host):
			return cleanTitle(left, site, h1, host)
		case sep != ": " && sep != " / " && len(left) >= 3*len(right) && len(strings.Fields(right)) <= 4:
			// A short tail after a long title is a site name, but not
			// after a slash ("Trail shoe / women's"), which joins the
			// parts of one name.
			return cleanTitle(left, site, h1, host)
		}
	}
	return t
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
