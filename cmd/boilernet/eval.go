package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/infer"
)

// evalMethods are the methods boilernet eval knows.
var evalMethods = []string{"bilstm", "bilstm+ancestor", "keep-all"}

func runEval(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDirs := fs.String("data", "", "comma-separated dataset folders")
	split := fs.String("split", "test", "split to evaluate on")
	methods := fs.String("methods", strings.Join(evalMethods, ","), "comma-separated methods: "+strings.Join(evalMethods, ", "))
	modelPath := fs.String("model", "", "model file for the bilstm methods (default: the embedded model)")
	threshold := fs.Float64("threshold", infer.DefaultThreshold, "P(content) from which a block is content")
	depth := fs.Int("filter-depth", 2, "ancestor depth of the filter of bilstm+ancestor")
	comments := fs.Bool("comments", false, "count user comments (Dragnet) as content")
	quiet := fs.Bool("q", false, "no progress bar")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *dataDirs == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: boilernet eval -data DIR[,DIR...] [-split test] [-methods M,...] [-model FILE]")
		fs.PrintDefaults()
		return errUsage
	}
	var ex *infer.Extractor
	var chosen []eval.Method
	for _, name := range strings.Split(*methods, ",") {
		var opts infer.Options
		switch name {
		case "bilstm":
			opts = infer.Options{Threshold: *threshold}
		case "bilstm+ancestor":
			opts = infer.Options{Threshold: *threshold, Filter: true, FilterDepth: *depth}
		case "keep-all":
			chosen = append(chosen, eval.Method{Name: name, Select: func(d *data.Document) ([]bool, error) {
				s := make([]bool, len(d.Labels))
				for i := range s {
					s[i] = true
				}
				return s, nil
			}})
			continue
		default:
			return fmt.Errorf("unknown method %q (known: %s)", name, strings.Join(evalMethods, ", "))
		}
		if ex == nil {
			var err error
			if ex, err = loadExtractor(*modelPath); err != nil {
				return err
			}
		}
		chosen = append(chosen, eval.Method{Name: name, Select: func(d *data.Document) ([]bool, error) {
			return ex.Select(d.Page.Blocks, opts)
		}})
	}
	for _, dir := range strings.Split(*dataDirs, ",") {
		ds, err := data.Open(dir)
		if err != nil {
			return err
		}
		bar := newBar(len(ds.IDs[*split]), ds.Name+" "+*split, *quiet, stderr)
		r, err := eval.Compare(ds, *split, chosen, data.Options{WithComments: *comments}, func() { bar.Add(1) })
		bar.Finish()
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s, %s split, %d pages (block level)\n", r.Dataset, r.Split, r.Pages)
		fmt.Fprintf(stdout, "%-18s %7s %7s %7s %7s %7s %7s %8s %9s\n", "method", "cont.P", "cont.R", "cont.F1", "boil.P", "boil.R", "boil.F1", "mean F1", "pages/s")
		for _, m := range r.Methods {
			b := m.Blocks
			fmt.Fprintf(stdout, "%-18s %7.3f %7.3f %7.3f %7.3f %7.3f %7.3f %8.3f %9.1f\n", m.Method,
				b.Content.Precision, b.Content.Recall, b.Content.F1, b.Boilerplate.Precision, b.Boilerplate.Recall, b.Boilerplate.F1, b.MeanF1, m.PagesPerSecond(r.Pages))
		}
		fmt.Fprintln(stdout)
	}
	return nil
}
