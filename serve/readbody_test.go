package serve

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"testing"
	"testing/iotest"
)

// TestReadBody: every body comes out whole whatever its reads, the
// reservations double from 16 KiB up to the limit, and a body with a
// known length ends in one buffer of that length, its pieces copied into
// it once past half of it.
func TestReadBody(t *testing.T) {
	const k = 1 << 10
	tests := []struct {
		name          string
		size          int   // bytes sent
		contentLength int64 // -1: unknown
		maxBody       int64
		budget        int64 // refuse reservations above it (0: none)
		status        int   // the error's status; 0: none
		reserved      []int64
	}{
		{"empty", 0, 0, 64 * k, 0, 0, nil},
		{"small, known", 100, 100, 64 * k, 0, 0, []int64{100}},
		{"small, unknown", 100, -1, 64 * k, 0, 0, []int64{16 * k}},
		{"one piece exactly", 16 * k, 16 * k, 64 * k, 0, 0, []int64{16 * k}},
		{"known, past half", 100 * k, 100 * k, 1 << 20, 0, 0, []int64{16 * k, 32 * k, 64 * k, 100 * k}},
		{"known, the limit", 1 << 20, 1 << 20, 1 << 20, 0, 0, []int64{16 * k, 32 * k, 64 * k, 128 * k, 256 * k, 512 * k, 1 << 20}},
		{"unknown, ends in pieces", 40 * k, -1, 1 << 20, 0, 0, []int64{16 * k, 32 * k, 64 * k}},
		{"unknown, the limit", 64 * k, -1, 64 * k, 0, 0, []int64{16 * k, 32 * k, 64 * k}},
		{"unknown, one byte over", 64*k + 1, -1, 64 * k, 0, 413, []int64{16 * k, 32 * k, 64 * k}},
		{"known, shorter", 30 * k, 40 * k, 64 * k, 0, 400, []int64{16 * k, 32 * k}},
		{"known, shorter past half", 35 * k, 40 * k, 64 * k, 0, 400, []int64{16 * k, 32 * k, 40 * k}},
		{"known, longer: the length is read", 50 * k, 40 * k, 64 * k, 0, 0, []int64{16 * k, 32 * k, 40 * k}},
		{"no room", 100 * k, 100 * k, 1 << 20, 40 * k, 503, []int64{16 * k, 32 * k}},
	}
	for _, tt := range tests {
		page := bytes.Repeat([]byte("<p>0123456789abcdef</p>\n"), tt.size/24+1)[:tt.size]
		for _, rd := range []struct {
			name string
			wrap func(io.Reader) io.Reader
		}{{"whole", func(r io.Reader) io.Reader { return r }}, {"halves", iotest.HalfReader}, {"data and EOF", iotest.DataErrReader}} {
			t.Run(tt.name+"/"+rd.name, func(t *testing.T) {
				var reserved []int64
				reserve := func(n int64) bool {
					if tt.budget > 0 && n > tt.budget {
						return false
					}
					reserved = append(reserved, n)
					return true
				}
				got, err := readBody(rd.wrap(bytes.NewReader(page)), tt.maxBody, tt.contentLength, reserve)
				if !slices.Equal(reserved, tt.reserved) {
					t.Errorf("reserved %v, want %v", reserved, tt.reserved)
				}
				if tt.status != 0 {
					var re *requestError
					if !errors.As(err, &re) || re.status != tt.status {
						t.Fatalf("error %v, want status %d", err, tt.status)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				want := page
				if tt.contentLength >= 0 && int(tt.contentLength) < len(page) {
					want = page[:tt.contentLength]
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("read %d bytes, want %d, or other bytes", len(got), len(want))
				}
				if tt.contentLength >= 0 && cap(got) != int(tt.contentLength) {
					t.Errorf("capacity %d, want the length %d", cap(got), tt.contentLength)
				}
			})
		}
	}
}
