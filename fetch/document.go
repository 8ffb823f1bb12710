package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
)

// DefaultMaxDocumentBytes bounds a feed or a sitemap, decompressed.
const DefaultMaxDocumentBytes = 16 << 20

// documentAccept is the Accept header of GetDocument.
const documentAccept = "application/rss+xml,application/atom+xml,application/feed+json,application/xml;q=0.9,text/xml;q=0.9,application/json;q=0.8,text/plain;q=0.5,*/*;q=0.1"

// GetDocument fetches a document that lists pages (a feed or a sitemap):
// any content type, a 2xx status, at most maxBytes (0 means
// DefaultMaxDocumentBytes) once decompressed. Both a gzip transfer
// encoding and a gzip file (sitemap.xml.gz, recognised by its first
// bytes) are decompressed, the file within the same limit: a body that
// would grow past maxBytes (a gzip bomb) is an error wrapping ErrTooLarge,
// and no more than maxBytes+1 bytes of it are ever held. The Page's Body
// is the decompressed document.
func (c *Client) GetDocument(ctx context.Context, rawURL string, maxBytes int64) (*Page, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxDocumentBytes
	}
	p, err := c.get(ctx, rawURL, nil, request{accept: documentAccept, maxBytes: maxBytes})
	if err != nil {
		return nil, err
	}
	if p.Body, err = gunzip(p.Body, maxBytes); err != nil {
		return nil, &Error{URL: rawURL, Status: p.Status, Err: err}
	}
	return p, nil
}

// isGzip reports whether b starts with the gzip magic bytes.
func isGzip(b []byte) bool { return len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b }

// gunzip decompresses body when it is gzip data, to at most maxBytes (an
// error wrapping ErrTooLarge beyond), and returns any other body as it is.
func gunzip(body []byte, maxBytes int64) ([]byte, error) {
	if !isGzip(body) {
		return body, nil
	}
	z, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	out, err := io.ReadAll(io.LimitReader(z, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if int64(len(out)) > maxBytes {
		return nil, fmt.Errorf("%w: more than %d bytes once decompressed", ErrTooLarge, maxBytes)
	}
	return out, nil
}
