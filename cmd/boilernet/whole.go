package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
)

// wholeWriter writes an output stream record by record, so that a write
// error (a full disk) never leaves part of a record behind: each record is
// written with one Write call, and into a file, a failed one is cut off
// again (the file ends with the last whole record). That holds for the -o
// file and for standard output redirected to a file (> out.jsonl, >>
// out.jsonl); other standard outputs (a pipe, a terminal), which cannot
// be cut, are buffered.
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
