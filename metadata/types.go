package metadata

import (
	"strings"

	"golang.org/x/net/html"
)

// maxTypes bounds the type tokens Types returns for one page.
const maxTypes = 64

// Types returns what a page declares itself and its parts to be, as
// lowercase tokens, each once, in document order: its Open Graph type
// ("og:article", "og:product"), the @type of every JSON-LD object
// ("ld:newsarticle", "ld:product", "ld:breadcrumblist") and the microdata
// item types ("md:product", from itemtype="https://schema.org/Product").
// JSON-LD that does not parse is skipped; at most 64 tokens are returned.
func Types(root *html.Node) []string {
	var out []string
	seen := map[string]bool{}
	add := func(prefix, t string) {
		t = strings.ToLower(strings.TrimSpace(t))
		if t == "" || len(out) == maxTypes || seen[prefix+t] {
			return
		}
		seen[prefix+t] = true
		out = append(out, prefix+t)
	}
	for n := range root.Descendants() {
		if n.Type != html.ElementNode || len(out) == maxTypes {
			continue
		}
		if it := attr(n, "itemtype"); it != "" {
			for _, u := range strings.Fields(it) {
				add("md:", lastSegment(u))
			}
		}
		switch n.Data {
		case "meta":
			if strings.EqualFold(attr(n, "property"), "og:type") || strings.EqualFold(attr(n, "name"), "og:type") {
				add("og:", attr(n, "content"))
			}
		case "script":
			if !strings.EqualFold(strings.TrimSpace(attr(n, "type")), "application/ld+json") {
				continue
			}
			nodes, err := ParseJSONLD([]byte(textOf(n)), "JSON-LD script")
			if err != nil {
				continue
			}
			for _, nd := range nodes {
				for _, t := range types(nd) {
					add("ld:", t)
				}
			}
		}
	}
	return out
}

// lastSegment returns a type URL's name: what follows its last "/", ":"
// or "#".
func lastSegment(s string) string {
	if i := strings.LastIndexAny(s, "/:#"); i >= 0 {
		return s[i+1:]
	}
	return s
}
