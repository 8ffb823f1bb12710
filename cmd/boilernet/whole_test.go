package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

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
