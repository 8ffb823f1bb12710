package infer

import (
	"compress/gzip"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// maxPageSize bounds how much of one page is read (a larger page is an
// error, not a hang).
const maxPageSize = 64 << 20

// Page is one input of a batch: a name to report and a way to open it.
type Page struct {
	Name string
	Open func() (io.ReadCloser, error)
}

// FilePages expands paths into pages: a file is one page (decompressed if
// its name ends in .gz), a directory stands for all *.html, *.htm and
// *.html.gz files below it in lexical order, and "-" is standard input.
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
			pages = append(pages, filePage(p))
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := strings.ToLower(d.Name())
			if !d.IsDir() && (strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".htm") || strings.HasSuffix(name, ".html.gz")) {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		for _, f := range found {
			pages = append(pages, filePage(f))
		}
	}
	return pages, nil
}

func filePage(path string) Page {
	return Page{Name: path, Open: func() (io.ReadCloser, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		if !strings.HasSuffix(strings.ToLower(path), ".gz") {
			return f, nil
		}
		z, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return nil, err
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
// stays bounded on any number of pages.
func (e *Extractor) ExtractAll(pages []Page, workers int, opts Options, emit func(Outcome)) {
	if workers <= 0 {
		workers = maxProcs()
	}
	window := 4 * workers
	slots := make(chan struct{}, window)
	jobs := make(chan int)
	done := make(chan Outcome, window)
	go func() {
		for i := range pages {
			slots <- struct{}{}
			jobs <- i
		}
		close(jobs)
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range jobs {
				done <- e.extractPage(i, pages[i], opts)
			}
		})
	}
	pending := map[int]Outcome{}
	for next := 0; next < len(pages); {
		o := <-done
		pending[o.Index] = o
		for {
			o, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			emit(o)
			<-slots
			next++
		}
	}
	wg.Wait()
}

func (e *Extractor) extractPage(i int, p Page, opts Options) Outcome {
	out := Outcome{Index: i, Page: p}
	rc, err := p.Open()
	if err != nil {
		out.Err = err
		return out
	}
	defer rc.Close()
	if o, ok := rc.(origin); ok {
		opts.Charset, opts.URL = o.origin()
	}
	raw, err := io.ReadAll(io.LimitReader(rc, maxPageSize+1))
	if err == nil && len(raw) > maxPageSize {
		err = fmt.Errorf("larger than %d MiB", maxPageSize>>20)
	}
	if err == nil {
		out.Result, err = e.ExtractBytes(raw, opts)
	}
	if err != nil {
		out.Err = fmt.Errorf("%s: %w", p.Name, err)
	}
	return out
}
