package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestExtractURLs(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/article":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<html lang="en"><head><title>Night trains | Rail News</title><meta name="author" content="Marta Keller">
<meta property="article:published_time" content="2025-03-14"></head><body><h1>Night trains</h1>
<p>Overnight passenger trains are running again between Zurich and Vienna, <a href="/more">more here</a>.</p>
<p><img src="train.jpg" alt="A train"></p><p>The first service left Zurich on Friday evening with every compartment sold.</p></body></html>`)
		case "/old":
			http.Redirect(w, r, "/article", http.StatusMovedPermanently)
		case "/ua":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, "<p>agent %s</p>", r.UserAgent())
		case "/pdf":
			w.Header().Set("Content-Type", "application/pdf")
			fmt.Fprint(w, "%PDF")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	list := filepath.Join(t.TempDir(), "urls.txt")
	os.WriteFile(list, []byte("# pages\n"+srv.URL+"/article\n\n"+srv.URL+"/missing\n"), 0o644)
	badList := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(badList, []byte(srv.URL+"/article\nnot-a-url\n"), 0o644)
	tests := []struct {
		name   string
		args   []string
		status int
		stdout []string
		stderr []string
	}{
		{"url jsonl with metadata", []string{"extract", "-q", "-method", "keep-all", "-format", "jsonl", srv.URL + "/article"}, 0,
			[]string{`"file":"` + srv.URL + `/article"`, `"metadata":{"title":"Night trains","authors":["Marta Keller"],"published":"2025-03-14","language":"en"}`}, nil},
		{"the final URL after redirects", []string{"extract", "-q", "-method", "keep-all", "-format", "jsonl", srv.URL + "/old"}, 0,
			[]string{`{"file":"` + srv.URL + `/old","url":"` + srv.URL + `/article","title":"Night trains"`}, nil},
		{"metadata off", []string{"extract", "-q", "-method", "keep-all", "-format", "jsonl", "-metadata=false", srv.URL + "/article"}, 0,
			[]string{`"text":"Overnight`}, nil},
		{"links and images", []string{"extract", "-q", "-method", "keep-all", "-format", "json", "-links", "-images", srv.URL + "/article"}, 0,
			[]string{`"href": "` + srv.URL + `/more"`, `"src": "` + srv.URL + `/train.jpg"`}, nil},
		{"markdown links", []string{"extract", "-q", "-method", "keep-all", "-format", "markdown", "-links", "-images", srv.URL + "/article"}, 0,
			[]string{"[more here](" + srv.URL + "/more)", "![A train](" + srv.URL + "/train.jpg)"}, nil},
		{"user agent", []string{"extract", "-q", "-method", "keep-all", "-user-agent", "probe/9", srv.URL + "/ua"}, 0, []string{"agent probe/9"}, nil},
		{"list with a failure", []string{"extract", "-q", "-method", "keep-all", "-format", "jsonl", "-i", list}, 0,
			[]string{`"error":"` + srv.URL + `/missing: HTTP status not 2xx: 404 Not Found"`}, []string{"1 of 2 pages failed"}},
		{"not html", []string{"extract", "-q", "-method", "keep-all", srv.URL + "/pdf"}, 1, nil,
			[]string{srv.URL + `/pdf: not an HTML page: content type "application/pdf"`, "no page could be extracted"}},
		{"bad list", []string{"extract", "-q", "-i", badList}, 1, nil, []string{"bad.txt:2: not an absolute http or https URL"}},
		{"file with -url", []string{"extract", "-q", "-method", "keep-all", "-format", "jsonl", "-links", "-url", "https://site.example/a/", "../../testdata/sample.html"}, 0,
			[]string{`"href":"https://site.example/`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, tt.args, tt.status, tt.stdout, tt.stderr) })
	}
}

func TestMetadataCommand(t *testing.T) {
	checkRun(t, []string{"metadata", "-q", "-data", "testdata/meta"}, 0, []string{
		"meta test split: 2 pages",
		"| title (Metadata.Title) | 2 | 2 | 2 | 1.000 | 0 of 0 |",
		"| author | 2 | 1 | 1 | 0.500 | 0 of 0 |",
		"| publish_date (by day) | 1 | 1 | 1 | 1.000 | 0 of 1 |",
		"pages/s without metadata", "metadata.Extract alone"}, nil)
	// -rounds 0: the metadata alone, no timing; -v lists the misses with
	// the page type.
	checkRun(t, []string{"metadata", "-q", "-rounds", "0", "-v", "-data", "testdata/meta", "-split", "test,test"}, 0, []string{
		"meta test,test split: 4 pages", "| author | 4 | 2 | 2 | 0.500 | 0 of 0 |"}, []string{"m2\tproduct\tauthor\t\"John Roe\"\t\"\""})
	checkRun(t, []string{"metadata", "-q", "-rounds", "0", "-data", "testdata/meta", "-split", "test,nosuch"}, 1, nil, []string{"has no nosuch split"})
	checkRun(t, []string{"metadata", "-q"}, 1, nil, []string{"missing -data (a labeled dataset folder"})
	checkRun(t, []string{"metadata", "-q", "-data", "../../data/testdata/tiny"}, 1, nil, []string{"has no meta.tsv"})
}

// metadata PAGE prints a page's metadata, a field a line, or in json or
// jsonl.
func TestMetadataOfPages(t *testing.T) {
	const page = "../../testdata/sample.html"
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stdout []string
		stderr []string
	}{
		{"text", []string{"metadata", page}, 0, []string{"title: Night trains return to the Alps\nauthors: Marta Keller\npublished: 2025-03-14\nlanguage: en\n"}, nil},
		{"two pages", []string{"metadata", page, page}, 0, []string{"==> " + page + " <==\ntitle: Night trains"}, nil},
		{"jsonl", []string{"metadata", "-format", "jsonl", page}, 0, []string{`{"file":"` + page + `","title":"Night trains return to the Alps","authors":["Marta Keller"]`}, nil},
		{"json", []string{"metadata", "-format", "json", page}, 0, []string{"[\n  {\n    \"file\": \"" + page + "\",\n    \"title\": \"Night trains return to the Alps\","}, nil},
		{"json of two pages", []string{"metadata", "-format", "json", page, page}, 0, []string{"[\n  {\n    \"file\": \"" + page + "\","}, nil},
		{"bad format", []string{"metadata", "-format", "xml", page}, 1, nil, []string{"-format xml: text, json or jsonl"}},
		{"missing page", []string{"metadata", "nope.html"}, 1, nil, []string{"nope.html"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkRun(t, tc.args, tc.status, tc.stdout, tc.stderr) })
	}
}

// TestMetadataSkipsBadPages: a page that cannot be parsed is reported,
// skipped and counted, as eval, train and data stats do; -strict stops.
func TestMetadataSkipsBadPages(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/meta")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "html", "m3.html"), []byte("\x00\x01\x02\x03binary\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "gold", "m3.txt"), []byte("gold"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "test.txt"), []byte("m1\nm2\nm3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRun(t, []string{"metadata", "-q", "-rounds", "0", "-data", dir}, 0,
		[]string{"test split: 2 pages (1 that could not be read or parsed skipped)"}, []string{"boilernet metadata: skipped:", "m3.html"})
	checkRun(t, []string{"metadata", "-q", "-rounds", "0", "-strict", "-data", dir}, 1, nil, []string{"m3.html"})
}
