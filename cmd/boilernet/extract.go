package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/corpus"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	pbar "github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/records"
	"github.com/boilernet/boilernet/render"
	"github.com/boilernet/boilernet/tokenize"
)

// extractDetails is the part of extract -h about its arguments and output.
const extractDetails = `A PATH is an HTML file (.html, .htm, also gzipped: .html.gz), a directory
(its HTML files, recursively), - for standard input (plain or gzipped), or a
corpus file (*.warc, *.warc.gz, *.jsonl, *.jsonl.gz: each record a page,
-format jsonl gives one line per record, failed and skipped ones too). A URL (http:// or https://) is fetched.

Output: standard output, or -o FILE, or -o DIR/ (created if needed): one file
per page named after the input with the format's extension (.txt, .json,
.jsonl, .html, .md), under the same relative path as below the directory
given (a.html -> DIR/a.txt, site/x/b.html -> DIR/x/b.txt when site is the
argument, - -> DIR/stdin.txt, https://example.com/a/b.html ->
DIR/example.com/a/b.txt); a name used twice gets -2, -3, ... before its
extension. -format json is one JSON array of records, whatever the number
of pages.`

// extractFlags are the flags of boilernet extract.
type extractFlags struct {
	model                                                                       modelFlags
	lists                                                                       *listFlags
	filt                                                                        filterFlag
	treePath, format, method, decoding, out, urlList, baseURL, userAgent, langs *string
	depth, workers, perHost, maxElements                                        *int
	threshold                                                                   *float64
	keepHeadline, quiet, progress, meta, comments, links, images, dedup         *bool
	timeout, pageTimeout                                                        *time.Duration
}

// addExtractFlags defines extract's flags on fs, their defaults the
// library's.
func addExtractFlags(fs *flag.FlagSet) *extractFlags {
	f := &extractFlags{model: addModelFlags(fs, "method bilstm: ")}
	f.treePath = fs.String("tree", "", "method tree: the tree file (from train -method tree)")
	f.format = fs.String("format", "text", "output: "+strings.Join(render.Formats(), ", ")+" (html: the page with the content highlighted; xml: the content's structure with the metadata as attributes; tei: a TEI P5 document)")
	f.method = fs.String("method", methods.DefaultMethod, "method: CLASSIFIER[:DECODING][@THRESHOLD][+FILTER[:DEPTH]]; classifiers: "+strings.Join(methods.Names(), ", ")+" (bilstm:DECODING decodes as -decode DECODING); filters: "+strings.Join(methods.Filters(), ", "))
	fs.Var(&f.filt, "filter", "precision filter: -filter alone is the ancestor-group filter (any method); -filter=largest or -filter=main after the boilerpipe-* methods and tree")
	f.depth = fs.Int("filter-depth", methods.DefaultFilterDepth, "-filter (ancestor) only: ancestor depth, ≥ 1 (1: parent, 2: grandparent)")
	f.threshold = fs.Float64("threshold", 0, "method bilstm: P(content) from which each block is content, > 0 and ≤ 1, as the paper; 0: the default decoding's choice for each page (the blocks that maximize its expected F1)")
	f.decoding = fs.String("decode", decode.Default().String(), "method bilstm: how probabilities become content: default (the blocks that maximize the page's expected F1, repeated paragraphs dropped, gaps in a line of content filled), blocks (a threshold only, as the paper), structure, or steps joined by /: "+strings.Join(decode.Steps(), ", ")+" (threshold: each block against -threshold, 0.5 when unset; see the README)")
	f.keepHeadline = fs.Bool("keep-headline", false, "keep the headline in the text (by default it is the title only)")
	f.workers = fs.Int("workers", 0, "pages extracted in parallel (0: all cores; at most 256)")
	f.out = fs.String("o", "", "output file, or a directory (an existing one, or a path ending in /) for one file per page (default: stdout)")
	f.quiet = fs.Bool("q", false, "no progress bar")
	f.progress = fs.Bool("progress", false, "draw the progress bar even when stderr is not a terminal")
	f.urlList = fs.String("i", "", "file of URLs to fetch, one per line (- for stdin)")
	f.lists = addListFlags(fs) // -feed, -sitemap, -max-pages, -ignore-robots, -allow-private
	f.baseURL = fs.String("url", "", "the pages' URL, for resolving links in files (fetched pages use their own)")
	f.userAgent = fs.String("user-agent", fetch.DefaultUserAgent, "User-Agent of fetches")
	f.timeout = fs.Duration("timeout", fetch.DefaultTimeout, "time limit of one fetch, body included")
	f.perHost = fs.Int("per-host", fetch.DefaultPerHost, "fetches from one host at a time")
	f.meta = fs.Bool("metadata", true, "metadata (title, authors, dates, language, …) in json, jsonl, xml and tei")
	f.comments = fs.Bool("comments", false, "the readers' comments (text, author, date) in json, jsonl and markdown, apart from the text")
	f.links = fs.Bool("links", false, "content links in json, jsonl and markdown")
	f.images = fs.Bool("images", false, "content images in json, jsonl and markdown")
	f.maxElements = fs.Int("max-elements", tokenize.DefaultMaxElements, "refuse a page with more start tags (and more than 20 times as many ancestors over its blocks or 10 times as many attributes), which bounds its memory (0: the default; negative: no limit)")
	f.dedup = fs.Bool("dedup", false, "drop paragraphs an earlier page of the run had (case, spacing and punctuation aside; the last "+strconv.Itoa(corpus.DefaultSeen)+" remembered) and mark pages whose whole text an earlier page had (duplicate_of in json and jsonl)")
	f.langs = fs.String("lang", "", "keep only pages in these languages, codes joined by commas (de,fr); the others are skipped, counted, and in jsonl written as a line saying why")
	f.pageTimeout = fs.Duration("page-timeout", batch.DefaultPageTimeout, "time limit of one page (reading it included); a slower page fails and the run goes on (0: the default; negative: none)")
	return f
}

