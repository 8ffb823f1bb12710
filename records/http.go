package records

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httputil"
	"strings"
)

// classify sets rec's HTML and Charset, or Skip, or Err, from a record's
// content block (WARC Content-Type ctype; size bytes in all, of which
// block holds all when complete, else the first ones).
func classify(rec *Record, ctype string, block []byte, size int64, complete bool, lim Limits) {
	mt := mediaType(ctype)
	switch rec.Type {
	case "response":
		if mt == "application/http" {
			httpPayload(rec, block, size, complete, lim)
			return
		}
	case "resource":
	case "":
		rec.Skip = "record without WARC-Type"
		return
	default:
		rec.Skip = rec.Type + " record"
		return
	}
	// A resource (or a response that is not HTTP): the block is the
	// document.
	if !isHTML(mt, block) {
		rec.Skip = "not HTML: " + orNone(mt)
		return
	}
	if !complete {
		rec.Err = tooLarge(size, lim)
		return
	}
	rec.HTML = block
	_, params, _ := mime.ParseMediaType(ctype)
	rec.Charset = params["charset"]
}

func orNone(mt string) string {
	if mt == "" {
		return "no content type"
	}
	return mt
}

func tooLarge(size int64, lim Limits) error {
	return fmt.Errorf("HTML record of %d bytes is larger than the limit of %s", size, mib(lim.MaxRecord))
}

// mib writes a size limit in MiB, or KiB below 1 MiB.
func mib(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d MiB", n>>20)
}

// mediaType is the lower-case media type of a Content-Type value.
func mediaType(ct string) string {
	mt, _, _ := strings.Cut(ct, ";")
	return strings.ToLower(strings.TrimSpace(mt))
}

// isHTML reports whether a payload of media type mt (perhaps "") is an
// HTML page; without a type, its first bytes decide.
func isHTML(mt string, payload []byte) bool {
	if mt == "" {
		mt = mediaType(http.DetectContentType(payload))
	}
	return mt == "text/html" || mt == "application/xhtml+xml"
}

// httpHeaderEnd returns where the HTTP header in block ends, and the
// length of the empty line there (CR LF CR LF, or LF LF); -1, 0 when
// block has none.
func httpHeaderEnd(block []byte) (end, sep int) {
	end, sep = -1, 0
	if i := bytes.Index(block, []byte("\r\n\r\n")); i >= 0 {
		end, sep = i, 4
	}
	if i := bytes.Index(block, []byte("\n\n")); i >= 0 && (end < 0 || i < end) {
		end, sep = i, 2
	}
	return end, sep
}

// httpPayload reads an HTTP response block.
func httpPayload(rec *Record, block []byte, size int64, complete bool, lim Limits) {
	end, sep := httpHeaderEnd(block)
	if end < 0 || end > lim.MaxHeader {
		rec.Err = fmt.Errorf("HTTP header not found in the first %d KiB of the record", lim.MaxHeader>>10)
		return
	}
	resp, err := http.ReadResponse(bufio.NewReader(io.MultiReader(bytes.NewReader(block[:end]), strings.NewReader("\r\n\r\n"))), nil)
	if err != nil {
		rec.Err = fmt.Errorf("HTTP header: %v", err)
		return
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		rec.Skip = "HTTP status " + resp.Status
		return
	}
	body := block[end+sep:]
	ct := resp.Header.Get("Content-Type")
	mt := mediaType(ct)
	if mt != "" && !isHTML(mt, nil) {
		rec.Skip = "not HTML: " + mt
		return
	}
	if !complete {
		rec.Err = tooLarge(size, lim)
		return
	}
	// Crawlers often store the body already de-chunked but keep the
	// header: a body that does not parse as chunks is taken as it is.
	if hasToken(resp.Header.Values("Transfer-Encoding"), "chunked") || hasToken(resp.TransferEncoding, "chunked") {
		if b, err := io.ReadAll(io.LimitReader(httputil.NewChunkedReader(bytes.NewReader(body)), lim.MaxRecord+1)); err == nil {
			body = b
		}
	}
	for _, enc := range slicesReverse(resp.Header.Values("Content-Encoding")) {
		for _, e := range strings.Split(enc, ",") {
			if body, err = decodeContent(strings.ToLower(strings.TrimSpace(e)), body, lim); err != nil {
				rec.Err = err
				return
			}
		}
	}
	if int64(len(body)) > lim.MaxRecord {
		rec.Err = tooLarge(int64(len(body)), lim)
		return
	}
	if mt == "" && !isHTML("", body) {
		rec.Skip = "not HTML: no content type"
		return
	}
	rec.HTML = body
	if _, params, err := mime.ParseMediaType(ct); err == nil {
		rec.Charset = params["charset"]
	}
}

func slicesReverse(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}

func hasToken(values []string, tok string) bool {
	for _, v := range values {
		for _, t := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), tok) {
				return true
			}
		}
	}
	return false
}

// decodeContent undoes one Content-Encoding, bounded by lim.MaxRecord. A
// body that is plainly not encoded (crawlers often store it decoded and
// keep the header) is returned as it is.
func decodeContent(enc string, body []byte, lim Limits) ([]byte, error) {
	var r io.Reader
	var err error
	switch enc {
	case "", "identity", "none":
		return body, nil
	case "gzip", "x-gzip":
		if len(body) < 2 || body[0] != 0x1f || body[1] != 0x8b {
			return body, nil
		}
		r, err = gzip.NewReader(bytes.NewReader(body))
	case "deflate":
		if zr, zerr := zlib.NewReader(bytes.NewReader(body)); zerr == nil {
			r = zr
		} else {
			r = flate.NewReader(bytes.NewReader(body))
		}
	default:
		if looksLikeHTML(body) {
			return body, nil
		}
		return nil, fmt.Errorf("unsupported Content-Encoding %q", enc)
	}
	if err != nil {
		return nil, fmt.Errorf("Content-Encoding %s: %v", enc, err)
	}
	out, err := io.ReadAll(io.LimitReader(r, lim.MaxRecord+1))
	if err != nil && !(enc == "deflate" && looksLikeHTML(body)) {
		return nil, fmt.Errorf("Content-Encoding %s: %v", enc, err)
	}
	if err != nil {
		return body, nil
	}
	if int64(len(out)) > lim.MaxRecord {
		return nil, errors.New("decoded HTML larger than the limit of " + mib(lim.MaxRecord))
	}
	return out, nil
}

// looksLikeHTML reports whether body starts like an HTML document.
func looksLikeHTML(body []byte) bool {
	return mediaType(http.DetectContentType(body)) == "text/html"
}
