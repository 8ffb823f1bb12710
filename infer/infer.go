// Package infer owns the extraction of one page's main content, page to
// result: an Extractor reads and parses the page, labels its text blocks
// by its method (a methods.Method: the embedded BiLSTM model with its
// default decoding, any other model, decoding, threshold or filter, any
// other classifier, one of your own too) and returns the page's Result
// (title, text, blocks, links, images, comments, metadata), which nothing
// changes afterwards.
package infer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/limits"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/methods/ensemble"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// Options are the input and output choices of one extraction: what is
// known of the page, what the result holds, and limits. How blocks are
// labeled (the method: a model's decoding and threshold, a filter) is the
// Extractor's. The zero value gives the defaults.
type Options struct {
	// Charset is the page's charset label from outside the page (an HTTP
	// Content-Type header, say); "" when unknown.
	Charset string
	// KeepHeadline keeps the headline in the text. By default the
	// headline (see Headline) is the result's title, not part of its text.
	KeepHeadline bool
	// URL is the page's address: the base for its relative links (a
	// <base href> in the page takes precedence). "" when unknown.
	URL string
	// Metadata fills Result.Metadata (see package metadata).
	Metadata bool
	// Comments fills Result.Comments: the readers' comments under the
	// article, which are never part of the content text.
	Comments bool
	// Links and Images fill Result.Links and Result.Images, and put the
	// links and images in render.Markdown's output.
	Links, Images bool
	// MaxPageSize bounds the size of a page, in bytes (0 means
	// DefaultMaxPageSize, < 0 no limit): Extract reads at most one byte
	// more, and a larger page is an error.
	MaxPageSize int64
	// MaxElements bounds the elements (start tags) of a page, which its
	// memory grows with (0 means tokenize.DefaultMaxElements, < 0 no
	// limit): a page with more is an error wrapping
	// tokenize.ErrTooManyElements. With both limits at their defaults, one
	// extraction stays within 256 MiB plus 8 times the page's size.
	MaxElements int
	// SkipLocators leaves every Block.Locator empty. Finding the locators
	// takes about a twentieth of an extraction; outputs that do not show
	// them (text, Markdown, extract's jsonl) need not pay for them.
	SkipLocators bool
}

// DefaultMaxPageSize bounds how much of one page is read when
// Options.MaxPageSize is 0 (a larger page is an error, not a hang).
const DefaultMaxPageSize = limits.MaxPageSize

// ErrPageSize is wrapped by the error of a page larger than
// Options.MaxPageSize; it is the one sentinel of every reader of pages
// (fetch, records) for a page over its limit.
var ErrPageSize = limits.ErrPageSize

func (o Options) maxPageSize() int64 {
	if o.MaxPageSize == 0 {
		return DefaultMaxPageSize
	}
	return o.MaxPageSize
}

// Block is one leaf text block of a page with the model's verdict.
type Block struct {
	Text string  `json:"text"`
	Prob float64 `json:"prob"` // P(content); 1 or 0 from a classifier of verdicts
	// Content reports whether the block is in the extracted text: selected
	// by the extractor's method (a model's decoding, a filter).
	Content bool `json:"content"`
	// Headline reports a selected block left out of the text because it
	// is the page's headline (Options.KeepHeadline keeps it in).
	Headline bool `json:"headline,omitempty"`
	// Locator is an XPath-like path to the text node, e.g.
	// /html[1]/body[1]/div[2]/p[1]/text()[1].
	Locator string `json:"locator"`
}

// Result is the extraction of one page. Nothing changes it once it is
// returned (package render only reads it), so it can be shared by
// goroutines and rendered in any format any number of times, each time
// alike.
type Result struct {
	// URL is the page's address, Options.URL: for a fetched page the one
	// after redirects ("" when unknown).
	URL      string
	Title    string
	Text     string // the content blocks' text, paragraphs on their own lines
	Blocks   []Block
	Encoding string // the encoding the page was read with
	// Confidence is the token F1 the extraction expects of itself from its
	// blocks' probabilities: low on a page the model is unsure of (see
	// confidence; docs/evaluation.md, "Confidence"), from 0 to 1; -1,
	// none, for a method that gives verdicts only.
	Confidence float64
	// Metadata is what the page says about itself (Options.Metadata; nil
	// otherwise).
	Metadata *metadata.Metadata
	// Links and Images are the content's links and images, in page order
	// (Options.Links, Options.Images).
	Links  []Link
	Images []Image
	// Comments are the readers' comments found on the page, in page
	// order (Options.Comments).
	Comments []Comment

	// page is the parsed page, for package render only (see
	// internal/resultpage): no caller can reach it, so none can change
	// what render writes.
	page *tokenize.Page
}

