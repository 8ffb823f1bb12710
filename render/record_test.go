package render_test

import (
	"encoding/json"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
)

// TestRecordJSON: every output's record is one shape, its keys in one
// order: a page named by its file, a corpus record named by its URL and
// place, a failed page, a skipped record; empty parts are left out, the
// text never; the confidence is rounded, a method without one has none.
func TestRecordJSON(t *testing.T) {
	conf := func(c float64) *float64 { return &c }
	for _, tc := range []struct {
		name string
		rec  render.Record
		want string
	}{
		{"page", render.NewRecord("a.html", &infer.Result{URL: "https://example.org/a", Title: "T", Text: "x", Confidence: 0.97349}),
			`{"file":"a.html","url":"https://example.org/a","title":"T","text":"x","confidence":0.973}`},
		{"no confidence", render.NewRecord("a.html", &infer.Result{Text: "x", Confidence: -1}), `{"file":"a.html","text":"x"}`},
		{"empty", render.NewRecord("a.html", &infer.Result{Confidence: -1}),
			`{"file":"a.html","text":"","empty":true,"warning":"` + (&infer.Result{}).EmptyReason() + `"}`},
		{"corpus record", render.Record{URL: "https://example.org/", Place: &render.Place{WARCRecordID: "<urn:uuid:1>", WARCDate: "2026-01-01T00:00:00Z", Source: "c.warc", Offset: 0}, Text: "x"},
			`{"url":"https://example.org/","warc_record_id":"\u003curn:uuid:1\u003e","warc_date":"2026-01-01T00:00:00Z","source":"c.warc","offset":0,"text":"x"}`},
		{"skipped record", render.Record{Place: &render.Place{Source: "c.jsonl", Offset: 10, Line: 2}, Skipped: "not HTML"},
			`{"source":"c.jsonl","offset":10,"line":2,"text":"","skipped":"not HTML"}`},
		{"failed page", render.Record{File: "b.html", Error: "b.html: binary content"}, `{"file":"b.html","text":"","error":"b.html: binary content"}`},
		{"blocks", render.Record{File: "c.html", Text: "x", Confidence: conf(0.5), Encoding: "utf-8", Blocks: []infer.Block{{Text: "x", Prob: 0.5, Content: true}}},
			`{"file":"c.html","text":"x","confidence":0.5,"encoding":"utf-8","blocks":[{"text":"x","prob":0.5,"content":true,"locator":""}]}`},
	} {
		got, err := json.Marshal(tc.rec)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
}
