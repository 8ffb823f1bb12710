// Package evalrun runs the library's methods and extractors through
// package eval as boilernet eval and boilernet metadata do: a method of
// package methods as an eval.Method, the Markdown of a selection as
// extract writes it, the datasets and the methods compared on each, the
// plots of a report, and the metadata of a dataset split extracted,
// timed and scored. It is kept out of eval so that eval (which training
// links) needs no extraction and no plotting.
package evalrun

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/eval/evalplot"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/render"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// Method is the eval.Method named name of method m with its classifier
// c: it labels each document's page with its title (titles) and its gold
// (for the oracles).
func Method(name string, m methods.Method, c methods.Classifier, titles *eval.Titles) eval.Method {
	return eval.Method{Name: name, Select: func(d *data.Document) ([]bool, error) {
		gold := &methods.Gold{Labels: d.Labels, BestThreshold: func(probs []float32) []bool { return eval.BestThresholdLabels(d, probs) }}
		_, content, err := m.Label(c, methods.Page{Page: d.Page, Title: titles.Of(d), Gold: gold})
		return content, err
	}}
}

// Titles are the pages' titles as every extraction gives them
// (metadata.Read), each computed once.
func Titles() *eval.Titles {
	return eval.NewTitles(func(root *html.Node) string { return metadata.Read(root, "").Title() })
}

// Markdown returns the eval.Method.Markdown of the pages of ds: the
// blocks a method selects, as extract -format markdown gives them with
// the headline kept in the text (-keep-headline). A Result renders only
// the page it was parsed from, so the page is parsed again; the parse is
// the one data.Load made, block for block.
func Markdown(ds *data.Dataset) func(d *data.Document, sel []bool) (string, error) {
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

// MetadataOptions configure Metadata.
type MetadataOptions struct {
	// Extractor extracts the pages, Rounds times each without and with
	// their metadata (timed, one goroutine); the metadata scored is that
	// of the last round. With Rounds 0 the metadata is read from the
	// parsed pages alone (metadata.Extract) and nothing is timed.
	Extractor *infer.Extractor
	Rounds    int
	// Strict stops at the first page that cannot be read or parsed;
	// otherwise Skip (if not nil) is told of it, and it is counted.
	Strict bool
	Skip   func(error)
	// Progress, if not nil, is called after each extraction with the
	// number done and the number to do.
	Progress func(done, total int)
}

// MetadataRun is the metadata of a dataset split's pages, extracted,
// with their annotation, and how long extracting took.
type MetadataRun struct {
	Pages   []eval.MetadataPage
	Skipped int // pages that could not be read or parsed
	Rounds  int // MetadataOptions.Rounds
	// Without and With are the best times of the rounds of extracting
	// every page without and with metadata, and Alone that of
	// metadata.Extract alone on the parsed pages (Rounds > 0).
	Without, With, Alone time.Duration
}

// Metadata extracts the metadata of the pages ids of ds, a dataset with
// a meta.tsv (ds.Meta: each page's annotation and URL), and pairs each
// with its annotation for eval.ScoreMetadata.
func Metadata(ds *data.Dataset, ids []string, opts MetadataOptions) (*MetadataRun, error) {
	run := &MetadataRun{Rounds: opts.Rounds}
	var kept []string
	var raws [][]byte
	for _, id := range ids {
		raw, path, err := ds.ReadPage(id)
		if err == nil {
			if _, err = tokenize.Parse(raw, tokenize.Options{}); err != nil {
				err = fmt.Errorf("%s: %w", path, err)
			}
		}
		if err != nil {
			if opts.Strict {
				return nil, err
			}
			if opts.Skip != nil {
				opts.Skip(err)
			}
			run.Skipped++
			continue
		}
		kept = append(kept, id)
		raws = append(raws, raw)
	}
	url := func(i int) string { return ds.Meta[kept[i]]["url"] }
	roots := make([]*html.Node, len(kept))
	for i := range kept {
		p, err := tokenize.Parse(raws[i], tokenize.Options{})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", kept[i], err)
		}
		roots[i] = p.Root
	}
	run.Pages = make([]eval.MetadataPage, len(kept))
	for i, id := range kept {
		run.Pages[i] = eval.MetadataPage{ID: id, PageType: ds.Meta[id]["page_type"], Annotated: ds.Meta[id]}
	}
	if opts.Rounds == 0 {
		for i := range kept {
			run.Pages[i].Metadata = metadata.Extract(roots[i], metadata.Options{URL: url(i)})
		}
		return run, nil
	}
	results, err := run.time(raws, url, opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", kept[len(results)], err)
	}
	for i, res := range results {
		run.Pages[i].Metadata, run.Pages[i].ResultTitle, run.Pages[i].HasResult = res.Metadata, res.Title, true
	}
	// metadata.Extract alone on the parsed pages, best of the rounds: the
	// difference of the two extractions drowns in the noise of a busy
	// machine.
	for range opts.Rounds {
		start := time.Now()
		for i := range kept {
			metadata.Extract(roots[i], metadata.Options{URL: url(i), Text: results[i].Text})
		}
		run.Alone = best(run.Alone, time.Since(start))
	}
	return run, nil
}

