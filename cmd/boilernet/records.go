package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/corpus"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/records"
)

// recordInputs returns the corpus files (WARC, JSONL) among extract's
// arguments: the files named, and those below a directory. ok is false
// when there are none; mixing them with pages or URLs is an error.
func recordInputs(args []string, urlList string) (files []string, ok bool, err error) {
	others := urlList != ""
	for _, a := range args {
		if records.IsRecordFile(a) {
			files = append(files, a)
			continue
		}
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			others = true
			continue
		}
		found := corpusFilesBelow(a)
		if pages, _ := batch.Files(context.Background(), []string{a}); len(found) == 0 || len(pages) > 0 {
			others = true // HTML pages here, which a corpus run would leave out
		}
		files = append(files, found...)
	}
	if len(files) > 0 && others {
		return nil, false, mixedInputsError(args, urlList)
	}
	return files, len(files) > 0, nil
}

// recordBatch bounds how many records, and how many bytes of HTML, are
// held at once.
const (
	recordBatch      = 256
	recordBatchBytes = 256 << 20
)

// runRecords extracts every record of the corpus files and writes one
// JSONL line per record (records.Line), then the summary on stderr.
func runRecords(ex *infer.Extractor, files []string, opts batch.Options, filter *corpus.Filter, out string, quiet bool, stdout, stderr io.Writer) error {
	w := newWholeWriter(nil, stdout)
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return err
		}
		w = newWholeWriter(f, nil)
	}
	var bar *progress.Bar
	if !quiet {
		bar = progress.New(stderr, -1, "extracting", "records")
	}
	var sum records.Summary
	var writeErr error
	write := func(l records.Line) {
		sum.Add(l)
		bar.Add(1)
		if l.Error != "" {
			fmt.Fprintf(stderr, "boilernet extract: %s\n", l.Error)
		}
		if writeErr == nil {
			var line []byte
			if line, writeErr = json.Marshal(l); writeErr == nil {
				writeErr = w.record(append(line, '\n'))
			}
		}
	}
	ctx, stopSignals := interruptContext(stderr)
	defer stopSignals()
	var runErr error
	for _, file := range files {
		runErr = extractRecordFile(ctx, ex, file, opts, filter, write)
		if runErr != nil && ctx.Err() == nil {
			write(records.Line{Source: file, Offset: -1, Error: runErr.Error()})
			runErr = nil
		}
		if writeErr != nil || runErr != nil {
			break
		}
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

// extractRecordFile extracts the records of one file in batches, calling
// write once per record in file order. The error is one that ends the
// file (it could not be opened, or reading it failed), or ctx's when it
// is done: then the records of the current batch that were not
// extracted are not written.
func extractRecordFile(ctx context.Context, ex *infer.Extractor, file string, opts batch.Options, filter *corpus.Filter, write func(records.Line)) error {
	r, c, err := records.Open(file, records.Limits{})
	if err != nil {
		return err
	}
	defer c.Close()
	var recs []*records.Record
	size := 0
	flush := func() error {
		var pages []batch.Page
		var which []int // the index in recs of each page
		for i, rec := range recs {
			if rec.Page() {
				pages = append(pages, rec.BatchPage())
				which = append(which, i)
			}
		}
		lines := make([]records.Line, len(recs))
		for i, rec := range recs {
			lines[i] = records.NewLine(rec, nil, nil)
		}
		done := make([]bool, len(recs))
		runErr := batch.Run(ctx, ex, pages, opts, func(o batch.Outcome) {
			i := which[o.Index]
			res, v := o.Result, corpus.Verdict{}
			if o.Err == nil {
				res, v = filter.Apply(recs[i].Name(), res)
			}
			lines[i], done[i] = records.NewLine(recs[i], res, o.Err), true
			if v.Skip != "" {
				lines[i].Record, lines[i].Skipped = infer.Record{}, v.Skip
			}
			lines[i].DuplicateOf = v.DuplicateOf
		})
		for i, l := range lines {
			if runErr != nil && recs[i].Page() && !done[i] {
				break
			}
			write(l)
		}
		recs, size = recs[:0], 0
		return runErr
	}
	err = records.ReadAll(r, func(rec *records.Record) error {
		recs = append(recs, rec)
		size += len(rec.HTML)
		if len(recs) >= recordBatch || size >= recordBatchBytes {
			return flush()
		}
		return nil
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if ferr := flush(); ferr != nil {
		return ferr
	}
	return err
}
