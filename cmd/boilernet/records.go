package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/corpus"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/records"
	"github.com/boilernet/boilernet/render"
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

// runRecords extracts every record of the corpus files and writes one
// JSONL line per record (records.NewLine), or with asText each extracted
// record's text under a "==> NAME <==" line (its URL, else its file and
// place), then the summary on stderr.
func runRecords(ex *infer.Extractor, files []string, opts batch.Options, filter *corpus.Filter, out string, asText, quiet bool, stdout, stderr io.Writer) error {
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
	ctx, stopSignals := interruptContext(stderr)
	defer stopSignals()
	ctx, stopRun := context.WithCancel(ctx) // stopped when the output fails: nothing more can be written
	defer stopRun()
	var sum records.Summary
	var writeErr error
	write := func(l render.Record) {
		sum.Add(l)
		bar.Add(1)
		if l.Error != "" {
			fmt.Fprintf(stderr, "boilernet extract: %s\n", l.Error)
		}
		defer func() {
			if writeErr != nil {
				stopRun()
			}
		}()
		switch {
		case writeErr != nil:
		case asText:
			if l.Error == "" && l.Skipped == "" && l.DuplicateOf == "" && l.Text != "" {
				writeErr = w.record(fmt.Appendf(nil, "==> %s <==\n%s\n\n", recordName(l), l.Text))
			}
		default:
			var line []byte
			if line, writeErr = json.Marshal(l); writeErr == nil {
				writeErr = w.record(append(line, '\n'))
			}
		}
	}
	var runErr error
	for _, file := range files {
		runErr = extractRecordFile(ctx, ex, file, opts, filter, write)
		if runErr != nil && ctx.Err() == nil {
			write(records.FileLine(file, runErr.Error()))
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

// recordName names a record in text output: its URL, else its file and
// line (JSONL) or offset (WARC).
func recordName(l render.Record) string {
	switch {
	case l.URL != "":
		return l.URL
	case l.Line > 0:
		return fmt.Sprintf("%s: line %d", l.Source, l.Line)
	}
	return fmt.Sprintf("%s: offset %d", l.Source, l.Offset)
}

// extractRecordFile extracts the records of one file as they are read
// (one batch.Stream, so at most 4×workers records are held at once),
// calling write once per record in file order. The error is one that ends
// the file (it could not be opened, or reading it failed: the records
// read before are written), or ctx's when it is done: then the records
// not extracted yet are not written.
func extractRecordFile(ctx context.Context, ex *infer.Extractor, file string, opts batch.Options, filter *corpus.Filter, write func(render.Record)) error {
	r, c, err := records.Open(file, records.Limits{})
	if err != nil {
		return err
	}
	defer c.Close()
	var mu sync.Mutex
	held := map[int]*records.Record{} // the records in flight, by index
	var readErr error
	recs := func(yield func(batch.Page) bool) {
		n := 0
		readErr = records.ReadAll(r, func(rec *records.Record) error {
			p := batch.Page{Name: rec.Name(), Open: func(context.Context) (*batch.Body, error) { return nil, nil }} // kept in its place
			if rec.Page() {
				p = rec.BatchPage()
			}
			mu.Lock()
			held[n] = rec
			mu.Unlock()
			n++
			if !yield(p) {
				return errStopRecords
			}
			return nil
		})
		if readErr == errStopRecords {
			readErr = nil
		}
	}
	err = batch.Stream(ctx, ex, recs, opts, func(o batch.Outcome) {
		mu.Lock()
		rec := held[o.Index]
		delete(held, o.Index)
		mu.Unlock()
		res, v := o.Result, corpus.Verdict{}
		if rec.Page() && o.Err == nil {
			res, v = filter.Apply(rec.Name(), res)
		}
		l := records.NewLine(rec, res, o.Err)
		if v.Skip != "" {
			l = render.Record{URL: l.URL, Place: l.Place, Skipped: v.Skip}
		}
		l.DuplicateOf = v.DuplicateOf
		write(l)
	})
	if err != nil {
		return err // ctx's; readErr may still be being set
	}
	return readErr
}

// errStopRecords ends the reading of a corpus file whose batch stopped.
var errStopRecords = errors.New("stopped")
