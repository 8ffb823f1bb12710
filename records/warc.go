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
// and read past.
//
// Every record gives one Record. A record is an error, never a page,
// when its content fails a check: its WARC-Block-Digest (or, without
// one, its WARC-Payload-Digest), the gzip checksum of its member, or its
// end-of-record marker (a wrong Content-Length). After a record that
// cannot be read the reader goes on at the next line starting with
// "WARC/" and a digit, in a plain stretch or in a gzip member alike;
// after a gzip stream that cannot be decompressed, at the next gzip
// member that holds a record, and the error says how many bytes were
// passed over. Bytes that belong to no record (garbage between records)
// are a Record with an error of their own.
//
// The records of a gzip member are held until the member's end, where
// its checksum is checked, but for those that matched a digest, which
// need no checksum; if the stream fails, they are errors too. A member of
// several records (a whole-file gzip) is held in memory within
// Limits.MaxRecord bytes of HTML: past that, its records wait in a
// temporary file (in os.TempDir, emptied as they come out), so that no
// record comes out before its checksum, however large the member.
type WARCReader struct {
	name  string
	lim   Limits
	cnt   *countReader  // the file's bytes read
	src   *bufio.Reader // the file
	gz    *gzip.Reader  // the current member's decompressor, reused
	probe *gzip.Reader  // tries possible gzip members while seeking
	m     member        // the current gzip member, reused
	mem   *member       // &m while in a gzip member; nil in a plain stretch
	held  []held        // the records of the member so far, until its checksum is checked
	size  int64         // the memory held records take, about
	spill spill         // held records past Limits.MaxRecord
	out   []heldBack    // the records to return, in order
	done  error         // set when nothing more can be read
	unm   gowarc.Unmarshaler
}

// member is a gzip member being read.
type member struct {
	off    int64         // the member's offset in the file
	cnt    *countReader  // its uncompressed bytes read
	br     *bufio.Reader // its uncompressed data
	failed string        // why its stream failed; "" while it has not
}

// held is a record of a gzip member that has not ended yet, in memory or
// put away in the spill file.
type held struct {
	heldBack
	checked bool // its content matched its digest: it needs no checksum
}

// pos is the offset in the member's uncompressed data of the next unread
// byte of m.br.
func (m *member) pos() int64 { return m.cnt.n - int64(m.br.Buffered()) }

// NewWARCReader returns a reader of the WARC file name read from r.
func NewWARCReader(r io.Reader, name string, lim Limits) *WARCReader {
	cnt := &countReader{r: r}
	return &WARCReader{
		name: name, lim: lim.withDefaults(), cnt: cnt, src: bufio.NewReaderSize(cnt, 256<<10),
		// Only the header goes through gowarc (its content is read here,
		// bounded): no block parsing, and the header is judged here. Its
		// digests are checked here: gowarc would add a missing one, the
		// digest of the empty block it was given.
		unm: gowarc.NewUnmarshaler(gowarc.WithNoValidation(), gowarc.WithAddMissingDigest(false)),
	}
}

// countReader counts the bytes read from r, after those of prefix: bytes
// read already, to be read again (see overrun).
type countReader struct {
	r      io.Reader
	n      int64
	prefix []byte
}

