package records

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// JSONLReader reads a JSONL file of pages, one {"url": "...", "html":
// "..."} object a line (other fields are ignored; "url" may be missing).
// Blank lines are not records. A line that is not such an object, or
// longer than twice Limits.MaxRecord, is a Record with an error naming
// the file and line, and reading goes on with the next line.
type JSONLReader struct {
	name string
	lim  Limits
	br   *bufio.Reader
	off  int64
	line int
	done bool
}

// NewJSONLReader returns a reader of the JSONL file name read from r.
func NewJSONLReader(r io.Reader, name string, lim Limits) *JSONLReader {
	return &JSONLReader{name: name, lim: lim.withDefaults(), br: bufio.NewReaderSize(r, 256<<10)}
}

// Next returns the next record, or io.EOF after the last one.
func (j *JSONLReader) Next() (*Record, error) {
	for !j.done {
		off := j.off
		j.line++
		line, long, err := j.readLine()
		if err != nil && err != io.EOF {
			j.done = true
			return nil, fmt.Errorf("%s: line %d: %w", j.name, j.line, err)
		}
		if err == io.EOF {
			j.done = true
		}
		rec := &Record{Source: j.name, Offset: off, Line: j.line}
		if long {
			rec.Err = fmt.Errorf("%s: line %d: longer than %s", j.name, j.line, mib(2*j.lim.MaxRecord))
			return rec, nil
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var page struct {
			URL  string  `json:"url"`
			HTML *string `json:"html"`
		}
		if err := json.Unmarshal(line, &page); err != nil {
			rec.Err = fmt.Errorf("%s: line %d: %s", j.name, j.line, jsonProblem(err))
			return rec, nil
		}
		rec.URL = page.URL
		switch {
		case page.HTML == nil:
			rec.Err = fmt.Errorf("%s: line %d: no \"html\"", j.name, j.line)
		case int64(len(*page.HTML)) > j.lim.MaxRecord:
			rec.Err = fmt.Errorf("%s: line %d: %v", j.name, j.line, tooLarge(int64(len(*page.HTML)), j.lim))
		default:
			rec.HTML = []byte(*page.HTML)
		}
		return rec, nil
	}
	return nil, io.EOF
}

// jsonProblem says what is wrong with a line that is no page object, in
// the terms of the format (docs/scale.md): not JSON, or a field of the
// wrong type, not the decoder's Go types.
func jsonProblem(err error) string {
	var typ *json.UnmarshalTypeError
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &typ) && typ.Field != "":
		return fmt.Sprintf("%q is a JSON %s, want a string", typ.Field, typ.Value)
	case errors.As(err, &typ):
		return fmt.Sprintf("a JSON %s, want an object with \"url\" and \"html\"", typ.Value)
	case errors.As(err, &syn):
		return fmt.Sprintf("not JSON (%v at byte %d)", syn, syn.Offset)
	}
	return err.Error()
}

// readLine reads one line, without its end; long reports a line over the
// limit, which is read past but not kept.
func (j *JSONLReader) readLine() (line []byte, long bool, err error) {
	max := 2 * j.lim.MaxRecord
	for {
		var part []byte
		part, err = j.br.ReadSlice('\n')
		j.off += int64(len(part))
		if !long && int64(len(line)+len(part)) > max {
			long, line = true, nil
		}
		if !long {
			line = append(line, part...)
		}
		if err != bufio.ErrBufferFull {
			break
		}
	}
	return line, long, err
}
