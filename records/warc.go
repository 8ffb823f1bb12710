package records

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nlnwa/gowarc"
)

// WARCReader reads the records of a WARC file, plain or gzipped (one
// gzip member per record, as written by crawlers, or several records or
// the whole file in one member). Each record's header is framed here
// within Limits.MaxHeader and parsed and checked by gowarc; its content
// (at most Limits.MaxRecord bytes are held) is read here, so that a huge
// or truncated record cannot exhaust memory and a bad record is reported
// and read past. After a record whose header is unreadable the reader
// moves on to the next line starting with "WARC/" (plain file) or the
// next gzip member; after a broken gzip stream it stops.
type WARCReader struct {
	name   string
	lim    Limits
	cnt    *countReader
	src    *bufio.Reader // the file
	gz     *gzip.Reader
	member *bufio.Reader // the current gzip member; nil in a plain stretch
	memOff int64         // the current member's offset
	done   error         // set when nothing more can be read
	unm    gowarc.Unmarshaler
}

// NewWARCReader returns a reader of the WARC file name read from r.
func NewWARCReader(r io.Reader, name string, lim Limits) *WARCReader {
	cnt := &countReader{r: r}
	return &WARCReader{
		name: name, lim: lim.withDefaults(), cnt: cnt, src: bufio.NewReaderSize(cnt, 256<<10),
		// Only the header goes through gowarc (its content is read here,
		// bounded): no block parsing, and the header is judged here.
		unm: gowarc.NewUnmarshaler(gowarc.WithNoValidation()),
	}
}

type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// pos is the file offset of the next unread byte of src.
func (w *WARCReader) pos() int64 { return w.cnt.n - int64(w.src.Buffered()) }

func (w *WARCReader) errorf(off int64, format string, args ...any) error {
	return fmt.Errorf("%s: offset %d: %s", w.name, off, fmt.Sprintf(format, args...))
}

// Next returns the next record, or io.EOF after the last one.
func (w *WARCReader) Next() (*Record, error) {
	if w.done != nil {
		return nil, w.done
	}
	for {
		if w.member != nil {
			err := skipNewlines(w.member)
			if err == io.EOF {
				w.member = nil
				continue
			}
			if err != nil {
				return w.broken(w.memOff, err), nil
			}
			return w.record(w.member, w.memOff), nil
		}
		if err := skipNewlines(w.src); err != nil {
			if err == io.EOF {
				w.done = io.EOF
			} else {
				w.done = fmt.Errorf("%s: %w", w.name, err)
			}
			return nil, w.done
		}
		off := w.pos()
		if p, _ := w.src.Peek(2); len(p) == 2 && p[0] == 0x1f && p[1] == 0x8b {
			var err error
			if w.gz == nil {
				w.gz, err = gzip.NewReader(w.src)
			} else {
				err = w.gz.Reset(w.src)
			}
			if err != nil {
				return w.broken(off, err), nil
			}
			w.gz.Multistream(false)
			if w.member == nil {
				w.member = bufio.NewReaderSize(w.gz, 64<<10)
			}
			w.member.Reset(w.gz)
			w.memOff = off
			continue
		}
		return w.record(w.src, off), nil
	}
}

// broken reports a gzip stream that cannot be read on as the record at
// off, and ends the file.
func (w *WARCReader) broken(off int64, err error) *Record {
	w.done = io.EOF
	w.member = nil
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = errors.New("truncated")
	}
	return &Record{Source: w.name, Offset: off,
		Err: w.errorf(off, "gzip: %v (the rest of the file is not read)", err)}
}

// skipNewlines discards the CR and LF bytes between records.
func skipNewlines(br *bufio.Reader) error {
	for {
		p, err := br.Peek(1)
		if err != nil {
			return err
		}
		if p[0] != '\r' && p[0] != '\n' {
			return nil
		}
		br.Discard(1)
	}
}

// record reads one record from br, which starts at file offset off.
func (w *WARCReader) record(br *bufio.Reader, off int64) *Record {
	rec := &Record{Source: w.name, Offset: off}
	inMember := br == w.member
	hdr, err := readHeader(br, w.lim.MaxHeader)
	var size int64
	var ctype string
	if err == nil {
		size, ctype, err = w.parseHeader(rec, hdr)
	}
	if err != nil {
		if gzipErr(inMember, err) {
			return w.broken(off, err)
		}
		rec.Err = w.errorf(off, "%v", err)
		w.resync(br, inMember)
		return rec
	}
	complete := size <= w.lim.MaxRecord+int64(w.lim.MaxHeader)
	keep := size
	if !complete {
		keep = int64(w.lim.MaxHeader) // enough to tell whether it is HTML
	}
	block := make([]byte, keep)
	n, err := io.ReadFull(br, block)
	if err == nil && !complete {
		var m int64
		m, err = io.CopyN(io.Discard, br, size-keep)
		n += int(m)
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
	}
	if err != nil {
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			where := "the file"
			if inMember {
				// A whole gzip member shorter than its record: the next
				// members are read. A cut gzip stream ends the file.
				if _, perr := br.Peek(1); perr == io.EOF {
					where = "its gzip member"
				} else {
					w.done = io.EOF
				}
				w.member = nil
			}
			rec.Err = w.errorf(off, "truncated: the record declares %d bytes of content, %s ends after %d", size, where, n)
			return rec
		}
		if inMember {
			return w.broken(off, err)
		}
		rec.Err = w.errorf(off, "%v", err)
		w.done = fmt.Errorf("%s: %w", w.name, err)
		return rec
	}
	classify(rec, ctype, block, size, complete, w.lim)
	if rec.Err != nil {
		rec.Err = w.errorf(off, "%v", rec.Err)
	}
	return rec
}

