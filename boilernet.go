// Package boilernet extracts the main content of web pages: the article
// of a news page, the post of a blog, the text of a documentation page,
// without the navigation, advertising, footers and comments around it.
//
// Extract reads a page and ExtractDocument takes one already parsed; a
// zero Options extracts as the command line's bare "boilernet extract"
// does, with the embedded BiLSTM model and its default method, and finds
// the page's metadata. Options choose another method (methods.Parse), a
// model or a block classifier of your own, and which parts of the page
// the Result holds besides its title, text and blocks. Package render
// writes a Result as text, Markdown, JSON, TEI or highlighted HTML.
//
// This package is the front door only: extraction is package infer's,
// and the methods package methods'; use them for the rest (an Extractor
// to reuse, the read limits, the blocks' locators).
package boilernet

import (
	"context"
	"fmt"
	"io"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"golang.org/x/net/html"
)

// Result is the extraction of one page (see infer.Result): its title,
// text, blocks with their verdicts and the parts Options.Parts asked for.
type Result = infer.Result

// Options are the choices of one extraction. The zero value gives the
// defaults: the default method (methods.DefaultMethod) with the embedded
// model, DefaultParts, pages of at most infer.DefaultMaxPageSize bytes.
type Options struct {
	// Method is how the blocks are labeled: a block classifier with its
	// decoding, threshold and filter, as methods.Parse reads it from a
	// spec ("bilstm:structure+ancestor", "boilerpipe-numwords+main").
	// The zero Method is methods.DefaultMethod.
	Method methods.Method
	// Classifier, when not nil, classifies the blocks in place of
	// Method's classifier, with Method's decoding, threshold and filter:
	// a model of your own (methods.BiLSTM) or a classifier of your own.
	Classifier methods.Classifier
	// URL is the page's address: the base of its relative links (a
	// <base href> in the page takes precedence). "" when unknown.
	URL string
	// Name names the page in errors (a file's path, say); "" names it by
	// its URL, or "page" when that is "" too.
	Name string
	// Charset is the page's charset label from outside the page (an HTTP
	// Content-Type header, say); "" when unknown. Extract only: a parsed
	// page is decoded already.
	Charset string
	// Parts are the parts of the page the Result holds besides its
	// title, text and blocks: 0 means DefaultParts, a negative value
	// (NoParts) none.
	Parts Parts
	// MaxPageSize bounds the size of a page, in bytes: 0 means
	// infer.DefaultMaxPageSize, a negative value no limit. Extract only.
	MaxPageSize int64
}

// Parts is a set of the parts of a page an extraction finds besides its
// title, text and blocks: Metadata, Comments, Links and Images, joined
// with |.
type Parts int

// The parts of a page.
const (
	// Metadata fills Result.Metadata: what the page says about itself
	// (authors, dates, language, site; see package metadata).
	Metadata Parts = 1 << iota
	// Comments fills Result.Comments: the readers' comments under the
	// article, which are never part of its text.
	Comments
	// Links fills Result.Links, the content's links.
	Links
	// Images fills Result.Images, the content's images.
	Images
)

// DefaultParts are the parts of a zero Options.Parts: Metadata, as
// "boilernet extract" writes by default.
const DefaultParts = Metadata

// NoParts asks for none of the parts: the title, text and blocks only.
const NoParts Parts = -1

// registry resolves Options.Method to its classifier: the embedded model
// for the bilstm methods (loaded once, shared with infer.Default).
var registry = methods.New(methods.Config{})

// Extract reads a whole page from r, at most opts.MaxPageSize bytes, and
// extracts its main content (see infer.Extractor.Extract). Its errors
// name the page (Options.Name): an empty page wraps
// tokenize.ErrEmpty, one that is not text tokenize.ErrBinary, one too
// large infer.ErrPageSize.
func Extract(ctx context.Context, r io.Reader, opts Options) (*Result, error) {
	ex, err := extractor(opts)
	if err != nil {
		return nil, opts.named(err)
	}
	res, err := ex.Extract(ctx, r, opts.infer())
	return res, opts.named(err)
}

// ExtractDocument extracts the main content of a page already parsed:
// doc is the document node html.Parse returns (see
// infer.Extractor.ExtractDocument; parsed with scripting disabled, it
// gives Extract's result). The Result refers to doc's nodes: doc must not
// change afterwards.
func ExtractDocument(ctx context.Context, doc *html.Node, opts Options) (*Result, error) {
	ex, err := extractor(opts)
	if err != nil {
		return nil, opts.named(err)
	}
	res, err := ex.ExtractDocument(ctx, doc, opts.infer())
	return res, opts.named(err)
}

// extractor returns the Extractor of opts' method and classifier.
func extractor(opts Options) (*infer.Extractor, error) {
	if opts.Classifier != nil {
		return infer.WithClassifier(opts.Method, opts.Classifier), nil
	}
	return infer.ForMethod(registry, opts.Method)
}

// infer returns the infer.Options of opts.
func (o Options) infer() infer.Options {
	parts := o.Parts
	switch {
	case parts == 0:
		parts = DefaultParts
	case parts < 0:
		parts = 0
	}
	return infer.Options{
		URL:         o.URL,
		Charset:     o.Charset,
		MaxPageSize: o.MaxPageSize,
		Metadata:    parts&Metadata != 0,
		Comments:    parts&Comments != 0,
		Links:       parts&Links != 0,
		Images:      parts&Images != 0,
	}
}

// named wraps err, when not nil, with the page's name.
func (o Options) named(err error) error {
	if err == nil {
		return nil
	}
	name := o.Name
	switch {
	case name == "" && o.URL != "":
		name = o.URL
	case name == "":
		name = "page"
	}
	return fmt.Errorf("%s: %w", name, err)
}
