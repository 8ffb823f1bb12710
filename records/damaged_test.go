package records

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/records/recordstest"
)

// pageRecord is the i-th of a small corpus: a response record of an
// HTML page whose text contains words.
func pageRecord(i int, words string, digests bool) recordstest.WARCRecord {
	html := fmt.Sprintf("<html><body><h1>Page %d</h1><p>%s</p></body></html>", i, words)
	return recordstest.WARCRecord{Type: "response", ID: fmt.Sprintf("<urn:uuid:%d>", i), Date: date, URL: fmt.Sprintf("https://example.org/%d", i),
		ContentType: "application/http;msgtype=response", Digests: digests,
		Block: recordstest.HTTPResponse([]byte(html), "Content-Type: text/html; charset=utf-8")}
}

// warcOf writes recs, as gzip members when gz is set.
func warcOf(t testing.TB, gz bool, recs ...recordstest.WARCRecord) []byte {
	var b bytes.Buffer
	for _, r := range recs {
		if err := recordstest.WriteWARC(&b, r, gz); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// threePages is a corpus of three pages, the second about clairvoyance.
func threePages(digests bool) []recordstest.WARCRecord {
	return []recordstest.WARCRecord{pageRecord(1, "Plain words.", digests), pageRecord(2, "The clairvoyance of the committee.", digests),
		pageRecord(3, "More plain words.", digests)}
}

// flipText returns the gzip member m with one bit of its compressed data
// flipped so that it still decompresses, to other bytes of the same
// length: only its checksum tells.
func flipText(t testing.TB, m []byte) []byte {
	orig, err := io.ReadAll(flate.NewReader(bytes.NewReader(m[10 : len(m)-8])))
	if err != nil {
		t.Fatal(err)
	}
	for i := 10; i < len(m)-8; i++ {
		for bit := range 8 {
			c := bytes.Clone(m)
			c[i] ^= 1 << bit
			out, err := io.ReadAll(flate.NewReader(bytes.NewReader(c[10 : len(c)-8])))
			if err == nil && len(out) == len(orig) && !bytes.Equal(out, orig) && bytes.HasPrefix(out, []byte("WARC/1.1\r\n")) {
				return c
			}
		}
	}
	t.Fatal("no bit flip keeps the member readable")
	return nil
}

// members returns data, gzip members of recs, with the i-th changed by
// change.
func members(t testing.TB, recs []recordstest.WARCRecord, i int, change func([]byte) []byte) []byte {
	var b bytes.Buffer
	for k, r := range recs {
		m := warcOf(t, true, r)
		if k == i {
			m = change(m)
		}
		b.Write(m)
	}
	return b.Bytes()
}

// tamper returns recs with the i-th record's block changed by replacing
// old by new after its digests are computed.
func tamper(t testing.TB, recs []recordstest.WARCRecord, i int, old, new string) []byte {
	var b bytes.Buffer
	for k, r := range recs {
		rec := warcOf(t, false, r)
		if k == i {
			body := bytes.Index(rec, []byte("\r\n\r\n"))
			rec = append(rec[:body:body], bytes.Replace(rec[body:], []byte(old), []byte(new), 1)...)
		}
		b.Write(rec)
	}
	return b.Bytes()
}

// withHeader returns the record rec written plain, with the header line
// field added.
func withHeader(t testing.TB, rec recordstest.WARCRecord, field string) []byte {
	b := warcOf(t, false, rec)
	i := bytes.Index(b, []byte("Content-Length:"))
	return append(append(b[:i:i], field+"\r\n"...), b[i:]...)
}

// checkRecords checks what every read must give: records in file order,
// told apart by their offsets, each one page, skip or error, and errors
// that name the file and the record.
func checkRecords(t testing.TB, name string, recs []*Record) {
	t.Helper()
	for i, r := range recs {
		if i > 0 {
			p := recs[i-1]
			if r.Offset < p.Offset || r.Offset == p.Offset && r.InMember <= p.InMember {
				t.Errorf("record %d at %q follows record %d at %q", i, r.Name(), i-1, p.Name())
			}
		}
		kinds := 0
		for _, k := range []bool{r.Err != nil, r.Skip != "", r.HTML != nil} {
			if k {
				kinds++
			}
		}
		if kinds > 1 || (r.Err == nil && r.Skip == "" && r.HTML == nil) {
			t.Errorf("record %d: error %v, skip %q, %d bytes of HTML", i, r.Err, r.Skip, len(r.HTML))
		}
		if r.Source != name || r.Err != nil && !strings.HasPrefix(r.Err.Error(), r.Name()+": ") {
			t.Errorf("record %d: error %q does not name %q", i, r.Err, r.Name())
		}
	}
}

// expect reads data and checks that it gives the outcomes want (see
// matches), and that a page's HTML holds its words.
func expect(t *testing.T, data []byte, want []string) []*Record {
	t.Helper()
	recs := readAll(t, NewWARCReader(bytes.NewReader(data), "x.warc.gz", Limits{}))
	checkRecords(t, "x.warc.gz", recs)
	var got []string
	for _, r := range recs {
		got = append(got, outcome(r))
	}
	if len(got) != len(want) {
		t.Fatalf("got %d records %q, want %d %q", len(got), got, len(want), want)
	}
	for i := range got {
		if !matches(got[i], want[i]) {
			t.Errorf("record %d: %s, want %s", i, got[i], want[i])
		}
		if recs[i].Page() && !bytes.Contains(recs[i].HTML, []byte("ords")) && !bytes.Contains(recs[i].HTML, []byte("clairvoyance")) {
			t.Errorf("record %d: HTML %q", i, recs[i].HTML)
		}
	}
	return recs
}

// TestWARCChecksums: a record whose gzip checksum or WARC digest fails is
// one error line, never a page; the records after it are read.
func TestWARCChecksums(t *testing.T) {
	pages := threePages(false)
	digested := threePages(true)
	tests := []struct {
		name string
		data []byte
		want []string
	}{
		{"deflate data changed", members(t, pages, 1, func(m []byte) []byte { return flipText(t, m) }),
			[]string{"page", "error: offset 256: gzip: checksum mismatch", "page"}},
		{"checksum changed", members(t, pages, 1, func(m []byte) []byte { m[len(m)-8] ^= 1; return m }),
			[]string{"page", "error: gzip: checksum mismatch", "page"}},
		{"length changed", members(t, pages, 1, func(m []byte) []byte { m[len(m)-1] ^= 1; return m }),
			[]string{"page", "error: gzip: checksum mismatch", "page"}},
		{"last member's checksum changed", members(t, pages, 2, func(m []byte) []byte { m[len(m)-5] ^= 0x80; return m }),
			[]string{"page", "page", "error: gzip: checksum mismatch"}},
		{"garbage after the record, checksum changed", members(t, pages, 1, func(m []byte) []byte {
			z := gzipped(string(warcOf(t, false, pages[1])) + "garbage")
			z[len(z)-8] ^= 1
			return z
		}), []string{"page", "error: followed in its gzip member by 7 bytes that are not a record; gzip: checksum mismatch", "page"}},
		{"garbage after the record", members(t, pages, 1, func(m []byte) []byte { return gzipped(string(warcOf(t, false, pages[1])) + "garbage") }),
			[]string{"page", "page", `error: offset 256, at 351 in its gzip member: not a WARC record: starts with "garbage"; 7 bytes skipped to the end of its gzip member`, "page"}},
		{"whole-file checksum changed", func() []byte {
			z := gzipped(string(warcOf(t, false, pages...)))
			z[len(z)-8] ^= 1
			return z
		}(), []string{"error: offset 0: gzip: the member, at offset 0, fails further on (checksum mismatch): its data cannot be trusted",
			"error: offset 0, at 329 in its gzip member: gzip: the member, at offset 0, fails further on (checksum mismatch)",
			"error: offset 0, at 680 in its gzip member: gzip: checksum mismatch 334 bytes after the record's start: the data is corrupt"}},
		// Records that match their digests need no checksum.
		{"whole-file checksum changed, digests", func() []byte {
			z := gzipped(string(warcOf(t, false, digested...)))
			z[len(z)-8] ^= 1
			return z
		}(), []string{"page", "page", "error: gzip: checksum mismatch"}},
		{"whole-file checksum changed, digests, garbage", func() []byte {
			plain := warcOf(t, false, digested...)
			second := bytes.Index(plain, []byte("WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:2>"))
			z := gzipped(string(plain[:second]) + "garbage\r\n" + string(plain[second:]))
			z[len(z)-8] ^= 1
			return z
		}(), []string{"page", `error: not a WARC record: starts with "garbage\r\nWARC/1.1\r\nW"; 9 bytes skipped to the next record; gzip: the member, at offset 0, fails further on (checksum mismatch)`,
			"page", "error: gzip: checksum mismatch"}},
		{"digests", warcOf(t, false, digested...), []string{"page", "page", "page"}},
		{"digests, gzip", warcOf(t, true, digested...), []string{"page", "page", "page"}},
		{"payload changed", tamper(t, digested, 1, "clairvoyance", "ofirvoyance!"),
			[]string{"page", "error: WARC-Block-Digest sha1:", "page"}},
		{"HTTP header changed", tamper(t, digested, 1, "charset=utf-8", "charset=UTF-8"),
			[]string{"page", "error: WARC-Block-Digest sha1:", "page"}},
		{"payload digest only", append(withHeader(t, pages[0], "WARC-Payload-Digest: sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), warcOf(t, false, pages[1])...),
			[]string{"error: WARC-Payload-Digest sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA does not match the content (sha1:", "page"}},
		{"block digest holds, payload digest a writer's own", withHeader(t, digested[0], "WARC-Payload-Digest: sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
			[]string{"page"}},
		{"payload digest of the de-chunked body", func() []byte {
			r := pageRecord(1, "Chunked words.", false)
			body := bytes.SplitN(r.Block, []byte("\r\n\r\n"), 2)[1]
			r.Block = recordstest.HTTPResponse(chunked(string(body)), "Content-Type: text/html", "Transfer-Encoding: chunked")
			return withHeader(t, r, "WARC-Payload-Digest: "+recordstest.SHA1Digest(body))
		}(), []string{"page"}},
		{"sha256 base16", withHeader(t, pages[0], "WARC-Block-Digest: sha256:"+strings.Repeat("00", 32)),
			[]string{"error: WARC-Block-Digest sha256:0000"}},
		// gowarc refuses the header (as before digests were checked).
		{"unknown algorithm", withHeader(t, pages[0], "WARC-Block-Digest: crc32:12345678"), []string{"error: unsupported digest algorithm 'crc32'"}},
		{"undecodable digest", withHeader(t, pages[0], "WARC-Block-Digest: sha1:not base32"), []string{"page"}},
		{"huge skipped record, digest", warcOf(t, false, recordstest.WARCRecord{Type: "resource", ID: "<urn:v>", ContentType: "video/mp4", Digests: true,
			Block: bytes.Repeat([]byte{1}, DefaultMaxRecord/64)}), []string{"skip: not HTML: video/mp4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, tt.data, tt.want)
		})
	}
}

// TestWARCResync: after a record that cannot be read, reading goes on at
// the next record, in a plain file, a whole-file gzip or a member of
// several records alike; where the gzip stream itself is broken, the
// error says how many bytes could not be read.
func TestWARCResync(t *testing.T) {
	var recs []recordstest.WARCRecord
	for i := 1; i <= 6; i++ {
		recs = append(recs, pageRecord(i, fmt.Sprintf("Words of page %d.", i), false))
	}
	plain := warcOf(t, false, recs...)
	second := bytes.Index(plain, []byte("WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:2>"))
	third := bytes.Index(plain, []byte("WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:3>"))
	// length is plain with the second record's Content-Length set to n.
	length := func(n string) []byte {
		cl := []byte(fmt.Sprintf("Content-Length: %d", len(recs[1].Block)))
		return append(bytes.Clone(plain[:second]), bytes.Replace(plain[second:], cl, []byte("Content-Length: "+n), 1)...)
	}
	badLength := length("many")
	long := length(fmt.Sprint(len(recs[1].Block) + 40))
	short := length(fmt.Sprint(len(recs[1].Block) - 20))
	garbage := append(append(bytes.Clone(plain[:third]), "garbage\nmore garbage\r\n"...), plain[third:]...)
	six := []string{"page", "page", "page", "page", "page", "page"}
	badSecond := []string{"page", "error: bad Content-Length \"many\"; ", "page", "page", "page", "page"}
	perRecord := warcOf(t, true, recs...)
	memberAt := func(i int) int { // offset of the i-th gzip member
		off := 0
		for k := range i {
			off += len(warcOf(t, true, recs[k]))
		}
		return off
	}
	tests := []struct {
		name string
		data []byte
		want []string
	}{
		{"plain, bad header", badLength, badSecond},
		{"whole-file gzip, bad header", gzipped(string(badLength)), badSecond},
		{"whole-file gzip", gzipped(string(plain)), six},
		{"whole-file gzip, garbage", gzipped(string(garbage)),
			[]string{"page", "page", "error: offset 0, at " + fmt.Sprint(third) + " in its gzip member: not a WARC record", "page", "page", "page", "page"}},
		{"Content-Length too long", long, []string{"page", "error: does not end after its Content-Length", "page", "page", "page", "page"}},
		{"Content-Length too long, whole-file gzip", gzipped(string(long)),
			[]string{"page", "error: does not end after its Content-Length", "page", "page", "page", "page"}},
		{"Content-Length too short", short, []string{"page", "error: does not end after its Content-Length of", "page", "page", "page", "page"}},
		{"Content-Length too short, whole-file gzip", gzipped(string(short)),
			[]string{"page", "error: bytes skipped to the next record", "page", "page", "page", "page"}},
		{"member of several records, bad header", append(append(warcOf(t, true, recs[0]), gzipped(string(badLength[second:]))...), warcOf(t, true, recs[5])...),
			[]string{"page", "error: bad Content-Length", "page", "page", "page", "page", "page"}},
		{"corrupt member", members(t, recs, 1, func(m []byte) []byte {
			copy(m[20:], bytes.Repeat([]byte{0xff}, 40))
			return m
		}), []string{"page", fmt.Sprintf("error: offset %d: gzip: corrupt data", memberAt(1)), "page", "page", "page", "page"}},
		{"garbage gzip header", append(append(bytes.Clone(perRecord[:memberAt(2)]), 0x1f, 0x8b, 0x07, 'x', 'y'), perRecord[memberAt(2):]...),
			[]string{"page", "page", fmt.Sprintf("error: offset %d: gzip: invalid header; 5 bytes from offset %d could not be read, up to the next record at offset %d",
				memberAt(2), memberAt(2), memberAt(2)+5), "page", "page", "page", "page"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, tt.data, tt.want)
		})
	}
}

// TestWARCBrokenStream: a whole-file gzip broken in the middle gives its
// records up to the break, then one error saying how many bytes of the
// file could not be read. The records before the break are errors too,
// unless their digests vouch for them: the break may have begun in them.
func TestWARCBrokenStream(t *testing.T) {
	for _, digests := range []bool{false, true} {
		t.Run(fmt.Sprint("digests=", digests), func(t *testing.T) {
			var recs []recordstest.WARCRecord
			for i := 1; i <= 6; i++ {
				recs = append(recs, pageRecord(i, fmt.Sprintf("Words of page %d.", i), digests))
			}
			z, at := breakStream(t, gzipped(string(warcOf(t, false, recs...))))
			got := readAll(t, NewWARCReader(bytes.NewReader(z), "x.warc.gz", Limits{}))
			checkRecords(t, "x.warc.gz", got)
			last := got[len(got)-1]
			if last.Err == nil || !strings.Contains(last.Err.Error(), "gzip: corrupt data") {
				t.Fatalf("last record: %s", outcome(last))
			}
			for _, r := range got[:len(got)-1] {
				if digests && !r.Page() || !digests && !strings.Contains(outcome(r), "fails further on (corrupt data") {
					t.Errorf("before the break: %s", outcome(r))
				}
			}
			// The bytes not read are those from where the stream broke to
			// the end.
			msg := last.Err.Error()
			var from, n int
			if _, err := fmt.Sscanf(msg[strings.Index(msg, "the rest of the file, "):],
				"the rest of the file, %d bytes from offset %d", &n, &from); err != nil || from+n != len(z) || from < at {
				t.Errorf("%q: %d bytes from %d, file of %d bytes broken at %d (%v)", msg, n, from, len(z), at, err)
			}
		})
	}
}

// TestWARCHeld: the records of a gzip member are held until its checksum
// is checked, in memory within Limits.MaxRecord and past that in a
// temporary file: none comes out before the checksum, however many there
// are, unless its digest vouches for it. Undamaged, every record comes
// out as it is; with the checksum changed, every record is an error but
// for those whose digests hold.
func TestWARCHeld(t *testing.T) {
	var recs, digested []recordstest.WARCRecord
	for i := 1; i <= 12; i++ {
		recs = append(recs, pageRecord(i, fmt.Sprintf("Words of page %d.", i), false))
		digested = append(digested, pageRecord(i, fmt.Sprintf("Words of page %d.", i), i%3 == 0))
	}
	lim := Limits{MaxRecord: 4 << 10, MaxHeader: 1 << 10}
	for _, tc := range []struct {
		name    string
		recs    []recordstest.WARCRecord
		damaged bool
		pages   int // pages among the 12 records
		spilled bool
	}{
		{"undamaged", recs, false, 12, true},
		{"checksum changed", recs, true, 0, true},
		// (The last record, digested, is where the stream fails.)
		{"checksum changed, every third digested", digested, true, 3, true},
		{"undamaged, every third digested", digested, false, 12, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			z := gzipped(string(warcOf(t, false, tc.recs...)))
			if tc.damaged {
				z[len(z)-8] ^= 1
			}
			r := NewWARCReader(bytes.NewReader(z), "x.warc.gz", lim)
			var got []*Record
			spilled := false
			for {
				rec, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				spilled = spilled || r.spill.f != nil
				got = append(got, rec)
			}
			checkRecords(t, "x.warc.gz", got)
			if len(got) != len(tc.recs) {
				t.Fatalf("%d records", len(got))
			}
			pages := 0
			for i, rec := range got {
				if rec.Page() {
					pages++
					if want := fmt.Sprintf("Words of page %d.", i+1); !bytes.Contains(rec.HTML, []byte(want)) {
						t.Errorf("record %d: %q", i, rec.HTML)
					}
					continue
				}
				if !tc.damaged || !strings.Contains(outcome(rec), "checksum mismatch") {
					t.Errorf("record %d: %s", i, outcome(rec))
				}
			}
			if pages != tc.pages || spilled != tc.spilled {
				t.Errorf("%d pages, held in a file %v; want %d, %v", pages, spilled, tc.pages, tc.spilled)
			}
			if r.spill.f != nil {
				t.Error("the temporary file is still open after the last record")
			}
		})
	}
}

// TestSpillRecord: a record put away in the spill file comes back the
// same; a damaged one is an error.
func TestSpillRecord(t *testing.T) {
	for _, rec := range []*Record{
		{Source: "a.warc.gz", Offset: 12, InMember: 345, Type: "response", ID: "<urn:uuid:1>", Date: "2026-11-26T00:00:00Z",
			URL: "https://example.org/", Charset: "utf-8", HTML: []byte("<p>x</p>")},
		{Source: "a.warc.gz", Offset: 1 << 40, InMember: 7, Type: "request", Skip: "request record"},
		{Source: "b.warc.gz", Line: 3, Err: errors.New("gzip: checksum mismatch")},
		{},
	} {
		b := appendRecord(nil, rec)
		got, err := decodeRecord(b)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got.Err) != fmt.Sprint(rec.Err) || (got.Err == nil) != (rec.Err == nil) {
			t.Errorf("error %v, want %v", got.Err, rec.Err)
		}
		got.Err, rec.Err = nil, nil
		if !reflect.DeepEqual(got, rec) {
			t.Errorf("got %+v, want %+v", got, rec)
		}
		for cut := range len(b) {
			if _, err := decodeRecord(b[:cut]); err == nil {
				t.Errorf("%+v cut to %d bytes: no error", rec, cut)
			}
		}
	}
}

// breakStream inserts garbage into the gzip stream z, from its middle on
// at the first place that makes decompressing it fail (rather than give
// other bytes), and returns it with that place.
func breakStream(t testing.TB, z []byte) ([]byte, int) {
	for at := len(z) / 2; at < len(z)-8; at++ {
		b := append(bytes.Clone(z[:at]), append(bytes.Repeat([]byte{0xff}, 64), z[at:]...)...)
		r, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var ce flate.CorruptInputError
		if _, err := io.Copy(io.Discard, r); errors.As(err, &ce) {
			return b, at
		}
	}
	t.Fatal("no place breaks the stream")
	return nil, 0
}

// TestFixtures reads the WARC files of testdata, which the README's
// examples and the reproductions use.
func TestFixtures(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		// The second member inflates to other text ("clairvoyance" is
		// gone) but fails its checksum.
		{"crc.warc.gz", []string{"page", "error: crc.warc.gz: offset 360: gzip: checksum mismatch", "page"}},
		// The second record's payload and the third's HTTP header were
		// changed after their digests were written.
		{"digest.warc", []string{"page", "error: offset 654: WARC-Block-Digest", "error: offset 1320: WARC-Block-Digest", "page"}},
		// The same six request/response pairs, the second request's
		// Content-Length unreadable: plain and in one gzip stream.
		{"whole.warc", wholeWant("whole.warc: offset 835: ")},
		{"whole.warc.gz", wholeWant("whole.warc.gz: offset 0, at 835 in its gzip member: ")},
		// One gzip stream with 64 bytes of garbage in its middle.
		{"broken.warc.gz", []string{
			"error: broken.warc.gz: offset 0: gzip: the member, at offset 0, fails further on (corrupt data (flate: corrupt input before offset 281)): its data cannot be trusted",
			"error: broken.warc.gz: offset 0, at 279 in its gzip member: gzip: corrupt data (flate: corrupt input before offset 281) 313 bytes after the record's start; the rest of the file, 346 bytes from offset 291, could not be read"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			r, c, err := Open("testdata/"+tt.file, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			recs := readAll(t, r)
			checkRecords(t, "testdata/"+tt.file, recs)
			if len(recs) != len(tt.want) {
				t.Fatalf("%d records, want %d", len(recs), len(tt.want))
			}
			for i, r := range recs {
				if got := outcome(r); !matches(strings.ReplaceAll(got, "testdata/", ""), tt.want[i]) {
					t.Errorf("record %d: %s, want %s", i, got, tt.want[i])
				}
				if r.Page() && bytes.Contains(r.HTML, []byte("irvoyance")) && !bytes.Contains(r.HTML, []byte("clairvoyance")) {
					t.Errorf("record %d: corrupt text %q", i, r.HTML)
				}
			}
		})
	}
}

// wholeWant is what whole.warc gives, its error naming the record so.
func wholeWant(name string) []string {
	w := []string{"skip: request record", "page", "error: " + name + "bad Content-Length \"thirty-eight\"; 41 bytes skipped to the next record"}
	w = append(w, "page")
	for range 5 - 1 {
		w = append(w, "skip: request record", "page")
	}
	return w
}
