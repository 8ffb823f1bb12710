package main

import (
	"errors"
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
