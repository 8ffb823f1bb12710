package infer

import (
	"bytes"
	"context"
	"io"

	"github.com/boilernet/boilernet/fetch"
)

// URLPages returns one page per URL, fetched with c when the batch opens
// it (so at most the batch's workers are fetched at once, and at most
// c's per-host limit from one host). Each page is decoded with the
// charset of its Content-Type and resolves its links against its final
// URL (after redirects).
func URLPages(c *fetch.Client, urls []string) []Page {
	pages := make([]Page, len(urls))
	for i, u := range urls {
		pages[i] = Page{Name: u, Open: func() (io.ReadCloser, error) {
			p, err := c.Get(context.Background(), u)
			if err != nil {
				return nil, err // a *fetch.Error, naming the URL
			}
			return &fetched{Reader: bytes.NewReader(p.Body), charset: p.Charset, url: p.URL}, nil
		}}
	}
	return pages
}

// fetched is a fetched page's body with what the extraction needs to know
// about it.
type fetched struct {
	*bytes.Reader
	charset, url string
}

func (f *fetched) Close() error { return nil }

// origin is implemented by the readers of pages that bring their own
// charset and URL.
type origin interface {
	origin() (charset, url string)
}

func (f *fetched) origin() (string, string) { return f.charset, f.url }
