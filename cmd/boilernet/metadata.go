package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/boilernet/boilernet/batch"
	"io"
	"os"
	"strings"
	"time"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// runMetadata prints the metadata of pages (files, directories, URLs), or
// with -data scores the metadata of a dataset split against the title,
// author and publish_date columns of its meta.tsv, and times extraction
// with and without metadata.
func runMetadata(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("metadata", stderr)
	dir := fs.String("data", "", "score a dataset instead: a folder with a meta.tsv (title, author, publish_date, url columns)")
	format := fs.String("format", "text", "pages: text (one field a line), json (one object, several pages an array, as extract's) or jsonl (one JSON object a page)")
	split := fs.String("split", "test", "split to score, or several joined by commas (train,dev)")
	model := addModelFlags(fs, "")
	rounds := fs.Int("rounds", 1, "timing rounds over the split (the fastest counts); 0: no timing and no model, score the metadata alone")
	quiet := fs.Bool("q", false, "no progress bar")
	verbose := fs.Bool("v", false, "list every mismatch (id, page type, field, annotated, found) on stderr")
	strict := fs.Bool("strict", false, "stop at the first page that cannot be read or parsed (default: report it, skip it and count it)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFlags(fs, atLeast("networks", 0)); err != nil {
		return err
	}
	if *dir == "" && fs.NArg() > 0 {
		return printMetadata(fs.Args(), *format, model, stdout, stderr)
	}
	if err := required(fs, "data", "a labeled dataset folder with a meta.tsv, or give pages to print their metadata"); err != nil {
		return err
	}
	if *rounds < 0 {
		return fmt.Errorf("-rounds %d: must be at least 0", *rounds)
	}
	ds, err := data.Open(*dir)
	if err != nil {
		return err
	}
	if ds.Meta == nil {
		return fmt.Errorf("%s has no meta.tsv", *dir)
	}
	var ids []string
	for _, sp := range strings.Split(*split, ",") {
		some, ok := ds.IDs[sp]
		if !ok {
			return fmt.Errorf("dataset %s has no %s split", *dir, sp)
		}
		ids = append(ids, some...)
	}
	// Pages that cannot be read or parsed are reported, skipped and
	// counted, as the other dataset commands do (-strict stops instead).
	skip := skipReporter("metadata", stderr)
	var kept []string
	var raws [][]byte
	for _, id := range ids {
		raw, path, err := ds.ReadPage(id)
		if err == nil {
			_, err = tokenize.Parse(raw, tokenize.Options{})
			if err != nil {
				err = fmt.Errorf("%s: %w", path, err)
			}
		}
		if err != nil {
			if *strict {
				return err
			}
			skip(err)
			continue
		}
		kept = append(kept, id)
		raws = append(raws, raw)
	}
	skipped := len(ids) - len(kept)
	ids = kept
	// The metadata scored: from the extraction with metadata (timed, one
	// goroutine, the split once without and once with metadata per round)
	// or, with -rounds 0, from metadata.Extract on the parsed pages alone.
	mds := make([]*metadata.Metadata, len(ids))
	var results []*infer.Result
	best := [2]time.Duration{}
	if *rounds == 0 {
		for i, id := range ids {
			p, err := tokenize.Parse(raws[i], tokenize.Options{})
			if err != nil {
				return fmt.Errorf("%s: %w", id, err)
			}
			mds[i] = metadata.Extract(p.Root, metadata.Options{URL: ds.Meta[id]["url"]})
		}
	} else {
		ex, err := model.extractor()
		if err != nil {
			return err
		}
		var bar *progress.Bar
		if showProgress(stderr, *quiet, false) {
			bar = progress.New(stderr, 2*len(ids)**rounds, "extracting", "pages")
		}
		for r := 0; r < *rounds; r++ {
			for k, withMeta := range []bool{false, true} {
				start := time.Now()
				var rs []*infer.Result
				for i, id := range ids {
					res, err := ex.ExtractBytes(context.Background(), raws[i], infer.Options{Metadata: withMeta, URL: ds.Meta[id]["url"]})
					if err != nil {
						return fmt.Errorf("%s: %w", id, err)
					}
					rs = append(rs, res)
					bar.Add(1)
				}
				if d := time.Since(start); best[k] == 0 || d < best[k] {
					best[k] = d
				}
				if withMeta {
					results = rs
				}
			}
		}
		bar.Finish()
		for i := range results {
			mds[i] = results[i].Metadata
		}
	}
	pages := make([]eval.MetadataPage, len(ids))
	for i, id := range ids {
		pages[i] = eval.MetadataPage{ID: id, PageType: ds.Meta[id]["page_type"], Annotated: ds.Meta[id], Metadata: mds[i]}
		if results != nil {
			pages[i].ResultTitle, pages[i].HasResult = results[i].Title, true
		}
	}
	var mismatch func(p eval.MetadataPage, field, want, got string)
	if *verbose {
		short := map[string]string{eval.FieldTitle: "title", eval.FieldResultTitle: "result-title", eval.FieldAuthor: "author", eval.FieldDate: "date"}
		mismatch = func(p eval.MetadataPage, field, want, got string) {
			fmt.Fprintf(stderr, "%s\t%s\t%s\t%q\t%q\n", p.ID, p.PageType, short[field], want, got)
		}
	}
	scores := eval.ScoreMetadata(pages, mismatch)
	fmt.Fprintf(stdout, "%s %s split: %d pages", ds.Name, *split, len(ids))
	if skipped > 0 {
		fmt.Fprintf(stdout, " (%d that could not be read or parsed skipped)", skipped)
	}
	fmt.Fprint(stdout, "\n\n")
	if err := eval.WriteMetadataTable(stdout, scores); err != nil {
		return err
	}
	if *rounds == 0 {
		return nil
	}
	// metadata.Extract alone on the parsed pages, best of the rounds: the
	// difference of the two runs above drowns in the noise of a busy
	// machine.
	roots := make([]*html.Node, len(ids))
	for i := range ids {
		p, err := tokenize.Parse(raws[i], tokenize.Options{})
		if err != nil {
			return fmt.Errorf("%s: %w", ids[i], err)
		}
		roots[i] = p.Root
	}
	var metaBest time.Duration
	for r := 0; r < *rounds; r++ {
		start := time.Now()
		for i, id := range ids {
			metadata.Extract(roots[i], metadata.Options{URL: ds.Meta[id]["url"], Text: results[i].Text})
		}
		if d := time.Since(start); metaBest == 0 || d < metaBest {
			metaBest = d
		}
	}
	n := float64(len(ids))
	fmt.Fprintf(stdout, "\nextraction, 1 goroutine, best of %d: %.1f pages/s without metadata, %.1f pages/s with; metadata.Extract alone %.2f ms per page (%.0f%% of extraction without it)\n",
		*rounds, n/best[0].Seconds(), n/best[1].Seconds(), metaBest.Seconds()*1000/n, 100*metaBest.Seconds()/best[0].Seconds())
	return nil
}

