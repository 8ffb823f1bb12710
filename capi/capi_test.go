package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/render"
)

func response(t *testing.T, h uintptr, raw []byte, opts string) Response {
	t.Helper()
	var r Response
	if err := json.Unmarshal(extractJSON(h, raw, []byte(opts)), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestExtract(t *testing.T) {
	page, err := os.ReadFile("../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	r := response(t, 0, page, "")
	if r.Error != "" || r.Title != "Night trains return to the Alps" || !strings.Contains(r.Text, "sleeper train") || r.Metadata == nil || r.Output != "" || r.Blocks != nil {
		t.Fatalf("text: %+v", r)
	}
	r = response(t, 0, page, `{"name": "sample.html", "format": "json"}`)
	var rec render.Record
	if err := json.Unmarshal([]byte(r.Output), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.File != "sample.html" || rec.Text != r.Text || len(rec.Blocks) == 0 || rec.Blocks[0].Locator == "" || len(r.Blocks) != len(rec.Blocks) {
		t.Errorf("json: %+v", rec)
	}
	for _, f := range []string{"markdown", "html", "xml", "tei", "jsonl"} {
		if r := response(t, 0, page, `{"format": "`+f+`", "links": true, "images": true, "comments": true}`); r.Error != "" || r.Output == "" {
			t.Errorf("%s: %+v", f, r)
		}
	}
}

func TestErrors(t *testing.T) {
	for opts, want := range map[string]string{
		`{"name": "a.html", "format": "pdf"}`:    `a.html: format "pdf": unknown format`,
		`{"name": "a.html", "method": "nope"}`:   "a.html: ",
		`{"name": "a.html", "color": "red"}`:     `a.html: options: json: unknown field "color"`,
		`{"name": "a.html", "method": "oracle"}`: "a.html: method oracle reads the gold labels",
		`[`:                                      "-: options: ",
	} {
		if r := response(t, 0, []byte("<p>x</p>"), opts); !strings.HasPrefix(r.Error, want) || r.Text != "" || !r.BadOptions {
			t.Errorf("%s: error %q, want %q…", opts, r.Error, want)
		}
	}
	big := make([]byte, 64<<20+1)
	if r := response(t, 0, big, `{"name": "big"}`); !strings.HasPrefix(r.Error, "big: page too large") || r.BadOptions {
		t.Errorf("a page over the limit: %q", r.Error)
	}
	if _, err := NewExtractor("capi_test.go"); err == nil || !strings.Contains(err.Error(), "capi_test.go") {
		t.Errorf("a bad model file: %v", err)
	}
}
