package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/shallow"
)

// TestHelp: every subcommand's -h exits 0 and starts with its usage line,
// "boilernet help CMD" prints the same on stdout, and an unknown command
// says so (issue 10).
func TestHelp(t *testing.T) {
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if status := run([]string{c.name, "-h"}, &out, &errOut); status != 0 {
				t.Errorf("%s -h: status %d", c.name, status)
			}
			want := "usage: boilernet " + c.name + " "
			if !strings.HasPrefix(errOut.String(), want) || !strings.Contains(errOut.String(), "\nflags:\n  -") {
				t.Errorf("%s -h: stderr\n%s\nwant the usage line %q and the flags", c.name, errOut.String(), want)
			}
			out.Reset()
			errOut.Reset()
			if status := run([]string{"help", c.name}, &out, &errOut); status != 0 || !strings.HasPrefix(out.String(), want) {
				t.Errorf("help %s: status %d, stdout\n%s", c.name, status, out.String())
			}
		})
	}
	checkRun(t, []string{"help", "nope"}, 2, nil, []string{`unknown command "nope"`})
	checkRun(t, []string{"-h"}, 0, nil, []string{"boilernet help COMMAND"})
	checkRun(t, []string{"extract", "-h"}, 0, nil, []string{"-threshold", "bilstm", "-o DIR/"})
}

// TestBadFormat: an unknown -format names itself and the valid values,
// before any work.
func TestBadFormat(t *testing.T) {
	checkRun(t, []string{"extract", "-format", "docx", "nope.html"}, 1, nil,
		[]string{"-format docx: unknown format (valid: text, json, jsonl, html, markdown, xml, tei)"})
}

// TestFlagTypos: a mistyped flag is one line naming it and the nearest
// flag, and -version is the version command.
func TestFlagTypos(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		stdout []string
		stderr []string
	}{
		{[]string{"extract", "-fromat", "json", "x.html"}, 1, nil, []string{"boilernet extract: unknown flag -fromat (did you mean -format?); run 'boilernet extract -h' for its flags\n"}},
		{[]string{"train", "--epoch=3"}, 1, nil, []string{"unknown flag -epoch (did you mean -epochs?)"}},
		{[]string{"extract", "-qqqqqq", "x.html"}, 1, nil, []string{"unknown flag -qqqqqq; run"}},
		{[]string{"-version"}, 0, []string{"boilernet ", "embedded model: 2 network(s)"}, nil},
		{[]string{"--version"}, 0, []string{"embedded model"}, nil},
	} {
		var out, errOut bytes.Buffer
		status := run(tc.args, &out, &errOut)
		if status != tc.status || strings.Count(errOut.String(), "\n") > 1 {
			t.Errorf("%v: status %d, stderr %q", tc.args, status, errOut.String())
		}
		for _, w := range tc.stdout {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: stdout lacks %q: %s", tc.args, w, out.String())
			}
		}
		for _, w := range tc.stderr {
			if !strings.Contains(errOut.String(), w) {
				t.Errorf("%v: stderr lacks %q: %s", tc.args, w, errOut.String())
			}
		}
	}
}

// TestJSONShape: -format json is one JSON document, an array of records,
// whatever the number of pages; metadata -format json too.
func TestJSONShape(t *testing.T) {
	page := "testdata/flags/page.html"
	var out, errOut bytes.Buffer
	if status := run([]string{"extract", "-q", "-format", "json", page, page, "testdata/empty/js-only.html"}, &out, &errOut); status != 0 {
		t.Fatalf("status %d: %s", status, errOut.String())
	}
	var recs []map[string]any
	if err := json.Unmarshal(out.Bytes(), &recs); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, out.String())
	}
	if len(recs) != 3 || recs[0]["file"] != page || recs[2]["empty"] != true {
		t.Errorf("records %v", recs)
	}
	out.Reset()
	if status := run([]string{"extract", "-format", "json", page}, &out, &errOut); status != 0 {
		t.Fatalf("status %d", status)
	}
	var one []map[string]any
	if err := json.Unmarshal(out.Bytes(), &one); err != nil || len(one) != 1 || one[0]["file"] != page {
		t.Errorf("one page: %v %v", err, one)
	}
	out.Reset()
	if status := run([]string{"metadata", "-format", "json", page}, &out, &errOut); status != 0 {
		t.Fatalf("metadata: status %d: %s", status, errOut.String())
	}
	one = nil
	if err := json.Unmarshal(out.Bytes(), &one); err != nil || len(one) != 1 || one[0]["file"] != page {
		t.Errorf("metadata of one page: %v %v", err, one)
	}
}

