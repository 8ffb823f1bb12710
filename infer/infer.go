// Package infer owns the extraction of one page's main content, page to
// result: an Extractor reads and parses the page, labels its text blocks
// with its Labeler (the embedded BiLSTM model with a decoding, any other
// model, or any method) and returns the page's Result (title, text,
// blocks, links, images, comments, metadata), which nothing changes
// afterwards.
package infer

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/limits"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/tokenize"
)

// DefaultThreshold is the probability from which a block is content when
// a decoding thresholds each block (Decoding.Threshold) and is given no
// threshold: the paper's, bilstm.DefaultThreshold.
const DefaultThreshold = bilstm.DefaultThreshold

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
	Prob float64 `json:"prob"` // P(content); 1 or 0 from a Labeler of verdicts
	// Content reports whether the block is in the extracted text: selected
	// by the extractor's Labeler (a model's decoding, a method's filter).
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

// Extractor extracts the main content of pages with one Labeler: a
// neural model with its decoding (New, Load, NewEnsemble, Default: the
// default decoding; NewDecoder for another), or any method (NewExtractor;
// package methods builds one from a spec). It is safe for concurrent use.
type Extractor struct {
	labeler Labeler
}

// A Labeler labels the blocks of a parsed page, given its title (see
// metadata.Page.Title): each block's probability of being content (1 or 0
// from a labeler of verdicts) and whether it is content. Both slices have
// one element per block of the page. A Labeler is safe for concurrent use.
type Labeler interface {
	Label(page *tokenize.Page, title string) (probs []float32, content []bool, err error)
}

// NewExtractor returns an Extractor that labels blocks with l.
func NewExtractor(l Labeler) *Extractor { return &Extractor{labeler: l} }

// Labeler returns the Labeler the extractor runs.
func (e *Extractor) Labeler() Labeler { return e.labeler }

// Selector labels the blocks of a parsed page (true: content), given the
// page and its title: a Labeler of verdicts.
type Selector func(page *tokenize.Page, title string) ([]bool, error)

// Label is the Labeler of s: its verdicts, with probabilities 1 and 0.
func (s Selector) Label(page *tokenize.Page, title string) ([]float32, []bool, error) {
	selected, err := s(page, title)
	if err != nil {
		return nil, nil, err
	}
	probs := make([]float32, len(selected))
	for i, c := range selected {
		if c {
			probs[i] = 1
		}
	}
	return probs, selected, nil
}

// WithSelector returns an Extractor that labels blocks with sel:
// NewExtractor(sel).
func WithSelector(sel Selector) *Extractor { return NewExtractor(sel) }

// workspace holds one extraction's reusable buffers.
type workspace struct {
	net bilstm.PageWorkspace
	x   bilstm.Sparse
}

// keptBlocks is the page length (in blocks) up to which a workspace's
// buffers go back to the pool: those of a longer page are left to the
// garbage collector rather than held for the pages after it.
const keptBlocks = 1 << 14

// New returns an Extractor for a network.
func New(m *bilstm.Model) *Extractor { return NewExtractor(NewModel(m).decoder()) }

// Load reads a model file (see bilstm.ReadModel) and returns its Extractor.
func Load(r io.Reader) (*Extractor, error) {
	m, err := bilstm.ReadModel(r)
	if err != nil {
		return nil, err
	}
	return New(m), nil
}

// NewEnsemble returns an Extractor whose blocks' probabilities are the
// mean of the networks' (NewEnsembleModel).
func NewEnsemble(nets ...*bilstm.Model) (*Extractor, error) {
	m, err := NewEnsembleModel(nets...)
	if err != nil {
		return nil, err
	}
	return NewExtractor(m.decoder()), nil
}

// Model returns the extractor's neural model: that of its Labeler when
// the Labeler has a method Model() *Model (as a Decoder has); ok is false
// for one that has none (a Selector, say).
func (e *Extractor) Model() (m *Model, ok bool) {
	if l, ok := e.labeler.(interface{ Model() *Model }); ok {
		m = l.Model()
	}
	return m, m != nil
}

// Extract reads a whole page from r, at most opts.MaxPageSize bytes, and
// extracts its main content.
func (e *Extractor) Extract(r io.Reader, opts Options) (*Result, error) {
	return e.ExtractContext(context.Background(), r, opts)
}

// ExtractContext is Extract until ctx is done: the extraction stops at its
// next step (after reading, parsing, the network, the selection, the
// metadata) and returns ctx's error. A Read that blocks is not
// interrupted; give r a deadline of its own.
func (e *Extractor) ExtractContext(ctx context.Context, r io.Reader, opts Options) (*Result, error) {
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
	return e.ExtractBytesContext(ctx, buf.Bytes(), opts)
}

// readBuffers are the buffers Extract reads pages into; one that grew
// beyond keptReadBuffer bytes is left to the garbage collector.
var readBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const keptReadBuffer = 4 << 20

// ExtractBytes extracts the main content of a page of at most
// opts.MaxPageSize bytes and opts.MaxElements elements. The result holds
// copies of the parts of raw it needs: raw is not used after ExtractBytes
// returns (and must not change while it runs).
func (e *Extractor) ExtractBytes(raw []byte, opts Options) (*Result, error) {
	return e.ExtractBytesContext(context.Background(), raw, opts)
}

// ExtractBytesContext is ExtractBytes until ctx is done: the extraction
// stops at its next step and returns ctx's error.
func (e *Extractor) ExtractBytesContext(ctx context.Context, raw []byte, opts Options) (*Result, error) {
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
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	meta := metadata.Read(page.Root, opts.URL)
	title := meta.Title()
	probs, selected, err := e.labeler.Label(page, title)
	if err != nil {
		return nil, err
	}
	if len(probs) != len(page.Blocks) || len(selected) != len(page.Blocks) {
		return nil, fmt.Errorf("infer: the labeler gave %d probabilities and %d labels for %d blocks", len(probs), len(selected), len(page.Blocks))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res := &Result{Title: title, Encoding: page.Encoding, Blocks: make([]Block, len(page.Blocks)), page: page,
		Confidence: confidence(page.Blocks, probs, selected)}
	if !opts.KeepHeadline {
		head := Headline(page.Blocks, selected, title)
		if len(head) > 0 {
			// The headline taken out of the text is the title, whole; a
			// heading that is not the page's title stays in the text.
			var hb []tokenize.Block
			for _, i := range head {
				hb = append(hb, page.Blocks[i])
			}
			if h := tokenize.Text(hb); title == "" || metadata.SameTitle(h, title) || meta.IsSiteName(title) {
				res.Title = h
			} else {
				head = nil
			}
		}
		for _, i := range head {
			selected[i] = false
			res.Blocks[i].Headline = true
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

// Probabilities returns P(content) for each block of one page, in order.
func (md *Model) Probabilities(blocks []tokenize.Block) []float32 {
	if len(blocks) == 0 {
		return nil
	}
	ws := md.pool.Get().(*workspace)
	if len(blocks) <= keptBlocks {
		defer md.pool.Put(ws)
	}
	return bilstm.MeanPrediction(md.nets, blocks, &ws.x, &ws.net)
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
