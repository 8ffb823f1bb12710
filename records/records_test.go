package records

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/boilernet/boilernet/records/recordstest"
)

var date = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func gzipped(s string) []byte {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.Bytes()
}

func chunked(s string) []byte {
	var b bytes.Buffer
	for len(s) > 0 {
		n := min(7, len(s))
		fmt.Fprintf(&b, "%x\r\n%s\r\n", n, s[:n])
		s = s[n:]
	}
	b.WriteString("0\r\n\r\n")
	return b.Bytes()
}

const page = "<html><head><title>T</title></head><body><p>Hello world.</p></body></html>"

// fixture is a WARC file's records with what reading each should give:
// "page", "skip: REASON" or "error: SUBSTRING".
var fixture = []struct {
	rec  recordstest.WARCRecord
	want string
}{
	{recordstest.WARCRecord{Type: "warcinfo", ContentType: "application/warc-fields", Block: []byte("software: test\r\n")}, "skip: warcinfo record"},
	{recordstest.WARCRecord{Type: "request", URL: "https://example.org/a", ContentType: "application/http;msgtype=request",
		Block: []byte("GET /a HTTP/1.1\r\nHost: example.org\r\n\r\n")}, "skip: request record"},
	{recordstest.WARCRecord{Type: "response", URL: "https://example.org/a", ContentType: "application/http;msgtype=response",
		Block: recordstest.HTTPResponse([]byte(page), "Content-Type: text/html; charset=ISO-8859-1")}, "page"},
	{recordstest.WARCRecord{Type: "response", URL: "https://example.org/logo.png", ContentType: "application/http;msgtype=response",
		Block: recordstest.HTTPResponse([]byte("\x89PNG\r\n\x1a\n...."), "Content-Type: image/png")}, "skip: not HTML: image/png"},
	{recordstest.WARCRecord{Type: "response", URL: "https://example.org/b", ContentType: "application/http; msgtype=response",
		Block: recordstest.HTTPResponse(chunked(string(gzipped(page))), "Content-Type: text/html", "Transfer-Encoding: chunked", "Content-Encoding: gzip")}, "page"},
	{recordstest.WARCRecord{Type: "response", URL: "https://example.org/c", ContentType: "application/http;msgtype=response",
		Block: []byte("HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\n\r\n<p>gone</p>")}, "skip: HTTP status 404 Not Found"},
	{recordstest.WARCRecord{Type: "response", URL: "https://example.org/d", ContentType: "application/http;msgtype=response",
		Block: recordstest.HTTPResponse([]byte(page))}, "page"}, // no Content-Type: sniffed
	{recordstest.WARCRecord{Type: "response", URL: "https://example.org/e", ContentType: "application/http;msgtype=response",
		Block: recordstest.HTTPResponse([]byte("x"), "Content-Type: text/html", "Content-Encoding: br")}, "error: unsupported Content-Encoding"},
	{recordstest.WARCRecord{Type: "resource", URL: "file:///f.html", ContentType: "text/html", Block: []byte(page)}, "page"},
	{recordstest.WARCRecord{Type: "revisit", URL: "https://example.org/a", ContentType: "application/http;msgtype=response",
		Block: []byte("HTTP/1.1 200 OK\r\n\r\n")}, "skip: revisit record"},
	{recordstest.WARCRecord{Type: "response", URL: "https://example.org/big", ContentType: "application/http;msgtype=response",
		Block: recordstest.HTTPResponse([]byte("<html><body>"+strings.Repeat("<p>big page</p>", 1000)), "Content-Type: text/html")}, "error: larger than the limit"},
	{recordstest.WARCRecord{Type: "response", URL: "https://example.org/big.mp4", ContentType: "application/http;msgtype=response",
		Block: recordstest.HTTPResponse(bytes.Repeat([]byte{0}, 20000), "Content-Type: video/mp4")}, "skip: not HTML: video/mp4"},
	{recordstest.WARCRecord{Type: "metadata", URL: "https://example.org/a", ContentType: "application/warc-fields", Block: []byte("x: y\r\n")}, "skip: metadata record"},
}

// small limits, so that the big fixture records are over them.
var small = Limits{MaxRecord: 8 << 10, MaxHeader: 1 << 10}