// time extracts the pages raws the rounds of opts, without and with
// metadata, and returns the results with metadata of the last round;
// after an error, the results up to the page that failed.
func (run *MetadataRun) time(raws [][]byte, url func(int) string, opts MetadataOptions) ([]*infer.Result, error) {
	var results []*infer.Result
	done, total := 0, 2*len(raws)*opts.Rounds
	for range opts.Rounds {
		for _, withMeta := range []bool{false, true} {
			start := time.Now()
			results = results[:0]
			for i, raw := range raws {
				res, err := opts.Extractor.ExtractBytes(context.Background(), raw, infer.Options{Metadata: withMeta, URL: url(i)})
				if err != nil {
					return results, err
				}
				results = append(results, res)
				if done++; opts.Progress != nil {
					opts.Progress(done, total)
				}
			}
			if withMeta {
				run.With = best(run.With, time.Since(start))
			} else {
				run.Without = best(run.Without, time.Since(start))
			}
		}
	}
	return results, nil
}

// best is the shorter of two durations, 0 being none yet.
func best(a, b time.Duration) time.Duration {
	if a == 0 || b < a {
		return b
	}
	return a
}

// OpenSplit opens the dataset folders dirs, each of which must have the
// split.
func OpenSplit(dirs []string, split string) ([]*data.Dataset, error) {
	var datasets []*data.Dataset
	for _, dir := range dirs {
		ds, err := data.Open(dir)
		if err != nil {
			return nil, err
		}
		if _, ok := ds.IDs[split]; !ok {
			return nil, fmt.Errorf("dataset %s has no %s split", dir, split)
		}
		datasets = append(datasets, ds)
	}
	return datasets, nil
}

// ForDataset returns the methods to compare on ds: ms, each with the
// Markdown of ds's pages (Markdown) when ds has gold Markdown, then the
// external outputs'.
func ForDataset(ds *data.Dataset, ms []eval.Method, externals []*eval.External) []eval.Method {
	ms = slices.Clone(ms)
	if ds.HasMarkdown() {
		for k := range ms {
			ms[k].Markdown = Markdown(ds)
		}
	}
	for _, e := range externals {
		ms = append(ms, e.Method(ds))
	}
	return ms
}

// Gaps are the warnings about the pages of ds's split that the external
// output e lacks or failed, naming the first few: they are scored as
// empty outputs.
func Gaps(e *eval.External, ds *data.Dataset, split string) []string {
	var warnings []string
	for _, gap := range []struct {
		what string
		ids  []string
	}{{"missing from its output", e.Missing(ds)}, {"failed (an \"error\" line)", e.Failed(ds)}} {
		if len(gap.ids) == 0 {
			continue
		}
		shown := gap.ids[:min(5, len(gap.ids))]
		more := ""
		if len(gap.ids) > len(shown) {
			more = ", ..."
		}
		warnings = append(warnings, fmt.Sprintf("%s: %d of %d %s %s pages %s, scored as empty output: %s%s",
			e.Name, len(gap.ids), len(ds.IDs[split]), ds.Name, split, gap.what, strings.Join(shown, ", "), more))
	}
	return warnings
}