// Extractor extracts the main content of pages by one method (a
// methods.Method) with the block classifier that runs it: the embedded
// model with the default method (Default), a model file's networks (Load,
// New, NewEnsemble, NewModel), any method a methods.Registry resolves
// (ForMethod), or a method over a classifier of your own
// (WithClassifier). It is safe for concurrent use.
type Extractor struct {
	method     methods.Method
	classifier methods.Classifier
	model      *ensemble.Model // the bilstm classifier's; nil for the others
}

// Default returns the Extractor of the embedded default model
// (defaultmodel.Load: two networks whose probabilities are averaged) with
// the default method, loaded on first use. It is safe for concurrent use.
func Default() (*Extractor, error) { return loadDefault() }

var loadDefault = sync.OnceValues(func() (*Extractor, error) {
	md, err := defaultmodel.Load()
	if err != nil {
		return nil, err
	}
	return NewModel(md), nil
})

// NewModel returns the Extractor of a neural model (one network, or an
// ensemble) with the default method: the model's probabilities, the
// default decoding, no filter.
func NewModel(md *ensemble.Model) *Extractor {
	return &Extractor{classifier: methods.BiLSTM(md), model: md}
}

// New returns the Extractor of a network with the default method.
func New(net *bilstm.Model) *Extractor { return NewModel(ensemble.Of(net)) }

// Load reads a model file (see bilstm.ReadModel) and returns its Extractor
// with the default method.
func Load(r io.Reader) (*Extractor, error) {
	m, err := bilstm.ReadModel(r)
	if err != nil {
		return nil, err
	}
	return New(m), nil
}

// NewEnsemble returns the Extractor with the default method of the
// networks' ensemble, whose blocks' probabilities are the mean of the
// networks' (ensemble.New).
func NewEnsemble(nets ...*bilstm.Model) (*Extractor, error) {
	md, err := ensemble.New(nets...)
	if err != nil {
		return nil, err
	}
	return NewModel(md), nil
}

// ForMethod returns the Extractor of m with the classifier and model r
// resolves for it (methods.Registry.Classifier). An oracle is an error:
// it needs the gold of an evaluation.
func ForMethod(r *methods.Registry, m methods.Method) (*Extractor, error) {
	if m.Oracle() {
		return nil, fmt.Errorf("method %s reads the gold labels: only an evaluation runs it", m)
	}
	c, err := r.Classifier(m)
	if err != nil {
		return nil, err
	}
	e := &Extractor{method: m, classifier: c}
	if m.Classifier() == methods.DefaultMethod {
		if md, err := r.Model(); err == nil {
			e.model = md
		}
	}
	return e, nil
}

// WithClassifier returns the Extractor that runs m's decoding, threshold
// and filter over c, a block classifier of your own, in place of m's
// (see methods.Method.Label): c's probabilities take any decoding, its
// verdicts any filter. (An oracle fails on every page: an extraction has
// no gold.)
func WithClassifier(m methods.Method, c methods.Classifier) *Extractor {
	return &Extractor{method: m, classifier: c}
}

// Method returns the method the extractor runs.
func (e *Extractor) Method() methods.Method { return e.method }

// Classifier returns the block classifier the extractor runs its method
// with.
func (e *Extractor) Classifier() methods.Classifier { return e.classifier }

// Model returns the neural model of the extractor's classifier, nil when
// it has none (a method of another classifier, or a classifier of your
// own).
func (e *Extractor) Model() *ensemble.Model { return e.model }

// Extract extracts the main content of a page with the default model
// (see Extractor.Extract).
func Extract(ctx context.Context, r io.Reader, opts Options) (*Result, error) {
	e, err := Default()
	if err != nil {
		return nil, err
	}
	return e.Extract(ctx, r, opts)
}

// Extract reads a whole page from r, at most opts.MaxPageSize bytes, and
// extracts its main content. When ctx is done the extraction stops at its
// next step (after reading, parsing, the network, the selection, the
// metadata) and returns ctx's error; a Read that blocks is not
// interrupted: give r a deadline of its own.
func (e *Extractor) Extract(ctx context.Context, r io.Reader, opts Options) (*Result, error) {
	buf := readBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= keptReadBuffer {
			readBuffers.Put(buf)
		}
	}()
	max := opts.maxPageSize()
	if f, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok {
		// A file's size is known: read it into a buffer of that size.
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && (max <= 0 || st.Size() <= max) {
			buf.Grow(int(st.Size()) + bytes.MinRead)
		}
	}
	if max > 0 {
		r = io.LimitReader(r, max+1)
	}
	if _, err := buf.ReadFrom(r); err != nil {
		return nil, err
	}
	// The page's bytes are not used after ExtractBytes returns (the
	// result holds copies of its parts): buf serves the next page.
	return e.ExtractBytes(ctx, buf.Bytes(), opts)
}

