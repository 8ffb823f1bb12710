package infer

import (
	"bytes"
	"io"
)

// BytesPage is a page of a batch held in memory, e.g. a record of a WARC
// file: charset is the label from outside the page (an HTTP Content-Type)
// and url its address, for resolving links ("" when unknown).
func BytesPage(name string, body []byte, charset, url string) Page {
	return Page{Name: name, Open: func() (io.ReadCloser, error) {
		return &fetched{Reader: bytes.NewReader(body), charset: charset, url: url}, nil
	}}
}
