package batch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"strconv"

	"github.com/boilernet/boilernet/corpus"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
)

// An Output writes a run's pages in one format (see render.Write): into
// one stream (standard output or a file), or one file per page in a
// directory. A stream is written record by record, so that a failed
// write (a full disk) never leaves part of a record behind (see
// NewOutput).
type Output struct {
	format string
	dir    string        // per-page files when set
	w      *wholeWriter  // the stream otherwise
	multi  bool          // several pages into the stream
	n      int           // json's array elements written
	buf    bytes.Buffer  // the record being written
	files  *bufio.Writer // for per-page files, reused

	// Head names a page in a text-like stream of several pages (the
	// "==> NAME <==" line); nil is the record's File.
	Head func(render.Record) string
}

// NewOutput writes pages in format (one of render.Formats) to out: "" is
// stdout, a directory (IsDirOutput; created if needed) gets one file per
// page (see Write), anything else is a file, created. A json stream is
// one JSON array of records whatever the number of pages (a file of a
// directory output holds one record). multi says that several pages may
// go into one stream: text-like formats then put each page under a
// "==> NAME <==" line.
//
// Into a file (the one of out, or stdout when it is redirected to a
// regular file: > out.jsonl, >> out.jsonl) each record is written with
// one Write call, and a failed one is cut off again, so the file ends
// with the last whole record; other standard outputs (a pipe, a
// terminal), which cannot be cut, are buffered.
func NewOutput(out, format string, stdout io.Writer, multi bool) (*Output, error) {
	o := &Output{format: format, multi: multi}
	switch {
	case out == "":
		o.w = newWholeWriter(nil, stdout)
	case IsDirOutput(out):
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, err
		}
		o.dir = out
	default:
		f, err := os.Create(out)
		if err != nil {
			return nil, err
		}
		o.w = newWholeWriter(f, nil)
	}
	return o, nil
}

// Write writes one page: r and its record rec (r nil when it failed:
// rec.Error says why). Under a directory it goes into the file name
// (slash-separated; see Names) with the format's extension (render.Ext),
// written under a temporary name and renamed, so that a file with the
// final name is always whole. A page that failed is written only into a
// jsonl stream, a skipped one (rec.Skipped) only in jsonl.
func (o *Output) Write(name string, r *infer.Result, rec render.Record) error {
	if rec.Skipped != "" && o.format != "jsonl" || rec.Error != "" && (o.format != "jsonl" || o.dir != "") {
		return nil // counted in the summary
	}
	if o.dir != "" {
		return o.writeFile(filepath.Join(o.dir, filepath.FromSlash(name)+render.Ext(o.format)), r, rec)
	}
	o.buf.Reset()
	if o.format == "json" {
		// One JSON array, its elements as json writes one page, indented
		// one level more (a JSON string holds no raw newline).
		if err := render.Write(&o.buf, o.format, r, rec); err != nil {
			return err
		}
		elem := bytes.TrimSuffix(o.buf.Bytes(), []byte("\n"))
		sep := ",\n  "
		if o.n == 0 {
			sep = "[\n  "
		}
		o.n++
		return o.w.record(append([]byte(sep), bytes.ReplaceAll(elem, []byte("\n"), []byte("\n  "))...))
	}
	if err := o.writeOne(&o.buf, r, rec); err != nil {
		return err
	}
	return o.w.record(o.buf.Bytes())
}

// writeOne writes a page, under its name in a stream of several pages of
// a text-like format.
func (o *Output) writeOne(w io.Writer, r *infer.Result, rec render.Record) error {
	head := o.multi && o.format != "json" && o.format != "jsonl"
	if head {
		name := rec.File
		if o.Head != nil {
			name = o.Head(rec)
		}
		if _, err := fmt.Fprintf(w, "==> %s <==\n", name); err != nil {
			return err
		}
	}
	err := render.Write(w, o.format, r, rec)
	if err == nil && head {
		_, err = fmt.Fprintln(w)
	}
	return err
}

// writeFile writes a page into its own file, path.
func (o *Output) writeFile(path string, r *infer.Result, rec render.Record) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".boilernet-*.tmp")
	if err != nil {
		return err
	}
	if o.files == nil {
		o.files = bufio.NewWriter(f)
	} else {
		o.files.Reset(f)
	}
	err = render.Write(o.files, o.format, r, rec)
	if ferr := o.files.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Record writes one record of a stream as it is (a corpus record's line,
// say); under a directory it is an error.
func (o *Output) Record(p []byte) error {
	if o.w == nil {
		return errors.New("batch: a record written to a directory output")
	}
	return o.w.record(p)
}

// Close ends the stream (json's array) and flushes standard output or
// closes the file; it returns the first error of writing, then of
// closing.
func (o *Output) Close() error {
	if o.w == nil {
		return nil
	}
	var err error
	if o.format == "json" {
		end := "\n]\n"
		if o.n == 0 {
			end = "[]\n"
		}
		err = o.w.record([]byte(end))
	}
	if cerr := o.w.close(); err == nil {
		err = cerr
	}
	return err
}

// wholeWriter writes an output stream record by record (see NewOutput).
type wholeWriter struct {
	file cuttable // nil for standard output that is not a file
	buf  *bufio.Writer
	err  error
}

// cuttable is a file that can be cut back to a size (an *os.File).
type cuttable interface {
	io.WriteCloser
	io.Seeker
	Truncate(size int64) error
	Name() string
}

// newWholeWriter writes to file, or when it is nil to stdout.
func newWholeWriter(file *os.File, stdout io.Writer) *wholeWriter {
	if file != nil {
		return &wholeWriter{file: file}
	}
	if f, ok := stdout.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return &wholeWriter{file: stdoutFile{f}}
		}
	}
	return &wholeWriter{buf: bufio.NewWriter(stdout)}
}

