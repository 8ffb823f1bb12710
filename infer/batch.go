package infer

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// DefaultMaxPageSize bounds how much of one page is read when
// Options.MaxPageSize is 0 (a larger page is an error, not a hang).
const DefaultMaxPageSize = 64 << 20

// DefaultPageTimeout is the time limit of one page of a batch when
// Options.PageTimeout is 0.
const DefaultPageTimeout = 60 * time.Second

// ErrPageTimeout is wrapped by the error of a batch page that took longer
// than its time limit.
var ErrPageTimeout = errors.New("page time limit exceeded")

// Page is one input of a batch: a name to report and a way to open it.
type Page struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// FilePages expands paths into pages: a file is one page (decompressed if
// its name ends in .gz), a directory stands for all *.html, *.htm and
// *.html.gz files below it in lexical order, and "-" is standard input.
// A file named in paths is read whatever its kind (a FIFO too, bounded by
// the batch's page time limit); a file found in a directory that is not a
// regular file (a FIFO, a device, a socket, a symbolic link to one) and a
// subdirectory that cannot be read are pages whose Open fails, so that
// each is reported and the batch goes on. A path that does not exist is
// an error.
func FilePages(paths []string) ([]Page, error) {
	var pages []Page
	for _, p := range paths {
		if p == "-" {
			pages = append(pages, Page{Name: "-", Open: func() (io.ReadCloser, error) { return io.NopCloser(os.Stdin), nil }})
			continue
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			pages = append(pages, filePage(p, false))
			continue
		}
		pages = append(pages, dirPages(os.DirFS(p), p)...)
	}
	return pages, nil
}

// dirPages returns the pages below the directory fsys, named under root.
func dirPages(fsys fs.FS, root string) []Page {
	type entry struct {
		path string
		err  error // an unreadable directory
	}
	var found []entry
	fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		full := filepath.Join(root, filepath.FromSlash(path))
		if err != nil {
			// An unreadable directory (or an entry that vanished): one
			// failed entry, and the walk goes on without it.
			found = append(found, entry{full, err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		name := strings.ToLower(d.Name())
		if !d.IsDir() && (strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".htm") || strings.HasSuffix(name, ".html.gz")) {
			found = append(found, entry{path: full})
		}
		return nil
	})
	sort.SliceStable(found, func(i, j int) bool { return found[i].path < found[j].path })
	var pages []Page
	for i, f := range found {
		if i > 0 && f.path == found[i-1].path && f.err == nil {
			continue
		}
		if f.err != nil {
			err := f.err
			if pe, ok := err.(*fs.PathError); ok {
				err = pe.Err // the path is the page's name
			}
			pages = append(pages, Page{Name: f.path, Open: func() (io.ReadCloser, error) { return nil, fmt.Errorf("%s: %w", f.path, err) }})
			continue
		}
		pages = append(pages, filePage(f.path, true))
	}
	return pages
}

// filePage is the page of a file; regular refuses any other kind of file
// (checked on the opened file, which a FIFO cannot block).
func filePage(path string, regular bool) Page {
	return Page{Name: path, Open: func() (io.ReadCloser, error) {
		var f *os.File
		var err error
		if regular {
			f, err = os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
			if err == nil {
				var st os.FileInfo
				if st, err = f.Stat(); err == nil && !st.Mode().IsRegular() {
					err = fmt.Errorf("%s: not a regular file (%v)", path, st.Mode().Type())
				}
				if err != nil {
					f.Close()
				}
			}
		} else {
			f, err = os.Open(path)
		}
		if err != nil {
			return nil, err
		}
		if !strings.HasSuffix(strings.ToLower(path), ".gz") {
			return f, nil
		}
		z, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return struct {
			io.Reader
			io.Closer
		}{z, f}, nil
	}}
}

// Outcome is the extraction of one page of a batch.
type Outcome struct {
	Index  int
	Page   Page
	Result *Result // nil when Err is set
	Err    error   // what went wrong with this page, naming it
}

// ExtractAll extracts pages on workers goroutines (≤ 0: one per CPU core
// the runtime may use) and calls emit once per page, in input order, from
// the calling goroutine. A page that fails does not stop the others. At
// most 4×workers pages are in flight or waiting for their turn, so memory
// stays bounded on any number of pages. A page that takes longer than
// opts.PageTimeout fails with ErrPageTimeout and the batch goes on (its
// work stops at its next step, see ExtractContext; a read that blocks is
// abandoned).
func (e *Extractor) ExtractAll(pages []Page, workers int, opts Options, emit func(Outcome)) {
	e.ExtractAllContext(context.Background(), pages, workers, opts, emit)
}

// ExtractAllContext is ExtractAll until ctx is done: then no page is
// started or emitted any more, and it returns ctx's error at once (pages
// still running are abandoned), or nil when every page was emitted.
func (e *Extractor) ExtractAllContext(ctx context.Context, pages []Page, workers int, opts Options, emit func(Outcome)) error {
	if workers <= 0 {
		workers = maxProcs()
	}
	window := 4 * workers
	slots := make(chan struct{}, window)
	jobs := make(chan int)
	// Every page in flight holds a slot until emitted, so done never
	// fills up, even when nobody receives any more.
	done := make(chan Outcome, window)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(jobs)
		for i := range pages {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case jobs <- i:
			case <-stop:
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				done <- e.timedPage(ctx, i, pages[i], opts)
			}
		})
	}
	pending := map[int]Outcome{}
	for next := 0; next < len(pages); {
		var o Outcome
		select {
		case o = <-done:
		case <-ctx.Done():
			return ctx.Err()
		}
		pending[o.Index] = o
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

// timedPage extracts one page within opts.PageTimeout.
func (e *Extractor) timedPage(ctx context.Context, i int, p Page, opts Options) Outcome {
	limit := opts.PageTimeout
	if limit == 0 {
		limit = DefaultPageTimeout
	}
	pageCtx, cancel := context.WithCancel(ctx)
	defer cancel() // an abandoned page stops at its next step
	res := make(chan Outcome, 1)
	go func() { res <- e.extractPage(pageCtx, i, p, opts) }()
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

func (e *Extractor) extractPage(ctx context.Context, i int, p Page, opts Options) Outcome {
	out := Outcome{Index: i, Page: p}
	rc, err := p.Open()
	if err != nil {
		if !strings.Contains(err.Error(), p.Name) {
			err = fmt.Errorf("%s: %w", p.Name, err)
		}
		out.Err = err
		return out
	}
	defer rc.Close()
	if o, ok := rc.(origin); ok {
		opts.Charset, opts.URL = o.origin()
	}
	out.Result, err = e.ExtractContext(ctx, rc, opts)
	if err != nil {
		out.Err = fmt.Errorf("%s: %w", p.Name, err)
	}
	return out
}
