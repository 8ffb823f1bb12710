package records

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
)

// A record whose Content-Length is too long takes the records after it
// for its content: 40 bytes too many take the next record's start, a
// length multiplied by a billion takes the rest of the file. So that
// they are still read, the content of each record is watched, as it
// streams, for its first line that starts a record ("WARC/" and a
// digit), and the bytes from there on are kept (within the record's
// memory bound). If the record then does not end where its length says
// (no record or end of file follows), or the file or member ends first,
// the record is an error and reading resumes at that line: the next
// record's start, for a length too long.

// recordStart is how a line that starts a record starts, before a digit.
const recordStart = "WARC/"

// errOverrunFull stops a record's content being read: it holds a line
// that starts a record, followed by more bytes than are kept to read
// from there again.
var errOverrunFull = errors.New("overrun: too much to keep")

// contentWatch watches a record's content as it streams through Write,
// for its first line starting a record, and keeps the bytes from there
// on, at most max of them (and one Write's).
type contentWatch struct {
	max     int
	matched int    // bytes of "WARC/" matched at a line start; -1: none
	seen    int64  // content bytes written
	off     int64  // the content offset of the line starting a record
	kept    []byte // the content from that line on; nil until one is found
}

func newContentWatch(max int64) *contentWatch {
	return &contentWatch{max: int(min(max, 1<<40)), matched: 0} // the content starts a line
}

// found reports whether the content holds a line that starts a record.
func (c *contentWatch) found() bool { return c.kept != nil }

// Write watches p, the content's next bytes; it fails with
// errOverrunFull when more than max bytes would be kept.
func (c *contentWatch) Write(p []byte) (int, error) {
	if c.kept != nil {
		return c.keep(p)
	}
	for i := 0; i < len(p); i++ {
		b := p[i]
		switch {
		case c.matched < 0:
			// Not at a line start: on to the next line.
			j := bytes.IndexByte(p[i:], '\n')
			if j < 0 {
				c.seen += int64(len(p))
				return len(p), nil
			}
			i += j
			c.matched = 0
			continue
		case c.matched < len(recordStart) && b == recordStart[c.matched]:
			c.matched++
			continue
		case c.matched == len(recordStart) && b >= '0' && b <= '9':
			c.off = c.seen + int64(i) - int64(len(recordStart))
			c.kept = append(make([]byte, 0, min(c.max, 64<<10)), recordStart...)
			c.seen += int64(i)
			_, err := c.keep(p[i:])
			return len(p), err
		}
		c.matched = -1
		if b == '\n' {
			c.matched = 0
		}
	}
	c.seen += int64(len(p))
	return len(p), nil
}

// finish ends the content: a line starting a record may begin within
// its last bytes ("WARC/" or a part of it), the next record's start for
// a length a few bytes too long. It is the line found if none was.
func (c *contentWatch) finish() {
	if c.kept == nil && c.matched > 0 {
		c.off = c.seen - int64(c.matched)
		c.kept = []byte(recordStart[:c.matched])
	}
}

// keep keeps p after the bytes kept, and fails once more than max are:
// p is kept even then, as it was read, to be read again.
func (c *contentWatch) keep(p []byte) (int, error) {
	c.kept = append(c.kept, p...)
	c.seen += int64(len(p))
	if len(c.kept) > c.max {
		return len(p), errOverrunFull
	}
	return len(p), nil
}

// overrun makes rec, whose content of size bytes (as declared) holds a
// line starting a record and does not end where that size says, an
// error for why, and resumes reading br at that line.
func (w *WARCReader) overrun(br *bufio.Reader, rec *Record, size int64, watch *contentWatch, why string) {
	addErr(rec, fmt.Errorf("the record does not end after its Content-Length of %d bytes (%s): a record starts %d bytes into its content, read from there",
		size, why, watch.off))
	cnt := w.cnt
	if br != w.src {
		cnt = w.mem.cnt
	}
	// br's buffered bytes, and those its reader has yet to give again,
	// come after the bytes kept.
	rest, _ := br.Peek(br.Buffered())
	prefix := make([]byte, 0, len(watch.kept)+len(rest)+len(cnt.prefix))
	prefix = append(append(append(prefix, watch.kept...), rest...), cnt.prefix...)
	cnt.n -= int64(len(watch.kept) + len(rest))
	cnt.prefix = prefix
	watch.kept = nil
	br.Reset(cnt)
}

// endsHere reports whether br's next bytes are an end-of-record marker
// (two CR or LF bytes at least) and the start of a record (in a plain
// stretch, or of a gzip member), or CR and LF bytes to br's end, as they
// are after a record's content. It reads nothing.
func (w *WARCReader) endsHere(br *bufio.Reader) bool {
	for i := 0; ; i++ {
		p, err := br.Peek(i + 1)
		if len(p) <= i {
			return err != bufio.ErrBufferFull // the end; newlines filling the buffer are not
		}
		if c := p[i]; c != '\r' && c != '\n' {
			q, _ := br.Peek(i + 6)
			q = q[i:]
			return i >= 2 && (isRecordStart(q) || br == w.src && len(q) >= 3 && q[0] == 0x1f && q[1] == 0x8b && q[2] == 8)
		}
	}
}
