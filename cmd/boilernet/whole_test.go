package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fullFile is a file on a disk that fills up after room bytes: a write
// past it writes what fits and fails.
type fullFile struct {
	data []byte
	room int
}

func (f *fullFile) Write(p []byte) (int, error) {
	n := min(len(p), f.room-len(f.data))
	f.data = append(f.data, p[:n]...)
	if n < len(p) {
		return n, syscall.ENOSPC
	}
	return n, nil
}
func (f *fullFile) Truncate(size int64) error { f.data = f.data[:size]; return nil }
func (f *fullFile) Close() error              { return nil }
func (f *fullFile) Name() string              { return "out.jsonl" }

func (f *fullFile) Seek(off int64, whence int) (int64, error) {
	return int64(len(f.data)), nil // the offset is the end: only Seek(0, io.SeekCurrent) is asked
}

// TestWholeRecords: when the disk fills in the middle of a record, the
// file ends with the last whole record, and the error names the file.
func TestWholeRecords(t *testing.T) {
	for _, tc := range []struct {
		room int
		want string
	}{
		{100, "{\"a\":1}\n{\"b\":2}\n"},
		{12, "{\"a\":1}\n"},
		{8, "{\"a\":1}\n"},
		{3, ""},
	} {
		f := &fullFile{room: tc.room}
		w := &wholeWriter{file: f}
		var err error
		for _, rec := range []string{"{\"a\":1}\n", "{\"b\":2}\n"} {
			if err = w.record([]byte(rec)); err != nil {
				break
			}
		}
		if cerr := w.close(); err == nil {
			err = cerr
		}
		if string(f.data) != tc.want {
			t.Errorf("room %d: file %q, want %q", tc.room, f.data, tc.want)
		}
		full := tc.room < 16
		if full != (err != nil) || full && (!errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "out.jsonl")) {
			t.Errorf("room %d: error %v", tc.room, err)
		}
		if full && w.record([]byte("x")) == nil {
			t.Errorf("room %d: a write after the error succeeded", tc.room)
		}
	}
}

// TestWholeRecordsAppended: a record cut short is cut off where it
// started, also in a file that held data before the run (>> out.jsonl).
func TestWholeRecordsAppended(t *testing.T) {
	f := &fullFile{data: []byte("{\"old\":0}\n"), room: 24}
	w := &wholeWriter{file: f}
	if err := w.record([]byte("{\"a\":1}\n")); err != nil {
		t.Fatal(err)
	}
	if err := w.record([]byte("{\"b\":2}\n")); err == nil {
		t.Fatal("no error on a full disk")
	}
	if want := "{\"old\":0}\n{\"a\":1}\n"; string(f.data) != want {
		t.Errorf("file %q, want %q", f.data, want)
	}
}

// TestStdoutToFile: standard output redirected to a file is written
// record by record, named in errors, and not closed.
func TestStdoutToFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.jsonl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := newWholeWriter(nil, f)
	if w.file == nil || !strings.Contains(w.file.Name(), "standard output") {
		t.Fatalf("standard output to a file not written as a file: %#v", w)
	}
	if err := w.record([]byte("x\n")); err != nil {
		t.Fatal(err)
	}
	if err := w.close(); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("y\n")); err != nil {
		t.Errorf("standard output closed: %v", err)
	}
	if w := newWholeWriter(nil, &bytes.Buffer{}); w.file != nil {
		t.Error("a buffer taken for a file")
	}
}

// failingWriter is an output whose every write fails, as on a full disk.
type failingWriter struct{ writes int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes++
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// TestOutputFails: when the output cannot be written, extract stops with
// an error naming it (no silent truncation, a non-zero exit), for pages
// and for corpus files, to standard output and to -o.
func TestOutputFails(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, filepath.Join(dir, "a.warc"), false, 3)
	var pages []string
	for i := range 3 {
		p := filepath.Join(dir, "p"+string(rune('0'+i))+".html")
		data, _ := os.ReadFile("../../testdata/sample.html")
		os.WriteFile(p, data, 0o644)
		pages = append(pages, p)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"pages jsonl", append([]string{"-format", "jsonl"}, pages...), "standard output: write: no space left on device"},
		{"pages json", append([]string{"-format", "json"}, pages...), "standard output: write: no space left on device"},
		{"one page text", pages[:1], "standard output: write: no space left on device"},
		{"warc", []string{filepath.Join(dir, "a.warc")}, "standard output: write: no space left on device"},
		{"warc text", []string{"-format", "text", filepath.Join(dir, "a.warc")}, "standard output: write: no space left on device"},
		{"-o /dev/full", append([]string{"-o", "/dev/full", "-format", "jsonl"}, pages...), "/dev/full: write: no space left on device"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.HasPrefix(tc.name, "-o") {
				if _, err := os.Stat("/dev/full"); err != nil {
					t.Skip("no /dev/full")
				}
			}
			var stderr bytes.Buffer
			out := &failingWriter{}
			status := run(append([]string{"extract", "-q", "-workers", "1"}, tc.args...), out, &stderr)
			if status == 0 || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("status %d, stderr %q, want an error with %q", status, stderr.String(), tc.want)
			}
		})
	}
}