// stdoutFile is standard output redirected to a file: it is named as
// such, and left open.
type stdoutFile struct{ *os.File }

func (f stdoutFile) Close() error { return nil }

func (f stdoutFile) Name() string {
	if path, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(f.Fd()))); err == nil {
		return "standard output (" + path + ")"
	}
	return "standard output"
}

// record writes one whole record; after an error, it writes nothing and
// returns that error.
func (w *wholeWriter) record(p []byte) error {
	if w.err != nil {
		return w.err
	}
	if w.file == nil {
		if _, err := w.buf.Write(p); err != nil {
			w.err = named("standard output", err)
		}
		return w.err
	}
	n, err := w.file.Write(p)
	if err == nil {
		return nil
	}
	w.err = named(w.file.Name(), err)
	if n > 0 {
		// Cut where the record started: n bytes before the file's offset
		// (its end, also when it is appended to).
		end, serr := w.file.Seek(0, io.SeekCurrent)
		if serr == nil {
			serr = w.file.Truncate(end - int64(n))
		}
		if serr != nil {
			w.err = fmt.Errorf("%w; and the part of a record written could not be cut off: %v", w.err, serr)
		} else {
			w.err = fmt.Errorf("%w (the file ends with the last whole record)", w.err)
		}
	}
	return w.err
}

// close flushes standard output, or closes the file.
func (w *wholeWriter) close() error {
	if w.file == nil {
		if err := w.buf.Flush(); err != nil && w.err == nil {
			w.err = named("standard output", err)
		}
		return w.err
	}
	if err := w.file.Close(); w.err == nil && err != nil {
		w.err = named(w.file.Name(), err)
	}
	return w.err
}

// named is err, an error writing the output, under the output's name
// (the name of the path the system gives, /dev/stdout, left out).
func named(name string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %s: %w", name, pe.Op, pe.Err)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// Tally counts the pages of a run: those extracted and those that failed.
type Tally struct{ OK, Failed int }

// Extract extracts pages (Stream) and writes each into o (Write) under
// the name names gives it (Names.Next), its result passed through filter
// first (package corpus: repeated paragraphs and pages, languages; a
// skipped page is written only in jsonl). seen, if not nil, is called
// with each outcome and the filter's verdict on it before it is written.
// A failed write stops the run and is returned; otherwise the error is
// ctx's, once it is done (the pages not extracted yet are not written).
func (o *Output) Extract(ctx context.Context, e *infer.Extractor, pages iter.Seq[Page], opts Options, names *Names, filter *corpus.Filter, seen func(Outcome, corpus.Verdict)) (Tally, error) {
	ctx, stop := context.WithCancel(ctx) // stopped when the output fails: nothing more can be written
	defer stop()
	var t Tally
	var writeErr error
	runErr := Stream(ctx, e, pages, opts, func(out Outcome) {
		name := names.Next()
		var v corpus.Verdict
		if out.Err != nil {
			t.Failed++
		} else {
			t.OK++
			out.Result, v = filter.Apply(out.Page.Name, out.Result)
		}
		if seen != nil {
			seen(out, v)
		}
		if writeErr == nil {
			if writeErr = o.Write(name, out.Result, PageRecord(out, v)); writeErr != nil {
				stop()
			}
		}
	})
	if writeErr != nil {
		return t, writeErr
	}
	return t, runErr
}

// PageRecord is the record of a page's outcome; v is what the corpus
// filter decided about it (a skipped page keeps only its URL and why,
// and a page whose text repeats an earlier one's says so).
func PageRecord(o Outcome, v corpus.Verdict) render.Record {
	rec := render.Record{File: o.Page.Name}
	switch {
	case o.Err != nil:
		rec.Error = o.Err.Error()
	case v.Skip != "":
		rec.URL = o.Result.URL
	default:
		rec = render.NewRecord(o.Page.Name, o.Result)
		if v.DuplicateOf != "" {
			rec.Warning = "the same text as " + v.DuplicateOf
		}
	}
	rec.Skipped, rec.DuplicateOf = v.Skip, v.DuplicateOf
	return rec
}
