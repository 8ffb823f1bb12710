package records

import (
	"context"
	"fmt"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
)

// Name is the name of rec's page in error messages and batches: the file
// and the offset (WARC; and where in its gzip member, for a member of
// several records) or line (JSONL).
func (rec *Record) Name() string {
	switch {
	case rec.Line > 0:
		return fmt.Sprintf("%s: line %d", rec.Source, rec.Line)
	case rec.InMember > 0:
		return fmt.Sprintf("%s: offset %d, at %d in its gzip member", rec.Source, rec.Offset, rec.InMember)
	}
	return fmt.Sprintf("%s: offset %d", rec.Source, rec.Offset)
}

// NewLine makes rec's output line from its extraction (res, or err, which
// should name the record; nil for a record that is not a page): a
// render.Record named by rec's URL and place, then what was extracted, or
// why it was skipped, or what went wrong. Written as one JSON object a
// line, the lines of a run account for every record read.
func NewLine(rec *Record, res *infer.Result, err error) render.Record {
	var l render.Record
	switch {
	case rec.Err != nil:
		l.Error = rec.Err.Error()
	case rec.Skip != "":
	case err != nil:
		l.Error = err.Error()
	case res != nil:
		l = render.NewRecord("", res)
	}
	l.URL, l.Place, l.Skipped = rec.URL, rec.place(), rec.Skip
	return l
}

// FileLine is the line of a corpus file that could not be read on: its
// error, at offset -1.
func FileLine(source, err string) render.Record {
	return render.Record{Place: &render.Place{Source: source, Offset: -1}, Error: err}
}

// place is where rec was read, for its line.
func (rec *Record) place() *render.Place {
	return &render.Place{WARCRecordID: rec.ID, WARCDate: rec.Date, Source: rec.Source, Offset: rec.Offset, InMember: rec.InMember, Line: rec.Line}
}

// Extract extracts rec's page with e as a batch of many records does it
// (batch.Extract: with rec's charset and URL, within
// batch.DefaultPageTimeout) and returns its line; a record that is not a
// page gives its skip or error line. An error names the record (Name), as
// in a batch: a page over the time limit fails with batch.ErrPageTimeout.
// When ctx is done the line holds the context's error at once (the
// extraction stops at its next step). A line has no blocks, so the
// blocks' locators are not computed (SkipLocators).
func Extract(ctx context.Context, e *infer.Extractor, rec *Record, opts infer.Options) render.Record {
	if !rec.Page() {
		return NewLine(rec, nil, nil)
	}
	opts.SkipLocators = true // a line has no blocks
	o := batch.Extract(ctx, e, 0, rec.BatchPage(), batch.Options{Extract: opts})
	return NewLine(rec, o.Result, o.Err)
}

// BatchPage is rec's page for a batch (batch.Run), named by Name, with
// its charset and URL.
func (rec *Record) BatchPage() batch.Page {
	return batch.Bytes(rec.Name(), rec.HTML, rec.Charset, rec.URL)
}

// Summary counts the records of a run by outcome.
type Summary struct {
	Read, Extracted, Skipped, Failed int
}

// Add counts l.
func (s *Summary) Add(l render.Record) {
	s.Read++
	switch {
	case l.Error != "":
		s.Failed++
	case l.Skipped != "":
		s.Skipped++
	default:
		s.Extracted++
	}
}

// String is the summary as extract prints it.
func (s Summary) String() string {
	return fmt.Sprintf("%d records read: %d extracted, %d skipped, %d failed", s.Read, s.Extracted, s.Skipped, s.Failed)
}
