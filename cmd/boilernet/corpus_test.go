package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/render"
)

// -dedup and -lang: repeated pages are marked and emptied, pages in other
// languages skipped, each counted on stderr; a skipped page is a jsonl
// line saying why, and no output in other formats.
func TestExtractCorpusFilters(t *testing.T) {
	dir := t.TempDir()
	sample, err := os.ReadFile("../../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.html", "b.html"} {
		if err := os.WriteFile(filepath.Join(dir, name), sample, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
	for _, tc := range []struct {
		name   string
		args   []string
		stdout []string
		stderr []string
	}{
		{"dedup", []string{"extract", "-q", "-dedup", "-format", "jsonl", a, b}, []string{`"file":"` + b + `","title":"Night trains return to the Alps","text":""`, `"duplicate_of":"` + a + `"`, `"warning":"the same text as ` + a + `"`},
			[]string{"2 pages: 0 skipped for their language, 1 duplicate pages, 10 repeated paragraphs dropped"}},
		{"lang kept", []string{"extract", "-q", "-lang", "en,de", a}, []string{"overnight passenger trains"}, []string{"1 pages: 0 skipped for their language"}},
		{"lang skipped jsonl", []string{"extract", "-q", "-lang", "de", "-format", "jsonl", a}, []string{`"skipped":"language en, not de"`}, []string{"1 skipped for their language"}},
		{"bad lang", []string{"extract", "-q", "-lang", "english!", a}, nil, []string{"-lang english!", "not a language code"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status := 0
			if tc.name == "bad lang" {
				status = 1
			}
			checkRun(t, tc.args, status, tc.stdout, tc.stderr)
		})
	}
	// Text output of a skipped page: nothing.
	var out, errOut bytes.Buffer
	if status := run([]string{"extract", "-q", "-lang", "de", a}, &out, &errOut); status != 0 || out.Len() != 0 {
		t.Errorf("a skipped page in text: status %d, stdout %q", status, out.String())
	}
}

// -dedup and -lang on a corpus file: the second copy of a page is a
// duplicate of the first record, and a language filter skips records with
// a line saying why.
func TestExtractRecordsCorpusFilters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.warc")
	writeCorpus(t, path, false, 2) // the same page twice
	var out, errOut bytes.Buffer
	if status := run([]string{"extract", "-q", "-format", "jsonl", "-dedup", path}, &out, &errOut); status != 0 {
		t.Fatalf("status %d: %s", status, errOut.String())
	}
	var lines []render.Record
	for l := range strings.Lines(out.String()) {
		var line render.Record
		if err := json.Unmarshal([]byte(l), &line); err != nil {
			t.Fatal(err)
		}
		if line.Text != "" || line.DuplicateOf != "" {
			lines = append(lines, line)
		}
	}
	if len(lines) != 2 || lines[0].DuplicateOf != "" || lines[1].DuplicateOf != path+": offset 0" && !strings.HasPrefix(lines[1].DuplicateOf, path+": offset ") || lines[1].Text != "" {
		t.Errorf("pages: %+v", lines)
	}
	if !strings.Contains(errOut.String(), "1 duplicate pages") {
		t.Errorf("stderr: %s", errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if status := run([]string{"extract", "-q", "-format", "jsonl", "-lang", "fr", path}, &out, &errOut); status != 0 {
		t.Fatalf("status %d: %s", status, errOut.String())
	}
	if n := strings.Count(out.String(), `"skipped":"language en, not fr"`); n != 2 || !strings.Contains(errOut.String(), "2 skipped for their language") {
		t.Errorf("%d lines skipped for their language:\n%s\n%s", n, out.String(), errOut.String())
	}
}

// -comments: the readers' comments in jsonl and markdown, never in the text.
func TestExtractComments(t *testing.T) {
	const page = "../../infer/testdata/comments-wordpress.html"
	checkRun(t, []string{"extract", "-comments", "-format", "jsonl", page}, 0,
		[]string{`"comments":[{"author":"Ann","date":"January 2, 2024","text":"Great post, I agree with every word of it."},{"author":"Bob","text":"Not me`}, nil)
	checkRun(t, []string{"extract", "-comments", "-format", "markdown", page}, 0, []string{"## Comments\n\n**Ann** · January 2, 2024\n\n> Great post"}, nil)
	var out, errOut bytes.Buffer
	if run([]string{"extract", "-comments", page}, &out, &errOut) != 0 || strings.Contains(out.String(), "Great post") {
		t.Errorf("text output:\n%s%s", out.String(), errOut.String())
	}
}
