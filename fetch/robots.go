package fetch

import (
	"strings"
)

// MaxRobotsBytes is how much of a robots.txt is read; the rest is
// ignored (RFC 9309 asks crawlers to parse at least 500 KiB).
const MaxRobotsBytes = 512 << 10

// Robots is a parsed robots.txt (RFC 9309): its groups of rules by user
// agent, and its Sitemap lines.
type Robots struct {
	// Sitemaps are the values of the Sitemap lines, in order, as written.
	Sitemaps []string
	groups   []robotsGroup
}

// robotsGroup is a group: the user agents of its user-agent lines
// (lowercase product tokens, or "*") and its rules.
type robotsGroup struct {
	agents []string
	rules  []robotsRule
}

// robotsRule is an allow or disallow line, its pattern split at each "*".
type robotsRule struct {
	allow    bool
	length   int      // of the normalised pattern, in bytes: the longest match wins
	parts    []string // the literal text between the wildcards
	anchored bool     // the pattern ends with "$": it must match the whole path
}

// ParseRobots parses a robots.txt. It never fails: lines it does not
// understand are skipped, as RFC 9309 asks. Only the first MaxRobotsBytes
// are read.
func ParseRobots(data []byte) *Robots {
	if len(data) > MaxRobotsBytes {
		data = data[:MaxRobotsBytes]
	}
	text := strings.TrimPrefix(string(data), "\uFEFF")
	r := &Robots{}
	var cur *robotsGroup // the group being read
	inAgents := false    // the previous line was a user-agent line
	for _, line := range splitLines(text) {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, value = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(value)
		switch key {
		case "user-agent":
			if !inAgents {
				r.groups = append(r.groups, robotsGroup{})
				cur = &r.groups[len(r.groups)-1]
			}
			cur.agents = append(cur.agents, agentToken(value))
			inAgents = true
		case "allow", "disallow":
			inAgents = false
			if cur == nil || value == "" {
				continue // a rule outside any group, or "Disallow:" (nothing)
			}
			cur.rules = append(cur.rules, newRobotsRule(key == "allow", value))
		case "sitemap":
			// Not part of any group: it neither ends nor starts one.
			if value != "" {
				r.Sitemaps = append(r.Sitemaps, value)
			}
		}
	}
	return r
}

// splitLines splits text at CR, LF and CRLF.
func splitLines(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' })
}

func newRobotsRule(allow bool, pattern string) robotsRule {
	if !strings.HasPrefix(pattern, "/") && !strings.HasPrefix(pattern, "*") {
		pattern = "/" + pattern
	}
	pattern = normalizePath(pattern)
	r := robotsRule{allow: allow, length: len(pattern)}
	if strings.HasSuffix(pattern, "$") {
		r.anchored, pattern = true, pattern[:len(pattern)-1]
	}
	r.parts = strings.Split(pattern, "*")
	return r
}

// matches reports whether the rule's pattern matches path. The literal
// parts are found leftmost, in order; the last must end the path when
// the pattern is anchored. Leftmost is always enough, so the match is
// linear in the path, whatever the number of wildcards.
func (r *robotsRule) matches(path string) bool {
	if !strings.HasPrefix(path, r.parts[0]) {
		return false
	}
	rest := path[len(r.parts[0]):]
	if len(r.parts) == 1 {
		return !r.anchored || rest == ""
	}
	for _, p := range r.parts[1 : len(r.parts)-1] {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
	}
	last := r.parts[len(r.parts)-1]
	if r.anchored {
		return strings.HasSuffix(rest, last)
	}
	return strings.Contains(rest, last)
}

// Allowed reports whether a crawler whose User-Agent is userAgent (its
// product token, the text before the first "/" or space, is what counts)
// may fetch the path: a URL's path and query, as URL.RequestURI gives
// them. The rules of the groups naming the token, or else of the "*"
// groups, apply; the longest matching pattern decides, allow winning a
// tie; no match allows. /robots.txt is always allowed.
func (r *Robots) Allowed(userAgent, path string) bool {
	if path == "" {
		path = "/"
	}
	path = normalizePath(path)
	if path == "/robots.txt" {
		return true
	}
	token := agentToken(userAgent)
	var rules [][]robotsRule
	for _, want := range []string{token, "*"} {
		for _, g := range r.groups {
			for _, a := range g.agents {
				if a == want && a != "" {
					rules = append(rules, g.rules)
					break
				}
			}
		}
		if len(rules) > 0 {
			break
		}
	}
	best, allowed := -1, true
	for _, rs := range rules {
		for i := range rs {
			rule := &rs[i]
			if rule.length < best || !rule.matches(path) {
				continue
			}
			if rule.length > best {
				best, allowed = rule.length, rule.allow
			} else {
				allowed = allowed || rule.allow
			}
		}
	}
	return allowed
}

// agentToken is the lowercase product token of a User-Agent or of a
// user-agent line: its leading letters, digits, "_" and "-" ("*" stays
// "*"), so "Boilernet/1 (+https://…)" is "boilernet".
func agentToken(ua string) string {
	ua = strings.TrimSpace(ua)
	if strings.HasPrefix(ua, "*") {
		return "*"
	}
	end := strings.IndexFunc(ua, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
	})
	if end >= 0 {
		ua = ua[:end]
	}
	return strings.ToLower(ua)
}

// normalizePath puts a path or pattern in the one form they are compared
// in: escapes of unreserved characters decoded (%41 is A), other escapes
// in upper case, and bytes that must be escaped (controls, space, non-
// ASCII) escaped.
func normalizePath(p string) string {
	var b strings.Builder
	b.Grow(len(p))
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]):
			v := unhex(p[i+1])<<4 | unhex(p[i+2])
			if isUnreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteString(strings.ToUpper(p[i+1 : i+3]))
			}
			i += 2
		case c <= ' ' || c >= 0x7f:
			const hexDigits = "0123456789ABCDEF"
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

func isUnreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}
