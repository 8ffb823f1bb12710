package infer

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// imageSource returns an image's address: the largest candidate of its
// srcset (or a lazy loader's data-srcset, data-lazy-srcset) and of the
// <source srcset> of its <picture>, by width descriptor (w) or, when
// none has one, by density (x); else its src, or a lazy loader's data-src,
// data-lazy-src, data-original or data-url when src is missing or a
// placeholder (a data: URL, a blank or spinner image).
func imageSource(n *html.Node) string {
	var sets []string
	if p := n.Parent; p != nil && p.DataAtom == atom.Picture {
		for c := p.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.Source {
				sets = append(sets, attr(c, "srcset"), attr(c, "data-srcset"))
			}
		}
	}
	sets = append(sets, attr(n, "srcset"), attr(n, "data-srcset"), attr(n, "data-lazy-srcset"))
	if best := largestCandidate(sets); best != "" {
		return best
	}
	src := strings.TrimSpace(attr(n, "src"))
	if src != "" && !placeholderImage(src) {
		return src
	}
	for _, k := range []string{"data-src", "data-lazy-src", "data-original", "data-url", "data-lazy"} {
		if v := strings.TrimSpace(attr(n, k)); v != "" && !placeholderImage(v) {
			return v
		}
	}
	return src
}

// placeholderImage reports whether src is what a lazy loader shows until
// it loads the image: a data: URL or a blank, spinner or placeholder file.
func placeholderImage(src string) bool {
	low := strings.ToLower(src)
	if strings.HasPrefix(low, "data:") {
		return true
	}
	name := low[strings.LastIndexByte(low, '/')+1:]
	for _, w := range []string{"blank.", "spacer.", "pixel.", "placeholder", "lazyload", "loading.", "spinner", "transparent."} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// largestCandidate returns the URL of the largest image candidate of the
// srcset values: by width (w), or by density (x) when no candidate has a
// width; the first among equals. "" when the values hold no candidate.
func largestCandidate(srcsets []string) string {
	var bestW, bestX string
	maxW, maxX := -1.0, -1.0
	for _, set := range srcsets {
		for _, c := range splitSrcset(set) {
			if placeholderImage(c.url) {
				continue
			}
			switch {
			case c.w > 0:
				if c.w > maxW {
					bestW, maxW = c.url, c.w
				}
			case c.x > maxX:
				bestX, maxX = c.url, c.x
			}
		}
	}
	if bestW != "" {
		return bestW
	}
	return bestX
}

// candidate is one image candidate of a srcset: its URL and its width
// (w) or density (x) descriptor; a candidate without one has density 1.
type candidate struct {
	url  string
	w, x float64
}

// splitSrcset parses a srcset value (HTML's image candidate strings): URLs
// separated by commas, each followed by an optional descriptor. A comma
// inside a URL (…/w_600,h_400/…) is part of it: a URL ends at whitespace.
func splitSrcset(s string) []candidate {
	var out []candidate
	for len(out) < 100 {
		s = strings.TrimLeft(s, " \t\n\r\f,")
		if s == "" {
			break
		}
		end := strings.IndexAny(s, " \t\n\r\f")
		if end < 0 {
			end = len(s)
		}
		url := s[:end]
		s = s[end:]
		desc := ""
		if strings.HasSuffix(url, ",") {
			url = strings.TrimRight(url, ",") // no descriptor
		} else {
			d, rest, _ := strings.Cut(s, ",")
			desc, s = strings.TrimSpace(d), rest
		}
		c := candidate{url: url, x: 1}
		if f := strings.Fields(desc); len(f) > 0 {
			d := strings.ToLower(f[0])
			v, err := strconv.ParseFloat(d[:max(len(d)-1, 0)], 64)
			switch {
			case err != nil || v <= 0:
			case strings.HasSuffix(d, "w"):
				c.w = v
			case strings.HasSuffix(d, "x"):
				c.x = v
			}
		}
		if url != "" {
			out = append(out, c)
		}
	}
	return out
}