// readBuffers are the buffers Extract reads pages into; one that grew
// beyond keptReadBuffer bytes is left to the garbage collector.
var readBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const keptReadBuffer = 4 << 20

// ExtractBytes extracts the main content of a page of at most
// opts.MaxPageSize bytes and opts.MaxElements elements; when ctx is done it
// stops at its next step and returns ctx's error. The result holds copies
// of the parts of raw it needs: raw is not used after ExtractBytes returns
// (and must not change while it runs).
func (e *Extractor) ExtractBytes(ctx context.Context, raw []byte, opts Options) (*Result, error) {
	if max := opts.maxPageSize(); max > 0 && int64(len(raw)) > max {
		return nil, fmt.Errorf("%w: larger than %s", ErrPageSize, sizeString(max))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	page, err := tokenize.Parse(raw, tokenize.Options{Charset: opts.Charset, MaxElements: opts.MaxElements})
	if err != nil {
		return nil, err
	}
	return e.extractPage(ctx, page, opts)
}

// ExtractDocument extracts the main content of a page already parsed: doc
// is the document node html.Parse returns. When ctx is done it stops at
// its next step and returns ctx's error. Options.Charset, MaxPageSize and
// MaxElements do not apply: the page is parsed. ExtractBytes parses with
// scripting disabled (html.ParseOptionEnableScripting(false)), so that a
// <noscript> holds markup; a document parsed so gives the same result.
// The result refers to doc's nodes (package render reads them): doc must
// not change afterwards.
func (e *Extractor) ExtractDocument(ctx context.Context, doc *html.Node, opts Options) (*Result, error) {
	if doc == nil || doc.Type != html.DocumentNode {
		return nil, errors.New("not a parsed page: ExtractDocument takes the document node html.Parse returns")
	}
	return e.extractPage(ctx, &tokenize.Page{Root: doc, Blocks: tokenize.Blocks(doc, nil)}, opts)
}

// extractPage extracts the main content of a parsed page.
func (e *Extractor) extractPage(ctx context.Context, page *tokenize.Page, opts Options) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	meta := metadata.Read(page.Root, opts.URL)
	title := meta.Title()
	probs, selected, err := e.method.Label(e.classifier, methods.Page{Page: page, Title: title})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res := &Result{Title: title, Encoding: page.Encoding, Blocks: make([]Block, len(page.Blocks)), page: page,
		Confidence: decode.Confidence(page.Blocks, probs, selected)}
	if !opts.KeepHeadline {
		head, copies := decode.Headline(page.Blocks, selected, title)
		if len(head) > 0 {
			// The headline taken out of the text is the title, whole; a
			// heading that is not the page's title stays in the text.
			var hb []tokenize.Block
			for _, i := range head {
				hb = append(hb, page.Blocks[i])
			}
			if h := tokenize.Text(hb); title == "" || metadata.SameTitle(h, title) || meta.IsSiteName(title) {
				res.Title = metadata.TrimSeparators(h)
			} else {
				head = nil
			}
		}
		for _, i := range head {
			selected[i] = false
			res.Blocks[i].Headline = true
		}
		if len(head) > 0 {
			for _, i := range copies {
				selected[i] = false // a breadcrumb's last step: the title again
			}
		}
	}
	var loc *locators
	if !opts.SkipLocators {
		loc = newLocators()
	}
	for i, b := range page.Blocks {
		res.Blocks[i] = Block{Text: b.Text, Prob: float64(probs[i]), Content: selected[i], Headline: res.Blocks[i].Headline}
		if loc != nil {
			res.Blocks[i].Locator = loc.of(b.Node)
		}
	}
	res.Text = contentText(tokenize.Selected(page.Blocks, func(i int) bool { return selected[i] }))
	if opts.Comments {
		res.Comments = findComments(page.Blocks, selected)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res.addExtras(opts, meta)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return res, nil
}

// EmptyReason says why the result has no content text, or returns "" when
// it has some: the page has no text at all (e.g. a page that builds its
// content with JavaScript), or none of its text was kept as content.
func (r *Result) EmptyReason() string {
	switch {
	case strings.TrimSpace(r.Text) != "":
		return ""
	case len(r.Blocks) == 0:
		return "the page has no text (it may build its content with JavaScript)"
	}
	return fmt.Sprintf("none of the page's %d text blocks was kept as content", len(r.Blocks))
}

// sizeString writes n bytes in MiB, KiB or bytes, whichever is exact.
func sizeString(n int64) string {
	switch {
	case n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
