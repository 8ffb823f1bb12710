// Package methods owns the method value: a block classifier (the BiLSTM
// model with its decoding and threshold, the Boilerpipe classifiers, a
// trained tree, NewsFeed, keep-all, the oracles) with a precision filter,
// parsed from one spec by Parse, and the Registry that runs it for
// extraction (infer), the server and the evaluation.
//
// A spec is CLASSIFIER[:DECODING][+FILTER], e.g. "bilstm",
// "bilstm:structure+ancestor", "boilerpipe-numwords+main". Names, Filters
// and Oracles list the names it reads.
package methods

import (
	"errors"
	"sync"

	"github.com/boilernet/boilernet/filter"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/newsfeed"
	"github.com/boilernet/boilernet/shallow"
	"github.com/boilernet/boilernet/tokenize"
)

// Config says where the methods that need a trained model get it.
type Config struct {
	// Model returns the neural model's extractor for the bilstm methods; it
	// is called once, on first use (nil: infer.Default, the embedded model).
	Model func() (*infer.Extractor, error)
	// Tree returns the trained tree of the tree method; it is called each
	// time the method is built (nil: the tree method is an error).
	Tree func() (*shallow.Tree, error)
}

// Registry runs methods with the models its Config gives. It is safe for
// concurrent use.
type Registry struct {
	cfg       Config
	extractor func() (*infer.Extractor, error) // the model's, loaded once
}

// New returns a Registry that gets its models as cfg says.
func New(cfg Config) *Registry {
	load := cfg.Model
	if load == nil {
		load = infer.Default
	}
	return &Registry{cfg: cfg, extractor: sync.OnceValues(load)}
}

// embedded is the Registry of the embedded model, without a tree.
var embedded = sync.OnceValue(func() *Registry { return New(Config{}) })

// Model returns the neural model, loading it on first use.
func (r *Registry) Model() (*infer.Model, error) {
	ex, err := r.extractor()
	if err != nil {
		return nil, err
	}
	m, ok := ex.Model()
	if !ok {
		return nil, errors.New("the bilstm methods need a model's extractor (Config.Model)")
	}
	return m, nil
}

// Selector returns the block classifier of m: the verdict of its
// classifier, decoding and filter on each block of a page. An oracle
// (Method.Oracle) is an error: it needs the page's gold labels, which
// package eval runs it with.
func (r *Registry) Selector(m Method) (infer.Selector, error) {
	if m.oracle {
		return nil, errors.New("method " + m.String() + " reads the gold labels: only an evaluation runs it")
	}
	var base infer.Selector
	switch name := m.Classifier(); name {
	case "bilstm":
		md, err := r.Model()
		if err != nil {
			return nil, err
		}
		mopts := infer.Options{Threshold: m.threshold, Decode: m.decoding}
		base = func(p *tokenize.Page, _ string) ([]bool, error) { return md.Select(p.Blocks, mopts) }
	case "newsfeed":
		base = func(p *tokenize.Page, _ string) ([]bool, error) { return newsfeed.Select(p), nil }
	case "keep-all":
		base = func(p *tokenize.Page, _ string) ([]bool, error) {
			s := make([]bool, len(p.Blocks))
			for i := range s {
				s[i] = true
			}
			return s, nil
		}
	default:
		shallowFilter := m.filter
		if m.filter == "ancestor" {
			shallowFilter = ""
		}
		classify := shallow.Classifier(name)
		if name == "tree" {
			if r.cfg.Tree == nil {
				return nil, errors.New("method tree needs a trained tree")
			}
			t, err := r.cfg.Tree()
			if err != nil {
				return nil, err
			}
			classify = t.Classify
		}
		base = func(p *tokenize.Page, title string) ([]bool, error) {
			return shallow.SelectWith(classify, shallowFilter, p.Blocks, title)
		}
	}
	if m.filter != "ancestor" {
		return base, nil
	}
	depth := m.FilterDepth()
	return func(p *tokenize.Page, title string) ([]bool, error) {
		sel, err := base(p, title)
		if err != nil {
			return nil, err
		}
		return filter.Ancestor(p.Blocks, sel, depth), nil
	}, nil
}

// Extractor returns the extractor that runs m and the options to run it
// with (opts with m's decoding, threshold and filter). The bilstm methods
// without a filter or with the ancestor one run on the model's own
// extractor, which gives each block's probability; any other is a
// selector (infer.WithSelector), with NewsFeed's own title for newsfeed.
func (r *Registry) Extractor(m Method, opts infer.Options) (*infer.Extractor, infer.Options, error) {
	opts.Threshold, opts.Decode, opts.FilterDepth = m.threshold, m.decoding, m.FilterDepth()
	if m.Classifier() == "bilstm" && !m.oracle && (m.filter == "" || m.filter == "ancestor") {
		ex, err := r.extractor()
		if err != nil {
			return nil, opts, err
		}
		opts.Filter = m.filter == "ancestor"
		return ex, opts, nil
	}
	sel, err := r.Selector(m)
	if err != nil {
		return nil, opts, err
	}
	opts.Filter = false
	return infer.WithSelector(sel), opts, nil
}

// Extractor returns the extractor of m with the embedded model (see
// Registry.Extractor).
func Extractor(m Method, opts infer.Options) (*infer.Extractor, infer.Options, error) {
	return embedded().Extractor(m, opts)
}
