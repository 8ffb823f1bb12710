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
	// gold has no token are left out; TokenPages counts the others).
	Tokens     PRF
	TokenPages int
	// Seconds is the time spent in Select over all pages (parsing, shared
	// by all methods, is not counted), on one goroutine.
	Seconds float64
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
	counts := make([]Counts, len(methods))
	tokens := make([]PRF, len(methods))
	tokenPages := make([]int, len(methods))
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
			counts[k].AddAll(sel, d.Labels)
			var kept []tokenize.Block
			for i, b := range d.Page.Blocks {
				if sel[i] {
					kept = append(kept, b)
				}
			}
			if s, ok := TokenScores(tokenize.Text(kept), d.Gold.Text()); ok {
				tokens[k].Precision += s.Precision
				tokens[k].Recall += s.Recall
				tokens[k].F1 += s.F1
				tokenPages[k]++
			}
		}
		if done != nil {
			done()
		}
	}
	r := &Report{Dataset: ds.Name, Split: split, Pages: len(docs)}
	for k, m := range methods {
		mr := MethodResult{Method: m.Name, Blocks: counts[k].Scores(), Seconds: elapsed[k].Seconds(), TokenPages: tokenPages[k]}
		if n := float64(tokenPages[k]); n > 0 {
			mr.Tokens = PRF{tokens[k].Precision / n, tokens[k].Recall / n, tokens[k].F1 / n}
		}
		r.Methods = append(r.Methods, mr)
	}
	return r, nil
}
