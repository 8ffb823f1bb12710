package main

import (
	"errors"
	"fmt"
	"os"
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
// names one of methods.Filters.
type filterFlag struct{ name string }

func (f *filterFlag) String() string { return f.name }

func (f *filterFlag) Set(v string) error {
	switch v {
	case "true":
		f.name = "ancestor"
	case "false":
		f.name = ""
	default:
		if !slices.Contains(methods.Filters, v) {
			return fmt.Errorf("unknown filter %q (known: %s)", v, strings.Join(methods.Filters, ", "))
		}
		f.name = v
	}
	return nil
}

func (f *filterFlag) IsBoolFlag() bool { return true }
