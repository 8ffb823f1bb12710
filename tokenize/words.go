package tokenize

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words splits text into lowercase tokens in the spirit of NLTK's
// word_tokenize:
//
//   - a word is a run of letters, digits and combining marks; a hyphen between
//     two such characters joins ("well-known"), as do "." and "," between two
//     digits ("3.14", "1,000");
//   - the contractions 's 'm 'd 'll 're 've and n't become tokens of their own
//     ("don't" → "do" "n't"); other apostrophes inside a word stay ("o'neill");
//     the typographic apostrophe ’ is read as ';
//   - every other visible character is a punctuation token, except that a run
//     of one repeated character is one token ("...", "--");
//   - in scripts written without spaces between words (Han, Hiragana,
//     Katakana, Thai, Lao, Khmer, Myanmar, Tibetan) every character, with the
//     combining marks that follow it, is a token, so such text never becomes
//     one giant token.
func Words(text string) []string {
	return AppendWords(nil, text)
}

// AppendWords appends the tokens of text (see Words) to dst.
func AppendWords(dst []string, text string) []string {
	for i := 0; i < len(text); {
		kind, start, end, _ := nextToken(text, i)
		switch kind {
		case unspacedToken:
			dst = append(dst, strings.ToLower(text[start:end]))
		case wordToken:
			dst = appendWord(dst, strings.ToLower(text[start:end]))
		case punctToken:
			dst = append(dst, text[start:end])
		}
		i = end
	}
	return dst
}

// tokenKind is the kind of a token nextToken finds.
type tokenKind uint8

const (
	noToken       tokenKind = iota // the end of the text
	unspacedToken                  // a character of a script without spaces, with its marks
	wordToken                      // a word (see wordEnd), contraction and case as in the text
	punctToken                     // a run of one punctuation character
)

// nextToken skips the spaces and control characters from text[i] and
// returns the token after them: its kind, text[start:end], and its first
// rune r. At the end of the text it returns noToken and start = end =
// len(text). AppendWords and CountWords both walk the text with it, so
// that they cannot disagree on where the tokens are.
func nextToken(text string, i int) (kind tokenKind, start, end int, r rune) {
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case isSpace(r) || unicode.IsControl(r):
			i += size
		case isUnspaced(r):
			return unspacedToken, i, marksEnd(text, i+size), r
		case isWordRune(r):
			return wordToken, i, wordEnd(text, i), r
		default:
			return punctToken, i, runEnd(text, i, size), r
		}
	}
	return noToken, i, i, 0
}

// marksEnd returns the end of the combining marks from text[i:].
func marksEnd(text string, i int) int {
	for i < len(text) {
		m, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsMark(m) {
			break
		}
		i += size
	}
	return i
}

// runEnd returns the end of the run of the character of size bytes at
// text[i].
func runEnd(text string, i, size int) int {
	end := i + size
	for end < len(text) && strings.HasPrefix(text[end:], text[i:i+size]) {
		end += size
	}
	return end
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiWord[r]
	}
	return (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || unicode.IsNumber(r)) && !isUnspaced(r)
}

// asciiWord tells the ASCII word runes: letters and digits (ASCII has no
// marks, and its only numbers are the digits).
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

// isUnspaced reports whether r belongs to a script written without spaces.
func isUnspaced(r rune) bool {
	if r < 0x0e00 {
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai,
		unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan)
}

func isApostrophe(r rune) bool { return r == '\'' || r == '’' }

// wordEnd returns the end of the word starting at text[i].
func wordEnd(text string, i int) int {
	prev, size := utf8.DecodeRuneInString(text[i:])
	i += size
	for i < len(text) {
		if c := text[i]; c < utf8.RuneSelf && asciiWord[c] { // the common case, without a call
			prev = rune(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if isWordRune(r) {
			prev = r
			i += size
			continue
		}
		next, nsize := utf8.DecodeRuneInString(text[i+size:])
		if nsize == 0 || !isWordRune(next) {
			return i
		}
		switch {
		case r == '-' || isApostrophe(r):
		case (r == '.' || r == ',') && unicode.IsDigit(prev) && unicode.IsDigit(next):
		default:
			return i
		}
		prev = next
		i += size + nsize
	}
	return i
}

var contractions = []string{"n't", "'s", "'m", "'d", "'ll", "'re", "'ve"}

// appendWord appends a lowercase word, splitting off a contraction suffix.
func appendWord(dst []string, w string) []string {
	if strings.ContainsRune(w, '’') {
		w = strings.ReplaceAll(w, "’", "'")
	}
	if strings.IndexByte(w, '\'') < 0 {
		return append(dst, w)
	}
	for _, c := range contractions {
		if len(w) > len(c) && strings.HasSuffix(w, c) {
			return append(dst, w[:len(w)-len(c)], c)
		}
	}
	return append(dst, w)
}

// IsWord reports whether a token holds a letter or a digit (a word, as
// opposed to punctuation).
func IsWord(token string) bool {
	return strings.IndexFunc(token, IsLetterOrDigit) >= 0
}

// CountWords returns the number of tokens of text (see Words) that are
// words (IsWord), as token-level scores count them. It follows Words
// without building the tokens, so it allocates nothing.
func CountWords(text string) int {
	n := 0
	for i := 0; i < len(text); {
		kind, start, end, r := nextToken(text, i)
		switch kind {
		case unspacedToken:
			if IsLetterOrDigit(r) { // the marks after it are neither
				n++
			}
		case wordToken:
			n += wordsOf(text[start:end])
		}
		i = end
	}
	return n
}

// wordsOf returns how many of the tokens appendWord makes of the word w
// (before lowercasing: case changes no letter or digit into anything else)
// are words: a contraction suffix split off is one, and so is the rest
// when it has a letter or digit.
func wordsOf(w string) int {
	if strings.IndexByte(w, '\'') < 0 && !strings.Contains(w, "’") {
		return b2i(IsWord(w)) // every contraction has an apostrophe
	}
	for _, c := range contractions {
		if k := contractionStart(w, c); k > 0 {
			return b2i(IsWord(w[:k])) + 1
		}
	}
	return b2i(IsWord(w))
}

// contractionStart returns where w ends with the contraction c, ignoring
// ASCII case and reading ’ as ', or -1.
func contractionStart(w, c string) int {
	j := len(w)
	for k := len(c) - 1; k >= 0; k-- {
		switch {
		case c[k] == '\'' && strings.HasSuffix(w[:j], "’"):
			j -= len("’")
		case j > 0 && (w[j-1] == c[k] || 'a' <= c[k] && c[k] <= 'z' && w[j-1] == c[k]-'a'+'A'):
			j--
		default:
			return -1
		}
	}
	return j
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