// extraction is what an extract run needs besides its pages: the
// extractor of its method, the options, the corpus filter, and the flags
// that shape its output.
type extraction struct {
	f      *extractFlags
	fs     *flag.FlagSet
	ex     *infer.Extractor
	opts   infer.Options
	filter *corpus.Filter
}

func runExtract(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("extract", stderr)
	f := addExtractFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFlags(fs, between("threshold", 0, 1), atLeast("filter-depth", 1), between("workers", 0, maxWorkers), atLeast("per-host", 1), atLeast("networks", 0), atLeast("max-pages", 1)); err != nil {
		return err
	}
	if !render.IsFormat(*f.format) {
		return fmt.Errorf("-format %s: unknown format (valid: %s)", *f.format, strings.Join(render.Formats(), ", "))
	}
	if fs.NArg() == 0 && *f.urlList == "" && !f.lists.given() {
		fmt.Fprintln(stderr, "boilernet extract: no pages given")
		fs.Usage()
		return errUsage
	}
	x, err := f.extraction(fs)
	if err != nil {
		return err
	}
	if files, ok, err := records.Inputs(fs.Args(), *f.urlList); err != nil {
		return err
	} else if ok {
		return x.corpusFiles(files, stdout, stderr)
	}
	return x.pages(stdout, stderr)
}

// extraction resolves the flags' method and options.
func (f *extractFlags) extraction(fs *flag.FlagSet) (*extraction, error) {
	m, err := parseMethod(fs, *f.method, f.filt.name, *f.decoding, *f.threshold, *f.depth)
	if err != nil {
		return nil, err
	}
	if err := checkMethodFlags(fs, []string{*f.method}, []methods.Method{m}); err != nil {
		return nil, err
	}
	x := &extraction{f: f, fs: fs, opts: infer.Options{KeepHeadline: *f.keepHeadline,
		URL: *f.baseURL, Metadata: *f.meta && slices.Contains([]string{"json", "jsonl", "xml", "tei"}, *f.format), Links: *f.links, Images: *f.images, Comments: *f.comments,
		MaxElements: *f.maxElements, SkipLocators: *f.format != "json"}}
	if x.filter, err = corpus.New(corpus.Options{Dedup: *f.dedup, Languages: corpus.Languages(*f.langs)}); err != nil {
		return nil, fmt.Errorf("-lang %s: %w", *f.langs, err)
	}
	if *f.langs != "" {
		x.opts.Metadata = true // the language comes from it
	}
	if x.ex, err = infer.ForMethod(registry(f.model, *f.treePath), m); err != nil {
		return nil, err
	}
	return x, nil
}

// batchOptions are the options of the run's batch.
func (x *extraction) batchOptions() batch.Options {
	return batch.Options{Workers: *x.f.workers, PageTimeout: *x.f.pageTimeout, Extract: x.opts}
}

// corpusFiles extracts WARC and JSONL files into one stream in the
// format asked for: in jsonl one line per record, failed and skipped ones
// included; in text-like formats each extracted record under its name.
func (x *extraction) corpusFiles(files []string, stdout, stderr io.Writer) error {
	f := x.f
	if err := f.lists.refuseCorpus(files); err != nil {
		return err
	}
	if batch.IsDirOutput(*f.out) {
		return fmt.Errorf("-o %s: corpus files (WARC, JSONL) give one stream: -o takes a file, not a directory", *f.out)
	}
	if err := batch.RefuseOverwrite(*f.out, append(files, runInputs(*f.urlList, *f.model.path, *f.treePath)...), nil, ""); err != nil {
		return err
	}
	if *f.workers != 1 {
		bilstm.SetBLASThreads(1)
	}
	batch.TuneGC(*f.workers)
	return runRecords(x.ex, files, x.batchOptions(), x.filter, *f.out, *f.format, !showProgress(stderr, *f.quiet, *f.progress), stdout, stderr)
}

