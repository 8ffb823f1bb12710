package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/infer"
)

// defaultEvalMethods are the methods boilernet eval runs by default.
var defaultEvalMethods = []string{"bilstm", "bilstm+ancestor", "boilerpipe-numwords", "boilerpipe-numwords+main",
	"boilerpipe-densitometric", "boilerpipe-cleaneval", "newsfeed", "keep-all"}

func runEval(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDirs := fs.String("data", "", "comma-separated dataset folders")
	split := fs.String("split", "test", "split to evaluate on")
	methods := fs.String("methods", strings.Join(defaultEvalMethods, ","),
		"comma-separated methods, each METHOD or METHOD+FILTER; methods: "+strings.Join(methodNames, ", ")+"; filters: "+strings.Join(filterNames, ", "))
	modelPath := fs.String("model", "", "model file for the bilstm methods (default: the embedded model)")
	treePath := fs.String("tree", "", "tree file for the tree methods")
	threshold := fs.Float64("threshold", infer.DefaultThreshold, "P(content) from which a block is content")
	depth := fs.Int("filter-depth", 2, "ancestor depth of the ancestor filter")
	comments := fs.Bool("comments", false, "count user comments (Dragnet) as content")
	out := fs.String("out", "", "folder for pages.csv (every page's scores), report.md (the tables) and SVG plots")
	quiet := fs.Bool("q", false, "no progress bar")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if *dataDirs == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: boilernet eval -data DIR[,DIR...] [-split test] [-methods M,...] [-model FILE]")
		fs.PrintDefaults()
		return errUsage
	}
	cfg := &methodConfig{model: *modelPath, tree: *treePath, threshold: *threshold, depth: *depth}
	// With -out, the bilstm method also records its probabilities, for the
	// precision–recall curve over the threshold.
	var probs [][]float32
	var labels [][]bool
	// Compare runs the methods one after the other on each page: the
	// title, which the main filter needs, is computed once per page.
	var titled *data.Document
	var title string
	titleOf := func(d *data.Document) string {
		if d != titled {
			titled, title = d, infer.Title(d.Page.Root)
		}
		return title
	}
	var chosen []eval.Method
	for _, name := range strings.Split(*methods, ",") {
		method, filt, _ := strings.Cut(name, "+")
		sel, err := cfg.selector(method, filt)
		if err != nil {
			return err
		}
		record := name == "bilstm" && *out != ""
		chosen = append(chosen, eval.Method{Name: name, Select: func(d *data.Document) ([]bool, error) {
			if record {
				probs = append(probs, cfg.ex.Probabilities(d.Page.Blocks))
				labels = append(labels, d.Labels)
			}
			return sel(d.Page, titleOf(d))
		}})
	}
	var reports []*eval.Report
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
		reports = append(reports, r)
		if *out != "" {
			if err := os.MkdirAll(*out, 0o755); err != nil {
				return err
			}
			if err := eval.PlotSortedF1(r, filepath.Join(*out, "sorted-f1-"+r.Dataset+".svg")); err != nil {
				return err
			}
			if probs != nil {
				var thresholds []float64
				for t := 0.05; t < 0.96; t += 0.05 {
					thresholds = append(thresholds, t)
				}
				curve := eval.PRCurve(probs, labels, thresholds)
				if err := eval.PlotPR(curve, r.Dataset+": bilstm over the threshold", filepath.Join(*out, "pr-bilstm-"+r.Dataset+".svg")); err != nil {
					return err
				}
				probs, labels = nil, nil
			}
		}
		fmt.Fprintf(stdout, "%s, %s split, %d pages: blocks (all blocks), tokens and characters (mean over %d pages with gold text; token F1 with a bootstrap 95%% interval), 4-token shingles (all pages)\n",
			r.Dataset, r.Split, r.Pages, r.Methods[0].TokenPages)
		fmt.Fprintf(stdout, "%-30s %6s %6s %6s %7s | %6s %6s %19s | %6s %6s %6s | %6s %6s %6s | %8s\n", "method",
			"cont.P", "cont.R", "cont.F", "mean.F", "tok.P", "tok.R", "tok.F1 [95% CI]", "chr.P", "chr.R", "chr.F", "shg.P", "shg.R", "shg.F", "pages/s")
		for _, m := range r.Methods {
			b, tk, ch, sh := m.Blocks, m.Tokens, m.Chars, m.Shingles
			fmt.Fprintf(stdout, "%-30s %6.3f %6.3f %6.3f %7.3f | %6.3f %6.3f %5.3f [%5.3f,%5.3f] | %6.3f %6.3f %6.3f | %6.3f %6.3f %6.3f | %8.1f\n", m.Method,
				b.Content.Precision, b.Content.Recall, b.Content.F1, b.MeanF1, tk.Precision, tk.Recall, tk.F1, m.TokenF1.Low, m.TokenF1.High,
				ch.Precision, ch.Recall, ch.F1, sh.Precision, sh.Recall, sh.F1, m.PagesPerSecond(r.Pages))
		}
		fmt.Fprintln(stdout)
	}
	if *out != "" {
		return writeReports(*out, reports)
	}
	return nil
}

// writeReports writes pages.csv and report.md into dir.
func writeReports(dir string, reports []*eval.Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, write := range map[string]func(io.Writer, []*eval.Report) error{
		"pages.csv": eval.WriteCSV, "report.md": eval.WriteMarkdown,
	} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		err = write(f, reports)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}
