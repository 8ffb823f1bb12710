package main

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/shallow"
)

// registry returns the method registry of the -model, -networks and -tree
// flags.
func registry(model modelFlags, tree string) *methods.Registry {
	return methods.New(methods.Config{
		Model: model.load,
		Tree:  func() (*shallow.Tree, error) { return loadTree(tree) },
	})
}

func loadTree(path string) (*shallow.Tree, error) {
	if path == "" {
		return nil, errors.New("method tree needs -tree FILE (train one with boilernet train -method tree)")
	}
	return methods.ReadTree(path)
}

// parseMethod builds the method of a -method spec and the flags that give
// its parts apart: -filter, -decode, -threshold and -filter-depth (each
// when set).
func parseMethod(fs *flag.FlagSet, spec, filt, decode string, threshold float64, depth int) (methods.Method, error) {
	if !isSet(fs, "decode") {
		decode = ""
	}
	return methods.Parse(spec, methodParams(fs, methods.Params{Decoding: decode, Filter: filt, Threshold: threshold, FilterDepth: depth}))
}

// methodParams is p without the threshold and filter depth whose flags
// were not given, so that a spec may give them (bilstm@0.7,
// +ancestor:3).
func methodParams(fs *flag.FlagSet, p methods.Params) methods.Params {
	if !isSet(fs, "threshold") {
		p.Threshold = 0
	}
	if !isSet(fs, "filter-depth") {
		p.FilterDepth = 0
	}
	return p
}

// isSet reports whether the flag name was given.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// filterFlag is -filter: alone it means the ancestor filter, -filter=NAME
// names one of methods.Filters (which methods.Parse checks).
type filterFlag struct{ name string }

func (f *filterFlag) String() string { return f.name }

func (f *filterFlag) Set(v string) error {
	switch v {
	case "true":
		f.name = "ancestor"
	case "false":
		f.name = ""
	default:
		f.name = v
	}
	return nil
}

func (f *filterFlag) IsBoolFlag() bool { return true }

// methodFlags are the flags that only some methods use, with what uses
// them.
var methodFlags = []struct {
	name, user string
	uses       func(methods.Method) bool
}{
	{"threshold", "method bilstm", isBiLSTM},
	{"decode", "method bilstm", isBiLSTM},
	{"model", "method bilstm", isBiLSTM},
	{"networks", "method bilstm", isBiLSTM},
	{"tree", "method tree", func(m methods.Method) bool { return m.Classifier() == "tree" }},
	{"filter-depth", "the ancestor filter (-filter)", func(m methods.Method) bool { return m.Filter() == "ancestor" }},
}

func isBiLSTM(m methods.Method) bool { return m.Classifier() == methods.DefaultMethod }

// checkMethodFlags refuses a flag given that none of the methods (given
// by specs, one per method) uses, naming the flag and the methods: a
// -threshold with -method newsfeed would be ignored.
func checkMethodFlags(fs *flag.FlagSet, specs []string, ms []methods.Method) error {
	for _, f := range methodFlags {
		if !isSet(fs, f.name) || slices.ContainsFunc(ms, f.uses) {
			continue
		}
		what := "method " + strings.Join(specs, ", ") + " does"
		switch {
		case len(specs) == 0:
			what = "no method (-methods \"\") does"
		case len(specs) > 1:
			what = "methods " + strings.Join(specs, ", ") + " do"
		}
		return fmt.Errorf("-%s %s: %s not use it (only %s does)", f.name, fs.Lookup(f.name).Value, what, f.user)
	}
	return nil
}
