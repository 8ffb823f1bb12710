package batch

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/boilernet/boilernet/render"
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

// TestOutput: pages written to a stream (json: one JSON array whatever
// the number of pages; text: one page alone, several under their names) and to a directory (one file per page);
// failed pages only into a jsonl stream, skipped ones only in jsonl.
func TestOutput(t *testing.T) {
	ok := render.Record{File: "a.html", Text: "A."}
	failed := render.Record{File: "b.html", Error: "b.html: binary content"}
	skipped := render.Record{File: "c.html", Skipped: "language fr"}
	for _, tc := range []struct {
		format string
		multi  bool
		recs   []render.Record
		want   string
	}{
		{"text", false, []render.Record{ok}, "A.\n"},
		{"text", true, []render.Record{ok, failed, skipped, ok}, "==> a.html <==\nA.\n\n==> a.html <==\nA.\n\n"},
		{"jsonl", true, []render.Record{ok, failed, skipped},
			`{"file":"a.html","text":"A."}` + "\n" + `{"file":"b.html","text":"","error":"b.html: binary content"}` + "\n" + `{"file":"c.html","text":"","skipped":"language fr"}` + "\n"},
		{"json", true, []render.Record{ok, failed, ok}, "[\n  {\n    \"file\": \"a.html\",\n    \"text\": \"A.\"\n  },\n  {\n    \"file\": \"a.html\",\n    \"text\": \"A.\"\n  }\n]\n"},
		{"json", false, []render.Record{ok}, "[\n  {\n    \"file\": \"a.html\",\n    \"text\": \"A.\"\n  }\n]\n"},
		{"json", true, nil, "[]\n"},
		{"json", false, []render.Record{failed}, "[]\n"},
	} {
		var b bytes.Buffer
		o, err := NewOutput("", tc.format, &b, tc.multi)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range tc.recs {
			if err := o.Write("x", nil, rec); err != nil {
				t.Fatal(err)
			}
		}
		if err := o.Close(); err != nil {
			t.Fatal(err)
		}
		if b.String() != tc.want {
			t.Errorf("%s, %d pages: got\n%q\nwant\n%q", tc.format, len(tc.recs), b.String(), tc.want)
		}
	}
	dir := filepath.Join(t.TempDir(), "out") + string(filepath.Separator)
	o, err := NewOutput(dir, "jsonl", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range []render.Record{ok, failed, skipped} {
		if err := o.Write(strings.TrimSuffix(rec.File, ".html"), nil, rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(files) != 2 || filepath.Base(files[0]) != "a.jsonl" || filepath.Base(files[1]) != "c.jsonl" {
		t.Errorf("files %v, want a.jsonl and c.jsonl (no file for the failed page)", files)
	}
}
