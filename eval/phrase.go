package eval

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// PhraseWords returns the words of s as the page labels compare texts
// (see PhraseText): s is brought to Unicode NFKC and case-folded; a word
// is a run of letters, digits and combining marks, an apostrophe between
// two letters is dropped ("don’t" and "don't" are "dont"), every
// character of a script written without spaces (Han, Kana, Thai, ...)
// is a word of its own, and everything else (spaces, punctuation,
// quotes, dashes, symbols) only separates words. So "Sign-in",
// "sign in" and "SIGN – IN" are the same phrase, and quotes or dashes of
// any style never make two texts differ.
func PhraseWords(s string) []string {
	s = norm.NFKC.String(cases.Fold().String(s))
	var words []string
	var w strings.Builder
	flush := func() {
		if w.Len() > 0 {
			words = append(words, w.String())
			w.Reset()
		}
	}
	runes := []rune(s)
	for i, r := range runes {
		switch {
		case isUnspaced(r):
			flush()
			words = append(words, string(r))
		case unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) && w.Len() > 0:
			w.WriteRune(r)
		case isApostrophe(r) && w.Len() > 0 && i+1 < len(runes) && unicode.IsLetter(runes[i+1]) && !isUnspaced(runes[i+1]):
			// inside a word: dropped
		default:
			flush()
		}
	}
	flush()
	return words
}

// isUnspaced reports whether r belongs to a script written without
// spaces between words.
func isUnspaced(r rune) bool {
	return r >= 0x0e00 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai,
		unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan)
}

// isApostrophe reports whether r is an apostrophe or a single quote of
// any style.
func isApostrophe(r rune) bool { return strings.ContainsRune("'’‘`´ʼ′", r) }

// PhraseText is an extraction's text prepared for looking up phrases: its
// words (PhraseWords) and those of each of its lines.
type PhraseText struct {
	words string   // the words, each between spaces
	lines []string // each line's words joined by spaces; lines without words left out
}

// NewPhraseText prepares text for looking up phrases.
func NewPhraseText(text string) *PhraseText {
	t := &PhraseText{}
	var all strings.Builder
	all.WriteByte(' ')
	for line := range strings.Lines(text) {
		words := joinWords(PhraseWords(line))
		if words == "" {
			continue
		}
		t.lines = append(t.lines, words)
		all.WriteString(words)
		all.WriteByte(' ')
	}
	t.words = all.String()
	return t
}

// joinWords joins words with spaces, the key phrases are compared by.
func joinWords(words []string) string { return strings.Join(words, " ") }

// Contains reports whether the words of phrase (PhraseWords) occur in
// the text one after the other: a phrase on word boundaries ("home" is
// in "back to home" but not in "homepage"), which may run over a line
// break. A phrase without words is never contained.
func (t *PhraseText) Contains(phrase []string) bool {
	return len(phrase) > 0 && strings.Contains(t.words, " "+joinWords(phrase)+" ")
}

// ContainsCut is Contains for a phrase that may have been cut short: the
// last of its words, if it has more than one, may be the start of a
// longer word of the text ("a unified security strate" is in "... a
// unified security strategy").
func (t *PhraseText) ContainsCut(phrase []string) bool {
	if len(phrase) < 2 {
		return t.Contains(phrase)
	}
	return strings.Contains(t.words, " "+joinWords(phrase))
}

// Count returns how many times the words of phrase occur in the text one
// after the other (as Contains finds them).
func (t *PhraseText) Count(phrase []string) int {
	if len(phrase) == 0 {
		return 0
	}
	key := " " + joinWords(phrase) + " "
	n := 0
	for rest := t.words; ; n++ {
		i := strings.Index(rest, key)
		if i < 0 {
			return n
		}
		rest = rest[i+len(key)-1:] // the space after it starts the next
	}
}

// Lines returns the words of each line of the text that has a word,
// joined by spaces.
func (t *PhraseText) Lines() []string { return t.lines }
