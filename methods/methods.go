// Package methods is the registry of block classifiers: it builds any
// method the project knows (the BiLSTM model with its threshold and
// decoding, the Boilerpipe classifiers, a trained tree, NewsFeed, keep-all)
// combined with a precision filter, by name, for extraction (infer), the
// server and the evaluation.
//
// A name is METHOD or METHOD+FILTER, e.g. "bilstm", "bilstm:structure+ancestor",
// "boilerpipe-numwords+main". The neural method may name its decoding after
// a colon (see infer.ParseDecoding).
package methods

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/boilernet/boilernet/filter"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/newsfeed"
	"github.com/boilernet/boilernet/shallow"
	"github.com/boilernet/boilernet/tokenize"
)

// Names are the block classifiers.
var Names = []string{"bilstm", "boilerpipe-numwords", "boilerpipe-densitometric", "boilerpipe-cleaneval", "tree", "newsfeed", "keep-all"}

// Filters are the precision filters: ancestor (filter.Ancestor) applies
// after any method, largest and main (shallow.LargestContent,
// shallow.MainContent) after the shallow-feature ones (boilerpipe-* and
// tree).
var Filters = []string{"ancestor", "largest", "main"}

// Config says where the methods that need a trained model get it.
type Config struct {
	// Model returns the neural model's extractor for the bilstm methods; it
	// is called once, on first use (nil: infer.Default, the embedded model).
	Model func() (*infer.Extractor, error)
	// Tree returns the trained tree of the tree method; it is called each
	// time the method is built (nil: the tree method is an error).
	Tree func() (*shallow.Tree, error)
}

// Registry builds methods by name. It is safe for concurrent use.
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

// Default is the Registry of the embedded model, without a tree.
var Default = New(Config{})

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

// Split splits a name METHOD+FILTER into the method and the filter ("" when
// the name has none).
func Split(name string) (method, filter string) {
	method, filter, _ = strings.Cut(name, "+")
	return method, filter
}

// Lookup returns the block classifier of a name METHOD or METHOD+FILTER
// (see Split and Selector).
func (r *Registry) Lookup(name string, opts infer.Options) (infer.Selector, error) {
	method, filt := Split(name)
	return r.Selector(method, filt, opts)
}

// Selector returns the block classifier of method with filter ("" for
// none). The bilstm methods use opts.Threshold and opts.Decode (a decoding
// named after the method's colon replaces it), the ancestor filter
// opts.FilterDepth; opts.Filter is not read: filter says which filter runs.
func (r *Registry) Selector(method, filt string, opts infer.Options) (infer.Selector, error) {
	decode := opts.Decode
	if m, d, ok := strings.Cut(method, ":"); ok && m == "bilstm" {
		var err error
		if decode, err = infer.ParseDecoding(d); err != nil {
			return nil, err
		}
		method = m
	}
	if !slices.Contains(Names, method) {
		return nil, fmt.Errorf("unknown method %q (known: %s)", method, strings.Join(Names, ", "))
	}
	if filt != "" && !slices.Contains(Filters, filt) {
		return nil, fmt.Errorf("unknown filter %q (known: %s)", filt, strings.Join(Filters, ", "))
	}
	if (filt == "largest" || filt == "main") && !shallowMethod(method) {
		return nil, fmt.Errorf("filter %s works after the boilerpipe methods and tree only", filt)
	}
	var base infer.Selector
	switch {
	case method == "bilstm":
		m, err := r.Model()
		if err != nil {
			return nil, err
		}
		mopts := infer.Options{Threshold: opts.Threshold, Decode: decode}
		base = func(p *tokenize.Page, _ string) ([]bool, error) { return m.Select(p.Blocks, mopts) }
	case method == "newsfeed":
		base = func(p *tokenize.Page, _ string) ([]bool, error) { return newsfeed.Select(p), nil }
	case method == "keep-all":
		base = func(p *tokenize.Page, _ string) ([]bool, error) {
			s := make([]bool, len(p.Blocks))
			for i := range s {
				s[i] = true
			}
			return s, nil
		}
	default:
		shallowFilter := filt
		if filt == "ancestor" {
			shallowFilter = ""
		}
		classify := shallow.Classifiers[method]
		if method == "tree" {
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
	if filt != "ancestor" {
		return base, nil
	}
	depth := opts.FilterDepth
	return func(p *tokenize.Page, title string) ([]bool, error) {
		sel, err := base(p, title)
		if err != nil {
			return nil, err
		}
		return filter.Ancestor(p.Blocks, sel, depth), nil
	}, nil
}

// shallowMethod reports whether a method classifies Kohlschütter et al.'s
// atomic blocks by their shallow features.
func shallowMethod(method string) bool {
	return strings.HasPrefix(method, "boilerpipe-") || method == "tree"
}

// Extractor returns the extractor that runs method with filter and the
// options to run it with. The plain neural method ("bilstm", without a
// decoding after a colon) with no filter or the ancestor one is the
// model's own extractor, which gives each block's probability (opts.Filter
// then says whether the ancestor filter runs); any other is a selector
// (infer.WithSelector, opts.Filter off: the selector applies the filter),
// with NewsFeed's own title for newsfeed.
func (r *Registry) Extractor(method, filt string, opts infer.Options) (*infer.Extractor, infer.Options, error) {
	if method == "bilstm" && (filt == "" || filt == "ancestor") {
		ex, err := r.extractor()
		if err != nil {
			return nil, opts, err
		}
		opts.Filter = filt == "ancestor"
		return ex, opts, nil
	}
	sel, err := r.Selector(method, filt, opts)
	if err != nil {
		return nil, opts, err
	}
	opts.Filter = false
	return infer.WithSelector(sel), opts, nil
}

// Extractor returns the extractor of a name METHOD or METHOD+FILTER with
// the embedded model (see Registry.Extractor).
func Extractor(name string, opts infer.Options) (*infer.Extractor, infer.Options, error) {
	method, filt := Split(name)
	return Default.Extractor(method, filt, opts)
}
