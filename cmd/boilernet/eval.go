package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/eval/evalrun"
	"github.com/boilernet/boilernet/methods"
)

// defaultEvalMethods are the methods boilernet eval runs by default.
var defaultEvalMethods = []string{"bilstm", "bilstm+ancestor", "boilerpipe-numwords", "boilerpipe-numwords+main",
	"boilerpipe-densitometric", "boilerpipe-cleaneval", "newsfeed", "keep-all"}

func runEval(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("eval", stderr)
	dataDirs := fs.String("data", "", "comma-separated dataset folders")
	split := fs.String("split", "test", "split to evaluate on")
	methodList := fs.String("methods", strings.Join(defaultEvalMethods, ","),
		"comma-separated methods, each CLASSIFIER[:DECODING][@THRESHOLD][+FILTER[:DEPTH]]; classifiers: "+strings.Join(methods.Names(), ", ")+" (bilstm:DECODING decodes as extract's -decode DECODING, e.g. bilstm:threshold); filters: "+strings.Join(methods.Filters(), ", ")+
			"; and "+strings.Join(methods.Oracles(), ", ")+": oracle, the gold labels themselves (the ceiling of any block classifier), and bilstm:oracle, the model's probabilities over the threshold that is best for each page by its gold (the ceiling of any per-page threshold on them)")
	model := addModelFlags(fs, "for the bilstm methods: ")
	treePath := fs.String("tree", "", "tree file for the tree methods")
	threshold := fs.Float64("threshold", 0, "P(content) from which each block is content, > 0 and ≤ 1, as the paper; 0: the default decoding's choice for each page (the blocks that maximize its expected F1)")
	depth := fs.Int("filter-depth", methods.DefaultFilterDepth, "ancestor depth of the ancestor filter, ≥ 1")
	comments := fs.Bool("comments", false, "count user comments (Dragnet) as content")
	external := fs.String("external", "", "other tools' outputs to score too: NAME=FILE.jsonl[,NAME=FILE.jsonl...], one JSON object per line: {\"dataset\": \"wcxb\", \"id\": \"0001\", \"text\": \"...\"} (dataset optional); a name may repeat, e.g. with one file per dataset")
	out := fs.String("out", "", "folder for pages.csv (every page's scores), report.md (the tables) and SVG plots")
	quiet := fs.Bool("q", false, "no progress bar")
	strict := fs.Bool("strict", false, "stop at the first page that cannot be loaded (default: report it, skip it and count it)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFlags(fs, between("threshold", 0, 1), atLeast("filter-depth", 1), atLeast("networks", 0)); err != nil {
		return err
	}
	if err := required(fs, "data", "the labeled dataset folders, e.g. ../shared/data/wcxb"); err != nil {
		return err
	}
	reg := registry(model, *treePath)
	specs, parsed, err := methods.ParseList(*methodList, methodParams(fs, methods.Params{Threshold: *threshold, FilterDepth: *depth}))
	if err != nil {
		return err
	}
	if err := checkMethodFlags(fs, specs, parsed); err != nil {
		return err
	}
	// With -out, the bilstm method also records its probabilities, for the
	// precision–recall curve over the threshold.
	chosen, curve, curveMethod, err := evalrun.Methods(reg, specs, parsed, *out != "")
	if err != nil {
		return err
	}
	datasets, err := evalrun.OpenSplit(strings.Split(*dataDirs, ","), *split)
	if err != nil {
		return err
	}
	var externals []*eval.External
	if *external != "" {
		if externals, err = evalrun.Externals(*external, *split, datasets, specs); err != nil {
			return err
		}
	}
	if len(chosen)+len(externals) == 0 {
		return fmt.Errorf("no method to score: give -methods or -external")
	}
	dopts := data.Options{WithComments: *comments, Strict: *strict, Skip: skipReporter("eval", stderr)}
	return compare(datasets, *split, chosen, externals, dopts, curve, curveMethod.BlockThreshold(), *out, *quiet, stdout, stderr)
}

// compare scores the methods chosen and the external outputs on each
// dataset's split and writes its table on stdout, its warnings and skips
// on stderr, and with out ("" for none) its plots (the curve's at the
// threshold at) and at the end the reports into that folder.
func compare(datasets []*data.Dataset, split string, chosen []eval.Method, externals []*eval.External, dopts data.Options, curve *eval.Curve, at float64, out string, quiet bool, stdout, stderr io.Writer) error {
	var reports []*eval.Report
	for _, ds := range datasets {
		for _, e := range externals {
			for _, w := range evalrun.Gaps(e, ds, split) {
				fmt.Fprintf(stderr, "boilernet eval: warning: %s\n", w)
			}
		}
		bar := newBar(len(ds.IDs[split]), ds.Name+" "+split, quiet, stderr)
		r, err := eval.Compare(ds, split, evalrun.ForDataset(ds, chosen, externals), dopts, func() { bar.Add(1) })
		bar.Finish()
		if err != nil {
			return err
		}
		if r.Skipped > 0 {
			fmt.Fprintf(stderr, "boilernet eval: %s %s: %d of %d pages skipped (could not be loaded)\n", ds.Name, split, r.Skipped, r.Skipped+r.Pages)
		}
		reports = append(reports, r)
		if out != "" {
			if err := evalrun.Plots(out, r, curve, at); err != nil {
				return err
			}
		}
		if err := eval.WriteTable(stdout, r); err != nil {
			return err
		}
	}
	if out != "" {
		return eval.WriteReports(out, reports)
	}
	return nil
}
