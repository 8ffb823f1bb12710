// Package recordstest writes WARC records for tests and small exports:
// the fixtures of package records, of the command's corpus tests and of
// the Beam pipeline.
package recordstest

import (
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"encoding/base32"
	"fmt"
	"io"
	"strings"
	"time"
)

// WARCRecord is a record for WriteWARC.
type WARCRecord struct {
	Type        string // WARC-Type: "response", "resource", "request", "warcinfo", …
	ID          string // WARC-Record-ID, e.g. "<urn:uuid:…>"
	Date        time.Time
	URL         string // WARC-Target-URI ("" for none)
	ContentType string // e.g. "application/http;msgtype=response"
	Block       []byte // the content: for an HTTP response, status line, header and body
	// Digests adds WARC-Block-Digest and, for a response or resource
	// record, WARC-Payload-Digest (SHA-1, base32, as crawlers write them).
	Digests bool
}

// WriteWARC writes rec to w as a WARC/1.1 record, as one gzip member
// when gz is set (a .warc.gz file is such records one after another). It
// is meant for fixtures and small exports: the record is written as
// given, with digests only if rec.Digests asks for them.
func WriteWARC(w io.Writer, rec WARCRecord, gz bool) error {
	out := w
	var z *gzip.Writer
	if gz {
		z = gzip.NewWriter(w)
		out = z
	}
	_, err := fmt.Fprintf(out, "WARC/1.1\r\nWARC-Type: %s\r\nWARC-Record-ID: %s\r\nWARC-Date: %s\r\n",
		rec.Type, rec.ID, rec.Date.UTC().Format(time.RFC3339))
	if err == nil && rec.URL != "" {
		_, err = fmt.Fprintf(out, "WARC-Target-URI: %s\r\n", rec.URL)
	}
	if err == nil && rec.ContentType != "" {
		_, err = fmt.Fprintf(out, "Content-Type: %s\r\n", rec.ContentType)
	}
	if err == nil && rec.Digests {
		_, err = fmt.Fprintf(out, "WARC-Block-Digest: %s\r\n", SHA1Digest(rec.Block))
		if p, ok := payload(rec.Type, rec.ContentType, rec.Block); err == nil && ok {
			_, err = fmt.Fprintf(out, "WARC-Payload-Digest: %s\r\n", SHA1Digest(p))
		}
	}
	if err == nil {
		_, err = fmt.Fprintf(out, "Content-Length: %d\r\n\r\n", len(rec.Block))
	}
	if err == nil {
		_, err = out.Write(rec.Block)
	}
	if err == nil {
		_, err = io.WriteString(out, "\r\n\r\n")
	}
	if z != nil {
		if cerr := z.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// HTTPResponse returns the block of an HTTP response record: a 200 status
// line, the header lines given ("Name: value") and the body.
func HTTPResponse(body []byte, header ...string) []byte {
	b := []byte("HTTP/1.1 200 OK\r\n")
	for _, h := range header {
		b = append(b, h...)
		b = append(b, "\r\n"...)
	}
	b = append(b, "\r\n"...)
	return append(b, body...)
}

// SHA1Digest is the WARC digest value of b: "sha1:" and its base32.
func SHA1Digest(b []byte) string {
	sum := sha1.Sum(b)
	return "sha1:" + base32.StdEncoding.EncodeToString(sum[:])
}

// payload is the part of a record's block that WARC-Payload-Digest
// covers: an HTTP response's body (after its header's blank line), a
// resource's or other response's whole block; false for other records
// and for an HTTP response without a blank line.
func payload(recType, ctype string, block []byte) ([]byte, bool) {
	mt, _, _ := strings.Cut(ctype, ";")
	switch {
	case recType == "response" && strings.EqualFold(strings.TrimSpace(mt), "application/http"):
		end, sep := bytes.Index(block, []byte("\r\n\r\n")), 4
		if i := bytes.Index(block, []byte("\n\n")); i >= 0 && (end < 0 || i < end) {
			end, sep = i, 2
		}
		if end < 0 {
			return nil, false
		}
		return block[end+sep:], true
	case recType == "response", recType == "resource":
		return block, true
	}
	return nil, false
}
