package records

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/records/recordstest"
)

// overrunFile is a WARC file of n pages whose record bad (0-based)
// declares the Content-Length its length gives for its true one, with the
// offsets of the records; and the pages.
func overrunFile(t testing.TB, n, bad int, length func(int64) int64) []byte {
	t.Helper()
	var out []byte
	for i := range n {
		rec := pageRecord(i+1, fmt.Sprintf("Words of page %d.", i+1), false)
		b := warcOf(t, false, rec)
		if i == bad {
			cl := "Content-Length: " + strconv.Itoa(len(rec.Block)) + "\r\n"
			b = bytes.Replace(b, []byte(cl), []byte("Content-Length: "+strconv.FormatInt(length(int64(len(rec.Block))), 10)+"\r\n"), 1)
		}
		out = append(out, b...)
	}
	return out
}

// TestWARCOverrun: a record whose Content-Length is too long (by 40
// bytes, by 8,000, a billion times) is one error line, and every record
// after it is read, in a plain file and a whole-file gzip alike; per
// record gzip members keep it to its member.
func TestWARCOverrun(t *testing.T) {
	const n, bad = 40, 4
	lengths := []struct {
		name   string
		length func(int64) int64
	}{
		{"40 bytes", func(l int64) int64 { return l + 40 }},
		{"8,000 bytes", func(l int64) int64 { return l + 8000 }},
		{"times 10^9", func(l int64) int64 { return l * 1e9 }},
	}
	for _, l := range lengths {
		plain := overrunFile(t, n, bad, l.length)
		var perRecord []byte
		for _, r := range splitRecords(plain) {
			perRecord = append(perRecord, gzipped(string(r))...)
		}
		for _, f := range []struct {
			name string
			data []byte
		}{{"plain", plain}, {"whole-file gzip", gzipped(string(plain))}, {"gzip per record", perRecord}} {
			t.Run(l.name+", "+f.name, func(t *testing.T) {
				want := make([]string, n)
				for i := range want {
					want[i] = "page"
				}
				want[bad] = "error: "
				recs := expect(t, f.data, want)
				for i, r := range recs {
					if i != bad && r.URL != fmt.Sprintf("https://example.org/%d", i+1) {
						t.Errorf("record %d: %s", i, r.URL)
					}
				}
				t.Log(recs[bad].Err)
			})
		}
	}
}

// TestWARCOverrunKept: the bytes kept to read again are bounded: past
// MaxRecord (and a header) after the line that starts a record, the
// record is taken to end there.
func TestWARCOverrunKept(t *testing.T) {
	plain := overrunFile(t, 200, 1, func(l int64) int64 { return l * 1e9 })
	lim := Limits{MaxRecord: 2000, MaxHeader: 1000} // 3,000 bytes kept, about 10 records
	for _, data := range [][]byte{plain, gzipped(string(plain))} {
		recs := readAll(t, NewWARCReader(bytes.NewReader(data), "x.warc", lim))
		checkRecords(t, "x.warc", recs)
		if len(recs) != 200 {
			t.Fatalf("%d records, want 200", len(recs))
		}
		for i, r := range recs {
			if (i == 1) != (r.Err != nil) {
				t.Errorf("record %d: %s", i, outcome(r))
			}
		}
	}
}

// TestWARCContentHoldsRecords: a record whose content holds WARC records
// (a WARC file archived) is read whole when its length is right.
func TestWARCContentHoldsRecords(t *testing.T) {
	inner := warcOf(t, false, threePages(false)...)
	outer := recordstest.WARCRecord{Type: "resource", ID: "<urn:uuid:w>", Date: date, URL: "https://example.org/archive.warc",
		ContentType: "application/warc", Block: inner}
	data := warcOf(t, false, pageRecord(1, "Plain words.", false), outer, pageRecord(2, "More plain words.", false))
	for _, d := range [][]byte{data, gzipped(string(data))} {
		recs := readAll(t, NewWARCReader(bytes.NewReader(d), "x.warc", Limits{}))
		var got []string
		for _, r := range recs {
			got = append(got, outcome(r))
		}
		if len(recs) != 3 || !recs[0].Page() || recs[1].Err != nil || !recs[2].Page() {
			t.Errorf("got %q, want a page, the archive (skipped) and a page", got)
		}
	}
}

