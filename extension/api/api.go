// Package api is what the extension's WebAssembly module answers for one
// page: the request it takes from JavaScript and the response it returns,
// as plain JSON-tagged structs. It builds on every platform, so the native
// tests and tools compute the very response the browser gets.
package api

import (
	"fmt"
	"time"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
)

// Request is one page to extract: its serialized DOM, as a string (the
// browser has already decoded the page, so it is read as UTF-8 whatever
// its <meta charset> says), and the address it came from.
type Request struct {
	HTML string `json:"html"`
	URL  string `json:"url"`
	// Threshold is the threshold of infer.NewDecoder: 0 is the default
	// decoding (an expected-F1 choice of each page), a value in (0, 1]
	// thresholds each block's probability.
	Threshold float64 `json:"threshold"`
}

// Block is one text block with the model's verdict; see infer.Block.
type Block = infer.Block

// Response is the extraction of one page. On failure only Error is set.
type Response struct {
	Title    string  `json:"title"`
	Text     string  `json:"text"`     // the content, paragraphs on their own lines
	Markdown string  `json:"markdown"` // the content as Markdown, links kept
	Blocks   []Block `json:"blocks"`   // every text block, in document order
	Kept     int     `json:"kept"`     // blocks with Content set
	// Millis is the extraction's time inside Go (parse, model, decoding,
	// text and Markdown).
	Millis float64 `json:"millis"`
	Error  string  `json:"error,omitempty"`
}

// Options are the infer options of a request: the page is UTF-8, links are
// kept in the Markdown (with absolute addresses), metadata beyond the
// title is not read.
func Options(req Request) infer.Options {
	return infer.Options{
		URL:     req.URL,
		Charset: "utf-8",
		Links:   true,
	}
}

// Extract runs ex on the request's page; with a threshold, ex's model
// with the default decoding and that threshold.
func Extract(ex *infer.Extractor, req Request) (resp Response) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			resp = Response{Error: fmt.Sprintf("boilernet: internal error: %v", r)}
		}
	}()
	if req.Threshold != 0 {
		md, ok := ex.Model()
		if !ok {
			return Response{Error: "boilernet: a threshold needs a model's extractor"}
		}
		d, err := infer.NewDecoder(md, infer.DefaultDecoding(), req.Threshold)
		if err != nil {
			return Response{Error: err.Error()}
		}
		ex = infer.NewExtractor(d)
	}
	res, err := ex.ExtractBytes([]byte(req.HTML), Options(req))
	if err != nil {
		return Response{Error: err.Error()}
	}
	resp = Response{Title: res.Title, Text: res.Text, Markdown: render.Markdown(res), Blocks: res.Blocks}
	if resp.Blocks == nil {
		resp.Blocks = []Block{}
	}
	for _, b := range res.Blocks {
		if b.Content {
			resp.Kept++
		}
	}
	resp.Millis = float64(time.Since(start).Microseconds()) / 1000
	return resp
}
