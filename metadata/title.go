package metadata

import (
	"strings"
	"unicode"
)

// The page's title is chosen among what the page states: JSON-LD's
// headline, OpenGraph's and Twitter's titles, microdata, Dublin Core,
// <title> and the first <h1>.

func (p *Page) findTitle() string {
	c, art, g := p.c, p.art, p.g
	t := titleOrH1(c, host(p.base), first(c.ld(art, g, "headline", ""), c.meta("og:title"), c.meta("twitter:title"), c.micro("headline"),
		c.meta("dc.title"), c.meta("dcterms.title"), c.meta("parsely-title"), c.ld(art, g, "name", ""), c.title, c.h1), p.site)
	return truncate(unescapeAgain(t))
}

// titleOrH1 returns the page's only <h1> when it shares most of its words
// with the declared title t (the visible headline, often without the
// declared title's site name or SEO additions), else t cleaned of its site
// name (see cleanTitle).
func titleOrH1(c *collected, host, t, site string) string {
	if c.h1s == 1 && c.h1 != "" && len(c.h1) <= 300 && sharedWords(c.h1, t) >= 0.5 && !h1IsLogo(t, c.h1, site, host) {
		return c.h1
	}
	return cleanTitle(t, site, c.h1, host)
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
	if nh, nt := Normalize(h1), Normalize(t); len(nh) >= 8 && nh != nt && strings.Contains(nt, nh) && !h1IsLogo(t, h1, site, host) {
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
