package eval

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
)

// Method is an extraction method under evaluation. A block classifier sets
// Select, which labels the blocks of a loaded document (true: content); it
// is scored at block level and on the text of the selected blocks. A
// method known only by its output text (another tool, see External) sets
// Text instead and is scored on that text only.
type Method struct {
	Name   string
	Select func(doc *data.Document) ([]bool, error)
	// Text, used when Select is nil, returns the method's text for a page;
	// ok is false when the method has no output for it (the page is then
	// scored as an empty extraction and counted in MethodResult.NoOutput).
	Text func(doc *data.Document) (text string, ok bool)
	// Markdown, if set for a block classifier, renders the blocks sel
	// selects on a page as Markdown (as extract -format markdown does):
	// the structure score finds the gold's headings among its headings
	// (LabelCounts.HeadingMarks). It is called only on pages whose gold
	// Markdown has a heading.
	Markdown func(doc *data.Document, sel []bool) (string, error)
}

// MethodResult is what one method scored on one dataset split (or on one
// group of its pages).
type MethodResult struct {
	Method string
	// TextOnly is true for a method scored on its text alone (Method.Text):
	// Blocks and Seconds are then zero and mean nothing.
	TextOnly bool
	Blocks   BlockScores
	// Tokens is the token-level metric averaged over pages (pages whose
	// gold has no token are left out; TokenPages counts the others), and
	// TokenF1 its F1 with a bootstrap 95% interval.
	Tokens     PRF
	TokenF1    Interval
	TokenPages int
	// Chars is the character-level metric averaged over the same pages,
	// CharF1 its F1 with a bootstrap 95% interval.
	Chars  PRF
	CharF1 Interval
	// Shingles is the shingle metric over all pages.
	Shingles PRF
	// Seconds is the time spent in Select over all pages (parsing, shared
	// by all methods, is not counted), on one goroutine.
	Seconds float64
	// NoOutput counts the pages for which a TextOnly method had no output.
	NoOutput int
	// Labels sums the outcomes on the page labels of the pages that have
	// them (see Report.Labeled); LabelPages counts those pages.
	Labels     LabelCounts
	LabelPages int
	// Markdown is true when the method gave Markdown to find headings in
	// (Method.Markdown): Labels.HeadingMarks means something.
	Markdown bool
	// Pages holds every page's outcome, in split order.
	Pages []PageResult
}

// PageResult is one method's outcome on one page.
type PageResult struct {
	ID string
	// Group is the page's reporting group (data.Dataset.Group; "" when
	// the dataset has none).
	Group string
	// HasGold is false when the gold has no token (Tokens and Chars are
	// then zero and left out of the means).
	HasGold       bool
	Tokens, Chars PRF
	Shingles      Shingles
	// Blocks counts the block labels (zero for a TextOnly method).
	Blocks Counts
	// NoOutput is true when a TextOnly method had no output for the page.
	NoOutput bool
	// HasLabels is true when the page has page labels (snippets or gold
	// Markdown, see ReadPageLabels); Labels is then the outcome on them.
	HasLabels bool
	Labels    LabelCounts
	// Seconds is the time spent in Select on the page.
	Seconds float64
}

// PagesPerSecond is the method's classification throughput (0 for a
// TextOnly method).
func (m MethodResult) PagesPerSecond(pages int) float64 {
	if m.Seconds == 0 {
		return 0
	}
	return float64(pages) / m.Seconds
}

// Report holds the results of all methods on one dataset split.
type Report struct {
	Dataset, Split string
	Pages          int
	// Skipped counts the pages that could not be loaded and were left
	// out (see data.Options.Strict).
	Skipped int
	Methods []MethodResult
	// GroupBy names what groups the pages (the meta.tsv column, e.g.
	// page_type or language); "" when the dataset has no groups.
	GroupBy string
	// Groups holds the same results per group of pages, groups in
	// alphabetical order (nil when the dataset has no groups).
	Groups []GroupReport
	// Labeled is true when the dataset has page labels (snippets or gold
	// Markdown, see ReadPageLabels): MethodResult.Labels holds the
	// outcomes on them.
	Labeled bool
}

// GroupReport is the results of all methods on the pages of one group.
type GroupReport struct {
	Group string
	Pages int
	// Methods are in the order of Report.Methods, scored on the group's
	// pages only.
	Methods []MethodResult
}

// Compare loads every page of a split (on all cores), runs each method on
// each page and scores the block labels against the aligned gold labels,
// the extracted text against the gold text and, when the dataset has
// them, against the page labels (PageLabels), over all pages and per
// group of pages (see data.Dataset.Group). done, if not nil, is called
// once per page. A page that cannot be loaded is reported to opts.Skip,
// left out and counted in Report.Skipped, or with opts.Strict stops the
// comparison.
func Compare(ds *data.Dataset, split string, methods []Method, opts data.Options, done func()) (*Report, error) {
	ids, ok := ds.IDs[split]
	if !ok {
		return nil, fmt.Errorf("dataset %s has no %s split", ds.Dir, split)
	}
	for _, m := range methods {
		if (m.Select == nil) == (m.Text == nil) {
			return nil, fmt.Errorf("method %s: exactly one of Select and Text must be set", m.Name)
		}
	}
	docs := make([]*data.Document, len(ids))
	if err := ds.LoadEach(ids, opts, func(i int, d *data.Document) { docs[i] = d }); err != nil {
		return nil, err
	}
	skipped := 0
	kept := docs[:0]
	for _, d := range docs {
		if d == nil {
			skipped++
			if done != nil {
				done()
			}
			continue
		}
		kept = append(kept, d)
	}
	docs = kept
	pages := make([][]PageResult, len(methods))
	labeled := false
	for _, d := range docs {
		group := ds.Group(d.ID)
		labels, err := ReadPageLabels(ds, d)
		if err != nil {
			return nil, err
		}
		labeled = labeled || labels != nil
		for k, m := range methods {
			p, err := score(ds, d, m, labels)
			if err != nil {
				return nil, err
			}
			p.Group = group
			pages[k] = append(pages[k], p)
		}
		if done != nil {
			done()
		}
	}
	r := &Report{Dataset: ds.Name, Split: split, Pages: len(docs), Skipped: skipped, Labeled: labeled}
	for k, m := range methods {
		r.Methods = append(r.Methods, summarize(m, pages[k]))
	}
	r.Groups = groupResults(methods, pages)
	if r.Groups != nil {
		r.GroupBy = ds.GroupColumn()
	}
	return r, nil
}