// Plots writes the plots of a dataset's report r into the folder dir
// (created if needed): each method's pages sorted by F1, and when curve
// recorded the bilstm method's probabilities (eval.Curve.Record), its
// precision–recall curve over the threshold with the point of the
// method's threshold at; the curve is then reset for the next dataset.
func Plots(dir string, r *eval.Report, curve *eval.Curve, at float64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := evalplot.SortedF1(r, filepath.Join(dir, "sorted-f1-"+r.Dataset+".svg")); err != nil {
		return err
	}
	pts := curve.Points(eval.CurveThresholds())
	if pts == nil {
		return nil
	}
	point := curve.Points([]float64{at})[0]
	curve.Reset()
	return evalplot.PR(pts, point, r.Dataset+": bilstm over the threshold", filepath.Join(dir, "pr-bilstm-"+r.Dataset+".svg"))
}

// Write writes the scores of the run over a split (named by what) as
// boilernet metadata -data does, each mismatch (id, page type, field,
// annotated, found) on mismatches (nil: none), and the timings of its
// rounds.
func (run *MetadataRun) Write(stdout, mismatches io.Writer, what string) error {
	var mismatch func(p eval.MetadataPage, field, want, got string)
	if mismatches != nil {
		short := map[string]string{eval.FieldTitle: "title", eval.FieldResultTitle: "result-title", eval.FieldAuthor: "author", eval.FieldDate: "date"}
		mismatch = func(p eval.MetadataPage, field, want, got string) {
			fmt.Fprintf(mismatches, "%s\t%s\t%s\t%q\t%q\n", p.ID, p.PageType, short[field], want, got)
		}
	}
	scores := eval.ScoreMetadata(run.Pages, mismatch)
	fmt.Fprintf(stdout, "%s split: %d pages", what, len(run.Pages))
	if run.Skipped > 0 {
		fmt.Fprintf(stdout, " (%d that could not be read or parsed skipped)", run.Skipped)
	}
	fmt.Fprint(stdout, "\n\n")
	if err := eval.WriteMetadataTable(stdout, scores); err != nil {
		return err
	}
	if run.Rounds == 0 {
		return nil
	}
	n := float64(len(run.Pages))
	fmt.Fprintf(stdout, "\nextraction, 1 goroutine, best of %d: %.1f pages/s without metadata, %.1f pages/s with; metadata.Extract alone %.2f ms per page (%.0f%% of extraction without it)\n",
		run.Rounds, n/run.Without.Seconds(), n/run.With.Seconds(), run.Alone.Seconds()*1000/n, 100*run.Alone.Seconds()/run.Without.Seconds())
	return nil
}

// Methods are the eval.Methods of the methods ms, named by their specs,
// with their classifiers from reg (its model and tree loaded once). With
// curve set, the first bilstm method also records its probabilities
// (eval.Curve.Record), returned with the method, for the precision–recall
// curve over the threshold (Plots).
func Methods(reg *methods.Registry, specs []string, ms []methods.Method, curve bool) ([]eval.Method, *eval.Curve, methods.Method, error) {
	titles := Titles()
	var chosen []eval.Method
	var c *eval.Curve
	var curveMethod methods.Method
	for i, name := range specs {
		cl, err := reg.Classifier(ms[i])
		if err != nil {
			return nil, nil, methods.Method{}, err
		}
		em := Method(name, ms[i], cl, titles)
		if name == "bilstm" && curve {
			md, err := reg.Model()
			if err != nil {
				return nil, nil, methods.Method{}, err
			}
			if c == nil {
				c, curveMethod = eval.NewCurve(md.Probabilities), ms[i]
			}
			em = c.Record(em)
		}
		chosen = append(chosen, em)
	}
	return chosen, c, curveMethod, nil
}

// Externals reads the other tools' outputs of the flag value flag
// (eval.ParseExternalFlag: NAME=FILE.jsonl,...) for the split of the
// datasets; an output may not have the name of one of the methods.
func Externals(flag, split string, datasets []*data.Dataset, methods []string) ([]*eval.External, error) {
	files, err := eval.ParseExternalFlag(flag)
	if err != nil {
		return nil, err
	}
	externals, err := eval.ReadExternals(files, split, datasets)
	if err != nil {
		return nil, err
	}
	for _, e := range externals {
		if slices.Contains(methods, e.Name) {
			return nil, fmt.Errorf("external output %s has the name of a method in -methods", e.Name)
		}
	}
	return externals, nil
}
