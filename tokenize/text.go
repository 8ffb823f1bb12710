package tokenize

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html/atom"
)

// Whitespace collapsing and the rebuilding of readable text from blocks.

// collapse trims s and collapses its whitespace runs to one space (inside
// <pre>, runs that hold a line break become one "\n"). It reports whether s
// had leading and trailing whitespace; an all-whitespace s gives "" and
// lead = true.
func collapse(s string, pre bool) (out string, lead, trail bool) {
	if out, lead, trail, ok := collapsed(s, pre); ok {
		return out, lead, trail
	}
	return collapseCopy(s, pre)
}

// collapseCopy is collapse, building the result.
func collapseCopy(s string, pre bool) (out string, lead, trail bool) {
	var sb strings.Builder
	sb.Grow(len(s))
	space, newline := false, false
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				r = unicode.ReplacementChar
			}
		}
		if isSpace(r) {
			if sb.Len() == 0 {
				lead = true
			}
			space = true
			newline = newline || r == '\n'
			continue
		}
		if space && sb.Len() > 0 {
			if pre && newline {
				sb.WriteByte('\n')
			} else {
				sb.WriteByte(' ')
			}
		}
		space, newline = false, false
		sb.WriteRune(r)
	}
	return sb.String(), lead, space
}

// collapsed is collapse for the common text that needs no change beyond
// trimming, returned as a part of s without a copy: valid UTF-8 whose
// inner whitespace runs are single spaces (or, inside <pre>, single line
// breaks). ok is false for any other text.
func collapsed(s string, pre bool) (out string, lead, trail, ok bool) {
	start, end := -1, 0 // the first and past the last non-space bytes
	run, runLen := byte(0), 0
	for i := 0; i < len(s); {
		c := s[i]
		size := 1
		var space bool
		if c < utf8.RuneSelf {
			space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return "", false, false, false
			}
			if isSpace(r) {
				// Other spaces become ' ': a change (only plain ASCII
				// spaces are kept as they are).
				c, space = 0, true
			}
		}
		if space {
			if run == 0 {
				run = c
			}
			runLen++
			i += size
			continue
		}
		if runLen > 0 && start >= 0 && (runLen > 1 || !(run == ' ' || pre && run == '\n')) {
			return "", false, false, false
		}
		if start < 0 {
			start = i
		}
		run, runLen = 0, 0
		i += size
		end = i
	}
	if start < 0 {
		return "", s != "", s != "", true
	}
	return s[start:end], start > 0, end < len(s), true
}

// isSpace reports HTML whitespace plus the Unicode spaces that render as
// blank (no-break space included).
func isSpace(r rune) bool {
	return unicode.IsSpace(r) || r == '\u200b' || r == '\ufeff'
}

// Invisible reports whether a text is made of format characters alone
// (zero-width joiners and non-joiners, direction marks, invisible
// separators, soft hyphens) and spaces: a block of nothing a reader sees,
// such as the "&zwnj;" a page builder leaves in an empty <p>. Parse keeps
// such blocks, as the model was trained with them; an extraction leaves
// them out of its text.
func Invisible(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Cf, r) && !isSpace(r) {
			return false
		}
	}
	return true
}

// Text rebuilds readable text from blocks of one page given in document
// order (any subset of Page.Blocks), joined by Separator.
func Text(blocks []Block) string {
	var sb strings.Builder
	for i, b := range blocks {
		if i > 0 {
			sb.WriteString(Separator(blocks[i-1], b))
		}
		sb.WriteString(b.Text)
	}
	return sb.String()
}

// Separator is what Text puts between two blocks, prev before b: a blank
// line between paragraphs, a line break between lines, and on one line
// nothing when the source has no whitespace between neighbouring blocks
// ("<b>H</b>ello") unless they are visibly apart, a space otherwise (and
// always when blocks were left out between them).
func Separator(prev, b Block) string {
	switch {
	case b.Para != prev.Para:
		return "\n\n"
	case b.Line != prev.Line:
		return "\n"
	case b.Index == prev.Index+1 && !b.SpaceBefore && !apart(prev, b):
		return ""
	}
	return " "
}

