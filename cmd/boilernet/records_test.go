package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boilernet/boilernet/records/recordstest"
	"github.com/boilernet/boilernet/render"
)

// writeCorpus writes a small WARC file (gzipped or not) of n HTML pages
// with a request record before each and one image response.
func writeCorpus(t *testing.T, path string, gz bool, n int) {
	var b bytes.Buffer
	page, err := os.ReadFile("../../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	add := func(rec recordstest.WARCRecord) {
		rec.ID = fmt.Sprintf("<urn:uuid:%d>", b.Len())
		rec.Date = time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
		if err := recordstest.WriteWARC(&b, rec, gz); err != nil {
			t.Fatal(err)
		}
	}
	for i := range n {
		url := fmt.Sprintf("https://example.org/%d", i)
		add(recordstest.WARCRecord{Type: "request", URL: url, ContentType: "application/http;msgtype=request", Block: []byte("GET / HTTP/1.1\r\n\r\n")})
		add(recordstest.WARCRecord{Type: "response", URL: url, ContentType: "application/http;msgtype=response",
			Block: recordstest.HTTPResponse(page, "Content-Type: text/html; charset=utf-8")})
	}
	add(recordstest.WARCRecord{Type: "response", URL: "https://example.org/x.png", ContentType: "application/http;msgtype=response",
		Block: recordstest.HTTPResponse([]byte("\x89PNG...."), "Content-Type: image/png")})
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestExtractRecords(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, filepath.Join(dir, "a.warc"), false, 2)
	writeCorpus(t, filepath.Join(dir, "b.warc.gz"), true, 2)
	data, _ := os.ReadFile(filepath.Join(dir, "a.warc"))
	os.WriteFile(filepath.Join(dir, "c.warc"), data[:len(data)-300], 0o644) // in the last page, losing the image
	os.WriteFile(filepath.Join(dir, "d.jsonl"), []byte(`{"url": "https://example.org/j", "html": "<html><body><p>A page given as JSON, with enough words to keep.</p></body></html>"}`+"\nnot json\n"), 0o644)
	tests := []struct {
		name  string
		args  []string
		lines int
		sum   string
	}{
		{"plain", []string{"a.warc"}, 5, "5 records read: 2 extracted, 3 skipped, 0 failed"},
		{"gzip", []string{"b.warc.gz"}, 5, "5 records read: 2 extracted, 3 skipped, 0 failed"},
		{"truncated", []string{"c.warc"}, 4, "4 records read: 1 extracted, 2 skipped, 1 failed"},
		{"jsonl", []string{"d.jsonl"}, 2, "2 records read: 1 extracted, 0 skipped, 1 failed"},
		{"directory", []string{"."}, 16, "16 records read: 6 extracted, 8 skipped, 2 failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			var args []string
			for _, a := range tt.args {
				args = append(args, filepath.Join(dir, a))
			}
			if status := run(append([]string{"extract", "-q", "-workers", "2", "-format", "jsonl"}, args...), &stdout, &stderr); status != 0 {
				t.Fatalf("status %d: %s", status, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.sum) {
				t.Errorf("stderr %q, want %q", stderr.String(), tt.sum)
			}
			lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
			if len(lines) != tt.lines {
				t.Fatalf("%d lines, want %d", len(lines), tt.lines)
			}
			for _, line := range lines {
				var l render.Record
				if err := json.Unmarshal([]byte(line), &l); err != nil {
					t.Fatal(err)
				}
				kinds := 0
				for _, s := range []string{l.Text, l.Skipped, l.Error} {
					if s != "" {
						kinds++
					}
				}
				if kinds != 1 || l.Source == "" || (strings.Contains(l.Source, ".warc") && l.WARCRecordID == "") {
					t.Errorf("line %s", line)
				}
				if l.Text != "" && (l.URL == "" || l.WARCRecordID != "" && l.Title == "") {
					t.Errorf("line without url or title: %s", line)
				}
			}
		})
	}
	// Every format is honoured, text the default: each extracted record
	// under its name (failed ones on stderr alone), json one array.
	for _, format := range []string{"", "text"} {
		args := []string{"extract", "-q", filepath.Join(dir, "d.jsonl")}
		if format != "" {
			args = append(args, "-format", format)
		}
		checkRun(t, args, 0, []string{"==> https://example.org/j <==\nA page given as JSON, with enough words to keep.\n\n"}, []string{"line 2: not JSON"})
	}
	checkRun(t, []string{"extract", "-q", "-format", "markdown", filepath.Join(dir, "d.jsonl")}, 0,
		[]string{"==> https://example.org/j <==\nA page given as JSON, with enough words to keep.\n\n"}, nil)
	checkRun(t, []string{"extract", "-q", "-format", "html", filepath.Join(dir, "d.jsonl")}, 0,
		[]string{"==> https://example.org/j <==\n<html>", `<mark class="boilernet-content">A page given as JSON`}, nil)
	checkRun(t, []string{"extract", "-q", "-format", "json", filepath.Join(dir, "d.jsonl")}, 0,
		[]string{"[\n  {\n    \"url\": \"https://example.org/j\",", "\"blocks\": [", "\n]\n"}, nil)
	checkRun(t, []string{"extract", "-q", "-o", filepath.Join(dir, "out") + "/", filepath.Join(dir, "d.jsonl")}, 1, nil,
		[]string{"corpus files (WARC, JSONL) give one stream: -o takes a file, not a directory"})
	os.WriteFile(filepath.Join(dir, "e.html"), []byte("<p>a page</p>"), 0o644)
	var stderr bytes.Buffer
	if status := run([]string{"extract", "-q", dir}, &bytes.Buffer{}, &stderr); status == 0 || !strings.Contains(stderr.String(), "cannot be mixed") {
		t.Errorf("directory of pages and corpus files: status %d, %s", status, stderr.String())
	}
	stderr.Reset()
	if status := run([]string{"extract", "-q", filepath.Join(dir, "a.warc"), "../../testdata/sample.html"}, &bytes.Buffer{}, &stderr); status == 0 ||
		!strings.Contains(stderr.String(), "cannot be mixed") {
		t.Errorf("mixed inputs: status %d, %s", status, stderr.String())
	}
}
