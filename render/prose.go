package render

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Preformatted prose: a plain-text article or press release that a page
// puts in a <pre> as it was typed, its lines wrapped at a typewriter's
// width, is paragraphs to a reader, not code. Markdown writes it as
// paragraphs (proseMarkdown) when isProse says that is what it is; code,
// listings, tables lined up with spaces, mail headers and verse stay
// fenced as written.

// Thresholds of isProse.
const (
	// minProseWords is the fewest words of prose in a <pre>: a short
	// line or two (a command, a path) stays code.
	minProseWords = 40
	// maxWordsPerSentence: at least one word in this many ends a
	// sentence.
	maxWordsPerSentence = 40
	// maxSymbolsPer50Words: code symbols (codeSymbols) allowed per fifty
	// words.
	maxSymbolsPer50Words = 1
	// minWrappedRunes is the shortest line that a line wrapped within
	// its paragraph has (a wrap at 60 to 80 columns leaves 40 or more).
	minWrappedRunes = 40
)

// codeSymbols are characters that code uses and prose hardly does.
const codeSymbols = ";{}=<>[]|\\$@"

// isProse reports whether the text of a <pre> is running prose: at least
// minProseWords words, three quarters of its non-space characters
// letters, at most maxSymbolsPer50Words codeSymbols per fifty words, a
// sentence end (., !, ?) at least every maxWordsPerSentence words, no
// line that reads as code (codeLine) or lines up columns with spaces
// (alignedLine: a table, a man page's header), and nine in ten of the lines
// that a paragraph's next line follows (other than a list item's last)
// at least minWrappedRunes long:
// text wrapped to a width, where a poem's or a list's short lines and a
// mail's header lines stay as written.
func isProse(text string) bool {
	words := strings.Fields(text)
	if len(words) < minProseWords {
		return false
	}
	letters, nonSpace, symbols := 0, 0, 0
	for _, r := range text {
		switch {
		case unicode.IsSpace(r):
			continue
		case unicode.IsLetter(r):
			letters++
		case strings.ContainsRune(codeSymbols, r):
			symbols++
		}
		nonSpace++
	}
	if 4*letters < 3*nonSpace || 50*symbols > maxSymbolsPer50Words*len(words) {
		return false
	}
	ends := 0
	for _, w := range words {
		if r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(w, `"'”’)»`)); r == '.' || r == '!' || r == '?' {
			ends++
		}
	}
	if ends*maxWordsPerSentence < len(words) {
		return false
	}
	wrapped, long := 0, 0
	for _, p := range proseParagraphs(text) {
		for i, l := range p {
			if codeLine(l.text) || alignedLine(l.text) {
				return false
			}
			if _, item := cutListMarker(p[min(i+1, len(p)-1)].text); i < len(p)-1 && !item {
				wrapped++
				if utf8.RuneCountInString(l.text) >= minWrappedRunes {
					long++
				}
			}
		}
	}
	return 10*long >= 9*wrapped
}

// codeLine reports whether a line (trimmed) reads as code: it starts a
// comment ("//", "/*", "#") or ends a statement or opens or closes a
// block (";", "{", "}").
func codeLine(l string) bool {
	for _, p := range []string{"//", "/*", "#"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return strings.HasSuffix(l, ";") || strings.HasSuffix(l, "{") || strings.HasSuffix(l, "}")
}

// alignedLine reports whether a line (trimmed) lines up columns: three
// spaces or a tab between two of its words, after its list marker if it
// has one (cutListMarker: "-   Wireless sync." is an item).
func alignedLine(l string) bool {
	if rest, ok := cutListMarker(l); ok {
		l = rest
	}
	return strings.Contains(l, "   ") || strings.Contains(l, "\t")
}

// proseLine is a line of a <pre>, trimmed, and the width of the
// whitespace before it.
type proseLine struct {
	text   string
	indent int
}

// proseParagraphs returns the paragraphs of text, cut at blank lines, as
// their lines.
func proseParagraphs(text string) [][]proseLine {
	var paras [][]proseLine
	var cur []proseLine
	for l := range strings.SplitSeq(text, "\n") {
		t := strings.TrimSpace(l)
		if t == "" {
			if cur != nil {
				paras = append(paras, cur)
				cur = nil
			}
			continue
		}
		cur = append(cur, proseLine{t, len(l) - len(strings.TrimLeftFunc(l, unicode.IsSpace))})
	}
	if cur != nil {
		paras = append(paras, cur)
	}
	return paras
}

// proseMarkdown returns prose from a <pre> as Markdown: a paragraph per
// run of lines between blank lines, its lines joined by spaces (the wraps
// undone, runs of spaces one), escaped. A line that starts with a list
// marker ("-", "--", "*", "•", "o" and a space) starts a list item ("- ")
// that the next lines of its paragraph continue, nested under the items
// before it whose marker stands further left (at most maxQuoteDepth
// levels).
func proseMarkdown(text string) string {
	var sb strings.Builder
	for _, p := range proseParagraphs(text) {
		var groups []string
		var indents []int // the markers' indents of the open items, outermost first
		for _, l := range p {
			if rest, ok := cutListMarker(l.text); ok {
				for len(indents) > 0 && indents[len(indents)-1] > l.indent {
					indents = indents[:len(indents)-1]
				}
				if len(indents) == 0 || indents[len(indents)-1] < l.indent && len(indents) < maxQuoteDepth {
					indents = append(indents, l.indent)
				}
				pad := strings.Repeat("  ", len(indents)-1)
				groups = append(groups, pad+"- "+escapeLineStarts(escapeInlineText(rest)))
				continue
			}
			if len(groups) == 0 {
				groups = append(groups, escapeLineStarts(escapeInlineText(l.text)))
				continue
			}
			groups[len(groups)-1] += " " + escapeInlineText(l.text)
		}
		if len(groups) > 1 && !strings.HasPrefix(strings.TrimLeft(groups[0], " "), "- ") {
			// A paragraph before the paragraph's items.
			sb.WriteString(groups[0] + "\n\n")
			groups = groups[1:]
		}
		sb.WriteString(strings.Join(groups, "\n") + "\n\n")
	}
	return sb.String()
}

// escapeInlineText escapes a line of prose (inlineEscaper), its runs of
// spaces one.
func escapeInlineText(l string) string {
	return inlineEscaper.Replace(strings.Join(strings.Fields(l), " "))
}

// cutListMarker returns a line without the list marker it starts with
// ("-", "--", "*", "•", "o" followed by a space), and whether it had one.
func cutListMarker(l string) (string, bool) {
	for _, m := range []string{"--", "-", "*", "•", "o"} {
		if rest, ok := strings.CutPrefix(l, m+" "); ok && strings.TrimSpace(rest) != "" {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}