func (c *countReader) Read(p []byte) (int, error) {
	if len(c.prefix) > 0 {
		n := copy(p, c.prefix)
		c.prefix = c.prefix[n:]
		if len(c.prefix) == 0 {
			c.prefix = nil
		}
		c.n += int64(n)
		return n, nil
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// pos is the file offset of the next unread byte of src.
func (w *WARCReader) pos() int64 { return w.cnt.n - int64(w.src.Buffered()) }

// Next returns the next record, or io.EOF after the last one.
func (w *WARCReader) Next() (*Record, error) {
	for len(w.out) == 0 {
		if w.done != nil {
			w.spill.close()
			return nil, w.done
		}
		if w.mem != nil {
			w.nextInMember()
		} else if rec := w.nextInFile(); rec != nil {
			w.out = append(w.out, heldBack{rec: rec})
		}
	}
	rec := w.load(w.out[0])
	w.out[0] = heldBack{}
	w.out = w.out[1:]
	if rec.Err != nil {
		rec.Err = fmt.Errorf("%s: %w", rec.Name(), rec.Err)
	}
	return rec, nil
}

// nextInFile reads the next record of a plain stretch of the file, or
// opens the gzip member that starts there (and returns nil).
func (w *WARCReader) nextInFile() *Record {
	if err := skipNewlines(w.src); err != nil {
		w.end(err)
		return nil
	}
	rec := &Record{Source: w.name, Offset: w.pos()}
	if p, _ := w.src.Peek(2); len(p) == 2 && p[0] == 0x1f && p[1] == 0x8b {
		if err := w.openMember(rec.Offset); err != nil {
			w.streamFailed(rec, err)
			return rec
		}
		return nil
	}
	w.readRecord(w.src, rec)
	return rec
}

// nextInMember reads the next record of the current gzip member, and
// holds it until the member's end, where its checksum is checked (unless
// its digest vouched for it, and for those before it).
func (w *WARCReader) nextInMember() {
	m := w.mem
	if err := skipNewlines(m.br); err == io.EOF {
		w.mem = nil
	} else {
		rec := &Record{Source: w.name, Offset: m.off, InMember: m.pos()}
		i := len(w.held)
		w.hold(rec)
		if err != nil {
			w.streamFailed(rec, err)
		} else {
			checked := w.readRecord(m.br, rec) // which may hold garbage after rec
			w.held[i].checked = checked
			w.size += int64(len(rec.HTML))
		}
	}
	if w.mem == nil {
		w.settle(m)
		return
	}
	w.releaseChecked()
	if w.size > w.lim.MaxRecord {
		w.putAway()
	}
}

// hold keeps rec, a record of the current gzip member, until the member
// is settled.
func (w *WARCReader) hold(rec *Record) {
	w.held = append(w.held, held{heldBack: heldBack{rec: rec, at: [2]int64{rec.Offset, rec.InMember}}})
	w.size += 1 << 10 // what a record takes besides its HTML, about
}

// releaseChecked returns the records held at the front that matched
// their digests: they need no checksum.
func (w *WARCReader) releaseChecked() {
	k := 0
	for k < len(w.held) && w.held[k].checked {
		h := w.held[k]
		w.out = append(w.out, h.heldBack)
		if h.rec != nil {
			w.size -= 1<<10 + int64(len(h.rec.HTML))
		}
		k++
	}
	if k > 0 {
		n := copy(w.held, w.held[k:])
		clear(w.held[n:])
		w.held = w.held[:n]
	}
}

// putAway moves the records held in memory to the spill file. A record
// that cannot be put there is an error: it could not be held until its
// checksum.
func (w *WARCReader) putAway() {
	for i := range w.held {
		h := &w.held[i]
		if h.rec == nil {
			continue
		}
		off, n, err := w.spill.put(h.rec)
		if err != nil {
			addErr(h.rec, fmt.Errorf("it could not be held until its gzip member's checksum is checked: %v", err))
			continue
		}
		h.rec, h.off, h.n = nil, off, n
	}
	w.size = 0
}

// settle returns the records of the member m, which has ended: as they
// are if its checksum holds; if its stream failed, as errors, but for
// those that matched their digests (the last one has the failure's
// error).
func (w *WARCReader) settle(m *member) {
	if m.failed != "" {
		for i := range w.held[:max(len(w.held)-1, 0)] {
			h := &w.held[i]
			if h.checked {
				continue
			}
			err := fmt.Errorf("gzip: the member, at offset %d, fails further on (%s): its data cannot be trusted", m.off, m.failed)
			if h.rec != nil {
				addErr(h.rec, err)
			} else {
				h.err = err // added when it is read back
			}
		}
	}
	w.release()
}

// release returns the records held.
func (w *WARCReader) release() {
	for _, h := range w.held {
		w.out = append(w.out, h.heldBack)
	}
	clear(w.held)
	w.held, w.size = w.held[:0], 0
}

// openMember starts reading the gzip member at file offset off. A gzip
// header that is not valid is not read from the file, so that seeking
// the next record starts right after the magic bytes.
func (w *WARCReader) openMember(off int64) error {
	p, _ := w.src.Peek(seekLook) // shorter near the end of the file: probeHeader judges what there is
	if err := w.probeHeader(p); err != nil && (err != io.ErrUnexpectedEOF || len(p) < seekLook) {
		return err // else a header longer than p: read it from the file
	}
	var err error
	if w.gz == nil {
		w.gz, err = gzip.NewReader(w.src)
	} else {
		err = w.gz.Reset(w.src)
	}
	if err != nil {
		return err
	}
	w.gz.Multistream(false)
	m := &w.m
	if m.br == nil {
		m.cnt = &countReader{}
		m.br = bufio.NewReaderSize(m.cnt, 64<<10)
	}
	m.cnt.r, m.cnt.n, m.cnt.prefix = w.gz, 0, nil
	m.br.Reset(m.cnt)
	m.off, m.failed = off, ""
	w.mem = m
	return nil
}

// end ends the file after err, io.EOF or an error of the underlying
// reader.
func (w *WARCReader) end(err error) {
	if err == io.EOF {
		w.done = io.EOF
	} else {
		w.done = fmt.Errorf("%s: %w", w.name, err)
	}
}

// readRecord reads the record that starts at br's next byte into rec:
// its header, its content, checked against its digests, and its end. It
// reports whether the content matched a digest.
func (w *WARCReader) readRecord(br *bufio.Reader, rec *Record) (checked bool) {
	hdr, err := readHeader(br, w.lim.MaxHeader)
	var h header
	if err == nil {
		h, err = w.parseHeader(rec, hdr)
	}
	if err != nil {
		var he *headerError
		if !errors.As(err, &he) {
			w.readFailed(br, rec, err)
			return false
		}
		addErr(rec, err)
		w.resync(br, rec)
		return false
	}
	complete := h.size <= w.lim.MaxRecord+int64(w.lim.MaxHeader)
	keep := h.size
	if !complete {
		keep = int64(w.lim.MaxHeader) // enough to tell whether it is HTML
	}
	watch := newContentWatch(w.lim.MaxRecord + int64(w.lim.MaxHeader))
	block, n, err := readBlock(br, h.size, keep, h.digests.blockHash(), watch)
	if errors.Is(err, errOverrunFull) {
		w.overrun(br, rec, h.size, watch, fmt.Sprintf("more than %d bytes follow that line within it", watch.max))
		return false
	}
	if err != nil {
		w.readFailed(br, rec, err)
		return false
	}
	if n < h.size && watch.found() {
		w.overrun(br, rec, h.size, watch, fmt.Sprintf("%s ends after %d", memberOrFile(br, w.src), n))
		return false
	}
	if n < h.size {
		where := memberOrFile(br, w.src)
		if br != w.src {
			// A whole gzip member shorter than its record: the next
			// members are read.
			w.mem = nil
		}
		addErr(rec, fmt.Errorf("truncated: the record declares %d bytes of content, %s ends after %d", h.size, where, n))
		return false
	}
	checked, err = h.digests.check(rec.Type, h.ctype, block, complete)
	if err != nil {
		addErr(rec, err)
	} else {
		classify(rec, h.ctype, block, h.size, complete, w.lim)
	}
	if watch.finish(); watch.found() && !w.endsHere(br) {
		w.overrun(br, rec, h.size, watch, "no record follows it")
		return false
	}
	w.endRecord(br, rec, h.size)
	return checked && rec.Err == nil
}

// memberOrFile names what br reads: src, the file, or a gzip member.
func memberOrFile(br, src *bufio.Reader) string {
	if br == src {
		return "the file"
	}
	return "its gzip member"
}

// readBlock reads a record's content, size bytes, from r: it returns the
// first keep bytes and how many there were in all (fewer than size when
// r ends first), and writes them all to watch and to sum when it is not
// nil. Memory grows with the bytes actually read, not with the size
// declared.
func readBlock(r io.Reader, size, keep int64, sum io.Writer, watch *contentWatch) ([]byte, int64, error) {
	var to io.Writer = watch
	if sum != nil {
		to = io.MultiWriter(watch, sum)
	}
	lr := io.TeeReader(io.LimitReader(r, size), to)
	var b bytes.Buffer
	b.Grow(int(min(keep, 1<<20))) // a page at once; a larger block grows as it comes
	n, err := b.ReadFrom(io.LimitReader(lr, keep))
	if err == nil && n == keep && size > keep {
		var m int64
		m, err = io.Copy(io.Discard, lr)
		n += m
	}
	return b.Bytes(), n, err
}

// addErr makes rec a record that could not be read, for err (added to
// the reasons it already has); a nil err changes nothing.
func addErr(rec *Record, err error) {
	if err == nil {
		return
	}
	rec.HTML, rec.Charset, rec.Skip = nil, "", ""
	if rec.Err != nil {
		err = fmt.Errorf("%v; %v", rec.Err, err)
	}
	rec.Err = err
}

// readFailed reports err, an error reading br rather than a fault of the
// record's text, as rec's: the gzip stream failed (in a member), or the
// underlying reader did (in a plain stretch, which ends the file).
func (w *WARCReader) readFailed(br *bufio.Reader, rec *Record, err error) {
	if br != w.src {
		w.streamFailed(rec, err)
		return
	}
	if err == io.ErrUnexpectedEOF {
		err = errors.New("truncated")
	}
	addErr(rec, err)
	w.end(err)
}

// endRecord reads past the end-of-record marker (CR LF CR LF) after
// rec's content. A record followed by neither a marker, nor the end of
// its member or file, nor the next record, does not end where its
// Content-Length says: it is an error, and reading resumes at the next
// record. In a gzip member, what follows the record up to the next
// record or the member's end is read before rec is returned, so that
// the member's checksum is checked first.
func (w *WARCReader) endRecord(br *bufio.Reader, rec *Record, size int64) {
	nl, err := countNewlines(br)
	switch {
	case err == io.EOF:
		if br != w.src {
			w.mem = nil // the member ended: its checksum is good
		}
	case err != nil:
		w.readFailed(br, rec, err)
	case w.startsRecord(br):
	case nl < 2:
		p, _ := br.Peek(16)
		addErr(rec, fmt.Errorf("the record does not end after its Content-Length of %d bytes: %q follows", size, p))
		w.resync(br, rec)
	case br != w.src:
		w.garbageAfter(rec)
	}
}

// garbageAfter reads the bytes after rec in its gzip member that do not
// start a record, up to the next record or the member's end. They are a
// Record of their own, after rec; but if the member's stream fails in
// them, rec is the error.
func (w *WARCReader) garbageAfter(rec *Record) {
	m := w.mem
	g := &Record{Source: w.name, Offset: m.off, InMember: m.pos()}
	p, _ := m.br.Peek(20)
	start := fmt.Sprintf("not a WARC record: starts with %q", p)
	n, err := skipTo(m.br, 8, nil)
	switch {
	case err == nil:
		g.Err = fmt.Errorf("%s; %d bytes skipped to the next record", start, n)
	case err == io.EOF:
		g.Err = fmt.Errorf("%s; %d bytes skipped to the end of its gzip member", start, n)
	default:
		addErr(rec, fmt.Errorf("followed in its gzip member by %d bytes that are not a record", n))
		w.streamFailed(rec, err)
		return
	}
	w.hold(g)
	if err == io.EOF {
		w.mem = nil
	}
}

// startsRecord reports whether br's next bytes start a record, or in a
// plain stretch a gzip member.
func (w *WARCReader) startsRecord(br *bufio.Reader) bool {
	p, _ := br.Peek(6)
	return isRecordStart(p) || br == w.src && len(p) >= 3 && p[0] == 0x1f && p[1] == 0x8b && p[2] == 8
}

// isRecordStart reports whether b starts like a WARC record: "WARC/" and
// a digit.
func isRecordStart(b []byte) bool {
	return len(b) >= 6 && string(b[:5]) == "WARC/" && b[5] >= '0' && b[5] <= '9'
}

// skipNewlines discards the CR and LF bytes between records.
func skipNewlines(br *bufio.Reader) error {
	_, err := countNewlines(br)
	return err
}

// countNewlines discards the CR and LF bytes at br's start and returns
// how many there were, and br's error if it ends.
func countNewlines(br *bufio.Reader) (int, error) {
	for n := 0; ; n++ {
		p, err := br.Peek(1)
		if err != nil {
			return n, err
		}
		if p[0] != '\r' && p[0] != '\n' {
			return n, nil
		}
		br.Discard(1)
	}
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
				return nil, &headerError{"truncated: the data ends in the WARC header"}
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

// header is what reading a record's content needs of its header.
type header struct {
	size    int64  // Content-Length
	ctype   string // Content-Type
	digests digests
}

// parseHeader parses the header with gowarc, fills rec's identity and
// returns what reading the content needs.
func (w *WARCReader) parseHeader(rec *Record, hdr []byte) (_ header, err error) {
	if v, _, _ := bytes.Cut(hdr, []byte("\n")); len(bytes.TrimSpace(v)) <= len("WARC/") {
		return header{}, &headerError{fmt.Sprintf("WARC header: no version in %q", v)}
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
		return header{}, &headerError{fmt.Sprintf("WARC header: %v", err)}
	}
	defer r.Close()
	h := r.WarcHeader()
	rec.Type = strings.ToLower(h.Get(gowarc.WarcType))
	rec.ID = h.Get(gowarc.WarcRecordID)
	rec.Date = h.Get(gowarc.WarcDate)
	rec.URL = strings.Trim(h.Get(gowarc.WarcTargetURI), "<>") // WARC 1.0 wrote <uri>
	if !h.Has(gowarc.ContentLength) {
		return header{}, &headerError{"WARC header without Content-Length"}
	}
	size, err := h.GetInt64(gowarc.ContentLength)
	if err != nil || size < 0 {
		return header{}, &headerError{fmt.Sprintf("bad Content-Length %q", h.Get(gowarc.ContentLength))}
	}
	payload := h.Get(gowarc.WarcPayloadDigest)
	if h.Has(gowarc.WarcSegmentNumber) {
		payload = "" // the digest of the payload of all the segments
	}
	return header{size: size, ctype: h.Get(gowarc.ContentType),
		digests: newDigests(h.Get(gowarc.WarcBlockDigest), payload)}, nil
}
