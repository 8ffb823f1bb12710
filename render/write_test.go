package render

import (
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
)

// TestWrite: every format writes the page as its function does, with its
// file extension; an unknown format is an error naming it.
func TestWrite(t *testing.T) {
	res, err := keepAll.ExtractBytes(t.Context(), []byte(`<title>T</title><p>One.</p>`), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecord("a.html", res)
	for _, tc := range []struct{ format, ext, want string }{
		{"text", ".txt", "One.\n"},
		{"json", ".json", "{\n  \"file\": \"a.html\",\n  \"title\": \"T\",\n  \"text\": \"One.\",\n  \"encoding\": \"utf-8\",\n  \"blocks\": ["},
		{"jsonl", ".jsonl", `{"file":"a.html","title":"T","text":"One."}` + "\n"},
		{"html", ".html", `<mark class="boilernet-content">One.</mark>`},
		{"markdown", ".md", "One.\n"},
		{"xml", ".xml", "<p>One.</p>"},
		{"tei", ".tei.xml", "<p>One.</p>"},
	} {
		var b strings.Builder
		if err := Write(&b, tc.format, res, rec); err != nil || !strings.Contains(b.String(), tc.want) {
			t.Errorf("%s: %v\n%s\nwant it to hold %q", tc.format, err, b.String(), tc.want)
		}
		if !IsFormat(tc.format) || Ext(tc.format) != tc.ext {
			t.Errorf("%s: IsFormat %v, Ext %q", tc.format, IsFormat(tc.format), Ext(tc.format))
		}
	}
	if err := Write(&strings.Builder{}, "pdf", res, rec); err == nil || !strings.Contains(err.Error(), `"pdf"`) || IsFormat("pdf") {
		t.Errorf("format pdf: %v", err)
	}
}
