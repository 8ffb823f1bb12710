package sanitize

import (
	"strings"
	"unicode/utf8"
)

// forbiddenCSS are what CSS loads or runs with, as they read in normalCSS
// form: the functions that take a URL or an image (url(), image(),
// image-set() and its -webkit- form, cross-fade(), src()), @import, and
// the scripting of old browsers (expression(), behavior, -moz-binding).
var forbiddenCSS = []string{"url(", "image(", "image-set(", "cross-fade(", "src(", "@import", "expression", "behavior", "binding"}

// safeCSS reports whether CSS text (a style sheet, declarations or one
// value) has none of forbiddenCSS, however it is spelled.
func safeCSS(css string) bool {
	n := normalCSS(css)
	for _, f := range forbiddenCSS {
		if strings.Contains(n, f) {
			return false
		}
	}
	return true
}

// normalCSS returns CSS text as its tokens spell it, and then some: escapes
// decoded (u\72l( is url(), \75 rl( too), comments, whitespace and control
// characters removed (u/**/rl( is not url( to a browser, but reads so
// here: the check errs towards refusing), in lower case. Only comments
// hide text, and only outside strings, where a browser reads them so too
// ("/*" in a string is text; in an unquoted url(…) it follows "url(",
// which is refused already).
func normalCSS(css string) string {
	var sb strings.Builder
	var quote byte // the quote of the string we are in, or 0
	for i := 0; i < len(css); {
		c := css[i]
		switch {
		case quote == 0 && c == '/' && i+1 < len(css) && css[i+1] == '*':
			end := strings.Index(css[i+2:], "*/")
			if end < 0 {
				return strings.ToLower(sb.String())
			}
			i += 2 + end + 2
		case c == '\\':
			r, n := cssEscape(css[i+1:])
			if r >= 0 {
				sb.WriteRune(r)
			}
			i += 1 + n
		case quote == 0 && (c == '"' || c == '\''):
			quote = c
			i++
		case quote != 0 && (c == quote || c == '\n' || c == '\r' || c == '\f'):
			quote = 0 // a string ends at its quote, or (unclosed) at a line break
			i++
		case c <= ' ' || c == 0x7f:
			i++
		default:
			sb.WriteByte(c)
			i++
		}
	}
	return strings.ToLower(sb.String())
}

// cssEscape decodes the escape after a backslash: up to six hex digits and
// one whitespace after them, or any one character; it returns the
// character (-1 for an escaped line break, which continues a string, and
// U+FFFD for nothing, zero, a surrogate or beyond Unicode) and the bytes
// read.
func cssEscape(s string) (rune, int) {
	if s == "" {
		return utf8.RuneError, 0
	}
	n, v := 0, rune(0)
	for n < len(s) && n < 6 && isHex(s[n]) {
		v = v*16 + hexValue(s[n])
		n++
	}
	if n == 0 {
		if s[0] == '\n' || s[0] == '\r' || s[0] == '\f' {
			return -1, 1
		}
		r, size := utf8.DecodeRuneInString(s)
		return r, size
	}
	if n < len(s) {
		switch s[n] {
		case ' ', '\t', '\n', '\f':
			n++
		case '\r':
			n++
			if n < len(s) && s[n] == '\n' {
				n++
			}
		}
	}
	if v == 0 || v > utf8.MaxRune || v >= 0xd800 && v <= 0xdfff {
		v = utf8.RuneError
	}
	return v, n
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func hexValue(c byte) rune {
	switch {
	case c >= 'a':
		return rune(c-'a') + 10
	case c >= 'A':
		return rune(c-'A') + 10
	}
	return rune(c - '0')
}

// cleanCSS returns CSS text (a style sheet or a style attribute's
// declarations) without its declarations, statements and rules that fail
// safeCSS: a declaration or @import statement is left out, a rule whose
// selector or at-rule prelude fails is left out with its block. The
// cutting is lenient; what remains is checked as a whole, and ok is false
// when it still fails (the caller drops it all).
func cleanCSS(css string) (string, bool) {
	if safeCSS(css) {
		return css, true
	}
	var sb strings.Builder
	skip := 0 // > 0: inside the block of a rule left out, at that depth
	start := 0
	emit := func(end int, delim string) {
		seg := css[start:end]
		switch {
		case skip > 0:
		case !safeCSS(seg):
			sb.WriteString(whitespaceOf(seg))
			if delim != ";" {
				sb.WriteString(delim)
			}
		default:
			sb.WriteString(seg + delim)
		}
	}
	for i := 0; i < len(css); {
		c := css[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case c == '"' || c == '\'':
			i = endOfString(css, i)
			continue
		case c == '/' && i+1 < len(css) && css[i+1] == '*':
			end := strings.Index(css[i+2:], "*/")
			if end < 0 {
				i = len(css)
			} else {
				i += 2 + end + 2
			}
			continue
		case c == '(':
			i = endOfParens(css, i)
			continue
		case c == ';' || c == '}':
			if c == '}' && skip > 0 {
				skip--
				start = i + 1
				i++
				continue
			}
			emit(i, string(c))
			start = i + 1
		case c == '{':
			switch {
			case skip > 0:
				skip++
			case !safeCSS(css[start:i]):
				skip = 1 // the rule's prelude: leave the rule out
			default:
				emit(i, "{")
			}
			start = i + 1
		}
		i++
	}
	if start < len(css) {
		emit(len(css), "")
	}
	out := sb.String()
	return out, safeCSS(out)
}

// whitespaceOf returns the line breaks of a segment left out, so that the
// style sheet keeps its lines.
func whitespaceOf(seg string) string {
	return strings.Repeat("\n", strings.Count(seg, "\n"))
}

// endOfString returns the index after the string that starts at i (its
// quote), or after the line or text where an unclosed one ends.
func endOfString(css string, i int) int {
	q := css[i]
	for j := i + 1; j < len(css); j++ {
		switch css[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(css)
}

// endOfParens returns the index after the parenthesis that closes the one
// at i (strings and nesting within), or len(css).
func endOfParens(css string, i int) int {
	depth := 0
	for j := i; j < len(css); j++ {
		switch css[j] {
		case '\\':
			j++
		case '"', '\'':
			j = endOfString(css, j) - 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(css)
}
