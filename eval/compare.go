package eval

import (
	"fmt"
	"runtime"
	"time"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
)

// Method is a block classifier under evaluation: Select labels the blocks
// of a loaded document (true: content).
type Method struct {
	Name   string
	Select func(doc *data.Document) ([]bool, error)
}

// MethodResult is what one method scored on one dataset split.
type MethodResult struct {
	Method string
	Blocks BlockScores
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
	// Pages holds every page's outcome, in split order.
	Pages []PageResult
}

// PageResult is one method's outcome on one page.
type PageResult struct {
	ID string
	// HasGold is false when the gold has no token (Tokens and Chars are
	// then zero and left out of the means).
	HasGold       bool
	Tokens, Chars PRF
	Shingles      Shingles
	Blocks        Counts
}

// PagesPerSecond is the method's classification throughput.
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
	Methods        []MethodResult
}

// Compare loads every page of a split (on all cores), runs each method on
// each page and scores the block labels against the aligned gold labels.
// done, if not nil, is called once per page.
func Compare(ds *data.Dataset, split string, methods []Method, opts data.Options, done func()) (*Report, error) {
	ids, ok := ds.IDs[split]
	if !ok {
		return nil, fmt.Errorf("dataset %s has no %s split", ds.Dir, split)
	}
	docs := make([]*data.Document, len(ids))
	if err := data.ForEach(len(ids), runtime.GOMAXPROCS(0), func(i int) error {
		d, err := ds.Load(ids[i], opts)
		docs[i] = d
		return err
	}); err != nil {
		return nil, err
	}
	acc := make([]accumulator, len(methods))
	elapsed := make([]time.Duration, len(methods))
	for _, d := range docs {
		for k, m := range methods {
			start := time.Now()
			sel, err := m.Select(d)
			elapsed[k] += time.Since(start)
			if err != nil {
				return nil, fmt.Errorf("%s on %s/%s: %w", m.Name, ds.Name, d.ID, err)
			}
			if len(sel) != len(d.Labels) {
				return nil, fmt.Errorf("%s on %s/%s: %d labels for %d blocks", m.Name, ds.Name, d.ID, len(sel), len(d.Labels))
			}
			acc[k].add(d, sel)
		}
		if done != nil {
			done()
		}
	}
	r := &Report{Dataset: ds.Name, Split: split, Pages: len(docs)}
	for k, m := range methods {
		r.Methods = append(r.Methods, acc[k].result(m.Name, elapsed[k].Seconds()))
	}
	return r, nil
}

// accumulator gathers one method's outcomes over pages.
type accumulator struct {
	blocks        Counts
	tokens, chars []PRF // pages with gold tokens
	shingles      []Shingles
	pages         []PageResult
}

func (a *accumulator) add(d *data.Document, sel []bool) {
	a.blocks.AddAll(sel, d.Labels)
	page := PageResult{ID: d.ID}
	page.Blocks.AddAll(sel, d.Labels)
	var kept []tokenize.Block
	for i, b := range d.Page.Blocks {
		if sel[i] {
			kept = append(kept, b)
		}
	}
	text, gold := tokenize.Text(kept), d.Gold.Text()
	if s, ok := TokenScores(text, gold); ok {
		c, _ := CharScores(text, gold)
		a.tokens = append(a.tokens, s)
		a.chars = append(a.chars, c)
		page.HasGold, page.Tokens, page.Chars = true, s, c
	}
	page.Shingles = ShingleOutcome(text, gold)
	a.shingles = append(a.shingles, page.Shingles)
	a.pages = append(a.pages, page)
}

func (a *accumulator) result(name string, seconds float64) MethodResult {
	f1s, charF1s := make([]float64, len(a.tokens)), make([]float64, len(a.chars))
	for i := range a.tokens {
		f1s[i], charF1s[i] = a.tokens[i].F1, a.chars[i].F1
	}
	return MethodResult{
		Method: name, Blocks: a.blocks.Scores(), Seconds: seconds,
		Tokens: meanPRF(a.tokens), TokenF1: Bootstrap(f1s), TokenPages: len(a.tokens),
		Chars: meanPRF(a.chars), CharF1: Bootstrap(charF1s), Shingles: ShingleScores(a.shingles), Pages: a.pages,
	}
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