// pages extracts pages, files and URLs into the output.
func (x *extraction) pages(stdout, stderr io.Writer) error {
	f := x.f
	client := fetch.New(fetch.Options{UserAgent: *f.userAgent, Timeout: *f.timeout, PerHost: *f.perHost})
	// A signal stops the walk, the feed and sitemap listing and the run.
	ctx, stopSignals := interruptContext(stderr)
	defer stopSignals()
	src, err := newPageSource(ctx, x.fs.Args(), *f.urlList, f.lists, client, os.Stdin, stderr)
	if ctx.Err() != nil {
		return interruptedReading(stderr)
	}
	if err != nil {
		return err
	}
	if src.Fetches() && *f.workers == 0 {
		*f.workers = urlWorkers
	}
	batch.TuneGC(*f.workers)
	// A directory is walked as its pages are taken, unless the output may
	// be among them: then all are collected and checked first.
	st, pages, total, err := src.Checked(ctx, *f.out, render.Ext(*f.format), *f.format == "html", runInputs(*f.urlList, *f.model.path, *f.treePath))
	if errors.Is(err, context.Canceled) {
		return interruptedReading(stderr)
	}
	if err != nil {
		return err
	}
	multi := total > 1 || total < 0 && src.AtLeast(ctx, 2)
	w, err := batch.NewOutput(*f.out, *f.format, stdout, multi)
	if err != nil {
		return err
	}
	var bar *pbar.Bar
	if multi && showProgress(stderr, *f.quiet, *f.progress) {
		bar = pbar.New(stderr, total, "extracting", "pages") // -1: counts without a total
	}
	if *f.workers != 1 && multi {
		// Pages in parallel: one BLAS thread each is fastest (OpenBLAS
		// build; nothing changes in the pure-Go build).
		bilstm.SetBLASThreads(1)
	}
	tally, err := w.Extract(ctx, x.ex, pages, x.batchOptions(), st, x.filter, func(o batch.Outcome, v corpus.Verdict) {
		if total < 0 && st.Total() >= 0 {
			total = st.Total() // the walk is done
			bar.SetTotal(total)
		}
		bar.Add(1)
		if o.Err != nil {
			fmt.Fprintf(stderr, "boilernet extract: %v\n", o.Err)
		} else if why := o.Result.EmptyReason(); why != "" && v.Skip == "" && v.DuplicateOf == "" {
			fmt.Fprintf(stderr, "boilernet extract: %s: no content found: %s\n", o.Page.Name, why)
		}
	})
	if ctx.Err() != nil { // interrupted
		if err := endRun(bar, w, err, nil); err != nil {
			return err
		}
		if total < 0 {
			total = st.Total() // the walk may have ended since the last page
		}
		fmt.Fprintf(stderr, "boilernet extract: interrupted: %s\n", doneSummary(tally.OK, tally.Failed, total))
		return errInterrupted
	}
	if err := endRun(bar, w, nil, err); err != nil {
		return err
	}
	return x.summary(tally, stderr)
}

// summary writes the end of a run of pages on stderr: the pages that
// failed and what the corpus filter did; no page extracted is an error.
func (x *extraction) summary(t batch.Tally, stderr io.Writer) error {
	if t.Failed > 0 {
		fmt.Fprintf(stderr, "boilernet extract: %d of %d pages failed\n", t.Failed, t.OK+t.Failed)
	}
	if x.filter.Active() {
		fmt.Fprintf(stderr, "boilernet extract: %v\n", x.filter.Stats())
	}
	if t.OK == 0 {
		return errors.New("no page could be extracted")
	}
	return nil
}

// interruptedReading says that a signal came while extract read its
// inputs (a URL list, feeds, sitemaps, a walk before the first page).
func interruptedReading(stderr io.Writer) error {
	fmt.Fprintln(stderr, "boilernet extract: interrupted while reading the inputs")
	return errInterrupted
}

// doneSummary says how far an interrupted run of total pages got (total
// < 0: the walk was not done, so the number of pages is not known).
func doneSummary(ok, failed, total int) string {
	if total < 0 {
		return fmt.Sprintf("%d pages done (%d failed), the rest not done", ok+failed, failed)
	}
	return fmt.Sprintf("%d of %d pages done (%d failed), %d not done", ok+failed, total, failed, total-ok-failed)
}

// errInterrupted is the error of a run stopped by SIGINT or SIGTERM.
var errInterrupted = errors.New("interrupted")

// interruptContext returns a context cancelled by the first SIGINT or
// SIGTERM, so that the run stops after the record it is writing; a second
// signal exits at once. stop ends the signal handling.
func interruptContext(stderr io.Writer) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
			cancel()
		case <-done:
			return
		}
		select {
		case <-sigs:
			fmt.Fprintln(stderr, "boilernet: second signal, exiting at once")
			os.Exit(exitInterrupted)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}

// endRun ends a run's progress bar (marked interrupted when runErr is
// set) and closes its output, and returns the first error of writing,
// then of closing.
func endRun(bar *pbar.Bar, w *batch.Output, runErr, writeErr error) error {
	bar.End(runErr != nil)
	return cmp.Or(writeErr, w.Close())
}
