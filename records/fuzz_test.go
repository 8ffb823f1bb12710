package records

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
)

// FuzzWARCGzip reads a WARC file (plain, as the fuzzer makes it) gzipped
// one member per record or as a whole, then damaged: one byte changed
// (bad checksum, bad gzip header, corrupt data) and the end cut off
// (truncated). Both reads must give what every read gives (readFuzz).
// A member that fails to decompress gives no page of text other than the
// undamaged file's at the same place (its records wait for its checksum
// in memory, or past the limit in a temporary file), and none at all when
// it gives a single record where the undamaged file has one.
func FuzzWARCGzip(f *testing.F) {
	plain := warcOf(f, false, threePages(false)...)
	digested := warcOf(f, false, threePages(true)...)
	f.Add(plain, false, uint16(200), byte(0x10), uint16(0))
	f.Add(plain, false, uint16(0), byte(0), uint16(30))
	f.Add(plain, true, uint16(100), byte(0xff), uint16(0))
	f.Add(plain, true, uint16(0), byte(0), uint16(5))
	f.Add(digested, true, uint16(150), byte(1), uint16(0))
	f.Add(bytes.Replace(plain, []byte("Content-Length: "), []byte("Content-Length: x"), 1), true, uint16(0), byte(0), uint16(0))
	f.Add(append([]byte("garbage\r\n"), plain...), false, uint16(3), byte(0x80), uint16(0))
	zw := gzip.NewWriter(nil)
	f.Fuzz(func(t *testing.T, plain []byte, whole bool, pos uint16, xor byte, cut uint16) {
		if len(plain) > 1<<14 {
			return
		}
		parts := [][]byte{plain}
		if !whole {
			parts = splitRecords(plain)
		}
		var z bytes.Buffer
		var starts []int // each member's offset
		for _, p := range parts {
			starts = append(starts, z.Len())
			zw.Reset(&z) // one writer: a new one allocates a megabyte
			zw.Write(p)
			zw.Close()
		}
		clean := readFuzz(t, z.Bytes(), "fuzz.warc.gz")
		bad := bytes.Clone(z.Bytes())
		if len(bad) > 0 {
			bad[int(pos)%len(bad)] ^= xor
		}
		bad = bad[:len(bad)-int(cut)%(len(bad)+1)]
		got := readFuzz(t, bad, "fuzz.warc.gz")
		pages := map[[2]int64]string{}
		for _, r := range clean {
			if r.Page() {
				pages[[2]int64{r.Offset, r.InMember}] = string(r.HTML)
			}
		}
		for k, s := range starts {
			end := z.Len()
			if k+1 < len(starts) {
				end = starts[k+1]
			}
			from := at(got, s)
			if s >= len(bad) || inflates(bad[s:min(end, len(bad))]) {
				continue
			}
			for _, r := range from {
				// (Text that is in the file as it is may be a record the
				// damage turned back to match its digest.)
				if html, ok := pages[[2]int64{r.Offset, r.InMember}]; r.Page() && (!ok || html != string(r.HTML)) && !bytes.Contains(plain, r.HTML) {
					t.Fatalf("the damaged member at %d gives corrupt text: %q", s, r.HTML)
				}
			}
			if len(from) == 1 && len(at(clean, s)) == 1 && from[0].Page() {
				t.Fatalf("the damaged member at %d gives a page", s)
			}
		}
	})
}

// splitRecords cuts a plain WARC file before each line that starts a
// record.
func splitRecords(plain []byte) [][]byte {
	var parts [][]byte
	last := 0
	for i := 1; i < len(plain); i++ {
		if plain[i-1] == '\n' && isRecordStart(plain[i:]) {
			parts = append(parts, plain[last:i])
			last = i
		}
	}
	return append(parts, plain[last:])
}

// inflates reports whether m is one whole gzip member whose checksum
// holds.
func inflates(m []byte) bool {
	r, err := gzip.NewReader(bytes.NewReader(m))
	if err != nil {
		return false
	}
	r.Multistream(false)
	_, err = io.Copy(io.Discard, r)
	return err == nil
}

// at returns the records of recs at file offset off.
func at(recs []*Record, off int) []*Record {
	var out []*Record
	for _, r := range recs {
		if r.Offset == int64(off) {
			out = append(out, r)
		}
	}
	return out
}