// apart reports whether two neighbouring blocks that the source writes
// without whitespace between them are still separate words as a page
// shows them: they sit in different elements and SeparateWords says so.
func apart(prev, b Block) bool {
	if prev.Node == nil || b.Node == nil || prev.Node.Parent == b.Node.Parent {
		return false
	}
	if first, _ := utf8.DecodeRuneInString(b.Text); unicode.IsDigit(first) && (scripted(prev) || scripted(b)) {
		return false // an exponent, a formula's index: "10<sup>6</sup>", "CO<sub>2</sub>"
	}
	return SeparateWords(prev.Text, b.Text)
}

// scripted reports whether a block's text is set as a superscript or a
// subscript, whose digits belong to the number or word before them
// ("10<sup>6</sup>", "CO<sub>2</sub>").
func scripted(b Block) bool {
	p := b.Node.Parent
	return p != nil && (p.DataAtom == atom.Sup || p.DataAtom == atom.Sub)
}

// SeparateWords reports whether text after, written right after text
// before but in another element, starts a word of its own as a page shows
// it: a word or sentence ends before an upper-case letter ("Edit this
// page</a><span>Last updated"), a symbol such as a rating's stars meets a
// letter or digit ("Great for day hikes</span><span>★★★★★"), or a
// currency sign or "#" follows one. CSS puts such elements apart (a block,
// a margin, a flex gap); inside a word ("<b>H</b>ello", "foo<i>bar</i>")
// the next letter is lower-case.
func SeparateWords(before, after string) bool {
	last, _ := utf8.DecodeLastRuneInString(before)
	first, _ := utf8.DecodeRuneInString(after)
	wordEnd := unicode.IsLetter(last) || unicode.IsDigit(last) || strings.ContainsRune(".!?:;)", last)
	switch {
	case wordEnd && unicode.IsUpper(first):
		return true
	case unicode.Is(unicode.So, last) && (unicode.IsLetter(first) || unicode.IsDigit(first)):
		return true
	case unicode.Is(unicode.So, first) && (unicode.IsLetter(last) || unicode.IsDigit(last)):
		return true
	case (unicode.Is(unicode.Sc, first) || first == '#') && (unicode.IsLetter(last) || unicode.IsDigit(last)):
		// A price after a price, a post's number after its time: "€89</s><b>€98",
		// "2 years ago</span><span>#2".
		return true
	case unicode.IsDigit(first) && unicode.IsDigit(last):
		// A number after a number: a rating and its reviews
		// ("4.9</span><span>339 reviews"), a date and its time ("March
		// 29, 2017</span><span>7:31am"); not a number cut in two
		// ("3<b>0 Jahre</b>", "308<b>0万吨</b>") or a digit's own element.
		rest := strings.TrimLeftFunc(after, isNumberRune)
		next, _ := utf8.DecodeRuneInString(rest)
		return trailing(before, isNumberRune) >= 2 && rest != "" && !unspaced(next)
	case unicode.IsDigit(first) && unicode.IsLetter(last) && allDigits(after):
		// A count after its label, a word of three letters or more in an
		// alphabet that spaces its words: a filter and its count
		// ("Accessories</span><span>3"), not "mp<b>4</b>" or "E<b>2</b>J".
		return trailing(before, func(r rune) bool { return unicode.IsLetter(r) && !unspaced(r) }) >= 3
	}
	return false
}

// isNumberRune reports whether r is part of a written number: a digit or
// a decimal or thousands mark.
func isNumberRune(r rune) bool { return unicode.IsDigit(r) || r == '.' || r == ',' }

// trailing returns the number of runes at the end of text that in says
// are in the run.
func trailing(text string, in func(rune) bool) int {
	n := 0
	for len(text) > 0 {
		r, size := utf8.DecodeLastRuneInString(text)
		if !in(r) {
			break
		}
		n++
		text = text[:len(text)-size]
	}
	return n
}

// unspaced reports whether r is of a script written without spaces between
// words (Chinese, Japanese, Thai, ...), where a number follows a word with
// no space.
func unspaced(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar)
}

// allDigits reports whether text is digits alone.
func allDigits(text string) bool {
	return text != "" && strings.IndexFunc(text, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}
