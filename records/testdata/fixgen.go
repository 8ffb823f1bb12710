// Command fixgen writes the records/testdata WARC fixtures (go run
// records/testdata/fixgen.go records/testdata): crc.warc.gz, digest.warc,
// whole.warc, whole.warc.gz and broken.warc.gz; see TestFixtures.
package main

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/sha1"
	"encoding/base32"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func digest(b []byte) string {
	s := sha1.Sum(b)
	return "sha1:" + base32.StdEncoding.EncodeToString(s[:])
}

func page(i int, words string) []byte {
	return []byte(fmt.Sprintf("<html><head><title>Page %d</title></head><body><article><h1>Page %d</h1><p>%s</p><p>This paragraph of page %d has enough words to be kept as the main content of the page by the extractor.</p></article></body></html>", i, i, words, i))
}

func response(i int, body []byte, digests bool, tamper func([]byte) []byte) []byte {
	block := append([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"), body...)
	var h bytes.Buffer
	fmt.Fprintf(&h, "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%08d-0000-0000-0000-000000000000>\r\nWARC-Date: 2026-11-23T12:00:00Z\r\nWARC-Target-URI: https://example.org/%d\r\nContent-Type: application/http;msgtype=response\r\n", i, i)
	if digests {
		fmt.Fprintf(&h, "WARC-Block-Digest: %s\r\nWARC-Payload-Digest: %s\r\n", digest(block), digest(body))
	}
	if tamper != nil {
		block = tamper(block)
	}
	fmt.Fprintf(&h, "Content-Length: %d\r\n\r\n", len(block))
	h.Write(block)
	h.WriteString("\r\n\r\n")
	return h.Bytes()
}

func request(i int, contentLength string) []byte {
	block := "GET / HTTP/1.1\r\nHost: example.org\r\n\r\n"
	if contentLength == "" {
		contentLength = fmt.Sprint(len(block))
	}
	return []byte(fmt.Sprintf("WARC/1.1\r\nWARC-Type: request\r\nWARC-Record-ID: <urn:uuid:%08d-1111-0000-0000-000000000000>\r\nWARC-Date: 2026-11-23T12:00:00Z\r\nWARC-Target-URI: https://example.org/%d\r\nContent-Type: application/http;msgtype=request\r\nContent-Length: %s\r\n\r\n%s\r\n\r\n", i, i, contentLength, block))
}

func gz(b []byte) []byte {
	var out bytes.Buffer
	z := gzip.NewWriter(&out)
	z.Write(b)
	z.Close()
	return out.Bytes()
}

// corruptText flips one byte of member's deflate data so that it still
// inflates, to text that differs from the original only near want.
func corruptText(member []byte, orig []byte, want string) []byte {
	for i := 10; i < len(member)-8; i++ {
		for bit := 0; bit < 8; bit++ {
			m := append([]byte{}, member...)
			m[i] ^= 1 << bit
			out, err := io.ReadAll(flate.NewReader(bytes.NewReader(m[10 : len(m)-8])))
			if err != nil || len(out) != len(orig) || bytes.Equal(out, orig) {
				continue
			}
			if j := bytes.Index(orig, []byte(want)); j >= 0 && !bytes.Contains(out, []byte(want)) &&
				bytes.Equal(out[:j-8], orig[:j-8]) && bytes.Equal(out[j+len(want):], orig[j+len(want):]) {
				fmt.Fprintf(os.Stderr, "flipped byte %d bit %d: %q\n", i, bit, out[j-8:j+len(want)])
				return m
			}
		}
	}
	panic("no flip found")
}

func main() {
	dir := os.Args[1]
	write := func(name string, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			panic(err)
		}
	}
	// crc.warc.gz: a member whose data inflates to other text: its CRC fails.
	var crc bytes.Buffer
	for i := 1; i <= 3; i++ {
		words := fmt.Sprintf("Plain words of page %d, nothing special here.", i)
		if i == 2 {
			words = "The clairvoyance of the committee surprised everyone who attended."
		}
		rec := response(i, page(i, words), false, nil)
		m := gz(rec)
		if i == 2 {
			m = corruptText(m, rec, "clairvoyance")
		}
		crc.Write(m)
	}
	write("crc.warc.gz", crc.Bytes())

	// digest.warc: digests written; record 2's body changed after (block
	// and payload digests fail), record 3's block digest fails only in
	// its HTTP header.
	var dg bytes.Buffer
	dg.Write(response(1, page(1, "Plain words of page 1."), true, nil))
	dg.Write(response(2, page(2, "The clairvoyance of the committee."), true, func(b []byte) []byte {
		return bytes.Replace(b, []byte("clairvoyance"), []byte("ofirvoyance!"), 1)
	}))
	dg.Write(response(3, page(3, "Plain words of page 3."), true, func(b []byte) []byte {
		return bytes.Replace(b, []byte("charset=utf-8"), []byte("charset=UTF-8"), 1)
	}))
	dg.Write(response(4, page(4, "Plain words of page 4."), true, nil))
	write("digest.warc", dg.Bytes())

	// whole.warc and whole.warc.gz: 6 request/response pairs, the second
	// request's header unreadable (bad Content-Length).
	var whole bytes.Buffer
	for i := 1; i <= 6; i++ {
		cl := ""
		if i == 2 {
			cl = "thirty-eight"
		}
		whole.Write(request(i, cl))
		whole.Write(response(i, page(i, fmt.Sprintf("Words of page %d in a whole-file gzip WARC.", i)), false, nil))
	}
	write("whole.warc", whole.Bytes())
	write("whole.warc.gz", gz(whole.Bytes()))

	// broken.warc.gz: whole-file gzip cut in the middle of its deflate
	// data and followed by garbage: the stream cannot be read past it.
	z := gz(whole.Bytes())
	broken := append(append([]byte{}, z[:len(z)/2]...), bytes.Repeat([]byte{0xff}, 64)...)
	broken = append(broken, z[len(z)/2:]...)
	write("broken.warc.gz", broken)
}
