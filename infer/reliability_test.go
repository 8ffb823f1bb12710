package infer

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/tokenize"
)

// keepAll is an extractor that needs no model: every block is content.
var keepAll = WithSelector(func(page *tokenize.Page, _ string) ([]bool, error) {
	sel := make([]bool, len(page.Blocks))
	for i := range sel {
		sel[i] = true
	}
	return sel, nil
})

const tinyPage = "<html><body><p>A page with a paragraph of text.</p></body></html>"

// mkfifo makes a FIFO, and releases any reader still blocked opening it
// when the test ends.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	t.Cleanup(func() {
		if fd, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			syscall.Close(fd)
		}
	})
}

// runAll extracts pages with keepAll and returns "name:ok" or
// "name:err" per emitted page, checking that every error names its page.
func runAll(t *testing.T, pages []Page, opts Options) ([]string, []error) {
	t.Helper()
	var got []string
	var errs []error
	keepAll.ExtractAll(pages, 2, opts, func(o Outcome) {
		status := "ok"
		if o.Err != nil {
			status = "err"
			errs = append(errs, o.Err)
			if !strings.Contains(o.Err.Error(), o.Page.Name) {
				t.Errorf("error %q does not name the page %s", o.Err, o.Page.Name)
			}
		}
		got = append(got, filepath.Base(o.Page.Name)+":"+status)
	})
	return got, errs
}

func TestFIFOInDirectoryIsAFailedPage(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.html"), []byte(tinyPage), 0o644)
	mkfifo(t, filepath.Join(dir, "b.html"))
	os.WriteFile(filepath.Join(dir, "c.html"), []byte(tinyPage), 0o644)
	pages, err := FilePages([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	// No page timeout: a FIFO must fail on its own, not by the clock.
	got, errs := runAll(t, pages, Options{PageTimeout: -1})
	if want := "a.html:ok b.html:err c.html:ok"; strings.Join(got, " ") != want {
		t.Fatalf("%v, want %s", got, want)
	}
	if !strings.Contains(errs[0].Error(), "not a regular file") {
		t.Errorf("error %q", errs[0])
	}
}

func TestPageTimeout(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "slow.html")
	mkfifo(t, fifo)
	good := filepath.Join(dir, "good.html")
	os.WriteFile(good, []byte(tinyPage), 0o644)
	// A FIFO named on the command line is read, and blocks: the page
	// time limit fails it and the pages after it still come out.
	pages, err := FilePages([]string{good, fifo, good})
	if err != nil {
		t.Fatal(err)
	}
	// A tiny limit, so the good pages may time out too: only the FIFO
	// is sure to.
	got, errs := runAll(t, pages, Options{PageTimeout: 50 * time.Millisecond})
	if len(got) != 3 || got[1] != "slow.html:err" {
		t.Fatalf("%v, want the three pages, slow.html failed", got)
	}
	for _, err := range errs {
		if !errors.Is(err, ErrPageTimeout) {
			t.Errorf("error %q is not a timeout", err)
		}
	}
}

// failingFS is a directory tree in which one directory cannot be read.
type failingFS struct {
	fstest.MapFS
	bad string
}

func (f failingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == f.bad {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return f.MapFS.ReadDir(name)
}

func TestUnreadableDirectoryIsOneFailedPage(t *testing.T) {
	fsys := failingFS{fstest.MapFS{
		"a.html":        {Data: []byte(tinyPage)},
		"locked/x.html": {Data: []byte(tinyPage)},
		"z/b.html":      {Data: []byte(tinyPage)},
	}, "locked"}
	var names []string
	for _, p := range dirPages(fsys, "root") {
		names = append(names, p.Name)
		if p.Name == filepath.Join("root", "locked") {
			if _, err := p.Open(); err == nil || !strings.Contains(err.Error(), "root/locked: permission denied") {
				t.Errorf("open of the unreadable directory: %v", err)
			}
		}
	}
	if want := "root/a.html root/locked root/z/b.html"; strings.Join(names, " ") != want {
		t.Errorf("pages %v, want %s", names, want)
	}
}

func TestUnreadableDirectoryOnDisk(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any directory")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.html"), []byte(tinyPage), 0o644)
	os.Mkdir(filepath.Join(dir, "locked"), 0o755)
	os.WriteFile(filepath.Join(dir, "locked", "x.html"), []byte(tinyPage), 0o644)
	os.Chmod(filepath.Join(dir, "locked"), 0)
	t.Cleanup(func() { os.Chmod(filepath.Join(dir, "locked"), 0o755) })
	pages, err := FilePages([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := runAll(t, pages, Options{})
	if want := "a.html:ok locked:err"; strings.Join(got, " ") != want {
		t.Errorf("%v, want %s", got, want)
	}
}

func TestBadGzipNamesThePage(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.html.gz"), []byte("not gzip at all"), 0o644)
	pages, _ := FilePages([]string{dir})
	_, errs := runAll(t, pages, Options{})
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "gzip") {
		t.Errorf("errors %v", errs)
	}
}

func TestExtractAllContextStops(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	pages := []Page{
		{Name: "first", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(tinyPage)), nil }},
		{Name: "stuck", Open: func() (io.ReadCloser, error) { <-block; return nil, errors.New("never") }},
		{Name: "third", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(tinyPage)), nil }},
	}
	ctx, cancel := context.WithCancel(context.Background())
	var got []string
	err := keepAll.ExtractAllContext(ctx, pages, 2, Options{PageTimeout: -1}, func(o Outcome) {
		got = append(got, o.Page.Name)
		cancel() // the first page emitted: stop
	})
	if !errors.Is(err, context.Canceled) || strings.Join(got, " ") != "first" {
		t.Errorf("err %v, emitted %v", err, got)
	}
}

// endless is an endless page, counting what was read of it.
type endless struct{ n int64 }

func (r *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	r.n += int64(len(p))
	return len(p), nil
}

func TestMaxPageSize(t *testing.T) {
	r := &endless{}
	_, err := keepAll.Extract(r, Options{MaxPageSize: 1000})
	if !errors.Is(err, ErrPageSize) || r.n > 1001 {
		t.Errorf("err %v after %d bytes", err, r.n)
	}
	if _, err := keepAll.ExtractBytes(bytes.Repeat([]byte("a"), 1001), Options{MaxPageSize: 1000}); !errors.Is(err, ErrPageSize) {
		t.Errorf("ExtractBytes: %v", err)
	}
	if _, err := keepAll.ExtractBytes(bytes.Repeat([]byte("a"), 1001), Options{MaxPageSize: -1}); err != nil {
		t.Errorf("no limit: %v", err)
	}
	if (Options{}).maxPageSize() != DefaultMaxPageSize {
		t.Error("the zero Options has no page size limit")
	}
}

func TestNonFiniteProbabilityIsAnError(t *testing.T) {
	m, err := bilstm.ReadModel(bytes.NewReader(defaultSeed1))
	if err != nil {
		t.Fatal(err)
	}
	m.Params.BOut[0] = float32(math.NaN())
	_, err = New(m).ExtractBytes([]byte(tinyPage), Options{})
	if err == nil || !strings.Contains(err.Error(), "probability NaN") {
		t.Errorf("err %v", err)
	}
}
