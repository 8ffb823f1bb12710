package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/corpus"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/records"
	"github.com/boilernet/boilernet/render"
)

// runRecords extracts every record of the corpus files and writes one
// JSONL line per record (records.NewLine), or with asText each extracted
// record's text under a "==> NAME <==" line (its URL, else its file and
// place), then the summary on stderr.
func runRecords(ex *infer.Extractor, files []string, opts batch.Options, filter *corpus.Filter, out, format string, quiet bool, stdout, stderr io.Writer) error {
	w, err := batch.NewOutput(out, format, stdout, true)
	if err != nil {
		return err
	}
	w.Head = records.LineName
	var bar *progress.Bar
	if !quiet {
		bar = progress.New(stderr, -1, "extracting", "records")
	}
	ctx, stopSignals := interruptContext(stderr)
	defer stopSignals()
	sum, err := records.ExtractFiles(ctx, ex, files, opts, filter, func(l render.Record, res *infer.Result) error {
		bar.Add(1)
		if l.Error != "" {
			fmt.Fprintf(stderr, "boilernet extract: %s\n", l.Error)
		}
		return w.Write("", res, l)
	})
	var runErr, writeErr error // interrupted, or the output failed
	if ctx.Err() != nil {
		runErr = err
	} else {
		writeErr = err
	}
	if err := endRun(bar, w, runErr, writeErr); err != nil {
		return err
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "boilernet extract: interrupted after %s\n", sum)
		return errInterrupted
	}
	fmt.Fprintf(stderr, "boilernet extract: %s\n", sum)
	if filter.Active() {
		fmt.Fprintf(stderr, "boilernet extract: %v\n", filter.Stats())
	}
	if sum.Extracted == 0 && sum.Failed > 0 {
		return errors.New("no page could be extracted")
	}
	return nil
}
