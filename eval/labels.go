package eval

import (
	"strings"

	"github.com/boilernet/boilernet/data"
)

// PageLabels are what a reader checks on a page beyond its gold text:
// the benchmark's must-include and must-exclude snippets (data.Snippets)
// and the structure of its gold Markdown (ParseMarkdown), read by
// ReadPageLabels.
type PageLabels struct {
	// With and Without are the snippets' words (PhraseWords); a snippet
	// without a word is left out. InGold counts how many times each of
	// Without is in the gold text.
	With, Without [][]string
	InGold        []int
	// RawWith and RawWithout are the snippets as written, for the
	// benchmark's own rule (LabelCounts.FoundSubstring).
	RawWith, RawWithout []string
	// Code holds the words of each gold fenced code block that has a
	// word.
	Code [][]string
	// Headings holds the words of each gold heading that has a word.
	Headings [][]string
}

// ReadPageLabels reads the snippets and the gold Markdown of document
// d of ds; it returns nil when the dataset has neither (see
// data.Dataset.HasSnippets and HasMarkdown). A page without a snippet or
// Markdown file has no labels of that kind.
func ReadPageLabels(ds *data.Dataset, d *data.Document) (*PageLabels, error) {
	withSnippets, withMarkdown := ds.HasSnippets(), ds.HasMarkdown()
	if !withSnippets && !withMarkdown {
		return nil, nil
	}
	var s data.Snippets
	var md string
	var err error
	if withSnippets {
		if s, _, err = ds.ReadSnippets(d.ID); err != nil {
			return nil, err
		}
	}
	if withMarkdown {
		if md, _, err = ds.ReadMarkdown(d.ID); err != nil {
			return nil, err
		}
	}
	return NewPageLabels(s, md, d.Gold.Text()), nil
}

// NewPageLabels returns the labels of a page from its snippets s, its
// gold Markdown md and its gold text.
func NewPageLabels(s data.Snippets, md, gold string) *PageLabels {
	l := &PageLabels{With: phrases(s.With), Without: phrases(s.Without), RawWith: s.With, RawWithout: s.Without}
	g := NewPhraseText(gold)
	for _, w := range l.Without {
		l.InGold = append(l.InGold, g.Count(w))
	}
	structure := ParseMarkdown(md)
	l.Code, l.Headings = phrases(structure.Code), phrases(structure.Headings)
	return l
}

// phrases returns the words of each string that has one.
func phrases(texts []string) [][]string {
	var out [][]string
	for _, t := range texts {
		if w := PhraseWords(t); len(w) > 0 {
			out = append(out, w)
		}
	}
	return out
}

// LabelCounts is a method's outcome on the page labels of one page, or
// summed over pages (Add): the rates are micro averages, every snippet,
// code block and heading of the pages counting once.
type LabelCounts struct {
	// With counts the must-include snippets, Found those the output
	// contains (PhraseText.ContainsCut: the benchmark cuts long ones
	// mid-word).
	With, Found int
	// Without counts the must-exclude snippets, Leaked those the output
	// contains more times than the gold text does (PhraseText.Count): a
	// short one such as "sign up" may also be in a sentence of the
	// content, which the output must keep.
	Without, Leaked int
	// FoundSubstring and LeakedSubstring count the same by the
	// benchmark's own rule (its evaluate.py): the snippet, lower-cased,
	// is a substring of the output, lower-cased; "Home" then leaks in
	// "homepage", and a quote or a space of another kind hides a
	// sentence.
	FoundSubstring, LeakedSubstring int
	// Code counts the gold's fenced code blocks, CodeWhole those whose
	// words are in the output's text, all in one run
	// (PhraseText.Contains): so the gold's slips in its code (lost "#"
	// comment markers, added "**" or backticks) cost nothing, and
	// neither do the spaces an output puts between the highlighted
	// pieces of a line.
	Code, CodeWhole int
	// Headings counts the gold's headings; HeadingLines those that are a
	// line of the output's text, word for word (PhraseText.IsLine), and
	// HeadingMarks those that are a heading of its Markdown (zero for a
	// method without Markdown). A heading found twice in the gold needs
	// two in the output.
	Headings, HeadingLines, HeadingMarks int
}

