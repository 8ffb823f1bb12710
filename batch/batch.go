// Package batch owns the inputs of a batch of pages (files, directories,
// standard input, URLs, pages in memory; as a stream, Source), the names
// of their output files (FileOutName, URLOutName, UniqueNames), the
// never-overwrite-an-input rule (RefuseOverwrite) and the ordered worker
// pool that extracts them with an infer.Extractor.
package batch

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/boilernet/boilernet/infer"
)

// DefaultPageTimeout is the time limit of one page of a batch when
// Options.PageTimeout is 0.
const DefaultPageTimeout = 60 * time.Second

// ErrPageTimeout is wrapped by the error of a batch page that took longer
// than its time limit.
var ErrPageTimeout = errors.New("page time limit exceeded")

// Page is one input of a batch: a name to report and a way to open it.
type Page struct {
	// Name names the page in its outcome and in its errors.
	Name string
	// Open opens the page, within ctx (a fetch stops when ctx is done).
	// Its error names the page (Name) once; Run adds nothing to it.
	Open func(ctx context.Context) (*Body, error)
}

// Body is an opened page: its bytes, and what is known of them from
// outside the page.
type Body struct {
	io.ReadCloser
	// Origin, when not nil, is the page's own charset label and URL (a
	// fetched page, a page in memory): they replace those of
	// Options.Extract, even when empty. A file has none and takes those
	// of Options.Extract.
	Origin *Origin
}

// Origin is what is known of a page from outside it.
type Origin struct {
	// Charset is the label of the page's encoding from outside it (an
	// HTTP Content-Type), "" when unknown: the page's own declaration or
	// a guess decides then.
	Charset string
	// URL is the page's address, for resolving its links ("" when
	// unknown): a fetched page's URL after redirects.
	URL string
}

// Outcome is the extraction of one page of a batch.
type Outcome struct {
	Index  int           // the page's index in the batch
	Page   Page          // the page
	Result *infer.Result // nil when Err is set
	Err    error         // what went wrong with this page, naming it
}

// Options are the choices of a batch run.
type Options struct {
	// Workers is the number of pages extracted at once (≤ 0: one per
	// CPU core the runtime may use).
	Workers int
	// PageTimeout is the time limit of one page, opening and reading it
	// included (0 means DefaultPageTimeout, < 0 none).
	PageTimeout time.Duration
	// Extract are the options of each page's extraction (a page's
	// Body.Origin replaces their Charset and URL).
	Extract infer.Options
}

// Run is Stream over a slice of pages.
func Run(ctx context.Context, e *infer.Extractor, pages []Page, opts Options, emit func(Outcome)) error {
	return Stream(ctx, e, slices.Values(pages), opts, emit)
}

// Stream extracts pages as pages yields them, with e on opts.Workers
// goroutines, and calls emit once per page, in the order pages yields
// them (Outcome.Index counts from 0), from the calling goroutine. pages
// is ranged over on a goroutine of its own, and only as far as at most
// 4×workers pages are in flight or waiting for their turn: a page is
// taken from pages when one is emitted, so memory stays bounded on any
// number of pages, and the first page is extracted before pages has
// yielded the last one (see Walk). A page that fails does not stop the
// others. A page whose Open returns a nil Body and no error is not
// extracted: its Outcome, with neither Result nor Err, keeps its place
// (a record of a corpus that is not a page). A page that takes longer
// than opts.PageTimeout fails with ErrPageTimeout and the batch goes on
// (its work stops at its next step, see infer.Extractor.Extract;
// a read that blocks is abandoned). When ctx is done no page is started
// or emitted any more, and Stream returns ctx's error at once (pages
// still running are abandoned, and pages is asked for no more pages: its
// yield returns false); it returns nil when every page was emitted.
func Stream(ctx context.Context, e *infer.Extractor, pages iter.Seq[Page], opts Options, emit func(Outcome)) error {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	window := 4 * workers
	slots := make(chan struct{}, window)
	type job struct {
		i int
		p Page
	}
	jobs := make(chan job)
	total := make(chan int, 1) // the number of pages, once pages is done
	// Every page in flight holds a slot until emitted, so done never
	// fills up, even when nobody receives any more.
	done := make(chan Outcome, window)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(jobs)
		n := 0
		for p := range pages {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case jobs <- job{n, p}:
			case <-stop:
				return
			}
			n++
		}
		total <- n
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for j := range jobs {
				done <- Extract(ctx, e, j.i, j.p, opts)
			}
		})
	}
	pending := map[int]Outcome{}
	for next, n := 0, -1; n < 0 || next < n; {
		select {
		case o := <-done:
			pending[o.Index] = o
		case n = <-total:
			continue
		case <-ctx.Done():
			return ctx.Err()
		}
		for {
			o, ok := pending[next]
			if !ok {
				break
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			delete(pending, next)
			emit(o)
			<-slots
			next++
		}
	}
	wg.Wait()
	return nil
}

// Extract opens and extracts one page, within opts.PageTimeout, as a
// batch does it: its Outcome has Index i, and its error names the page
// (a page over the time limit fails with ErrPageTimeout, and when ctx is
// done first, the page fails with ctx's error at once; its work stops at
// its next step). opts.Workers is not used. This is the one per-page time
// limit of boilernet (records.Extract uses it).
func Extract(ctx context.Context, e *infer.Extractor, i int, p Page, opts Options) Outcome {
	limit := cmp.Or(opts.PageTimeout, DefaultPageTimeout)
	pageCtx, cancel := context.WithCancel(ctx)
	defer cancel() // an abandoned page stops at its next step
	res := make(chan Outcome, 1)
	go func() { res <- extractPage(pageCtx, e, i, p, opts.Extract) }()
	var timeout <-chan time.Time
	if limit > 0 {
		t := time.NewTimer(limit)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case o := <-res:
		return o
	case <-timeout:
		return Outcome{Index: i, Page: p, Err: fmt.Errorf("%s: %w (%v)", p.Name, ErrPageTimeout, limit)}
	case <-ctx.Done():
		return Outcome{Index: i, Page: p, Err: fmt.Errorf("%s: %w", p.Name, ctx.Err())}
	}
}

// extractPage opens and extracts one page; the errors of Open name the
// page already, those of the extraction get its name here.
func extractPage(ctx context.Context, e *infer.Extractor, i int, p Page, opts infer.Options) Outcome {
	out := Outcome{Index: i, Page: p}
	body, err := p.Open(ctx)
	if err != nil {
		out.Err = err
		return out
	}
	if body == nil {
		return out // not a page: it keeps its place
	}
	defer body.Close()
	if o := body.Origin; o != nil {
		opts.Charset, opts.URL = o.Charset, o.URL
	}
	out.Result, err = e.Extract(ctx, body, opts)
	if err != nil {
		out.Err = fmt.Errorf("%s: %w", p.Name, err)
	}
	return out
}
