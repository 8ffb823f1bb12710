package records

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
)

// seekLook is how many bytes past a possible gzip member seek has at
// hand to decompress the member's first bytes.
const seekLook = 4 << 10

// resync moves br past a record that cannot be read, to the next line
// that starts a record (in a plain stretch, or a gzip member that holds
// one), and says in rec's error how far it went.
func (w *WARCReader) resync(br *bufio.Reader, rec *Record) {
	if br == w.src {
		n, found := w.seek()
		where := "to the next record"
		if !found {
			where = "to the end of the file"
		}
		addErr(rec, skipped(n, where))
		return
	}
	n, err := skipTo(br, 8, nil)
	switch {
	case err == nil:
		addErr(rec, skipped(n, "to the next record"))
	case err == io.EOF:
		w.mem = nil
		addErr(rec, skipped(n, "to the end of its gzip member"))
	default:
		addErr(rec, skipped(n, "before the gzip stream failed"))
		w.streamFailed(rec, err)
	}
}

// skipped says that n bytes were passed over, up to where; nil when
// none were.
func skipped(n int64, where string) error {
	if n == 0 {
		return nil
	}
	return fmt.Errorf("%d bytes skipped %s", n, where)
}

// streamFailed reports err, a failure of the gzip stream (or of the
// member being opened), as rec's error, and moves on to the next gzip
// member that holds a record, or to the end of the file, saying how many
// bytes could not be read.
func (w *WARCReader) streamFailed(rec *Record, err error) {
	problem, consequence := gzipProblem(err)
	msg := "gzip: " + problem + w.sinceStart(rec) + consequence
	if w.mem != nil {
		w.mem.failed = problem
	}
	w.mem = nil
	from := w.pos()
	n, found := w.seek()
	switch {
	case n > 0 && found:
		msg += fmt.Sprintf("; %d bytes from offset %d could not be read, up to the next record at offset %d", n, from, from+n)
	case n > 0:
		msg += fmt.Sprintf("; the rest of the file, %d bytes from offset %d, could not be read", n, from)
	}
	addErr(rec, errors.New(msg))
}

// sinceStart says how far into the current member's data the stream
// failed, from rec's start; "" outside a member or at rec's start.
func (w *WARCReader) sinceStart(rec *Record) string {
	if w.mem == nil || w.mem.pos() <= rec.InMember {
		return ""
	}
	return fmt.Sprintf(" %d bytes after the record's start", w.mem.pos()-rec.InMember)
}

// gzipProblem describes a gzip stream's error: what went wrong, and
// what it means when that is not plain.
func gzipProblem(err error) (problem, consequence string) {
	var ce flate.CorruptInputError
	switch {
	case errors.Is(err, gzip.ErrChecksum):
		return "checksum mismatch", ": the data is corrupt"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "truncated", ""
	case errors.As(err, &ce):
		return fmt.Sprintf("corrupt data (%v)", err), ""
	case errors.Is(err, gzip.ErrHeader):
		return "invalid header", ""
	}
	return err.Error(), ""
}

// seek discards the file's bytes up to the next place where a record can
// start: a line starting with "WARC/" and a digit, or a gzip member whose
// data starts so. It returns how many bytes it discarded and whether it
// found such a place before the file ended.
func (w *WARCReader) seek() (int64, bool) {
	n, err := skipTo(w.src, seekLook, w.startsMember)
	return n, err == nil
}

// skipTo discards br's bytes up to the next line that starts a WARC
// record or, when member is not nil, up to the next bytes that member
// takes for a gzip member holding one; member is given the bytes from
// there on, at least look of them unless br ends first. skipTo returns
// how many bytes it discarded, and br's error (io.EOF) when br ended
// first. It holds no more than br's buffer.
func skipTo(br *bufio.Reader, look int, member func([]byte) bool) (int64, error) {
	var n int64
	lineStart := true
	for {
		buf, err := br.Peek(br.Size())
		judge := len(buf) // the positions with enough bytes after them
		if err == nil {
			judge -= look
		}
		for i := 0; i < judge; i++ {
			atLine := i == 0 && lineStart || i > 0 && buf[i-1] == '\n'
			if atLine && isRecordStart(buf[i:]) || member != nil && buf[i] == 0x1f && member(buf[i:]) {
				br.Discard(i)
				return n + int64(i), nil
			}
		}
		if judge > 0 {
			lineStart = buf[judge-1] == '\n'
			br.Discard(judge)
			n += int64(judge)
		}
		if err != nil {
			return n, err
		}
	}
}

// startsMember reports whether b starts a gzip member whose data starts
// like a WARC record: chance bytes in a broken stream seldom do.
func (w *WARCReader) startsMember(b []byte) bool {
	if len(b) < 10 || b[0] != 0x1f || b[1] != 0x8b || b[2] != 8 {
		return false
	}
	if w.probeHeader(b) != nil {
		return false
	}
	var head [16]byte
	n, _ := io.ReadFull(w.probe, head[:])
	return isRecordStart(bytes.TrimLeft(head[:n], "\r\n"))
}

// probeHeader reads the gzip header at the start of b with the probe
// reader, and returns its error.
func (w *WARCReader) probeHeader(b []byte) error {
	if w.probe == nil {
		w.probe = new(gzip.Reader)
	}
	err := w.probe.Reset(bytes.NewReader(b))
	w.probe.Multistream(false)
	return err
}