// printMetadata extracts the pages named by args (files, directories,
// URLs, - for stdin) and prints each one's metadata: in text, one "field:
// value" line each (several pages under a "==> NAME <==" line), in jsonl
// one object a page with its file, in json one indented object (several
// pages: an array of them, as extract's json).
func printMetadata(args []string, format string, model modelFlags, stdout, stderr io.Writer) error {
	if format != "text" && format != "json" && format != "jsonl" {
		return fmt.Errorf("-format %s: text, json or jsonl", format)
	}
	ex, err := model.extractor()
	if err != nil {
		return err
	}
	in, err := extractInputs(context.Background(), args, "", fetch.New(fetch.Options{}), os.Stdin)
	if err != nil {
		return err
	}
	if len(in.pages) == 0 {
		return errors.New("no pages found")
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	failed := 0
	var all []fileMetadata // json's pages
	batch.Run(context.Background(), ex, in.pages, batch.Options{Extract: infer.Options{Metadata: true, SkipLocators: true}}, func(o batch.Outcome) {
		if o.Err != nil {
			failed++
			fmt.Fprintf(stderr, "boilernet metadata: %v\n", o.Err)
			return
		}
		m := o.Result.Metadata
		switch format {
		case "jsonl":
			line, _ := json.Marshal(fileMetadata{o.Page.Name, m})
			fmt.Fprintf(w, "%s\n", line)
			return
		case "json":
			all = append(all, fileMetadata{o.Page.Name, m})
			return
		}
		if len(in.pages) > 1 {
			fmt.Fprintf(w, "==> %s <==\n", o.Page.Name)
		}
		for _, f := range metadataFields(m) {
			fmt.Fprintf(w, "%s: %s\n", f[0], f[1])
		}
		if len(in.pages) > 1 {
			fmt.Fprintln(w)
		}
	})
	if failed == len(in.pages) {
		return errors.New("no page could be read")
	}
	if format == "json" {
		var v any = all
		if len(in.pages) == 1 {
			v = all[0]
		}
		out, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s\n", out)
	}
	return nil
}

// fileMetadata is a page's metadata with its file, as json and jsonl print
// it.
type fileMetadata struct {
	File string `json:"file"`
	*metadata.Metadata
}

// metadataFields lists the fields of m that are set, as name and value.
func metadataFields(m *metadata.Metadata) [][2]string {
	lang := m.Language
	if m.LanguageDetected {
		lang += " (detected)"
	}
	var out [][2]string
	for _, f := range [][2]string{{"title", m.Title}, {"authors", strings.Join(m.Authors, "; ")}, {"published", m.Published},
		{"modified", m.Modified}, {"site", m.SiteName}, {"language", lang}, {"description", m.Description},
		{"canonical", m.Canonical}, {"image", m.Image}, {"tags", strings.Join(m.Tags, ", ")}} {
		if f[1] != "" {
			out = append(out, f)
		}
	}
	return out
}
