package metadata

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// MaxJSONLD bounds one JSON-LD script; a larger one is an error.
const MaxJSONLD = 1 << 20

// maxNodes bounds how many JSON-LD objects one script contributes.
const maxNodes = 10000

// Node is one JSON-LD object, as decoded by encoding/json.
type Node = map[string]any

// ParseJSONLD parses the text of one <script type="application/ld+json">
// and returns its objects in document order: the top-level object, the
// items of a top-level array and of every @graph, and the objects nested
// in their properties (an author, a publisher, a mainEntity). HTML comment
// and CDATA wrappers, a trailing semicolon and raw control characters
// (line breaks inside strings, common in hand-written JSON-LD) are
// tolerated. name identifies the script in errors.
func ParseJSONLD(data []byte, name string) ([]Node, error) {
	if len(data) > MaxJSONLD {
		return nil, fmt.Errorf("%s: JSON-LD of %d bytes, limit %d", name, len(data), MaxJSONLD)
	}
	data = bytes.TrimSpace(data)
	for _, w := range [][2]string{{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"//<![CDATA[", "//]]>"}} {
		if bytes.HasPrefix(data, []byte(w[0])) {
			data = bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(data[len(w[0]):]), []byte(w[1])))
		}
	}
	data = bytes.TrimSpace(bytes.TrimSuffix(data, []byte(";")))
	if len(data) == 0 {
		return nil, fmt.Errorf("%s: empty JSON-LD", name)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		clean := bytes.Map(func(r rune) rune {
			if r < 0x20 {
				return ' '
			}
			return r
		}, data)
		if err2 := json.Unmarshal(clean, &v); err2 != nil {
			return nil, fmt.Errorf("%s: invalid JSON-LD: %v", name, err)
		}
	}
	var nodes []Node
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 32 || len(nodes) >= maxNodes {
			return
		}
		switch t := v.(type) {
		case []any:
			for _, x := range t {
				walk(x, depth+1)
			}
		case map[string]any:
			if _, ok := t["@graph"]; !ok || len(t) > 2 { // a bare {"@context", "@graph"} is no node
				nodes = append(nodes, t)
			}
			for _, x := range children(t) {
				walk(x, depth+1)
			}
		}
	}
	walk(v, 0)
	if len(nodes) == 0 {
		return nil, fmt.Errorf("%s: JSON-LD holds no object", name)
	}
	return nodes, nil
}

// children returns the object- and array-valued properties of a node in
// a fixed order (@graph first, then by name), so that nodes come out
// deterministically.
func children(m map[string]any) []any {
	var out []any
	if g, ok := m["@graph"]; ok {
		out = append(out, g)
	}
	keys := make([]string, 0, len(m))
	for k, v := range m {
		switch v.(type) {
		case map[string]any, []any:
			if k != "@graph" {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		out = append(out, m[k])
	}
	return out
}

// types returns a node's @type values without their vocabulary prefix
// ("http://schema.org/NewsArticle" and "schema:NewsArticle" are
// "NewsArticle").
func types(n Node) []string {
	var out []string
	add := func(s string) {
		if i := strings.LastIndexAny(s, "/:#"); i >= 0 {
			s = s[i+1:]
		}
		if s != "" {
			out = append(out, s)
		}
	}
	switch t := n["@type"].(type) {
	case string:
		add(t)
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				add(s)
			}
		}
	}
	return out
}

// articleRank orders node types by how likely they describe the page's
// main content: 3 for articles and posts, 2 for other creative works that
// are pages' subjects, 1 for web pages, 0 otherwise.
func articleRank(n Node) int {
	best := 0
	for _, t := range types(n) {
		r := 0
		switch {
		case strings.HasSuffix(t, "Article") || t == "BlogPosting" || t == "SocialMediaPosting" ||
			t == "DiscussionForumPosting" || t == "LiveBlogPosting" || t == "Report" || t == "Recipe" || t == "HowTo" || t == "QAPage":
			r = 3
		case t == "Review" || t == "Product" || t == "Event" || t == "Course" || t == "VideoObject" || t == "PodcastEpisode" || t == "Book" || t == "JobPosting" || t == "CreativeWork":
			r = 2
		case strings.HasSuffix(t, "Page"):
			r = 1
		}
		best = max(best, r)
	}
	return best
}

func hasType(n Node, names ...string) bool {
	for _, t := range types(n) {
		for _, name := range names {
			if t == name {
				return true
			}
		}
	}
	return false
}

// graph resolves {"@id": ...} references among the nodes of a page.
type graph map[string]Node

func (g graph) resolve(v any) any {
	if m, ok := v.(map[string]any); ok && len(m) == 1 {
		if id, ok := m["@id"].(string); ok {
			if n, ok := g[id]; ok {
				return n
			}
		}
	}
	return v
}

// strs returns the strings a property holds: a string, the names (or
// @value, url) of objects, and arrays of these.
func (g graph) strs(v any, key string) []string {
	var out []string
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 4 || len(out) > 50 {
			return
		}
		switch t := g.resolve(v).(type) {
		case string:
			if s := clean(t); s != "" {
				out = append(out, s)
			}
		case float64:
			out = append(out, fmt.Sprint(t))
		case []any:
			for _, x := range t {
				walk(x, depth+1)
			}
		case map[string]any:
			for _, k := range []string{key, "@value"} {
				if x, ok := t[k]; ok {
					walk(x, depth+1)
					return
				}
			}
		}
	}
	walk(v, 0)
	return out
}

func (g graph) str(v any, key string) string {
	if s := g.strs(v, key); len(s) > 0 {
		return s[0]
	}
	return ""
}
