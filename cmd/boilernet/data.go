package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/internal/progress"
)

// errUsage reports a command line error whose message was already printed.
var errUsage = errors.New("usage")

func runData(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("data", stderr)
	split := fs.String("split", "", "only this split (train, dev or test); default all")
	comments := fs.Bool("comments", false, "count user comments (Dragnet) as content")
	worst := fs.Int("worst", 10, "list the N documents with the lowest alignment coverage")
	quiet := fs.Bool("q", false, "no progress bar")
	strict := fs.Bool("strict", false, "stop at the first document that cannot be loaded (default: report it, skip it and count it)")
	if len(args) > 0 && isHelpFlag(args[0]) {
		fs.Usage()
		return errHelp
	}
	if len(args) == 0 {
		fs.Usage()
		return errUsage
	}
	if args[0] != "stats" {
		return fmt.Errorf("unknown subcommand %q (the one there is: stats); run 'boilernet data -h'", args[0])
	}
	if err := parseFlags(fs, args[1:]); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "boilernet data stats: give at least one dataset folder")
		return errUsage
	}
	for _, dir := range fs.Args() {
		opts := data.Options{WithComments: *comments, Strict: *strict, Skip: skipReporter("data stats", stderr)}
		if err := dataStats(dir, *split, opts, *worst, *quiet, stdout, stderr); err != nil {
			return err
		}
	}
	return nil
}

// skipReporter returns a data.Options.Skip that prints each document left
// out on w.
func skipReporter(cmd string, w io.Writer) func(error) {
	var mu sync.Mutex
	return func(err error) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(w, "boilernet %s: skipped: %v\n", cmd, err)
	}
}

func dataStats(dir, split string, opts data.Options, worst int, quiet bool, stdout, stderr io.Writer) error {
	ds, err := data.Open(dir)
	if err != nil {
		return err
	}
	splits := data.Splits()
	if split != "" {
		splits = []string{split}
	}
	var all []data.SplitStats
	for _, s := range splits {
		ids, ok := ds.IDs[s]
		if !ok {
			if split != "" {
				return fmt.Errorf("dataset %s has no %s split", dir, s)
			}
			continue
		}
		bar := newBar(len(ids), ds.Name+" "+s, quiet, stderr)
		st, err := ds.Stats(s, opts, func() { bar.Add(1) })
		bar.Finish()
		if err != nil {
			return err
		}
		all = append(all, st)
	}
	data.WriteStats(stdout, ds, all, worst)
	fmt.Fprintln(stdout, strings.Repeat("-", 60))
	return nil
}

// newBar returns a progress bar on w counting documents, nil (none) when
// quiet or when w is not a terminal.
func newBar(n int, desc string, quiet bool, w io.Writer) *progress.Bar {
	if quiet || !isTerminal(w) {
		return nil
	}
	return progress.New(w, n, desc, "docs")
}
