package batch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/boilernet/boilernet/fetch"
)

// URLs returns one page per URL, fetched with c when the batch opens it,
// within the batch's context (so at most the batch's workers are fetched
// at once, at most c's per-host limit from one host, and a cancelled
// batch cancels its fetches). Each page is decoded with the charset of
// its Content-Type and resolves its links against its final URL (after
// redirects).
func URLs(c *fetch.Client, urls []string) []Page {
	pages := make([]Page, len(urls))
	for i, u := range urls {
		pages[i] = Page{Name: u, Open: func(ctx context.Context) (*Body, error) {
			p, err := c.Get(ctx, u)
			if err != nil {
				if fe, ok := errors.AsType[*fetch.Error](err); ok && fe.URL == u {
					return nil, err // it names the URL
				}
				return nil, fmt.Errorf("%s: %w", u, err)
			}
			return &Body{ReadCloser: io.NopCloser(bytes.NewReader(p.Body)), Origin: &Origin{Charset: p.Charset, URL: p.URL}}, nil
		}}
	}
	return pages
}

// Bytes is a page held in memory, e.g. a record of a WARC file, named
// name: charset is the label of its encoding from outside it (an HTTP
// Content-Type) and url its address, for resolving links ("" when
// unknown).
func Bytes(name string, body []byte, charset, url string) Page {
	return Page{Name: name, Open: func(context.Context) (*Body, error) {
		return &Body{ReadCloser: io.NopCloser(bytes.NewReader(body)), Origin: &Origin{Charset: charset, URL: url}}, nil
	}}
}
