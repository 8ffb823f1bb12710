package records_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/records"
	"github.com/boilernet/boilernet/records/recordstest"
)

func ExampleNewWARCReader() {
	var warc bytes.Buffer
	date := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	recordstest.WriteWARC(&warc, recordstest.WARCRecord{Type: "request", ID: "<urn:uuid:1>", Date: date, URL: "https://example.org/",
		ContentType: "application/http;msgtype=request", Block: []byte("GET / HTTP/1.1\r\n\r\n")}, false)
	recordstest.WriteWARC(&warc, recordstest.WARCRecord{Type: "response", ID: "<urn:uuid:2>", Date: date, URL: "https://example.org/",
		ContentType: "application/http;msgtype=response",
		Block:       recordstest.HTTPResponse([]byte("<p>Hello</p>"), "Content-Type: text/html; charset=utf-8")}, false)

	r := records.NewWARCReader(&warc, "crawl.warc", records.Limits{})
	err := records.ReadAll(r, func(rec *records.Record) error {
		if rec.Page() {
			fmt.Printf("%s at %d: %s %q (%s)\n", rec.ID, rec.Offset, rec.URL, rec.HTML, rec.Charset)
		} else {
			fmt.Printf("%s at %d: skipped: %s\n", rec.ID, rec.Offset, rec.Skip)
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// <urn:uuid:1> at 0: skipped: request record
	// <urn:uuid:2> at 224: https://example.org/ "<p>Hello</p>" (utf-8)
}

func ExampleExtract() {
	ex, err := infer.Default()
	if err != nil {
		log.Fatal(err)
	}
	in := `{"url": "https://example.org/a", "html": "<html><body><p>One short paragraph of an article, long enough to be kept as content.</p></body></html>"}
{"url": "https://example.org/b"}
`
	var sum records.Summary
	r := records.NewJSONLReader(strings.NewReader(in), "pages.jsonl", records.Limits{})
	records.ReadAll(r, func(rec *records.Record) error {
		l := records.Extract(context.Background(), ex, rec, infer.Options{})
		sum.Add(l)
		fmt.Printf("%s: text %q error %q\n", l.URL, l.Text, l.Error)
		return nil
	})
	fmt.Println(sum)
	// Output:
	// https://example.org/a: text "One short paragraph of an article, long enough to be kept as content." error ""
	// https://example.org/b: text "" error "pages.jsonl: line 2: no \"html\""
	// 2 records read: 1 extracted, 0 skipped, 1 failed
}
