package data

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

// FuzzGoldAndLabel feeds arbitrary bytes to the gold parsers and aligns an
// arbitrary page to the result: nothing may panic, labels must cover every
// block and coverage must stay within [0, 1].
func FuzzGoldAndLabel(f *testing.F) {
	f.Add([]byte("URL: http://a\n<p>Some text\n<l>item"), []byte("<p>Some text</p><li>item</li>"))
	f.Add([]byte("Body\n!@#$%^&*()  COMMENTS\nNice"), []byte("<p>Body</p><p>Nice</p>"))
	f.Add([]byte(`<span class="x-nc-sel2">a <span class="x-nc-sel0">b</span></span>`), []byte("<p>a b</p>"))
	f.Fuzz(func(t *testing.T, goldRaw, pageRaw []byte) {
		page, err := tokenize.Parse(pageRaw, tokenize.Options{})
		if err != nil {
			return
		}
		text := tokenize.DecodeText(goldRaw)
		golds := []Gold{ParseCleanEval(text), ParsePlain(text, false)}
		if g, err := ParseAnnotated(goldRaw); err == nil {
			golds = append(golds, g)
		}
		for _, g := range golds {
			l := Label(page.Blocks, g)
			if len(l.Labels) != len(page.Blocks) {
				t.Fatalf("%d labels for %d blocks", len(l.Labels), len(page.Blocks))
			}
			if c := l.Coverage(); c < 0 || c > 1 {
				t.Fatalf("coverage %v", c)
			}
		}
	})
}

// fuzzRead runs read on each fuzzed input written to a file of the given
// name (one file rewritten per input: a target's inputs run one at a time
// in each process, and rewriting is much cheaper than a t.TempDir per
// input). An error must name the file; check tests a successful read.
func fuzzRead[T any](f *testing.F, name string, read func(path string) (T, error), check func(t *testing.T, raw []byte, got T)) {
	path := filepath.Join(f.TempDir(), name)
	f.Fuzz(func(t *testing.T, raw []byte) {
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := read(path)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error does not name %s: %v", path, err)
			}
			return
		}
		check(t, raw, got)
	})
}

// FuzzReadIDs reads arbitrary bytes as a split file. It must not panic;
// an error must name the file; on success there are at most as many ids as
// lines and every id is non-empty, trimmed, one line, and not a path (no
// slash or backslash, not . or ..).
func FuzzReadIDs(f *testing.F) {
	for _, s := range []string{
		"p00\np01\n",
		"  p00 \r\n\n\tp01",
		"",
		"a b\n",
		"../etc/passwd\n",
		"a\\b\n",
		"..\n",
		"ok\n.\n",
	} {
		f.Add([]byte(s))
	}
	fuzzRead(f, "test.txt", readIDs, func(t *testing.T, raw []byte, ids []string) {
		if lines := strings.Count(string(raw), "\n") + 1; len(ids) > lines {
			t.Fatalf("%d ids from %d lines", len(ids), lines)
		}
		for _, id := range ids {
			if id == "" || id != strings.TrimSpace(id) || strings.ContainsAny(id, "\n/\\") || id == "." || id == ".." {
				t.Fatalf("bad id %q", id)
			}
		}
	})
}

// TestReadIDsLongLine checks the one error of readIDs that fuzzing does
// not reach cheaply, a line longer than bufio.Scanner's 64 KiB: it must
// name the file too.
func TestReadIDsLongLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "test.txt")
	if err := os.WriteFile(path, []byte("p00\n"+strings.Repeat("x", 70000)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readIDs(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("error %v, want one naming %s", err, path)
	}
}

// FuzzReadMeta reads arbitrary bytes as a meta.tsv. It must not panic; an
// error must name the file; on success there are fewer rows than lines
// (the header is one) and every row has the same columns.
func FuzzReadMeta(f *testing.F) {
	for _, s := range []string{
		"id\tpage_type\tlanguage\na1\tarticle\ten\na2\tforum\tde\n",
		"id\tpage_type\r\na1\t\"quoted\ttab\"\r\n",
		"id\tnote\na1\tsays \"hi\" lazily\n",
		"id\n\na1\n",
		"id\tx\tx\na1\t1\t2\n",
		"",
		"id\tpage_type\na1\n",
		"id\tpage_type\na1\tarticle\textra\n",
		"id\tnote\na1\t\"unterminated\n",
	} {
		f.Add([]byte(s))
	}
	fuzzRead(f, "meta.tsv", readMeta, func(t *testing.T, raw []byte, meta map[string]map[string]string) {
		if lines := strings.Count(string(raw), "\n") + 1; len(meta) >= lines {
			t.Fatalf("%d rows from %d lines", len(meta), lines)
		}
		var first map[string]string
		for id, row := range meta {
			if first == nil {
				first = row
			}
			if len(row) != len(first) {
				t.Fatalf("row %q has %d columns, another %d", id, len(row), len(first))
			}
			for c := range row {
				if _, ok := first[c]; !ok {
					t.Fatalf("row %q has column %q, another not", id, c)
				}
			}
		}
	})
}
