package sanitize

import (
	"net/url"
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// linkSchemes and imageSchemes are the schemes allowed in links and in
// images (data: only as data:image/).
var (
	linkSchemes  = map[string]bool{"http": true, "https": true, "mailto": true, "tel": true}
	imageSchemes = map[string]bool{"http": true, "https": true, "data": true}
)

// Scheme returns the scheme of a URL as a browser could read it, in lower
// case, or "" for a relative URL. It errs towards seeing a scheme:
// whitespace and control characters anywhere before the colon are
// skipped (a browser strips them at the ends and drops tabs and line
// breaks inside), so " java\tscript:" and "java\x01script:" are
// javascript. Character references are decoded by the parser before.
func Scheme(v string) string {
	var sb strings.Builder
	for _, r := range v {
		switch {
		case r == ':':
			return strings.ToLower(sb.String())
		case r <= ' ' || r == 0x7f:
			continue
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.':
			sb.WriteRune(r)
		default:
			return ""
		}
	}
	return ""
}

// scriptScheme reports whether v reads as a URL that runs code.
func scriptScheme(v string) bool {
	switch Scheme(v) {
	case "javascript", "vbscript", "livescript":
		return true
	}
	return false
}

// url checks a link or image URL against the allowed schemes and
// resolves a relative one against the base (a fragment-only one stays as
// it is); data: URLs pass only in images, as data:image/.
func (s *sanitizer) url(v string, schemes map[string]bool, image bool) (string, bool) {
	scheme := Scheme(v)
	switch {
	case scheme == "":
	case !schemes[scheme]:
		return "", false
	case scheme == "data":
		return v, image && strings.HasPrefix(squeeze(v), "data:image/")
	}
	t := strings.TrimSpace(v)
	if s.base == nil || strings.HasPrefix(t, "#") {
		return v, true
	}
	u, err := url.Parse(t)
	if err != nil {
		return "", false // control characters: no browser reads it as the page meant
	}
	r := s.base.ResolveReference(u).String()
	return r, schemes[Scheme(r)] || Scheme(r) == ""
}

// squeeze returns v in lower case without whitespace and control
// characters.
func squeeze(v string) string {
	return strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, strings.ToLower(v))
}

// srcset checks and resolves every image URL of a srcset ("a.jpg 1x,
// b.jpg 2x"); one bad URL drops the attribute.
func (s *sanitizer) srcset(v string) (string, bool) {
	var out []string
	for _, c := range splitSrcset(v) {
		u, ok := s.url(c.url, imageSchemes, true)
		if !ok {
			return "", false
		}
		if c.descriptor != "" {
			u += " " + c.descriptor
		}
		out = append(out, u)
	}
	return strings.Join(out, ", "), len(out) > 0
}

type candidate struct{ url, descriptor string }

// splitSrcset splits a srcset into its candidates as the HTML standard
// reads them: a URL runs to the next whitespace (a comma at its end ends
// the candidate), its descriptors to the next comma outside parentheses.
func splitSrcset(v string) []candidate {
	var out []candidate
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
	for i := 0; i < len(v); {
		for i < len(v) && (isSpace(v[i]) || v[i] == ',') {
			i++
		}
		start := i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		u := v[start:i]
		if u == "" {
			break
		}
		if trimmed := strings.TrimRight(u, ","); trimmed != u {
			out = append(out, candidate{url: trimmed})
			continue
		}
		start, depth := i, 0
		for i < len(v) && (v[i] != ',' || depth > 0) {
			switch v[i] {
			case '(':
				depth++
			case ')':
				depth = max(0, depth-1)
			}
			i++
		}
		out = append(out, candidate{url: u, descriptor: strings.Join(strings.Fields(v[start:i]), " ")})
	}
	return out
}

// localRefPattern is a CSS value that refers to an element of the page:
// url(#id), with a fallback colour or keyword after it.
var localRefPattern = regexp.MustCompile(`^\s*url\(\s*(#[A-Za-z_][A-Za-z0-9_.:-]*|'#[A-Za-z_][A-Za-z0-9_.:-]*'|"#[A-Za-z_][A-Za-z0-9_.:-]*")\s*\)(\s+#?[A-Za-z0-9]+)?\s*$`)

// localRef reports whether an SVG presentation value only refers into the
// page (fill="url(#gradient)").
func localRef(v string) bool { return localRefPattern.MatchString(v) }

// BaseURL returns the URL that a page's relative URLs resolve against: the
// href of its first <base> resolved against pageURL when that is an http or
// https URL (a <base href="javascript:…"> would make every relative link a
// script), else pageURL; nil when neither is an absolute http or https URL.
func BaseURL(root *html.Node, pageURL string) *url.URL {
	base, _ := url.Parse(strings.TrimSpace(pageURL))
	if href, ok := baseHref(root); ok {
		if u, err := url.Parse(strings.TrimSpace(href)); err == nil {
			if base != nil {
				u = base.ResolveReference(u)
			}
			if u.Scheme == "http" || u.Scheme == "https" {
				base = u
			}
		}
	}
	if base == nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil
	}
	return base
}

// baseHref returns the href of the first <base> that has one.
func baseHref(root *html.Node) (string, bool) {
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.Base && n.Namespace == "" {
			for _, a := range n.Attr {
				if a.Key == "href" && a.Namespace == "" {
					return a.Val, true
				}
			}
		}
	}
	return "", false
}
