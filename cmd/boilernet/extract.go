package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/boilernet/boilernet/batch"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/corpus"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	pbar "github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/render"
	"github.com/boilernet/boilernet/tokenize"
)

// extractFormats are the output formats of boilernet extract.
var extractFormats = []string{"text", "json", "jsonl", "html", "markdown", "xml", "tei"}

// extractDetails is the part of extract -h about its arguments and output.
const extractDetails = `A PATH is an HTML file (.html, .htm, also gzipped: .html.gz), a directory
(its HTML files, recursively), - for standard input (plain or gzipped), or a
corpus file (*.warc, *.warc.gz, *.jsonl, *.jsonl.gz: one jsonl line per
record). A URL (http:// or https://) is fetched.

Output: standard output, or -o FILE, or -o DIR/ (created if needed): one file
per page named after the input with the format's extension (.txt, .json,
.jsonl, .html, .md), under the same relative path as below the directory
given (a.html -> DIR/a.txt, site/x/b.html -> DIR/x/b.txt when site is the
argument, - -> DIR/stdin.txt, https://example.com/a/b.html ->
DIR/example.com/a/b.txt); a name used twice gets -2, -3, ... before its
extension. -format json of several pages is one JSON array.`

func runExtract(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("extract", stderr)
	model := addModelFlags(fs, "method bilstm: ")
	treePath := fs.String("tree", "", "method tree: the tree file (from train -method tree)")
	format := fs.String("format", "text", "output: "+strings.Join(extractFormats, ", ")+" (html: the page with the content highlighted; xml: the content's structure with the metadata as attributes; tei: a TEI P5 document)")
	method := fs.String("method", methods.DefaultMethod, "method: CLASSIFIER[:DECODING][@THRESHOLD][+FILTER[:DEPTH]]; classifiers: "+strings.Join(methods.Names(), ", ")+" (bilstm:DECODING decodes as -decode DECODING); filters: "+strings.Join(methods.Filters(), ", "))
	var filt filterFlag
	fs.Var(&filt, "filter", "precision filter: -filter alone is the ancestor-group filter (any method); -filter=largest or -filter=main after the boilerpipe-* methods and tree")
	depth := fs.Int("filter-depth", methods.DefaultFilterDepth, "-filter (ancestor) only: ancestor depth, ≥ 1 (1: parent, 2: grandparent)")
	threshold := fs.Float64("threshold", 0, "method bilstm: P(content) from which each block is content, > 0 and ≤ 1, as the paper; 0: the default decoding's choice for each page (the blocks that maximize its expected F1)")
	decoding := fs.String("decode", decode.Default().String(), "method bilstm: how probabilities become content: default (the blocks that maximize the page's expected F1, repeated paragraphs dropped, gaps in a line of content filled), blocks (a threshold only, as the paper), structure, or steps joined by /: "+strings.Join(decode.Steps(), ", ")+" (threshold: each block against -threshold, 0.5 when unset; see the README)")
	keepHeadline := fs.Bool("keep-headline", false, "keep the headline in the text (by default it is the title only)")
	workers := fs.Int("workers", 0, "pages extracted in parallel (0: all cores; at most 256)")
	out := fs.String("o", "", "output file, or a directory (an existing one, or a path ending in /) for one file per page (default: stdout)")
	quiet := fs.Bool("q", false, "no progress bar")
	progress := fs.Bool("progress", false, "draw the progress bar even when stderr is not a terminal")
	urlList := fs.String("i", "", "file of URLs to fetch, one per line (- for stdin)")
	lists := addListFlags(fs) // -feed, -sitemap, -max-pages, -ignore-robots, -allow-private
	baseURL := fs.String("url", "", "the pages' URL, for resolving links in files (fetched pages use their own)")
	userAgent := fs.String("user-agent", fetch.DefaultUserAgent, "User-Agent of fetches")
	timeout := fs.Duration("timeout", fetch.DefaultTimeout, "time limit of one fetch, body included")
	perHost := fs.Int("per-host", fetch.DefaultPerHost, "fetches from one host at a time")
	meta := fs.Bool("metadata", true, "metadata (title, authors, dates, language, …) in json, jsonl, xml and tei")
	comments := fs.Bool("comments", false, "the readers' comments (text, author, date) in json, jsonl and markdown, apart from the text")
	links := fs.Bool("links", false, "content links in json, jsonl and markdown")
	images := fs.Bool("images", false, "content images in json, jsonl and markdown")
	maxElements := fs.Int("max-elements", tokenize.DefaultMaxElements, "refuse a page with more start tags (and more than 20 times as many ancestors over its blocks or 10 times as many attributes), which bounds its memory (0: the default; negative: no limit)")
	dedup := fs.Bool("dedup", false, "drop paragraphs an earlier page of the run had (case, spacing and punctuation aside; the last "+strconv.Itoa(corpus.DefaultSeen)+" remembered) and mark pages whose whole text an earlier page had (duplicate_of in json and jsonl)")
	langs := fs.String("lang", "", "keep only pages in these languages, codes joined by commas (de,fr); the others are skipped, counted, and in jsonl written as a line saying why")
	pageTimeout := fs.Duration("page-timeout", batch.DefaultPageTimeout, "time limit of one page (reading it included); a slower page fails and the run goes on (0: the default; negative: none)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFlags(fs, between("threshold", 0, 1), atLeast("filter-depth", 1), between("workers", 0, maxWorkers), atLeast("per-host", 1), atLeast("networks", 0), atLeast("max-pages", 1)); err != nil {
		return err
	}
	if !slices.Contains(extractFormats, *format) {
		return fmt.Errorf("-format %s: unknown format (valid: %s)", *format, strings.Join(extractFormats, ", "))
	}
	if fs.NArg() == 0 && *urlList == "" && !lists.given() {
		fmt.Fprintln(stderr, "boilernet extract: no pages given")
		fs.Usage()
		return errUsage
	}
	m, err := parseMethod(fs, *method, filt.name, *decoding, *threshold, *depth)
	if err != nil {
		return err
	}
	if err := checkMethodFlags(fs, []string{*method}, []methods.Method{m}); err != nil {
		return err
	}
	opts := infer.Options{KeepHeadline: *keepHeadline,
		URL: *baseURL, Metadata: *meta && slices.Contains([]string{"json", "jsonl", "xml", "tei"}, *format), Links: *links, Images: *images, Comments: *comments,
		MaxElements: *maxElements, SkipLocators: *format != "json"}
	filter, err := corpus.New(corpus.Options{Dedup: *dedup, Languages: corpus.Languages(*langs)})
	if err != nil {
		return fmt.Errorf("-lang %s: %w", *langs, err)
	}
	if *langs != "" {
		opts.Metadata = true // the language comes from it
	}
	ex, err := infer.ForMethod(registry(model, *treePath), m)
	if err != nil {
		return err
	}
	if files, ok, err := recordInputs(fs.Args(), *urlList); err != nil {
		return err
	} else if ok {
		if err := lists.refuseCorpus(files); err != nil {
			return err
		}
		// WARC and JSONL files: one JSONL line per record, or with an
		// explicit -format text each record's text under its name.
		if *format != "text" && *format != "jsonl" {
			return fmt.Errorf("-format %s: corpus files (WARC, JSONL) give jsonl (the default) or text", *format)
		}
		asText := *format == "text" && isSet(fs, "format")
		if batch.IsDirOutput(*out) {
			return fmt.Errorf("-o %s: corpus files (WARC, JSONL) give one jsonl stream: -o takes a file, not a directory", *out)
		}
		if err := batch.RefuseOverwrite(*out, append(files, runInputs(*urlList, *model.path, *treePath)...), nil, ""); err != nil {
			return err
		}
		if *workers != 1 {
			bilstm.SetBLASThreads(1)
		}
		opts.Metadata = *meta || *langs != ""
		tuneGC(*workers)
		return runRecords(ex, files, batch.Options{Workers: *workers, PageTimeout: *pageTimeout, Extract: opts}, filter, *out, asText, !showProgress(stderr, *quiet, *progress), stdout, stderr)
	}
	client := fetch.New(fetch.Options{UserAgent: *userAgent, Timeout: *timeout, PerHost: *perHost})
	// A signal stops the walk, the feed and sitemap listing and the run.
	ctx, stopSignals := interruptContext(stderr)
	defer stopSignals()
	src, err := newPageSource(ctx, fs.Args(), *urlList, lists, client, os.Stdin, stderr)
	if ctx.Err() != nil {
		return interruptedReading(stderr)
	}
	if err != nil {
		return err
	}
	if src.Fetches() && *workers == 0 {
		*workers = urlWorkers
	}
	tuneGC(*workers)
	// A directory is walked as its pages are taken, unless the output may
	// be among them: then all are collected and checked first.
	st, pages, total, err := src.Checked(ctx, *out, formatExt[*format], *format == "html", runInputs(*urlList, *model.path, *treePath))
	if errors.Is(err, context.Canceled) {
		return interruptedReading(stderr)
	}
	if err != nil {
		return err
	}
	multi := total > 1 || total < 0 && src.AtLeast(ctx, 2)
	w, err := newWriter(*out, *format, stdout, multi)
	if err != nil {
		return err
	}
	var bar *pbar.Bar
	if multi && showProgress(stderr, *quiet, *progress) {
		bar = pbar.New(stderr, total, "extracting", "pages") // -1: counts without a total
	}
	if *workers != 1 && multi {
		// Pages in parallel: one BLAS thread each is fastest (OpenBLAS
		// build; nothing changes in the pure-Go build).
		bilstm.SetBLASThreads(1)
	}
	var ok, failed int
	var writeErr error
	var v corpus.Verdict // of the page being written
	// The run stops when the output fails: nothing more can be written.
	runCtx, stopRun := context.WithCancel(ctx)
	defer stopRun()
	runErr := batch.Stream(runCtx, ex, pages, batch.Options{Workers: *workers, PageTimeout: *pageTimeout, Extract: opts}, func(o batch.Outcome) {
		name := st.Next()
		if total < 0 && st.Total() >= 0 {
			total = st.Total() // the walk is done
			bar.SetTotal(total)
		}
		bar.Add(1)
		if o.Err != nil {
			failed++
			fmt.Fprintf(stderr, "boilernet extract: %v\n", o.Err)
		} else {
			ok++
			o.Result, v = filter.Apply(o.Page.Name, o.Result)
			if why := o.Result.EmptyReason(); why != "" && v.Skip == "" && v.DuplicateOf == "" {
				fmt.Fprintf(stderr, "boilernet extract: %s: no content found: %s\n", o.Page.Name, why)
			}
		}
		if writeErr == nil {
			if writeErr = w.write(o, v, name); writeErr != nil {
				stopRun()
			}
		}
		v = corpus.Verdict{}
	})
	if err := endRun(bar, w, runErr, writeErr); err != nil {
		return err
	}
	if runErr != nil {
		if total < 0 {
			total = st.Total() // the walk may have ended since the last page
		}
		fmt.Fprintf(stderr, "boilernet extract: interrupted: %s\n", doneSummary(ok, failed, total))
		return errInterrupted
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "boilernet extract: %d of %d pages failed\n", failed, ok+failed)
	}
	if filter.Active() {
		fmt.Fprintf(stderr, "boilernet extract: %v\n", filter.Stats())
	}
	if ok == 0 {
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

// writer writes outcomes to stdout, a file, or one file per page in a
// directory.
type writer struct {
	format string
	dir    string       // per-page files when set
	w      *wholeWriter // single stream otherwise: stdout or the -o file
	multi  bool         // several pages into one stream
	n      int          // records written to the stream
}

// newWriter writes to out: "" is stdout, an existing directory or a path
// ending in a separator is a directory (created if needed) with one file
// per page (see write); anything else is a file.
func newWriter(out, format string, stdout io.Writer, multi bool) (*writer, error) {
	w := &writer{format: format, multi: multi}
	if out != "" {
		if batch.IsDirOutput(out) {
			if err := os.MkdirAll(out, 0o755); err != nil {
				return nil, err
			}
			w.dir = out
			return w, nil
		}
		f, err := os.Create(out)
		if err != nil {
			return nil, err
		}
		w.w = newWholeWriter(f, nil)
		return w, nil
	}
	w.w = newWholeWriter(nil, stdout)
	return w, nil
}

// formatExt is the file extension of each output format.
var formatExt = map[string]string{"text": ".txt", "json": ".json", "jsonl": ".jsonl", "html": ".html", "markdown": ".md", "xml": ".xml", "tei": ".tei.xml"}

// write writes the outcome of a page; under -o DIR/ into the file name
// (slash-separated, the format's extension added).
func (w *writer) write(o batch.Outcome, v corpus.Verdict, name string) error {
	if v.Skip != "" && w.format != "jsonl" {
		return nil // counted in the summary
	}
	if w.dir != "" {
		if o.Err != nil {
			return nil
		}
		name := filepath.Join(w.dir, filepath.FromSlash(name)+formatExt[w.format])
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		// Written under a temporary name and renamed: a file with the
		// final name is always whole.
		f, err := os.CreateTemp(filepath.Dir(name), ".boilernet-*.tmp")
		if err != nil {
			return err
		}
		bw := bufio.NewWriter(f)
		err = writeOne(bw, w.format, o, v, false)
		if ferr := bw.Flush(); err == nil {
			err = ferr
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(f.Name(), 0o644)
		}
		if err == nil {
			err = os.Rename(f.Name(), name)
		}
		if err != nil {
			os.Remove(f.Name())
		}
		return err
	}
	if w.format == "json" && w.multi {
		// Several pages: one JSON array, its elements as -format json
		// writes one page.
		if o.Err != nil {
			return nil
		}
		var buf bytes.Buffer
		if err := writeOne(&buf, w.format, o, v, false); err != nil {
			return err
		}
		sep := ",\n"
		if w.n == 0 {
			sep = "[\n"
		}
		w.n++
		return w.w.record([]byte(sep + strings.TrimSuffix(buf.String(), "\n")))
	}
	var buf bytes.Buffer
	if err := writeOne(&buf, w.format, o, v, w.multi); err != nil {
		return err
	}
	return w.w.record(buf.Bytes())
}

// writeOne writes one page's outcome; v is what the corpus filter decided
// about it (a skipped page is a jsonl line saying why, and nothing else).
func writeOne(w io.Writer, format string, o batch.Outcome, v corpus.Verdict, multi bool) error {
	rec := render.Record{File: o.Page.Name}
	switch {
	case o.Err != nil:
		if format != "jsonl" {
			return nil
		}
		rec.Error = o.Err.Error()
	case v.Skip != "":
		rec.URL = o.Result.URL
	default:
		rec = render.NewRecord(o.Page.Name, o.Result)
		if v.DuplicateOf != "" {
			rec.Warning = "the same text as " + v.DuplicateOf
		}
	}
	rec.Skipped, rec.DuplicateOf = v.Skip, v.DuplicateOf
	var err error
	switch format {
	case "text", "markdown", "html", "xml", "tei":
		if multi {
			_, err = fmt.Fprintf(w, "==> %s <==\n", o.Page.Name)
		}
		if err == nil {
			switch {
			case format == "html":
				err = render.Highlighted(w, o.Result)
			case format == "markdown":
				_, err = io.WriteString(w, render.Markdown(o.Result))
			case format == "xml":
				err = render.XML(w, o.Result)
			case format == "tei":
				err = render.TEI(w, o.Result)
			case rec.Text != "":
				_, err = fmt.Fprintln(w, rec.Text)
			}
		}
		if err == nil && multi {
			_, err = fmt.Fprintln(w)
		}
	case "json":
		rec.Encoding, rec.Blocks = o.Result.Encoding, o.Result.Blocks
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		err = enc.Encode(rec)
	case "jsonl":
		err = json.NewEncoder(w).Encode(rec)
	}
	return err
}

// endRun ends a run's progress bar (marked interrupted when runErr is
// set) and closes its output, and returns the first error of writing,
// then of closing.
func endRun(bar *pbar.Bar, w interface{ close() error }, runErr, writeErr error) error {
	bar.End(runErr != nil)
	return cmp.Or(writeErr, w.close())
}

func (w *writer) close() error {
	if w.w == nil {
		return nil
	}
	var err error
	if w.format == "json" && w.multi {
		end := "\n]\n"
		if w.n == 0 {
			end = "[]\n"
		}
		err = w.w.record([]byte(end))
	}
	if cerr := w.w.close(); err == nil {
		err = cerr
	}
	return err
}

// memoryPerWorker is the soft memory limit per page worker: a little under
// the bound of one extraction's memory the README promises (256 MiB + 8×
// the page's size), for what the limit does not count, such as the
// binary's code.
const memoryPerWorker = 224 << 20

// batchGCPercent is extract's GOGC: the heap may grow to three times the
// live data between collections instead of twice. Pages are small and
// short-lived, so the collector runs half as often for a few tens of MB
// (the 518 WCXB and Dragnet test pages on one worker: 7% more pages per
// second, peak RSS 77 MB instead of 56), and the soft memory limit still
// holds the largest pages within their bound.
const batchGCPercent = 200

// tuneGC sets the garbage collector for extracting pages: the soft memory
// limit to memoryPerWorker per worker (0: one per core) unless GOMEMLIMIT
// sets one, and GOGC to batchGCPercent unless GOGC sets it. Near the limit
// the collector runs more often instead of letting the heap grow to a
// multiple of the live data, which on pages of 100,000 tiny paragraphs
// took the process past the bound. The limit is soft: a page that needs
// more gets it.
func tuneGC(workers int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(batchGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	debug.SetMemoryLimit(int64(workers) * memoryPerWorker)
}
