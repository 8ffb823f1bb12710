// Package records owns the corpus files that hold many pages to a file,
// WARC files (plain or gzipped per record, read with
// github.com/nlnwa/gowarc) and JSONL files of {"url", "html"} objects:
// reading them record by record, and the output line of each record (a
// render.Record: NewLine, Extract, Summary). Package recordstest writes
// WARC records, for fixtures.
//
// Every record of a file comes out as one Record, in file order: a page
// to extract (HTML, its charset and URL), a record that is not an HTML
// page (Skip says why), or a record that could not be read (Err names the
// file and offset), as is one whose content fails a check (its gzip
// checksum, its WARC digests): never a page of corrupt text. Nothing is
// dropped, so an output line per Record accounts for the whole input.
// Sizes are bounded (Limits): a huge record is a Record with an error,
// read past without holding it in memory.
package records

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/boilernet/boilernet/internal/limits"
)

// Record is one record of a corpus file.
type Record struct {
	Source string // the file's name
	// Offset is where the record starts in the file: the byte offset of
	// its WARC header, of its gzip member in a .warc.gz file, or of its
	// line in a JSONL file (in the decompressed stream for .jsonl.gz).
	Offset int64
	// InMember is where the record starts in the uncompressed data of its
	// gzip member when the member holds more than one record (a whole-file
	// gzip): Offset and InMember tell such records apart. It is 0 for the
	// first record of a member and in a plain file.
	InMember int64
	Line     int    // JSONL: 1-based line number; 0 for WARC
	Type     string // WARC-Type ("response", "request", …); "" for JSONL
	ID       string // WARC-Record-ID
	Date     string // WARC-Date
	URL      string // WARC-Target-URI, or the JSONL "url"
	// Charset is the charset label of the HTTP Content-Type ("" if none).
	Charset string
	// HTML is the page, transfer and content encodings undone; set only
	// when Skip and Err are empty.
	HTML []byte
	// Skip says why a record that was read is not a page to extract
	// ("request record", "not HTML: image/png", …).
	Skip string
	// Err is why the record could not be read; it names the file and
	// offset (or line).
	Err error
}

// Page reports whether r is a page to extract.
func (r *Record) Page() bool { return r.Skip == "" && r.Err == nil }

// Limits bound what one record may take. Zero fields mean the defaults.
type Limits struct {
	// MaxRecord bounds a record's content (WARC Content-Length, a JSONL
	// line) and its decoded HTML, in bytes; default DefaultMaxRecord. It
	// also bounds the HTML of the records of one gzip member held in
	// memory until the member's checksum is checked; past it they wait in
	// a temporary file (see WARCReader).
	MaxRecord int64
	// MaxHeader bounds a WARC record's header and the HTTP header of its
	// payload; default DefaultMaxHeader.
	MaxHeader int
}

// DefaultMaxRecord is the default Limits.MaxRecord (as infer's page size
// limit).
const DefaultMaxRecord = limits.MaxPageSize

// DefaultMaxHeader is the default Limits.MaxHeader.
const DefaultMaxHeader = 64 << 10

func (l Limits) withDefaults() Limits {
	if l.MaxRecord <= 0 {
		l.MaxRecord = DefaultMaxRecord
	}
	if l.MaxHeader <= 0 {
		l.MaxHeader = DefaultMaxHeader
	}
	return l
}

// Reader reads the records of one file in order. Next returns io.EOF
// after the last record; any other error is one that ends the file (an
// I/O error of the underlying reader) and has already been reported as a
// Record when it concerns a record.
type Reader interface {
	Next() (*Record, error)
}

// IsRecordFile reports whether name is a corpus file that Open reads:
// *.warc, *.warc.gz, *.jsonl, *.jsonl.gz (case-insensitive).
func IsRecordFile(name string) bool {
	n := strings.ToLower(name)
	for _, ext := range []string{".warc", ".warc.gz", ".jsonl", ".jsonl.gz"} {
		if strings.HasSuffix(n, ext) {
			return true
		}
	}
	return false
}

// NewReader reads the corpus file name from r, its format chosen by the
// name (see IsRecordFile): WARC, or JSONL (decompressed first when the
// name ends in .gz; a .warc.gz file is read member by member).
func NewReader(r io.Reader, name string, lim Limits) (Reader, error) {
	n := strings.ToLower(name)
	switch {
	case strings.HasSuffix(n, ".warc"), strings.HasSuffix(n, ".warc.gz"):
		return NewWARCReader(r, name, lim), nil
	case strings.HasSuffix(n, ".jsonl"):
		return NewJSONLReader(r, name, lim), nil
	case strings.HasSuffix(n, ".jsonl.gz"):
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return NewJSONLReader(z, name, lim), nil
	}
	return nil, fmt.Errorf("%s: not a corpus file (.warc, .warc.gz, .jsonl, .jsonl.gz)", name)
}

// Open opens the corpus file at path; closing the returned Closer closes
// the file.
func Open(path string, lim Limits) (Reader, io.Closer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = fmt.Errorf("%s: not a regular file", path)
	}
	var r Reader
	if err == nil {
		r, err = NewReader(f, path, lim)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return r, f, nil
}

// ReadAll calls fn for every record of r, stopping at the first error
// fn returns or r's first error other than io.EOF.
func ReadAll(r Reader, fn func(*Record) error) error {
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
}
