// Package api is what the extension's WebAssembly module answers for one
// page: the request it takes from JavaScript and the response it returns,
// as plain JSON-tagged structs. It builds on every platform, so the native
// tests and tools compute the very response the browser gets.
package api

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/boilernet/boilernet/data/labelset"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/render"
	"golang.org/x/net/html"
)

// Request is one page to extract: its serialized DOM, as a string (the
// browser has already decoded the page, so it is read as UTF-8 whatever
// its <meta charset> says), and the address it came from.
type Request struct {
	HTML string `json:"html"`
	URL  string `json:"url"`
	// Threshold is the method's threshold (methods.Params.Threshold): 0 is
	// the default decoding (an expected-F1 choice of each page), a value
	// in (0, 1] thresholds each block's probability.
	Threshold float64 `json:"threshold"`
	// Markdown asks for the content as Markdown too (Response.Markdown).
	// Without it none is made: an extraction costs no Markdown the user
	// may never copy, and the page that makes the most of it (deep quotes
	// around a long listing) costs it only when asked.
	Markdown bool `json:"markdown"`
}

// Block is one text block with the model's verdict; see infer.Block.
type Block = infer.Block

// Response is the extraction of one page. On failure only Error is set.
type Response struct {
	Title    string  `json:"title"`
	Text     string  `json:"text"`     // the content, paragraphs on their own lines
	Markdown string  `json:"markdown"` // the content as Markdown, links kept, when Request.Markdown asks
	Blocks   []Block `json:"blocks"`   // every text block, in document order
	Kept     int     `json:"kept"`     // blocks with Content set
	// Millis is the extraction's time inside Go (parse, model, decoding,
	// text, and Markdown when asked).
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

// Extract runs the default method with the request's threshold
// (methods.Parse) over ex's classifier on the request's page, keeping no
// block the browser does not display.
func Extract(ex *infer.Extractor, req Request) (resp Response) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			resp = Response{Error: fmt.Sprintf("boilernet: internal error: %v", r)}
		}
	}()
	m, err := methods.Parse("", methods.Params{Threshold: req.Threshold})
	if err != nil {
		return Response{Error: err.Error()}
	}
	ex = infer.WithClassifier(methods.Method{}, shown{m, ex.Classifier()})
	res, err := ex.ExtractBytes(context.Background(), []byte(req.HTML), Options(req))
	if err != nil {
		return Response{Error: err.Error()}
	}
	resp = Response{Title: res.Title, Text: res.Text, Blocks: res.Blocks}
	if req.Markdown {
		resp.Markdown = render.Markdown(res)
	}
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

// shown is the extension's classifier: the verdicts of its method over its
// classifier, with their probabilities, but no block kept whose text lies
// in an element with the hidden attribute. The
// content script puts it on every element the browser does not display
// when it serializes the page (display: none, visibility: hidden; see
// locate.js), so what is kept is what the reader sees, highlighted and
// copied alike. (Not tokenize's Block.Hidden, which aria-hidden="true"
// sets too: a page with a dialog open puts it on all the rest.)
type shown struct {
	m methods.Method
	c methods.Classifier
}

func (s shown) Classify(p methods.Page) (methods.Scores, error) {
	probs, content, err := s.m.Label(s.c, p)
	if err != nil {
		return methods.Scores{}, err
	}
	hidden := map[*html.Node]bool{} // by parent element
	for i, b := range p.Blocks {
		if content[i] && b.Node != nil && inHidden(b.Node.Parent, hidden) {
			content[i] = false
		}
	}
	return methods.Scores{Probs: probs, Content: content}, nil
}

// inHidden reports whether n or an element above it has the hidden
// attribute, remembering the answer for each element it passes in memo.
func inHidden(n *html.Node, memo map[*html.Node]bool) bool {
	var path []*html.Node
	h := false
	for ; n != nil && n.Type == html.ElementNode; n = n.Parent {
		if known, ok := memo[n]; ok {
			h = known
			break
		}
		path = append(path, n)
		if slices.ContainsFunc(n.Attr, func(a html.Attribute) bool { return a.Namespace == "" && a.Key == "hidden" }) {
			h = true
			break
		}
	}
	for _, p := range path {
		memo[p] = h
	}
	return h
}

// LabelRequest is a page labeled in the extension's label mode, to make
// into a dataset entry: the page as it was extracted (Request's HTML,
// UTF-8), one label a block of its extraction, and the id and split the
// extension chose (labelset.ID, labelset.Unique, labelset.AutoSplit).
type LabelRequest struct {
	HTML   string   `json:"html"`
	URL    string   `json:"url"`
	ID     string   `json:"id"`
	Split  string   `json:"split"`
	Labels []string `json:"labels"` // boilerplate, content, headline or comments
}

// LabelResponse is the entry's files, which the extension saves through
// the browser's downloads, and its counts (see labelset.Entry). On
// failure only Error is set.
type LabelResponse struct {
	ID    string `json:"id"`
	Split string `json:"split"`
	// Files maps a path in the dataset folder (html/ID.html, gold/ID.txt,
	// labels/ID.json) to its content.
	Files    map[string]string `json:"files"`
	Blocks   int               `json:"blocks"`
	Kept     int               `json:"kept"`
	Words    int               `json:"words"`
	Comments int               `json:"comments"`
	Agree    int               `json:"agree"`
	Error    string            `json:"error,omitempty"`
}

// Label makes a labeled page's dataset entry (labelset.Build), read as
// Extract read it: UTF-8.
func Label(req LabelRequest) LabelResponse {
	labels := make([]labelset.Label, len(req.Labels))
	for i, s := range req.Labels {
		l, err := labelset.ParseLabel(s)
		if err != nil {
			return LabelResponse{Error: fmt.Sprintf("block %d: %v", i, err)}
		}
		labels[i] = l
	}
	e, err := labelset.Build(labelset.Page{ID: req.ID, Split: req.Split, URL: req.URL, HTML: []byte(req.HTML),
		Charset: Options(Request{}).Charset, Labels: labels})
	if err != nil {
		return LabelResponse{Error: err.Error()}
	}
	return LabelResponse{ID: e.ID, Split: e.Split, Blocks: e.Blocks, Kept: e.Kept, Words: e.Words, Comments: e.Comments, Agree: e.Agree,
		Files: map[string]string{"html/" + e.ID + ".html": string(e.HTML), "gold/" + e.ID + ".txt": e.Gold, "labels/" + e.ID + ".json": string(e.Labels)}}
}

// LabelName returns the id of a page to label (labelset.ID, then
// labelset.Unique against the ids taken) and the split of the nth page
// saved (labelset.AutoSplit).
func LabelName(name, url string, taken []string, n int) (id, split string, err error) {
	id, err = labelset.ID(name, url)
	if err != nil {
		return "", "", err
	}
	return labelset.Unique(id, func(s string) bool { return slices.Contains(taken, s) }), labelset.AutoSplit(n), nil
}
