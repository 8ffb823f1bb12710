package records

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"runtime"
)

// spill keeps records of a gzip member in a temporary file while they
// wait for the member's checksum: a whole-file gzip holds more records
// than memory should, and none may come out before its checksum (or its
// own digest) vouches for it. The file is created when first needed, in
// os.TempDir, and removed at once where the system allows (elsewhere when
// the reader ends); it is emptied whenever every record put in it has
// been taken out again, so it never holds more than one member's records.
type spill struct {
	f       *os.File
	end     int64 // bytes written
	pending int   // records put and not taken yet
	buf     []byte
}

// put writes rec to the file and returns where it is.
func (s *spill) put(rec *Record) (off, n int64, err error) {
	if s.f == nil {
		f, err := os.CreateTemp("", "boilernet-warc-*.held")
		if err != nil {
			return 0, 0, err
		}
		if runtime.GOOS != "windows" {
			os.Remove(f.Name()) // gone with the last descriptor, whatever happens
		}
		s.f = f
	}
	s.buf = appendRecord(s.buf[:0], rec)
	if _, err := s.f.WriteAt(s.buf, s.end); err != nil {
		return 0, 0, err
	}
	off, n = s.end, int64(len(s.buf))
	s.end += n
	s.pending++
	return off, n, nil
}

// take reads back the record put at off, n bytes long.
func (s *spill) take(off, n int64) (*Record, error) {
	s.pending--
	b := make([]byte, n)
	if _, err := s.f.ReadAt(b, off); err != nil {
		return nil, err
	}
	rec, err := decodeRecord(b)
	if s.pending == 0 && s.end > 0 {
		// Every record is out: the space is reused.
		if terr := s.f.Truncate(0); terr == nil {
			s.end = 0
		}
	}
	return rec, err
}

// close removes the file.
func (s *spill) close() {
	if s.f == nil {
		return
	}
	s.f.Close()
	if runtime.GOOS == "windows" {
		os.Remove(s.f.Name())
	}
	s.f, s.end, s.pending = nil, 0, 0
}

// appendRecord appends rec's fields to b: its strings and HTML with their
// lengths, its numbers, and its error's text.
func appendRecord(b []byte, rec *Record) []byte {
	errText := ""
	if rec.Err != nil {
		errText = rec.Err.Error()
	}
	for _, s := range []string{rec.Source, rec.Type, rec.ID, rec.Date, rec.URL, rec.Charset, rec.Skip, errText} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	b = binary.AppendVarint(b, rec.Offset)
	b = binary.AppendVarint(b, rec.InMember)
	b = binary.AppendVarint(b, int64(rec.Line))
	if rec.Err != nil {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(rec.HTML)))
	return append(b, rec.HTML...)
}

var errSpillCorrupt = errors.New("a record held in a temporary file was read back damaged")

// decodeRecord reads a record that appendRecord wrote.
func decodeRecord(b []byte) (*Record, error) {
	var strs [8]string
	for i := range strs {
		n, k := binary.Uvarint(b)
		if k <= 0 || uint64(len(b)-k) < n {
			return nil, errSpillCorrupt
		}
		strs[i], b = string(b[k:k+int(n)]), b[k+int(n):]
	}
	var nums [3]int64
	for i := range nums {
		v, k := binary.Varint(b)
		if k <= 0 {
			return nil, errSpillCorrupt
		}
		nums[i], b = v, b[k:]
	}
	if len(b) == 0 {
		return nil, errSpillCorrupt
	}
	hasErr := b[0] == 1
	n, k := binary.Uvarint(b[1:])
	if k <= 0 || uint64(len(b)-1-k) != n {
		return nil, errSpillCorrupt
	}
	rec := &Record{Source: strs[0], Type: strs[1], ID: strs[2], Date: strs[3], URL: strs[4], Charset: strs[5], Skip: strs[6],
		Offset: nums[0], InMember: nums[1], Line: int(nums[2])}
	if n > 0 {
		rec.HTML = b[1+k:]
	}
	if hasErr {
		rec.Err = errors.New(strs[7])
	}
	return rec, nil
}

// heldBack is a record of the output queue: in memory (rec), or in the
// spill file at off, n bytes long; err, when set, is added to it when it
// is taken (its member's stream failed after it was put away).
type heldBack struct {
	rec    *Record
	off, n int64
	err    error
	at     [2]int64 // the record's Offset and InMember, for an error when it cannot be read back
}

// load returns q's record, read back from the spill file when it is
// there.
func (w *WARCReader) load(q heldBack) *Record {
	rec := q.rec
	if rec == nil {
		var err error
		if rec, err = w.spill.take(q.off, q.n); err != nil {
			rec = &Record{Source: w.name, Offset: q.at[0], InMember: q.at[1], Err: fmt.Errorf("held until its gzip member's checksum was checked, it could not be read back: %v", err)}
		}
	}
	addErr(rec, q.err)
	return rec
}