// Add adds the counts of o to c.
func (c *LabelCounts) Add(o LabelCounts) {
	c.With += o.With
	c.Found += o.Found
	c.Without += o.Without
	c.Leaked += o.Leaked
	c.FoundSubstring += o.FoundSubstring
	c.LeakedSubstring += o.LeakedSubstring
	c.Code += o.Code
	c.CodeWhole += o.CodeWhole
	c.Headings += o.Headings
	c.HeadingLines += o.HeadingLines
	c.HeadingMarks += o.HeadingMarks
}

// FoundRate is the share of must-include snippets found (0 without any).
func (c LabelCounts) FoundRate() float64 { return ratio(c.Found, c.With) }

// LeakRate is the share of must-exclude snippets leaked (0 without any).
func (c LabelCounts) LeakRate() float64 { return ratio(c.Leaked, c.Without) }

// FoundSubstringRate is the share of must-include snippets found by the
// benchmark's rule (0 without any).
func (c LabelCounts) FoundSubstringRate() float64 { return ratio(c.FoundSubstring, c.With) }

// LeakSubstringRate is the share of must-exclude snippets leaked by the
// benchmark's rule (0 without any).
func (c LabelCounts) LeakSubstringRate() float64 { return ratio(c.LeakedSubstring, c.Without) }

// CodeRate is the share of gold code blocks found whole (0 without any).
func (c LabelCounts) CodeRate() float64 { return ratio(c.CodeWhole, c.Code) }

// HeadingLineRate is the share of gold headings found as lines of the
// text (0 without any).
func (c LabelCounts) HeadingLineRate() float64 { return ratio(c.HeadingLines, c.Headings) }

// HeadingMarkRate is the share of gold headings found as Markdown
// headings (0 without any).
func (c LabelCounts) HeadingMarkRate() float64 { return ratio(c.HeadingMarks, c.Headings) }

func ratio(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

// Score checks an output against the labels: text is the output's plain
// text and markdown, if not nil, returns its Markdown (called only when
// the gold has a heading).
func (l *PageLabels) Score(text string, markdown func() (string, error)) (LabelCounts, error) {
	t := NewPhraseText(text)
	c := LabelCounts{With: len(l.With), Without: len(l.Without), Code: len(l.Code), Headings: len(l.Headings)}
	for _, w := range l.With {
		if t.ContainsCut(w) {
			c.Found++
		}
	}
	for i, w := range l.Without {
		if t.Count(w) > l.InGold[i] {
			c.Leaked++
		}
	}
	c.FoundSubstring, c.LeakedSubstring = substrings(text, l.RawWith), substrings(text, l.RawWithout)
	for _, code := range l.Code {
		if t.Contains(code) {
			c.CodeWhole++
		}
	}
	c.HeadingLines = matched(l.Headings, t.Lines())
	if markdown != nil && len(l.Headings) > 0 {
		md, err := markdown()
		if err != nil {
			return c, err
		}
		c.HeadingMarks = matched(l.Headings, joined(phrases(ParseMarkdown(md).Headings)))
	}
	return c, nil
}

// substrings counts the snippets that are, lower-cased, substrings of
// text lower-cased (the benchmark's rule), among those that have a word
// (as PageLabels keeps them).
func substrings(text string, snippets []string) int {
	text = strings.ToLower(text)
	n := 0
	for _, s := range snippets {
		if len(PhraseWords(s)) > 0 && strings.Contains(text, strings.ToLower(s)) {
			n++
		}
	}
	return n
}

// matched counts the phrases of want that are in have (phrases joined
// by joinWords), each of have matching one of want at most.
func matched(want [][]string, have []string) int {
	left := map[string]int{}
	for _, h := range have {
		left[h]++
	}
	n := 0
	for _, w := range want {
		if k := joinWords(w); left[k] > 0 {
			left[k]--
			n++
		}
	}
	return n
}

// joined returns each phrase joined by joinWords.
func joined(phrases [][]string) []string {
	out := make([]string, len(phrases))
	for i, p := range phrases {
		out[i] = joinWords(p)
	}
	return out
}