// score runs a method on one page and scores it, also on the page's
// labels unless they are nil.
func score(ds *data.Dataset, d *data.Document, m Method, labels *PageLabels) (PageResult, error) {
	page := PageResult{ID: d.ID}
	var text string
	var markdown func() (string, error) // the output's Markdown, if the method has one
	if m.Select == nil {
		var ok bool
		text, ok = m.Text(d)
		page.NoOutput = !ok
	} else {
		start := time.Now()
		sel, err := m.Select(d)
		page.Seconds = time.Since(start).Seconds()
		if err != nil {
			return page, fmt.Errorf("%s on %s/%s: %w", m.Name, ds.Name, d.ID, err)
		}
		if len(sel) != len(d.Labels) {
			return page, fmt.Errorf("%s on %s/%s: %d labels for %d blocks", m.Name, ds.Name, d.ID, len(sel), len(d.Labels))
		}
		page.Blocks.AddAll(sel, d.Labels)
		text = tokenize.Text(tokenize.Selected(d.Page.Blocks, func(i int) bool { return sel[i] }))
		if m.Markdown != nil {
			markdown = func() (string, error) { return m.Markdown(d, sel) }
		}
	}
	gold := d.Gold.Text()
	if s, ok := TokenScores(text, gold); ok {
		c, _ := CharScores(text, gold)
		page.HasGold, page.Tokens, page.Chars = true, s, c
	}
	page.Shingles = ShingleOutcome(text, gold)
	if labels != nil {
		c, err := labels.Score(text, markdown)
		if err != nil {
			return page, fmt.Errorf("%s on %s/%s: Markdown: %w", m.Name, ds.Name, d.ID, err)
		}
		page.HasLabels, page.Labels = true, c
	}
	return page, nil
}

// groupResults summarizes each method's pages per group; nil when no page
// has a group.
func groupResults(methods []Method, pages [][]PageResult) []GroupReport {
	if len(methods) == 0 {
		return nil
	}
	byGroup := map[string][]int{} // group → indices of its pages
	grouped := false
	for i, p := range pages[0] {
		byGroup[p.Group] = append(byGroup[p.Group], i)
		grouped = grouped || p.Group != ""
	}
	if !grouped {
		return nil
	}
	var out []GroupReport
	for _, g := range slices.Sorted(maps.Keys(byGroup)) {
		idx := byGroup[g]
		gr := GroupReport{Group: g, Pages: len(idx)}
		for k, m := range methods {
			sub := make([]PageResult, len(idx))
			for j, i := range idx {
				sub[j] = pages[k][i]
			}
			gr.Methods = append(gr.Methods, summarize(m, sub))
		}
		out = append(out, gr)
	}
	return out
}

// summarize computes a method's scores over pages.
func summarize(m Method, pages []PageResult) MethodResult {
	r := MethodResult{Method: m.Name, TextOnly: m.Select == nil, Markdown: m.Select != nil && m.Markdown != nil, Pages: pages}
	var blocks Counts
	var tokens, chars []PRF
	var f1s, charF1s []float64
	shingles := make([]Shingles, len(pages))
	for i, p := range pages {
		blocks.Merge(p.Blocks)
		r.Seconds += p.Seconds
		if p.NoOutput {
			r.NoOutput++
		}
		if p.HasLabels {
			r.Labels.Add(p.Labels)
			r.LabelPages++
		}
		if p.HasGold {
			tokens, chars = append(tokens, p.Tokens), append(chars, p.Chars)
			f1s, charF1s = append(f1s, p.Tokens.F1), append(charF1s, p.Chars.F1)
		}
		shingles[i] = p.Shingles
	}
	if !r.TextOnly {
		r.Blocks = blocks.Scores()
	}
	r.Tokens, r.TokenF1, r.TokenPages = meanPRF(tokens), Bootstrap(f1s), len(tokens)
	r.Chars, r.CharF1 = meanPRF(chars), Bootstrap(charF1s)
	r.Shingles = ShingleScores(shingles)
	return r
}

func meanPRF(xs []PRF) PRF {
	var m PRF
	for _, x := range xs {
		m.Precision += x.Precision
		m.Recall += x.Recall
		m.F1 += x.F1
	}
	if n := float64(len(xs)); n > 0 {
		m = PRF{m.Precision / n, m.Recall / n, m.F1 / n}
	}
	return m
}
