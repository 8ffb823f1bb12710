package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestEnsure(t *testing.T) {
	dir := t.TempDir()
	p := page{name: "small.html.gz", write: func(w io.Writer) error {
		z := gzip.NewWriter(w)
		z.Write(bytes.Repeat([]byte("<p>a</p>"), 1000))
		return z.Close()
	}}
	path := filepath.Join(dir, p.name)
	size, decoded, err := ensure(path, p)
	if err != nil || decoded != 8000 || size <= 0 || size >= decoded {
		t.Fatalf("size %d, decoded %d, err %v", size, decoded, err)
	}
	// An existing file is measured, not rewritten.
	p.write = func(io.Writer) error { t.Error("rewritten"); return nil }
	if _, d2, err := ensure(path, p); err != nil || d2 != decoded {
		t.Errorf("second ensure: %d, %v", d2, err)
	}
}

// TestMeasure runs a stand-in for boilernet: a shell script that ignores
// its arguments, and one that fails.
func TestMeasure(t *testing.T) {
	dir := t.TempDir()
	ok, bad := filepath.Join(dir, "ok"), filepath.Join(dir, "bad")
	os.WriteFile(ok, []byte("#!/bin/sh\nexit 0\n"), 0o755)
	os.WriteFile(bad, []byte("#!/bin/sh\necho 'boilernet extract: x.html: page too large' >&2\nexit 1\n"), 0o755)
	rss, status, _, err := measure(ok, "x.html", "jsonl", []string{"-images"}, 1<<30)
	if err != nil || rss <= 0 || status != "0" {
		t.Errorf("ok: rss %d, status %q, err %v", rss, status, err)
	}
	_, status, _, err = measure(bad, "x.html", "jsonl", nil, 0)
	if err != nil || !strings.HasPrefix(status, "1: x.html: page too large") {
		t.Errorf("bad: status %q, err %v", status, err)
	}
}

func TestPagesAreWithinTheSizeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 150 MB")
	}
	for _, p := range pages {
		var n countWriter
		var w io.Writer = &n
		if err := p.write(w); err != nil {
			t.Fatal(err)
		}
		if n > 64<<20 {
			t.Errorf("%s: %d bytes", p.name, n)
		}
	}
}

type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }
