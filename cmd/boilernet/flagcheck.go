package main

import (
	"flag"
	"fmt"
	"strconv"
)

// A flagRule is a condition on one flag's value. Zero and negative values
// never silently mean "the default": an unset flag has its default, and a
// value set out of range is an error naming the flag, before any work.
type flagRule struct {
	name string
	ok   func(v float64) bool
	want string // what ok requires, for the error
}

func atLeast(name string, min float64) flagRule {
	return flagRule{name, func(v float64) bool { return v >= min }, fmt.Sprintf("must be at least %g", min)}
}

// required returns an error naming the first of the flags (pairs of name
// and what it gives) that is unset, or the first argument when the
// command takes none: what is missing, not the whole usage.
func required(fs *flag.FlagSet, flags ...string) error {
	for i := 0; i+1 < len(flags); i += 2 {
		if f := fs.Lookup(flags[i]); f != nil && f.Value.String() == "" {
			return fmt.Errorf("missing -%s (%s); run 'boilernet %s -h' for the flags", flags[i], flags[i+1], fs.Name())
		}
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (this command reads its input from flags); run 'boilernet %s -h' for the flags", fs.Arg(0), fs.Name())
	}
	return nil
}

// between is lo ≤ v ≤ hi.
func between(name string, lo, hi float64) flagRule {
	return flagRule{name, func(v float64) bool { return v >= lo && v <= hi }, fmt.Sprintf("must be from %g to %g", lo, hi)}
}

// maxWorkers bounds -workers: more pages in flight than this only costs
// memory (each holds a page, its DOM and its buffers), even when most
// wait on the network.
const maxWorkers = 256

// rate is a dropout rate: 0 ≤ v < 1.
func rate(name string) flagRule {
	return flagRule{name, func(v float64) bool { return v >= 0 && v < 1 }, "must be ≥ 0 and < 1"}
}

func positive(name string) flagRule {
	return flagRule{name, func(v float64) bool { return v > 0 }, "must be > 0"}
}

// checkFlags applies rules to the parsed flags of fs and returns the first
// violation as "-name value: must be ...".
func checkFlags(fs *flag.FlagSet, rules ...flagRule) error {
	for _, r := range rules {
		f := fs.Lookup(r.name)
		if f == nil {
			panic("checkFlags: no flag " + r.name)
		}
		s := f.Value.String()
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !r.ok(v) {
			return fmt.Errorf("-%s %s: %s", r.name, s, r.want)
		}
	}
	return nil
}
