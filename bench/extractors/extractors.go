// Package extractors runs well-known Go main-content extractors over the
// pages of a boilernet dataset split and writes their text in the JSONL
// format that boilernet eval -external reads (eval.ExternalLine).
//
// Tools: go-trafilatura (github.com/markusmobius/go-trafilatura) with its
// default options as its own command line sets them (fallback to
// readability and dom-distiller on, comments kept), and go-readability
// (codeberg.org/readeck/go-readability, the maintained fork of
// github.com/go-shiori/go-readability) with its default parser.
package extractors

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	readability "codeberg.org/readeck/go-readability/v2"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/tokenize"
	trafilatura "github.com/markusmobius/go-trafilatura"
	"golang.org/x/net/html"
	"golang.org/x/sync/errgroup"
)

// Tool is one extractor.
type Tool struct {
	Name string
	// FromDocument extracts the text of a parsed page; FromBytes extracts
	// it from the page's bytes, leaving the decoding to the tool.
	FromDocument func(doc *html.Node) (string, error)
	FromBytes    func(raw []byte) (string, error)
}

// TrafilaturaOptions are the go-trafilatura settings the benchmark can
// change; the zero value is the tool's default extraction.
type TrafilaturaOptions struct {
	NoFallback bool // no fallback to go-readability and go-domdistiller
	NoComments bool // leave user comments out
}

// Trafilatura returns go-trafilatura as a Tool. Its text is the extracted
// content followed, after a blank line, by the extracted comments.
func Trafilatura(o TrafilaturaOptions) Tool {
	opts := trafilatura.Options{EnableFallback: !o.NoFallback, ExcludeComments: o.NoComments}
	text := func(r *trafilatura.ExtractResult, err error) (string, error) {
		if err != nil {
			return "", err
		}
		if r.CommentsText == "" {
			return r.ContentText, nil
		}
		return r.ContentText + "\n\n" + r.CommentsText, nil
	}
	return Tool{
		Name:         "trafilatura",
		FromDocument: func(doc *html.Node) (string, error) { return text(trafilatura.ExtractDocument(doc, opts)) },
		FromBytes: func(raw []byte) (string, error) {
			return text(trafilatura.Extract(bytes.NewReader(raw), opts))
		},
	}
}

// Readability returns go-readability as a Tool; its text is the article's
// inner text (block elements separated by line breaks).
func Readability() Tool {
	text := func(a readability.Article, err error) (string, error) {
		if err != nil {
			return "", err
		}
		if a.Node == nil {
			return "", nil
		}
		var sb strings.Builder
		err = a.RenderText(&sb)
		return sb.String(), err
	}
	return Tool{
		Name: "readability",
		FromDocument: func(doc *html.Node) (string, error) {
			p := readability.NewParser()
			return text(p.ParseAndMutate(doc, nil))
		},
		FromBytes: func(raw []byte) (string, error) {
			return text(readability.FromReader(bytes.NewReader(raw), nil))
		},
	}
}

// Names are the tools Lookup knows.
var Names = []string{"trafilatura", "readability"}

// Lookup returns the tool of a name; o applies to trafilatura.
func Lookup(name string, o TrafilaturaOptions) (Tool, error) {
	switch name {
	case "trafilatura":
		return Trafilatura(o), nil
	case "readability":
		return Readability(), nil
	}
	return Tool{}, fmt.Errorf("unknown tool %q (tools: %s)", name, strings.Join(Names, ", "))
}

// Options control Run.
type Options struct {
	// Raw gives the tool the page's bytes and lets it detect the encoding
	// itself; by default the page is decoded as boilernet decodes it
	// (tokenize.Decode, after removing the CleanEval <text> wrapper) and
	// parsed with golang.org/x/net/html, so that every method sees the
	// same text.
	Raw bool
	// Workers is the number of pages extracted at once (at least 1).
	Workers int
	// Done, if not nil, is called after each page.
	Done func()
}

