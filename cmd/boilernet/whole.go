package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// wholeWriter writes an output stream record by record, so that a write
// error (a full disk) never leaves part of a record behind: each record is
// written with one Write call, and into a file, a failed one is cut off
// again (the file ends with the last whole record). Standard output, which
// cannot be cut, is buffered.
type wholeWriter struct {
	file cuttable // nil for standard output
	size int64    // the bytes of whole records in file
	buf  *bufio.Writer
	err  error
}

// cuttable is a file that can be cut back to a size (an *os.File).
type cuttable interface {
	io.WriteCloser
	Truncate(size int64) error
	Name() string
}

// newWholeWriter writes to file, or when it is nil to stdout.
func newWholeWriter(file *os.File, stdout io.Writer) *wholeWriter {
	if file != nil {
		return &wholeWriter{file: file}
	}
	return &wholeWriter{buf: bufio.NewWriter(stdout)}
}

// record writes one whole record; after an error, it writes nothing and
// returns that error.
func (w *wholeWriter) record(p []byte) error {
	if w.err != nil {
		return w.err
	}
	if w.file == nil {
		_, w.err = w.buf.Write(p)
		return w.err
	}
	n, err := w.file.Write(p)
	if err == nil {
		w.size += int64(n)
		return nil
	}
	w.err = fmt.Errorf("%s: %w", w.file.Name(), err)
	if n > 0 {
		if terr := w.file.Truncate(w.size); terr != nil {
			w.err = fmt.Errorf("%w; and the part of a record written could not be cut off: %v", w.err, terr)
		} else {
			w.err = fmt.Errorf("%w (the file ends with the last whole record)", w.err)
		}
	}
	return w.err
}

// close flushes standard output, or closes the file.
func (w *wholeWriter) close() error {
	if w.file == nil {
		if err := w.buf.Flush(); w.err == nil {
			w.err = err
		}
		return w.err
	}
	if err := w.file.Close(); w.err == nil {
		w.err = err
	}
	return w.err
}
