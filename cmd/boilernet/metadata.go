package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval/evalrun"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/metadata"
)

// runMetadata prints the metadata of pages (files, directories, URLs), or
// with -data scores the metadata of a dataset split against the title,
// author and publish_date columns of its meta.tsv, and times extraction
// with and without metadata.
func runMetadata(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("metadata", stderr)
	dir := fs.String("data", "", "score a dataset instead: a folder with a meta.tsv (title, author, publish_date, url columns)")
	format := fs.String("format", "text", "pages: text (one field a line), json (one array of objects, one a page, as extract's) or jsonl (one JSON object a page)")
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
	opts := evalrun.MetadataOptions{Rounds: *rounds, Strict: *strict, Skip: skipReporter("metadata", stderr)}
	if *rounds > 0 {
		if opts.Extractor, err = model.extractor(); err != nil {
			return err
		}
	}
	var bar *progress.Bar
	if showProgress(stderr, *quiet, false) {
		opts.Progress = func(done, total int) {
			if bar == nil {
				bar = progress.New(stderr, total, "extracting", "pages")
			}
			bar.Add(1)
		}
	}
	run, err := evalrun.Metadata(ds, ids, opts)
	bar.Finish()
	if err != nil {
		return err
	}
	var mismatches io.Writer
	if *verbose {
		mismatches = stderr
	}
	return run.Write(stdout, mismatches, ds.Name+" "+*split)
}

// printMetadata extracts the pages named by args (files, directories,
// URLs, - for stdin) and prints each one's metadata: in text, one "field:
// value" line each (several pages under a "==> NAME <==" line), in jsonl
// one object a page with its file, in json one indented array of those
// objects, whatever the number of pages (as extract's json).
func printMetadata(args []string, format string, model modelFlags, stdout, stderr io.Writer) error {
	if format != "text" && format != "json" && format != "jsonl" {
		return fmt.Errorf("-format %s: text, json or jsonl", format)
	}
	ex, err := model.extractor()
	if err != nil {
		return err
	}
	src, err := batch.NewSource(args, "", fetch.New(fetch.Options{}), os.Stdin)
	if err != nil {
		return err
	}
	var pages []batch.Page
	for p := range src.All(context.Background()) {
		pages = append(pages, p)
	}
	if len(pages) == 0 {
		return errors.New("no pages found")
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	failed := 0
	var all []fileMetadata // json's pages
	batch.Run(context.Background(), ex, pages, batch.Options{Extract: infer.Options{Metadata: true, SkipLocators: true}}, func(o batch.Outcome) {
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
		if len(pages) > 1 {
			fmt.Fprintf(w, "==> %s <==\n", o.Page.Name)
		}
		for _, f := range m.Fields() {
			fmt.Fprintf(w, "%s: %s\n", f.Name, f.Value)
		}
		if len(pages) > 1 {
			fmt.Fprintln(w)
		}
	})
	if failed == len(pages) {
		return errors.New("no page could be read")
	}
	if format == "json" {
		out, err := json.MarshalIndent(all, "", "  ")
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
