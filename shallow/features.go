package shallow

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boilernet/boilernet/tokenize"
)

// Features are the shallow text features of an atomic block (Kohlschütter
// et al., 2010, Section 3), computed on its own text. The classifiers also
// read the previous and next blocks' features; Vector lays out the whole
// feature vector with those and their quotients.
type Features struct {
	NumWords       float64 // tokens holding a letter or digit
	AvgWordLength  float64 // characters per word
	AvgSentenceLen float64 // words per sentence (sentences end in . ! ?)
	TextDensity    float64 // words per line, wrapping at 80 columns, last line left out unless it is the only one
	LinkDensity    float64 // words inside <a> / all words
	UppercaseStart float64 // share of words starting with an uppercase letter
	FullStopRatio  float64 // share of words ending in a full stop
	DateTokens     float64 // share of tokens that look like a date or time
	VerticalBars   float64 // number of "|" characters
	AbsPosition    float64 // index of the block
	RelPosition    float64 // index / number of blocks
	InHeading      float64 // 1 inside h1–h6
	InParagraph    float64 // 1 inside p
	InDiv          float64 // 1 inside div
	InAnchor       float64 // 1 when every word is inside a
}

// WrapWidth is the line width of the text density.
const WrapWidth = 80

var dateToken = regexp.MustCompile(`^(\d{1,2}[:.]\d{2}([:.]\d{2})?([ap]m)?|\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|(19|20)\d{2}|(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?|(?i:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?|[ap]m)$`)

// textDensity wraps text at WrapWidth columns and returns the words per
// line, leaving out the last line unless it is the only one.
func textDensity(text string) float64 {
	lines, wordsInLines := 0, 0
	col, wordsInLine := 0, 0
	for _, f := range strings.Fields(text) {
		w := utf8.RuneCountInString(f)
		if col > 0 && col+1+w > WrapWidth {
			lines++
			wordsInLines += wordsInLine
			col, wordsInLine = 0, 0
		}
		if col > 0 {
			col++
		}
		col += w
		if strings.IndexFunc(f, tokenize.IsLetterOrDigit) >= 0 {
			wordsInLine++
		}
	}
	if lines == 0 { // one line: it counts
		return float64(wordsInLine)
	}
	return float64(wordsInLines) / float64(lines)
}

// computeFeatures fills the features of every block.
func computeFeatures(blocks []Block, leaves []tokenize.Block) {
	for i := range blocks {
		b := &blocks[i]
		f := &b.Features
		f.NumWords = float64(b.Words)
		if b.Words > 0 {
			f.LinkDensity = float64(b.LinkWords) / float64(b.Words)
			if b.LinkWords == b.Words {
				f.InAnchor = 1
			}
		}
		f.TextDensity = textDensity(b.Text)
		var chars, upper, stops, sentences, tokens, dates int
		for _, tok := range strings.Fields(b.Text) {
			tokens++
			if dateToken.MatchString(strings.Trim(tok, ",;()")) {
				dates++
			}
			if strings.IndexFunc(tok, tokenize.IsLetterOrDigit) < 0 {
				continue
			}
			chars += utf8.RuneCountInString(strings.TrimFunc(tok, func(r rune) bool { return !tokenize.IsLetterOrDigit(r) }))
			if r, _ := utf8.DecodeRuneInString(tok); unicode.IsUpper(r) {
				upper++
			}
			if strings.HasSuffix(tok, ".") {
				stops++
			}
			if strings.ContainsAny(tok[len(tok)-1:], ".!?") {
				sentences++
			}
		}
		if b.Words > 0 {
			f.AvgWordLength = float64(chars) / float64(b.Words)
			f.UppercaseStart = float64(upper) / float64(b.Words)
			f.FullStopRatio = float64(stops) / float64(b.Words)
			f.AvgSentenceLen = float64(b.Words) / float64(max(1, sentences))
		}
		if tokens > 0 {
			f.DateTokens = float64(dates) / float64(tokens)
		}
		f.VerticalBars = float64(strings.Count(b.Text, "|"))
		f.AbsPosition = float64(i)
		f.RelPosition = float64(i) / float64(len(blocks))
		for _, tag := range leaves[b.First].Path {
			switch tag {
			case "h1", "h2", "h3", "h4", "h5", "h6":
				f.InHeading = 1
			case "p":
				f.InParagraph = 1
			case "div":
				f.InDiv = 1
			}
		}
	}
}

// values lists the features in a fixed order.
func (f Features) values() []float64 {
	return []float64{f.NumWords, f.AvgWordLength, f.AvgSentenceLen, f.TextDensity, f.LinkDensity,
		f.UppercaseStart, f.FullStopRatio, f.DateTokens, f.VerticalBars, f.AbsPosition, f.RelPosition,
		f.InHeading, f.InParagraph, f.InDiv, f.InAnchor}
}

// FeatureNames returns the names of the columns of Vector.
func FeatureNames() []string { return slices.Clone(featureNames) }

// featureNames are FeatureNames.
var featureNames = func() []string {
	base := []string{"num_words", "avg_word_length", "avg_sentence_length", "text_density", "link_density",
		"uppercase_start", "full_stop_ratio", "date_tokens", "vertical_bars", "abs_position", "rel_position",
		"in_heading", "in_paragraph", "in_div", "in_anchor"}
	var names []string
	for _, prefix := range []string{"curr_", "prev_", "next_"} {
		for _, b := range base {
			names = append(names, prefix+b)
		}
	}
	for _, q := range []string{"num_words", "text_density", "link_density"} {
		names = append(names, "prev_curr_"+q, "next_curr_"+q)
	}
	return names
}()

// Vector returns the feature vector of block i: its own features, those of
// the previous and the next block (zero at the page's ends) and the
// quotients previous/current and next/current of the number of words, the
// text density and the link density (0 when the current value is 0).
func Vector(blocks []Block, i int) []float64 {
	prev, curr, next := neighbourFeatures(blocks, i)
	v := append(append(curr.values(), prev.values()...), next.values()...)
	quot := func(a, b float64) float64 {
		if b == 0 {
			return 0
		}
		return a / b
	}
	return append(v,
		quot(prev.NumWords, curr.NumWords), quot(next.NumWords, curr.NumWords),
		quot(prev.TextDensity, curr.TextDensity), quot(next.TextDensity, curr.TextDensity),
		quot(prev.LinkDensity, curr.LinkDensity), quot(next.LinkDensity, curr.LinkDensity))
}