// TestOutputDirectory: -o DIR/ creates the directory and names each file
// after its input's path below the argument, not by number; same names get
// -2, -3.
func TestOutputDirectory(t *testing.T) {
	// A tree of copies of one page: site/{index.htm, blog/story.html,
	// blog/Old.html.gz, news/story.html} and other/index.html.
	page, err := os.ReadFile("testdata/flags/page.html")
	if err != nil {
		t.Fatal(err)
	}
	in := t.TempDir()
	for _, name := range []string{"site/index.htm", "site/blog/story.html", "site/blog/Old.html.gz", "site/news/story.html", "other/index.html"} {
		data := page
		if strings.HasSuffix(name, ".gz") {
			var z bytes.Buffer
			zw := gzip.NewWriter(&z)
			zw.Write(page)
			zw.Close()
			data = z.Bytes()
		}
		path := filepath.Join(in, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "new", "out") + "/"
	checkRun(t, []string{"extract", "-q", "-o", out, filepath.Join(in, "site"), filepath.Join(in, "other", "index.html"), "testdata/flags/page.html"}, 0, nil, nil)
	var got []string
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(out, p)
			got = append(got, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(got)
	want := []string{"blog/Old.txt", "blog/story.txt", "index-2.txt", "index.txt", "news/story.txt", "page.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
}

// TestCorpusOutputDirectory: corpus files give one stream, and -o DIR/
// says so instead of "is a directory".
func TestCorpusOutputDirectory(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "c.jsonl")
	os.WriteFile(corpus, []byte(`{"url": "https://example.org/", "html": "<p>Hello there, a page.</p>"}`+"\n"), 0o644)
	checkRun(t, []string{"extract", "-q", "-o", filepath.Join(dir, "out") + "/", corpus}, 1, nil, []string{"-o takes a file, not a directory"})
}

// TestProgressOnlyOnTerminal: stderr that is not a terminal gets no
// progress frames unless -progress asks for them.
func TestProgressOnlyOnTerminal(t *testing.T) {
	page := "testdata/flags/page.html"
	var out, errOut bytes.Buffer
	if status := run([]string{"extract", page, page}, &out, &errOut); status != 0 || strings.Contains(errOut.String(), "\r") || strings.Contains(errOut.String(), "extracting") {
		t.Errorf("status %d, stderr %q", status, errOut.String())
	}
	errOut.Reset()
	if status := run([]string{"extract", "-progress", page, page}, &out, &errOut); status != 0 || !strings.Contains(errOut.String(), "extracting") {
		t.Errorf("-progress: status %d, stderr %q", status, errOut.String())
	}
}

// TestMaxElements: -max-elements refuses a page with more start tags, 0
// lifts the limit, a negative value is a flag error.
func TestMaxElements(t *testing.T) {
	page := filepath.Join(t.TempDir(), "many.html")
	if err := os.WriteFile(page, []byte("<body>"+strings.Repeat("<p>a</p>", 50)+"<p>last</p></body>"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRun(t, []string{"extract", "-q", "-max-elements", "20", page}, 1, nil,
		[]string{page + ": too many elements: more than 20 start tags"})
	checkRun(t, []string{"extract", "-q", "-format", "text", "-max-elements", "-1", page}, 0, []string{"last"}, nil)
	checkRun(t, []string{"extract", "-q", "-format", "text", "-max-elements", "0", page}, 0, []string{"last"}, nil) // 0: the default, 100,000
}

// TestFlagsAnywhere: flags may follow the paths, "--" ends the flags, and
// a mistyped flag prints one error and a pointer to -h, not the usage.
func TestFlagsAnywhere(t *testing.T) {
	page := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(page, []byte(`<title>T</title><p>Some words of text that make a paragraph of the page, and more of them.</p>`), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRun(t, []string{"extract", page, "-format", "json"}, 0, []string{`"file": "` + page + `"`}, nil)
	checkRun(t, []string{"extract", "-q", "--", "-format"}, 1, nil, []string{"-format"})
	var out, errOut bytes.Buffer
	if status := run([]string{"extract", "-fromat", "json", page}, &out, &errOut); status == 0 {
		t.Error("a mistyped flag ran")
	}
	if got := errOut.String(); !strings.Contains(got, "-fromat") || !strings.Contains(got, "boilernet extract -h") || strings.Count(got, "\n") > 3 {
		t.Errorf("stderr for a mistyped flag:\n%s", got)
	}
}

// TestVersion: the build and the embedded model, as text and as JSON.
func TestVersion(t *testing.T) {
	checkRun(t, []string{"version"}, 0, []string{"boilernet ", "go1.", "embedded model: 2 network(s)", "paper+attrs+regions"}, nil)
	checkRun(t, []string{"version", "-json"}, 0, []string{`"networks": 2`, `"features": "paper+attrs+regions"`}, nil)
	checkRun(t, []string{"version", "extra"}, 1, nil, []string{`unexpected argument "extra"`})
}

// TestOutputNeverOverwritesInput: -o onto an input (itself, a link to it,
// or under -o DIR/ the file a page's output would get; the file standard
// input comes from, the -i list, a model or the tree) is refused before
// anything is written; -workers is bounded.
func TestOutputNeverOverwritesInput(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "a.html")
	content := []byte(`<title>T</title><p>Some words of text that make a paragraph of the page, and more of them.</p>`)
	if err := os.WriteFile(page, content, 0o644); err != nil {
		t.Fatal(err)
	}
	corpus := filepath.Join(t.TempDir(), "pages.jsonl")
	if err := os.WriteFile(corpus, []byte(`{"url": "https://example.org/", "html": "<p>Some words of text.</p>"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.html")
	if err := os.Symlink(page, link); err != nil {
		t.Fatal(err)
	}
	urls := filepath.Join(t.TempDir(), "urls.txt")
	if err := os.WriteFile(urls, []byte("https://example.invalid/a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(t.TempDir(), "m.model")
	raw, err := os.ReadFile("../../methods/defaultmodel/default.model")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(model, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	tree := filepath.Join(t.TempDir(), "t.tree")
	var tf bytes.Buffer
	if tr, err := shallow.GrowTree([]shallow.Sample{{X: make([]float64, 24), Weight: 1}}, 1, 1); err != nil {
		t.Fatal(err)
	} else if _, err := tr.WriteTo(&tf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tree, tf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs := []string{page, corpus, urls, model, tree}
	tests := []struct {
		name  string
		args  []string
		stdin string // a file standard input is redirected from
	}{
		{"itself", []string{"extract", "-o", page, page}, ""},
		{"a link to it", []string{"extract", "-o", link, page}, ""},
		{"its output file under -o DIR/", []string{"extract", "-format", "html", "-o", dir + "/", dir}, ""},
		{"a corpus file", []string{"extract", "-o", corpus, corpus}, ""},
		{"standard input's file", []string{"extract", "-o", page, "-"}, page},
		{"standard input's file, through a link", []string{"extract", "-o", link, "-"}, page},
		{"the -i list", []string{"extract", "-i", urls, "-o", urls}, ""},
		{"the -i list on standard input", []string{"extract", "-i", "-", "-o", urls}, urls},
		{"the model", []string{"extract", "-model", model, "-o", model, page}, ""},
		{"the second model", []string{"extract", "-model", model + "," + model, "-o", model, page}, ""},
		{"the model with a corpus", []string{"extract", "-model", model, "-o", model, corpus}, ""},
		{"the tree", []string{"extract", "-method", "tree", "-tree", tree, "-o", tree, page}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.stdin == "" {
				checkRun(t, tt.args, 1, nil, []string{"would be overwritten"})
			} else {
				cmd := subprocess(t, tt.args...)
				f, err := os.Open(tt.stdin)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				cmd.Stdin = f
				out, err := cmd.CombinedOutput()
				if err == nil || !strings.Contains(string(out), "is the input standard input; it would be overwritten") {
					t.Errorf("%v < %s: %v %s", tt.args, tt.stdin, err, out)
				}
			}
			for _, f := range inputs {
				if got, err := os.ReadFile(f); err != nil || len(got) == 0 {
					t.Fatalf("the input %s changed: %q, %v", f, got, err)
				}
			}
		})
	}
	// Standard input that is not an input of the run is no input.
	cmd := subprocess(t, "extract", "-o", filepath.Join(t.TempDir(), "out.txt"), page)
	f, err := os.Open(page)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd.Stdin = f
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("extract with standard input unread: %v %s", err, out)
	}
	checkRun(t, []string{"extract", "-workers", "10000000", page}, 1, nil, []string{"-workers 10000000: must be from 0 to 256"})
}

// extract -format html writes the page made safe: no script survives,
// while the content is still marked.
func TestHTMLOutputIsSafe(t *testing.T) {
	page := filepath.Join(t.TempDir(), "p.html")
	raw := `<html><head><script>alert(1)</script><link rel=stylesheet href=//x/s.css></head><body onload="alert(2)">
<article><h1>Night trains</h1><p>Overnight passenger trains are running again between Zurich and Vienna, with every compartment sold.</p>
<p><a href="javascript:alert(3)">a link</a> and <img src=x onerror=alert(4)> more words of the article here.</p></article></body></html>`
	if err := os.WriteFile(page, []byte(raw), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if status := run([]string{"extract", "-format", "html", page}, &out, &errOut); status != 0 {
		t.Fatalf("status %d: %s", status, errOut.String())
	}
	html := strings.ToLower(out.String())
	for _, bad := range []string{"<script", "onload", "onerror", "javascript:", "<link"} {
		if strings.Contains(html, bad) {
			t.Errorf("output holds %q:\n%s", bad, out.String())
		}
	}
	if !strings.Contains(out.String(), `<mark class="boilernet-content">Overnight passenger trains`) {
		t.Errorf("content not marked:\n%s", out.String())
	}
}