// gzipErr reports whether err is a failure of the gzip stream rather
// than of the record's text.
func gzipErr(inMember bool, err error) bool {
	var ce *headerError
	return inMember && !errors.As(err, &ce)
}

// headerError is a WARC header that is not well-formed.
type headerError struct{ msg string }

func (e *headerError) Error() string { return e.msg }

// readHeader reads a WARC header: the version line and fields up to the
// empty line, at most max bytes. It returns io.EOF when br has no more
// bytes at all.
func readHeader(br *bufio.Reader, max int) ([]byte, error) {
	var hdr []byte
	first := true
	for {
		line, err := br.ReadSlice('\n')
		if len(hdr)+len(line) > max {
			return nil, &headerError{fmt.Sprintf("WARC header larger than %d KiB", max>>10)}
		}
		hdr = append(hdr, line...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if first && len(hdr) > 0 && !bytes.HasPrefix(hdr, []byte("WARC/")) {
			return nil, &headerError{fmt.Sprintf("not a WARC record: starts with %q", clip(hdr, 20))}
		}
		if err != nil {
			if err == io.EOF && len(hdr) == 0 {
				return nil, io.EOF
			}
			if err == io.EOF {
				return nil, &headerError{"truncated: the file ends in the WARC header"}
			}
			return nil, err
		}
		if !first && (string(line) == "\r\n" || string(line) == "\n") {
			return hdr, nil
		}
		first = false
	}
}

func clip(b []byte, n int) []byte {
	if len(b) > n {
		return b[:n]
	}
	return b
}

// parseHeader parses the header with gowarc, fills rec's identity and
// returns the content's length and type.
func (w *WARCReader) parseHeader(rec *Record, hdr []byte) (_ int64, _ string, err error) {
	if v, _, _ := bytes.Cut(hdr, []byte("\n")); len(bytes.TrimSpace(v)) <= len("WARC/") {
		return 0, "", &headerError{fmt.Sprintf("WARC header: no version in %q", v)}
	}
	// gowarc v1.1.0 indexes lines it has not checked: a panic on a header
	// it cannot take is that header's error, not the program's end.
	defer func() {
		if p := recover(); p != nil {
			err = &headerError{fmt.Sprintf("WARC header: unreadable (%v)", p)}
		}
	}()
	r, _, _, err := w.unm.Unmarshal(bufio.NewReader(bytes.NewReader(hdr)))
	if err != nil {
		return 0, "", &headerError{fmt.Sprintf("WARC header: %v", err)}
	}
	defer r.Close()
	h := r.WarcHeader()
	rec.Type = strings.ToLower(h.Get(gowarc.WarcType))
	rec.ID = h.Get(gowarc.WarcRecordID)
	rec.Date = h.Get(gowarc.WarcDate)
	rec.URL = strings.Trim(h.Get(gowarc.WarcTargetURI), "<>") // WARC 1.0 wrote <uri>
	if !h.Has(gowarc.ContentLength) {
		return 0, "", &headerError{"WARC header without Content-Length"}
	}
	size, err := h.GetInt64(gowarc.ContentLength)
	if err != nil || size < 0 {
		return 0, "", &headerError{fmt.Sprintf("bad Content-Length %q", h.Get(gowarc.ContentLength))}
	}
	return size, h.Get(gowarc.ContentType), nil
}

// resync moves br past a record that cannot be read: to the end of its
// gzip member, or in a plain file to the next line starting with "WARC/"
// or a gzip member.
func (w *WARCReader) resync(br *bufio.Reader, inMember bool) {
	if inMember {
		if _, err := io.Copy(io.Discard, br); err != nil {
			w.done = io.EOF // the next Next reports nothing more: the stream is broken
		}
		w.member = nil
		return
	}
	for {
		p, err := br.Peek(5)
		if len(p) == 5 && string(p) == "WARC/" || len(p) >= 2 && p[0] == 0x1f && p[1] == 0x8b {
			return
		}
		if err != nil {
			br.Discard(len(p))
			return
		}
		for {
			_, err = br.ReadSlice('\n')
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if err != nil {
			return
		}
	}
}
