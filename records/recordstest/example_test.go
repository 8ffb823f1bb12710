package recordstest_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/boilernet/boilernet/records/recordstest"
)

// A response record with its digests, as a crawler writes it.
func ExampleWriteWARC() {
	var b strings.Builder
	err := recordstest.WriteWARC(&b, recordstest.WARCRecord{Type: "response", ID: "<urn:uuid:1>",
		Date: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), URL: "https://example.org/",
		ContentType: "application/http;msgtype=response", Digests: true,
		Block: recordstest.HTTPResponse([]byte("<p>Hello</p>"), "Content-Type: text/html")}, false)
	if err != nil {
		panic(err)
	}
	fmt.Print(strings.ReplaceAll(b.String(), "\r\n", "\n"))
	// Output:
	// WARC/1.1
	// WARC-Type: response
	// WARC-Record-ID: <urn:uuid:1>
	// WARC-Date: 2026-01-02T03:04:05Z
	// WARC-Target-URI: https://example.org/
	// Content-Type: application/http;msgtype=response
	// WARC-Block-Digest: sha1:YBUGT6JRLA437YRVGHIOY56QXBUIXZV7
	// WARC-Payload-Digest: sha1:4GXYJPEDG5VU7ESI3J4OMBUEXR5R5P3R
	// Content-Length: 56
	//
	// HTTP/1.1 200 OK
	// Content-Type: text/html
	//
	// <p>Hello</p>
}