func writeFixture(t testing.TB, gz bool) []byte {
	var b bytes.Buffer
	for i, f := range fixture {
		f.rec.ID = fmt.Sprintf("<urn:uuid:%08d-0000-0000-0000-000000000000>", i)
		f.rec.Date = date
		if err := recordstest.WriteWARC(&b, f.rec, gz); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

func outcome(r *Record) string {
	switch {
	case r.Err != nil:
		return "error: " + r.Err.Error()
	case r.Skip != "":
		return "skip: " + r.Skip
	}
	return "page"
}

func readAll(t testing.TB, r Reader) []*Record {
	var recs []*Record
	if err := ReadAll(r, func(rec *Record) error { recs = append(recs, rec); return nil }); err != nil {
		t.Fatal(err)
	}
	return recs
}

func matches(got, want string) bool {
	if strings.HasPrefix(want, "error: ") {
		return strings.HasPrefix(got, "error: ") && strings.Contains(got, strings.TrimPrefix(want, "error: "))
	}
	return got == want
}

func TestWARC(t *testing.T) {
	for _, gz := range []bool{false, true} {
		t.Run(fmt.Sprint("gzip=", gz), func(t *testing.T) {
			data := writeFixture(t, gz)
			recs := readAll(t, NewWARCReader(bytes.NewReader(data), "f.warc", small))
			if len(recs) != len(fixture) {
				t.Fatalf("%d records, want %d", len(recs), len(fixture))
			}
			var last int64 = -1
			for i, r := range recs {
				if got := outcome(r); !matches(got, fixture[i].want) {
					t.Errorf("record %d: %s, want %s", i, got, fixture[i].want)
				}
				if r.Offset <= last || r.Source != "f.warc" || r.ID != fmt.Sprintf("<urn:uuid:%08d-0000-0000-0000-000000000000>", i) ||
					r.Date != "2026-11-23T12:00:00Z" || r.URL != fixture[i].rec.URL {
					t.Errorf("record %d: identity %q %d %q %q %q", i, r.Source, r.Offset, r.ID, r.Date, r.URL)
				}
				last = r.Offset
				if r.Err != nil && !strings.Contains(r.Err.Error(), fmt.Sprintf("f.warc: offset %d: ", r.Offset)) {
					t.Errorf("record %d: error %q does not name the file and offset", i, r.Err)
				}
				if r.Page() && !bytes.Equal(r.HTML, []byte(page)) {
					t.Errorf("record %d: HTML %q", i, r.HTML)
				}
				// The offset is where the record starts: reading from
				// there gives the same record first.
				again, err := NewWARCReader(bytes.NewReader(data[r.Offset:]), "f.warc", small).Next()
				if err != nil || again.ID != r.ID {
					t.Errorf("record %d: reading from offset %d gives %v, %v", i, r.Offset, again, err)
				}
			}
			if recs[2].Charset != "ISO-8859-1" {
				t.Errorf("charset %q", recs[2].Charset)
			}
		})
	}
}

func TestWARCDamaged(t *testing.T) {
	plain := writeFixture(t, false)
	gz := writeFixture(t, true)
	third := bytes.Index(plain, []byte("WARC/1.1\r\nWARC-Type: response"))
	tests := []struct {
		name string
		data []byte
		want []string // outcomes of the records, in order
	}{
		{"truncated plain", plain[:third+200], []string{"skip: warcinfo record", "skip: request record", "error: truncated"}},
		{"truncated in header", plain[:third+20], []string{"skip: warcinfo record", "skip: request record", "error: truncated"}},
		// The last record's content is whole but its member's checksum
		// is cut: the record cannot be checked, so it is an error (one
		// line, not its outcome and then the cut's).
		{"truncated gzip trailer", gz[:len(gz)-4], append(wants(len(fixture)-1), "error: gzip: truncated")},
		{"truncated gzip", gz[:len(gz)-40], append(wants(len(fixture)-1), "error: gzip: truncated")},
		{"garbage between records", append(append(append([]byte{}, plain[:third]...), "garbage\nmore garbage\r\n"...), plain[third:]...),
			append(append(wants(2), "error: not a WARC record"), wants(len(fixture))[2:]...)},
		{"garbage gzip member", append(append(append([]byte{}, gz[:100]...), gzipped("not a record\n")...), gz[100:]...), nil},
		{"gzip member shorter than its record", append(gzipped("WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: 50\r\n\r\n<p>short</p>"), gz...),
			append([]string{"error: truncated: the record declares 50 bytes of content, its gzip member ends after 12"}, wants(len(fixture))...)},
		{"no content length", []byte("WARC/1.1\r\nWARC-Type: response\r\n\r\nabc\r\n\r\n"), []string{"error: without Content-Length"}},
		{"bad content length", []byte("WARC/1.1\r\nContent-Length: -5\r\n\r\n"), []string{"error: bad Content-Length"}},
		{"huge header", append([]byte("WARC/1.1\r\nX: "), bytes.Repeat([]byte("x"), 5000)...), []string{"error: WARC header larger than 1 KiB"}},
		{"empty", nil, nil},
		{"only newlines", []byte("\r\n\r\n\n"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs := readAll(t, NewWARCReader(bytes.NewReader(tt.data), "d.warc.gz", small))
			if tt.name == "garbage gzip member" {
				// The first member is cut by the garbage one: what matters
				// is that it ends, reporting errors, and reads the rest.
				if len(recs) == 0 || recs[0].Err == nil {
					t.Fatalf("got %v", recs)
				}
				return
			}
			var got []string
			for _, r := range recs {
				got = append(got, outcome(r))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d records %q, want %q", len(got), got, tt.want)
			}
			for i := range got {
				if !matches(got[i], tt.want[i]) {
					t.Errorf("record %d: %s, want %s", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// wants is the fixture's first n outcomes.
func wants(n int) []string {
	var w []string
	for _, f := range fixture[:n] {
		w = append(w, f.want)
	}
	return w
}

// TestWARCHuge reads a record over the default limit: it is an error,
// the next record is read, and memory stays far below the record's size.
func TestWARCHuge(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 65 MiB record")
	}
	var b bytes.Buffer
	body := append([]byte("<html><body>"), bytes.Repeat([]byte("<p>x</p>"), (DefaultMaxRecord+DefaultMaxHeader)/8+1)...)
	recordstest.WriteWARC(&b, recordstest.WARCRecord{Type: "response", ID: "<urn:1>", URL: "https://h/", ContentType: "application/http;msgtype=response",
		Block: recordstest.HTTPResponse(body, "Content-Type: text/html")}, false)
	recordstest.WriteWARC(&b, recordstest.WARCRecord{Type: "resource", ID: "<urn:2>", ContentType: "text/html", Block: []byte(page)}, false)
	body = nil
	data := b.Bytes()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	recs := readAll(t, NewWARCReader(bytes.NewReader(data), "huge.warc", Limits{}))
	runtime.ReadMemStats(&after)
	if len(recs) != 2 || !strings.Contains(outcome(recs[0]), "larger than the limit of 64 MiB") || !recs[1].Page() {
		t.Fatalf("got %d records: %s, …", len(recs), outcome(recs[0]))
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("reading allocated %d MiB", alloc>>20)
	}
}

func TestJSONL(t *testing.T) {
	in := `{"url": "https://example.org/a", "html": "<p>one</p>"}

{"html": "<p>two</p>", "extra": 1}
not json
{"url": "https://example.org/c"}
{"url": "https://example.org/d", "html": "` + strings.Repeat("x", 5000) + `"}
` + `{"url": "https://example.org/e", "html": "` + strings.Repeat("x", 20000) + `"}
{"url": "https://example.org/g", "html": 3}
[1, 2]
{"url": 5, "html": "<p>x</p>"}
{"url": "https://example.org/f", "html": "<p>last, no newline</p>"}`
	want := []struct {
		line  int
		out   string
		url   string
		start int
	}{
		{1, "page", "https://example.org/a", 0},
		{3, "page", "", strings.Index(in, `{"html"`)},
		{4, "error: p.jsonl: line 4: not JSON (invalid character", "", strings.Index(in, "not json")},
		{5, `error: p.jsonl: line 5: no "html"`, "https://example.org/c", strings.Index(in, `{"url": "https://example.org/c`)},
		{6, "error: p.jsonl: line 6: HTML record of 5000 bytes is larger", "https://example.org/d", strings.Index(in, `{"url": "https://example.org/d`)},
		{7, "error: p.jsonl: line 7: longer than", "", strings.Index(in, `{"url": "https://example.org/e`)},
		{8, `error: p.jsonl: line 8: "html" is a JSON number, want a string`, "", strings.Index(in, `{"url": "https://example.org/g`)},
		{9, `error: p.jsonl: line 9: a JSON array, want an object with "url" and "html"`, "", strings.Index(in, "[1, 2]")},
		{10, `error: p.jsonl: line 10: "url" is a JSON number, want a string`, "", strings.Index(in, `{"url": 5`)},
		{11, "page", "https://example.org/f", strings.Index(in, `{"url": "https://example.org/f`)},
	}
	recs := readAll(t, NewJSONLReader(strings.NewReader(in), "p.jsonl", Limits{MaxRecord: 4096}))
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d", len(recs), len(want))
	}
	for i, w := range want {
		r := recs[i]
		if got := outcome(r); !matches(got, w.out) || r.Line != w.line || r.URL != w.url || r.Offset != int64(w.start) {
			t.Errorf("record %d: %s line %d url %q offset %d, want %+v", i, got, r.Line, r.URL, r.Offset, w)
		}
	}
	if string(recs[1].HTML) != "<p>two</p>" {
		t.Errorf("html %q", recs[1].HTML)
	}
}

func TestNewReader(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		n    int
		err  bool
	}{
		{"a.warc", writeFixture(t, false), len(fixture), false},
		{"a.WARC.GZ", writeFixture(t, true), len(fixture), false},
		{"a.jsonl", []byte(`{"html": "<p>x</p>"}` + "\n"), 1, false},
		{"a.jsonl.gz", gzipped(`{"html": "<p>x</p>"}` + "\n"), 1, false},
		{"a.jsonl.gz", []byte("not gzip"), 0, true},
		{"a.html", nil, 0, true},
	}
	for _, tt := range tests {
		r, err := NewReader(bytes.NewReader(tt.data), tt.name, small)
		if (err != nil) != tt.err {
			t.Errorf("%s: error %v", tt.name, err)
			continue
		}
		if err == nil {
			if n := len(readAll(t, r)); n != tt.n {
				t.Errorf("%s: %d records, want %d", tt.name, n, tt.n)
			}
		}
		if IsRecordFile(tt.name) == (tt.name == "a.html") {
			t.Errorf("IsRecordFile(%q)", tt.name)
		}
	}
}

// FuzzWARC reads any bytes as a WARC file: every record comes out in
// order, told apart by its offset, one of page, skip or error, its error
// naming it, its HTML within the limit, and reading ends.
func FuzzWARC(f *testing.F) {
	// Small seeds: the fuzzer stalls on inputs of tens of KB.
	plain, gz := writeFixture(f, false), writeFixture(f, true)
	f.Add(plain[:3000])
	f.Add(gz[:1500])
	f.Add(gz[:300])
	f.Add([]byte("WARC/1.0\r\nWARC-Type: response\r\nContent-Type: application/http\r\nContent-Length: 30\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<p>x</p>\r\n\r\n"))
	f.Add(gzipped(string(warcOf(f, false, threePages(true)...))))
	f.Fuzz(func(t *testing.T, data []byte) {
		readFuzz(t, data, "fuzz.warc")
	})
}

// readFuzz reads data as the WARC file name with small limits and checks
// what every read must give (checkRecords).
func readFuzz(t *testing.T, data []byte, name string) []*Record {
	const max = 1 << 12
	r := NewWARCReader(bytes.NewReader(data), name, Limits{MaxRecord: max, MaxHeader: 1 << 10})
	var recs []*Record
	for n := 0; ; n++ {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil || n > len(data)+1 {
			t.Fatalf("record %d: %v", n, err)
		}
		if int64(len(rec.HTML)) > max {
			t.Fatalf("HTML of %d bytes over the limit", len(rec.HTML))
		}
		recs = append(recs, rec)
	}
	checkRecords(t, name, recs)
	return recs
}

func FuzzJSONL(f *testing.F) {
	f.Add([]byte(`{"url": "u", "html": "<p>x</p>"}` + "\nnot json\n\n{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewJSONLReader(bytes.NewReader(data), "fuzz.jsonl", Limits{MaxRecord: 1 << 10})
		for n := 0; ; n++ {
			rec, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil || n > len(data)+1 {
				t.Fatalf("record %d: %v", n, err)
			}
			if rec.Err != nil && !strings.HasPrefix(rec.Err.Error(), fmt.Sprintf("fuzz.jsonl: line %d: ", rec.Line)) {
				t.Fatalf("error %q does not name the file and line", rec.Err)
			}
		}
	})
}
