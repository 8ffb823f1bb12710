package records

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/corpus"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
)

// ExtractFile extracts the records of the corpus file path as they are
// read (one batch.Stream, so at most 4 × workers records are held at
// once) and calls write once per record, in file order, with its line
// (NewLine) and its result (nil when the record failed, was skipped or
// holds no page): a page that filter skips keeps only its place and why,
// and DuplicateOf names the earlier page whose text a page repeats. The
// error is one that ends the file (it could not be opened, or reading
// it failed: the records read before are written), or ctx's when it is
// done: then the records not extracted yet are not written.
func ExtractFile(ctx context.Context, e *infer.Extractor, path string, opts batch.Options, filter *corpus.Filter, write func(render.Record, *infer.Result)) error {
	r, c, err := Open(path, Limits{})
	if err != nil {
		return err
	}
	defer c.Close()
	var mu sync.Mutex
	held := map[int]*Record{} // the records in flight, by index
	var readErr error
	recs := func(yield func(batch.Page) bool) {
		n := 0
		readErr = ReadAll(r, func(rec *Record) error {
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
	err = batch.Stream(ctx, e, recs, opts, func(o batch.Outcome) {
		mu.Lock()
		rec := held[o.Index]
		delete(held, o.Index)
		mu.Unlock()
		res, v := o.Result, corpus.Verdict{}
		if rec.Page() && o.Err == nil {
			res, v = filter.Apply(rec.Name(), res)
		}
		l := NewLine(rec, res, o.Err)
		if v.Skip != "" {
			l = render.Record{URL: l.URL, Place: l.Place, Skipped: v.Skip}
		}
		l.DuplicateOf = v.DuplicateOf
		if l.Error != "" || l.Skipped != "" {
			res = nil
		}
		write(l, res)
	})
	if err != nil {
		return err // ctx's; readErr may still be being set
	}
	return readErr
}

// ExtractFiles extracts the records of the corpus files in order
// (ExtractFile), calling write with every line and its result and
// counting them; a file
// that cannot be opened or read on gives its FileLine and the run goes
// on. The first error of write stops the run and is returned; otherwise
// the error is ctx's, once it is done (the records not extracted yet are
// not written).
func ExtractFiles(ctx context.Context, e *infer.Extractor, files []string, opts batch.Options, filter *corpus.Filter, write func(render.Record, *infer.Result) error) (Summary, error) {
	ctx, stop := context.WithCancel(ctx) // stopped when write fails: nothing more can be written
	defer stop()
	var sum Summary
	var writeErr error
	add := func(l render.Record, res *infer.Result) {
		if writeErr != nil {
			return
		}
		sum.Add(l)
		if writeErr = write(l, res); writeErr != nil {
			stop()
		}
	}
	for _, file := range files {
		err := ExtractFile(ctx, e, file, opts, filter, add)
		if writeErr != nil {
			return sum, writeErr
		}
		if ctx.Err() != nil {
			return sum, ctx.Err()
		}
		if err != nil {
			add(FileLine(file, err.Error()), nil)
		}
	}
	return sum, writeErr
}

// errStopRecords ends the reading of a corpus file whose batch stopped.
var errStopRecords = errors.New("stopped")

// LineName names a record by its line (of NewLine or FileLine) in text
// output: its URL, else its file and line (JSONL) or offset (WARC).
func LineName(l render.Record) string {
	switch {
	case l.URL != "":
		return l.URL
	case l.Line > 0:
		return fmt.Sprintf("%s: line %d", l.Source, l.Line)
	}
	return fmt.Sprintf("%s: offset %d", l.Source, l.Offset)
}