// Summary is what Run measured.
type Summary struct {
	Pages, Failed int
	// Seconds is the time spent in the tool (parsing and extraction; not
	// reading and decoding the file), summed over pages.
	Seconds float64
	// Wall is the elapsed time of the whole run.
	Wall time.Duration
}

// PagesPerSecond is the tool's throughput on one core.
func (s Summary) PagesPerSecond() float64 {
	if s.Seconds == 0 {
		return 0
	}
	return float64(s.Pages) / s.Seconds
}

// Run extracts every page of a split of ds with tool and writes one
// eval.ExternalLine per page to w, in split order. A page the tool fails
// on (an error or a panic) gets a line with "error"; a page that cannot
// be read stops the run.
func Run(ds *data.Dataset, split string, tool Tool, w io.Writer, o Options) (Summary, error) {
	ids, ok := ds.IDs[split]
	if !ok {
		return Summary{}, fmt.Errorf("dataset %s has no %s split", ds.Dir, split)
	}
	lines := make([]eval.ExternalLine, len(ids))
	seconds := make([]float64, len(ids))
	start := time.Now()
	var mu sync.Mutex
	g, ctx := errgroup.WithContext(context.Background())
	g.SetLimit(max(1, o.Workers))
	for i := range ids {
		g.Go(func() error {
			if ctx.Err() != nil {
				return nil // another page's error stops the run
			}
			raw, path, err := ds.ReadPage(ids[i])
			if err != nil {
				return err
			}
			var page []byte
			var doc string
			if o.Raw {
				page = raw
			} else {
				body, label := stripCleanEval(raw)
				doc = tokenize.Decode(body, label).Text
			}
			t := time.Now()
			text, err := extract(tool, page, doc, o.Raw)
			seconds[i] = time.Since(t).Seconds()
			lines[i] = eval.ExternalLine{Dataset: ds.Name, ID: ids[i], Text: text}
			if err != nil {
				lines[i] = eval.ExternalLine{Dataset: ds.Name, ID: ids[i], Error: fmt.Sprintf("%s: %v", path, err)}
			}
			if o.Done != nil {
				mu.Lock()
				o.Done()
				mu.Unlock()
			}
			return nil
		})
	}
	err := g.Wait()
	if err != nil {
		return Summary{}, err
	}
	s := Summary{Pages: len(ids), Wall: time.Since(start)}
	for i, l := range lines {
		s.Seconds += seconds[i]
		if l.Error != "" {
			s.Failed++
		}
		if err := eval.WriteExternalLine(w, l); err != nil {
			return s, err
		}
	}
	return s, nil
}

// extract runs the tool on one page, turning a panic into an error.
func extract(tool Tool, raw []byte, text string, fromBytes bool) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s panicked: %v\n%s", tool.Name, r, firstLines(debug.Stack(), 12))
		}
	}()
	if fromBytes {
		return tool.FromBytes(raw)
	}
	doc, err := html.Parse(strings.NewReader(text))
	if err != nil {
		return "", err
	}
	return tool.FromDocument(doc)
}

// firstLines returns the first n lines of b.
func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

// cleanEvalWrapper matches the <text id=".." title=".." encoding="..">
// element that the CleanEval organisers put around every page.
var (
	cleanEvalWrapper = regexp.MustCompile(`^\s*<text\s[^>]*>`)
	encodingAttr     = regexp.MustCompile(`encoding="([^"]*)"`)
)

// stripCleanEval removes the CleanEval wrapper, which is not part of the
// page, and returns the charset label it gives ("" without a wrapper).
func stripCleanEval(raw []byte) ([]byte, string) {
	loc := cleanEvalWrapper.FindIndex(raw[:min(len(raw), 4096)])
	if loc == nil {
		return raw, ""
	}
	var label string
	if m := encodingAttr.FindSubmatch(raw[:loc[1]]); m != nil {
		label = string(m[1])
	}
	body := bytes.TrimRight(raw[loc[1]:], " \t\r\n")
	body, _ = bytes.CutSuffix(body, []byte("</text>"))
	return body, label
}
