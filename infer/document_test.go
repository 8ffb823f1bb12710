package infer

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestExtractDocument: a page parsed as ExtractBytes parses it (scripting
// off) gives the same result from ExtractDocument, metadata, comments and
// links included; a node that is not a document is an error.
func TestExtractDocument(t *testing.T) {
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{URL: "https://example.org/a/", Metadata: true, Comments: true, Links: true, Images: true}
	for _, name := range []string{"../testdata/sample.html", "../testdata/methods-page.html", "testdata/comments-wordpress.html", "testdata/mediawiki.html"} {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := ex.ExtractBytes(t.Context(), raw, opts)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := html.ParseWithOptions(bytes.NewReader(raw), html.ParseOptionEnableScripting(false))
		if err != nil {
			t.Fatal(err)
		}
		got, err := ex.ExtractDocument(t.Context(), doc, opts)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(name), err)
		}
		if got.Encoding != "" {
			t.Errorf("%s: encoding %q of a parsed page", filepath.Base(name), got.Encoding)
		}
		if !reflect.DeepEqual(parts(got), parts(want)) || !reflect.DeepEqual(got.Blocks, want.Blocks) {
			t.Errorf("%s: ExtractDocument gave\n%+v\nExtractBytes gave\n%+v", filepath.Base(name), parts(got), parts(want))
		}
	}
	el := &html.Node{Type: html.ElementNode, Data: "p"}
	for _, doc := range []*html.Node{nil, el} {
		if _, err := ex.ExtractDocument(t.Context(), doc, Options{}); err == nil || !strings.Contains(err.Error(), "not a parsed page") {
			t.Errorf("ExtractDocument(%v): %v", doc, err)
		}
	}
}

// parts is r without its blocks, encoding and parsed page: what the
// page's record holds.
func parts(r *Result) Result {
	c := *r
	c.Blocks, c.Encoding, c.page = nil, "", nil
	return c
}
