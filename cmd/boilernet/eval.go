package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/eval/evalplot"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/render"
	"golang.org/x/net/html"
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
	// With -out, the bilstm method also records its probabilities, for the
	// precision–recall curve over the threshold.
	var curve *eval.Curve
	var curveMethod methods.Method // the method whose probabilities curve records
	titles := eval.NewTitles(func(root *html.Node) string { return metadata.Read(root, "").Title() })
	var chosen []eval.Method
	var specs []string
	var parsed []methods.Method
	for _, name := range strings.Split(*methodList, ",") {
		if name == "" && *methodList == "" {
			break
		}
		m, err := methods.Parse(name, methodParams(fs, methods.Params{Threshold: *threshold, FilterDepth: *depth}))
		if err != nil {
			return err
		}
		specs, parsed = append(specs, name), append(parsed, m)
	}
	if err := checkMethodFlags(fs, specs, parsed); err != nil {
		return err
	}
	names := map[string]bool{}
	for _, name := range strings.Split(*methodList, ",") {
		if name == "" && *methodList == "" {
			break // -methods "": external outputs only
		}
		names[name] = true
		m, err := methods.Parse(name, methodParams(fs, methods.Params{Threshold: *threshold, FilterDepth: *depth}))
		if err != nil {
			return err
		}
		c, err := reg.Classifier(m)
		if err != nil {
			return err
		}
		em := evalMethod(name, m, c, titles)
		if name == "bilstm" && *out != "" {
			ex, err := reg.Model()
			if err != nil {
				return err
			}
			if curve == nil {
				curve, curveMethod = eval.NewCurve(ex.Probabilities), m
			}
			em = curve.Record(em)
		}
		chosen = append(chosen, em)
	}
	var datasets []*data.Dataset
	for _, dir := range strings.Split(*dataDirs, ",") {
		ds, err := data.Open(dir)
		if err != nil {
			return err
		}
		if _, ok := ds.IDs[*split]; !ok {
			return fmt.Errorf("dataset %s has no %s split", dir, *split)
		}
		datasets = append(datasets, ds)
	}
	var externals []*eval.External
	if *external != "" {
		files, err := eval.ParseExternalFlag(*external)
		if err != nil {
			return err
		}
		if externals, err = eval.ReadExternals(files, *split, datasets); err != nil {
			return err
		}
		for _, e := range externals {
			if names[e.Name] {
				return fmt.Errorf("external output %s has the name of a method in -methods", e.Name)
			}
		}
	}
	if len(chosen)+len(externals) == 0 {
		return fmt.Errorf("no method to score: give -methods or -external")
	}
	var reports []*eval.Report
	for _, ds := range datasets {
		dsMethods := slices.Clone(chosen)
		if ds.HasMarkdown() {
			for k := range dsMethods {
				dsMethods[k].Markdown = markdownOf(ds)
			}
		}
		for _, e := range externals {
			dsMethods = append(dsMethods, e.Method(ds))
			warnGaps(stderr, e.Name, "missing from its output", e.Missing(ds), ds, *split)
			warnGaps(stderr, e.Name, "failed (an \"error\" line)", e.Failed(ds), ds, *split)
		}
		bar := newBar(len(ds.IDs[*split]), ds.Name+" "+*split, *quiet, stderr)
		dopts := data.Options{WithComments: *comments, Strict: *strict, Skip: skipReporter("eval", stderr)}
		r, err := eval.Compare(ds, *split, dsMethods, dopts, func() { bar.Add(1) })
		bar.Finish()
		if err != nil {
			return err
		}
		if r.Skipped > 0 {
			fmt.Fprintf(stderr, "boilernet eval: %s %s: %d of %d pages skipped (could not be loaded)\n", ds.Name, *split, r.Skipped, r.Skipped+r.Pages)
		}
		reports = append(reports, r)
		if *out != "" {
			if err := os.MkdirAll(*out, 0o755); err != nil {
				return err
			}
			if err := evalplot.SortedF1(r, filepath.Join(*out, "sorted-f1-"+r.Dataset+".svg")); err != nil {
				return err
			}
			if pts := curve.Points(eval.CurveThresholds()); pts != nil {
				at := curve.Points([]float64{curveMethod.BlockThreshold()})[0]
				curve.Reset()
				if err := evalplot.PR(pts, at, r.Dataset+": bilstm over the threshold", filepath.Join(*out, "pr-bilstm-"+r.Dataset+".svg")); err != nil {
					return err
				}
			}
		}
		if err := eval.WriteTable(stdout, r); err != nil {
			return err
		}
	}
	if *out != "" {
		return eval.WriteReports(*out, reports)
	}
	return nil
}

// warnGaps warns on w about the pages of ds that an external output lacks
// (what says how), naming the first few.
func warnGaps(w io.Writer, name, what string, ids []string, ds *data.Dataset, split string) {
	if len(ids) == 0 {
		return
	}
	shown := ids[:min(5, len(ids))]
	more := ""
	if len(ids) > len(shown) {
		more = ", ..."
	}
	fmt.Fprintf(w, "boilernet eval: warning: %s: %d of %d %s %s pages %s, scored as empty output: %s%s\n",
		name, len(ids), len(ds.IDs[split]), ds.Name, split, what, strings.Join(shown, ", "), more)
}

// evalMethod is the eval.Method of method m with its classifier c: it
// labels each document's page with its title and its gold (for the
// oracles).
func evalMethod(name string, m methods.Method, c methods.Classifier, titles *eval.Titles) eval.Method {
	return eval.Method{Name: name, Select: func(d *data.Document) ([]bool, error) {
		gold := &methods.Gold{Labels: d.Labels, BestThreshold: func(probs []float32) []bool { return eval.BestThresholdLabels(d, probs) }}
		_, content, err := m.Label(c, methods.Page{Page: d.Page, Title: titles.Of(d), Gold: gold})
		return content, err
	}}
}

// markdownOf returns the eval.Method.Markdown of the pages of ds: the
// blocks a method selects, as extract -format markdown gives them with
// the headline kept in the text (-keep-headline). A Result renders only
// the page it was parsed from, so the page is parsed again; the parse is
// the one data.Load made, block for block.
func markdownOf(ds *data.Dataset) func(d *data.Document, sel []bool) (string, error) {
	return func(d *data.Document, sel []bool) (string, error) {
		raw, _, err := ds.ReadPage(d.ID)
		if err != nil {
			return "", err
		}
		selector := infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
			if len(p.Blocks) != len(sel) {
				return nil, fmt.Errorf("the page parsed again has %d blocks, not %d", len(p.Blocks), len(sel))
			}
			return slices.Clone(sel), nil
		}))
		res, err := selector.ExtractBytes(context.Background(), raw, infer.Options{KeepHeadline: true, SkipLocators: true})
		if err != nil {
			return "", err
		}
		return render.Markdown(res), nil
	}
}