// fakeRecord matches text that holds an end-of-record marker and a
// record's start.
var fakeRecord = regexp.MustCompile(`[\r\n]{2}WARC/[0-9]`)

// FuzzWARCOverrun: a record of a WARC file (plain, whole-file gzip or
// gzipped per record) declares too long a Content-Length; every other
// record is still read, in order, as a page. The one exception is a
// length that ends the content right before a later record (or the
// file's end) and its end-of-record marker: such a record reads as one
// that holds the records it covers, which WARC allows; and so does one
// ending before such a marker and record start written in a page's text.
func FuzzWARCOverrun(f *testing.F) {
	f.Add(uint8(6), uint8(1), uint32(40), false, uint8(0), "Plain words.")
	f.Add(uint8(12), uint8(3), uint32(8000), false, uint8(1), "Plain words.")
	f.Add(uint8(12), uint8(0), uint32(0), true, uint8(0), "Plain words.")
	f.Add(uint8(5), uint8(2), uint32(0), true, uint8(2), "words\r\nWARC/1.1\r\n")
	f.Add(uint8(5), uint8(2), uint32(300), false, uint8(1), "\nWARC/1.0\r\nContent-Length: 5\r\n\r\n")
	f.Fuzz(func(t *testing.T, n, bad uint8, extra uint32, times bool, mode uint8, words string) {
		if len(words) > 300 || fakeRecord.MatchString(words) {
			return
		}
		count := 2 + int(n%14)
		b := int(bad) % count
		var parts [][]byte
		var starts []int // each record's offset in the plain file
		var ends []int   // the end of each record's content
		var declared int
		off := 0
		for i := range count {
			rec := pageRecord(i+1, fmt.Sprintf("%s %d", words, i+1), false)
			p := warcOf(t, false, rec)
			size := len(rec.Block)
			hdrEnd := bytes.Index(p, []byte("\r\n\r\n")) + 4
			if i == b {
				l := int64(size) + 1 + int64(extra%20000)
				if times {
					l = int64(size) * 1e9
				}
				cl := "Content-Length: " + strconv.Itoa(size) + "\r\n"
				p = bytes.Replace(p, []byte(cl), []byte("Content-Length: "+strconv.FormatInt(l, 10)+"\r\n"), 1)
				hdrEnd += len(p) - len(warcOf(t, false, rec))
				declared = off + hdrEnd + int(min(l, 1<<40))
			}
			starts = append(starts, off)
			ends = append(ends, off+hdrEnd+size)
			parts = append(parts, p)
			off += len(p)
		}
		// A declared end at a later record's end, before its marker:
		// a record holding the ones it covers.
		for k := b + 1; k < count; k++ {
			next := off
			if k+1 < count {
				next = starts[k+1]
			}
			if declared >= ends[k] && declared <= next {
				return
			}
		}
		plain := bytes.Join(parts, nil)
		var data []byte
		switch mode % 3 {
		case 0:
			data = plain
		case 1:
			data = gzipped(string(plain))
		default:
			for _, p := range parts {
				data = append(data, gzipped(string(p))...)
			}
		}
		recs := readAll(t, NewWARCReader(bytes.NewReader(data), "x.warc", Limits{}))
		checkRecords(t, "x.warc", recs)
		next := 0 // the next good record to find
		for _, r := range recs {
			if next == b {
				next++
			}
			if next < count && r.Page() && r.URL == fmt.Sprintf("https://example.org/%d", next+1) {
				next++
			}
		}
		if next == b {
			next++
		}
		if next < count {
			var got []string
			for _, r := range recs {
				got = append(got, r.URL+" "+outcome(r))
			}
			t.Fatalf("record %d (of %d, record %d too long) not read: %q", next, count, b, got)
		}
		if !strings.Contains(words, "WARC/") && len(recs) != count {
			t.Errorf("%d records, want %d", len(recs), count)
		}
	})
}
