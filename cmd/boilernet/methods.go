package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/boilernet/boilernet/filter"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/newsfeed"
	"github.com/boilernet/boilernet/shallow"
	"github.com/boilernet/boilernet/tokenize"
)

// methodNames are the block classifiers of extract -method and eval.
var methodNames = []string{"bilstm", "boilerpipe-numwords", "boilerpipe-densitometric", "boilerpipe-cleaneval", "tree", "newsfeed", "keep-all"}

// filterNames are the precision filters: ancestor applies after any
// method, largest and main after the shallow-feature ones (boilerpipe-*
// and tree).
var filterNames = []string{"ancestor", "largest", "main"}

// methodConfig holds what the methods need besides their names.
type methodConfig struct {
	model     string // model file for bilstm ("" = embedded)
	tree      string // tree file for tree
	threshold float64
	depth     int // ancestor filter depth
	decode    infer.Decoding

	ex *infer.Extractor // loaded on first use
}

// selector returns the block classifier for method with an optional filter.
// The neural method may name its decoding after a colon
// ("bilstm:structure", see infer.ParseDecoding).
func (c *methodConfig) selector(method, filt string) (infer.Selector, error) {
	decode := c.decode
	if m, d, ok := strings.Cut(method, ":"); ok && m == "bilstm" {
		var err error
		if decode, err = infer.ParseDecoding(d); err != nil {
			return nil, err
		}
		method = m
	}
	if !slices.Contains(methodNames, method) {
		return nil, fmt.Errorf("unknown method %q (known: %s)", method, strings.Join(methodNames, ", "))
	}
	if filt != "" && !slices.Contains(filterNames, filt) {
		return nil, fmt.Errorf("unknown filter %q (known: %s)", filt, strings.Join(filterNames, ", "))
	}
	if (filt == "largest" || filt == "main") && !strings.HasPrefix(method, "boilerpipe-") && method != "tree" {
		return nil, fmt.Errorf("filter %s works after the boilerpipe methods and tree only", filt)
	}
	var base infer.Selector
	switch {
	case method == "bilstm":
		if c.ex == nil {
			ex, err := loadExtractor(c.model)
			if err != nil {
				return nil, err
			}
			c.ex = ex
		}
		ex, opts := c.ex, infer.Options{Threshold: c.threshold, Decode: decode}
		base = func(p *tokenize.Page, _ string) ([]bool, error) { return ex.Select(p.Blocks, opts) }
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
			t, err := loadTree(c.tree)
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
	depth := c.depth
	return func(p *tokenize.Page, title string) ([]bool, error) {
		sel, err := base(p, title)
		if err != nil {
			return nil, err
		}
		return filter.Ancestor(p.Blocks, sel, depth), nil
	}, nil
}

func loadTree(path string) (*shallow.Tree, error) {
	if path == "" {
		return nil, errors.New("method tree needs -tree FILE (train one with boilernet train -method tree)")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := shallow.ReadTree(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// filterFlag is -filter: alone it means the ancestor filter, -filter=NAME
// names one of filterNames.
type filterFlag struct{ name string }

func (f *filterFlag) String() string { return f.name }

func (f *filterFlag) Set(v string) error {
	switch v {
	case "true":
		f.name = "ancestor"
	case "false":
		f.name = ""
	default:
		if !slices.Contains(filterNames, v) {
			return fmt.Errorf("unknown filter %q (known: %s)", v, strings.Join(filterNames, ", "))
		}
		f.name = v
	}
	return nil
}

func (f *filterFlag) IsBoolFlag() bool { return true }
