package records

import (
	"bytes"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"net/http/httputil"
	"strings"
)

// digest is a WARC-Block-Digest or WARC-Payload-Digest to check: its
// field and value as written, and the digest it states.
type digest struct {
	field, value string
	want         []byte
	newHash      func() hash.Hash
	hash         hash.Hash // the running hash of the block; nil for a payload digest
}

// digests are a record's digests that can be checked (nil for those it
// has not, or whose algorithm or encoding is unknown).
type digests struct {
	block, payload *digest
}

// newDigests parses the values of a record's WARC-Block-Digest and
// WARC-Payload-Digest fields ("" when it has none).
func newDigests(block, payload string) digests {
	d := digests{block: parseDigest("WARC-Block-Digest", block), payload: parseDigest("WARC-Payload-Digest", payload)}
	if d.block != nil {
		d.block.hash = d.block.newHash()
	}
	return d
}

// parseDigest parses a digest value, "algorithm:value" (sha1, sha256,
// sha512 or md5; base32, base16 or base64). A value that cannot be
// checked gives nil: it is not a sign that the content is corrupt.
func parseDigest(field, value string) *digest {
	algo, enc, ok := strings.Cut(strings.TrimSpace(value), ":")
	if !ok {
		return nil
	}
	var newHash func() hash.Hash
	switch strings.ToLower(algo) { // the algorithms gowarc takes
	case "sha1":
		newHash = sha1.New
	case "sha256":
		newHash = sha256.New
	case "sha512":
		newHash = sha512.New
	case "md5":
		newHash = md5.New
	default:
		return nil
	}
	want := decodeDigest(enc, newHash().Size())
	if want == nil {
		return nil
	}
	return &digest{field: field, value: value, want: want, newHash: newHash}
}

// decodeDigest decodes a digest of size bytes written in base16, base32
// (with or without padding) or base64; nil if it is none of them.
func decodeDigest(s string, size int) []byte {
	if len(s) == 2*size {
		if b, err := hex.DecodeString(s); err == nil {
			return b
		}
	}
	b32 := base32.StdEncoding.WithPadding(base32.NoPadding)
	if b, err := b32.DecodeString(strings.ToUpper(strings.TrimRight(s, "="))); err == nil && len(b) == size {
		return b
	}
	if b, err := base64.StdEncoding.DecodeString(s); err == nil && len(b) == size {
		return b
	}
	return nil
}

// blockHash is the writer that the whole block must go through to be
// checked against the block digest; nil when there is none.
func (d digests) blockHash() io.Writer {
	if d.block == nil {
		return nil
	}
	return d.block.hash
}

// check checks the record's content against its digests, once all of it
// has gone through blockHash: the block digest when there is one; else
// the payload digest of a response or resource record whose block is
// held whole (complete). A payload digest is taken over the HTTP body as
// stored, or as de-chunked (writers differ). A content that matches its
// block digest is whole, whatever its payload digest says. checked
// reports a content that matched a digest.
func (d digests) check(recType, ctype string, block []byte, complete bool) (checked bool, err error) {
	if d.block != nil {
		err := d.block.mismatch(d.block.hash.Sum(nil))
		return err == nil, err
	}
	if d.payload == nil || !complete {
		return false, nil
	}
	payload, ok := payloadOf(recType, ctype, block)
	if !ok {
		return false, nil
	}
	got := d.payload.sum(payload)
	if !bytes.Equal(got, d.payload.want) {
		if body, err := io.ReadAll(httputil.NewChunkedReader(bytes.NewReader(payload))); err == nil &&
			bytes.Equal(d.payload.sum(body), d.payload.want) {
			return true, nil
		}
	}
	err = d.payload.mismatch(got)
	return err == nil, err
}

// payloadOf returns the payload of a record's block, and false for a
// record whose payload digest is not checked: one neither a response nor
// a resource, or an HTTP response without a header's end.
func payloadOf(recType, ctype string, block []byte) ([]byte, bool) {
	switch {
	case recType == "response" && mediaType(ctype) == "application/http":
		end, sep := httpHeaderEnd(block)
		if end < 0 {
			return nil, false // not HTTP: httpPayload reports it
		}
		return block[end+sep:], true
	case recType == "response", recType == "resource":
		return block, true
	}
	return nil, false
}

func (d *digest) sum(b []byte) []byte {
	h := d.newHash()
	h.Write(b)
	return h.Sum(nil)
}

// mismatch is the error of a content whose digest is got; nil if it is
// the one stated.
func (d *digest) mismatch(got []byte) error {
	if bytes.Equal(got, d.want) {
		return nil
	}
	algo, _, _ := strings.Cut(d.value, ":")
	return fmt.Errorf("%s %s does not match the content (%s:%s): the record is corrupt",
		d.field, d.value, algo, base32.StdEncoding.EncodeToString(got))
}
