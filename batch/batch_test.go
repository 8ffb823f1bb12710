package batch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
)

// keepAll is an extractor that needs no model: every block is content.
var keepAll = infer.WithClassifier(methods.Method{}, methods.Verdicts(func(page methods.Page) ([]bool, error) {
	sel := make([]bool, len(page.Blocks))
	for i := range sel {
		sel[i] = true
	}
	return sel, nil
}))

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
// "name:err" per emitted page, checking that every error names its page
// once.
func runAll(t *testing.T, pages []Page, opts Options) ([]string, []error) {
	t.Helper()
	var got []string
	var errs []error
	if opts.Workers == 0 {
		opts.Workers = 2
	}
	err := Run(context.Background(), keepAll, pages, opts, func(o Outcome) {
		status := "ok"
		if o.Err != nil {
			status = "err"
			errs = append(errs, o.Err)
			if n := strings.Count(o.Err.Error(), o.Page.Name); n != 1 {
				t.Errorf("error %q names the page %s %d times, want once", o.Err, o.Page.Name, n)
			}
		}
		got = append(got, filepath.Base(o.Page.Name)+":"+status)
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, errs
}

func TestRunKeepsOrderAndGoesOn(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(tinyPage))
	zw.Close()
	files := map[string][]byte{
		"a.html":    []byte(tinyPage),
		"b.htm":     []byte("\x00\x01\x02\x03 binary junk \x00\x00\x00\x00\x00\x00\x00\x00"),
		"c.html.gz": gz.Bytes(),
		"d.txt":     []byte("not picked"),
		"e.html":    nil,
		"f.html.gz": []byte("not gzip at all"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pages, err := Files(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range pages {
		names = append(names, filepath.Base(p.Name))
	}
	if strings.Join(names, " ") != "a.html b.htm c.html.gz e.html f.html.gz" {
		t.Fatalf("pages %v", names)
	}
	for _, workers := range []int{1, 2, 7} {
		got, errs := runAll(t, pages, Options{Workers: workers})
		if want := "a.html:ok b.htm:err c.html.gz:ok e.html:err f.html.gz:err"; strings.Join(got, " ") != want {
			t.Errorf("workers %d: %v, want %s", workers, got, want)
		}
		if len(errs) == 3 && !strings.Contains(errs[2].Error(), "gzip") {
			t.Errorf("bad gzip: %v", errs[2])
		}
	}
	if _, err := Files(context.Background(), []string{filepath.Join(dir, "missing")}); err == nil {
		t.Error("missing path accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Files(ctx, []string{dir}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled walk: %v", err)
	}
}

func TestFIFOInDirectoryIsAFailedPage(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.html"), []byte(tinyPage), 0o644)
	mkfifo(t, filepath.Join(dir, "b.html"))
	os.WriteFile(filepath.Join(dir, "c.html"), []byte(tinyPage), 0o644)
	pages, err := Files(context.Background(), []string{dir})
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
	// A FIFO named among the paths is read, and blocks: the page time
	// limit fails it and the pages after it still come out.
	pages, err := Files(context.Background(), []string{good, fifo, good})
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
	pages, err := dirPages(context.Background(), fsys, "root")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range pages {
		names = append(names, p.Name)
		if p.Name == filepath.Join("root", "locked") {
			if _, err := p.Open(context.Background()); err == nil || err.Error() != filepath.Join("root", "locked")+": permission denied" {
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
	pages, err := Files(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := runAll(t, pages, Options{})
	if want := "a.html:ok locked:err"; strings.Join(got, " ") != want {
		t.Errorf("%v, want %s", got, want)
	}
}

func TestStdin(t *testing.T) {
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(tinyPage))
	zw.Close()
	for _, tt := range []struct {
		name, in, err string
	}{
		{"plain", tinyPage, ""},
		{"gzip", z.String(), ""},
		{"truncated gzip", z.String()[:5], "-: standard input: unexpected EOF"},
	} {
		body, err := Stdin(strings.NewReader(tt.in)).Open(context.Background())
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: error %v, want %s", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got, err := io.ReadAll(body); err != nil || string(got) != tinyPage {
			t.Errorf("%s: read %q (%v)", tt.name, got, err)
		}
	}
}

func TestRunStopsWithItsContext(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	page := func(name string) Page {
		return Bytes(name, []byte(tinyPage), "", "")
	}
	stuck := Page{Name: "stuck", Open: func(context.Context) (*Body, error) { <-block; return nil, errors.New("never") }}
	pages := []Page{page("first"), stuck, page("third")}
	ctx, cancel := context.WithCancel(context.Background())
	var got []string
	err := Run(ctx, keepAll, pages, Options{Workers: 2, PageTimeout: -1}, func(o Outcome) {
		got = append(got, o.Page.Name)
		cancel() // the first page emitted: stop
	})
	if !errors.Is(err, context.Canceled) || strings.Join(got, " ") != "first" {
		t.Errorf("err %v, emitted %v", err, got)
	}
}

// keepAllBut labels every block content except those containing "drop".
var keepAllBut = infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
	s := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		s[i] = !strings.Contains(b.Text, "drop")
	}
	return s, nil
}))

func TestURLs(t *testing.T) {
	hang := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/old":
			http.Redirect(w, r, "/dir/new", http.StatusMovedPermanently)
		case "/dir/new":
			w.Header().Set("Content-Type", "text/html; charset=windows-1251")
			fmt.Fprint(w, "<p>\xcf\xf0\xe8\xe2\xe5\xf2 <a href=\"rel\">link</a></p>")
		case "/hang":
			select {
			case <-hang:
			case <-r.Context().Done():
			}
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	defer close(hang)
	c := fetch.New(fetch.Options{})
	pages := URLs(c, []string{srv.URL + "/old", srv.URL + "/gone"})
	var outs []Outcome
	Run(context.Background(), keepAllBut, pages, Options{Workers: 2, Extract: infer.Options{Links: true}}, func(o Outcome) { outs = append(outs, o) })
	if outs[0].Err != nil {
		t.Fatal(outs[0].Err)
	}
	r := outs[0].Result
	if r.Encoding != "windows-1251" || !strings.HasPrefix(r.Text, "Привет") {
		t.Errorf("encoding %q, text %q", r.Encoding, r.Text)
	}
	if len(r.Links) != 1 || r.Links[0].Href != srv.URL+"/dir/rel" {
		t.Errorf("links %+v, want one to %s/dir/rel (the URL after the redirect)", r.Links, srv.URL)
	}
	if err := outs[1].Err; err == nil || err.Error() != srv.URL+"/gone: HTTP status not 2xx: 404 Not Found" {
		t.Errorf("error %v", err)
	}
	// A fetch stops with the batch's context.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := URLs(c, []string{srv.URL + "/hang"})[0].Open(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("fetch past its context: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the fetch took %v after its context ended", d)
	}
}

func TestBytesBringsItsOrigin(t *testing.T) {
	page := "<html><body><p>Caf\xe9 <a href=\"x\">x</a></p></body></html>"
	for _, tt := range []struct {
		name             string
		p                Page
		base, enc, first string
	}{
		{"its own", Bytes("own", []byte(page), "iso-8859-1", "https://a.example/d/"), "https://a.example/d/x", "windows-1252", "Café"},
		// Empty: the options' URL does not apply to a page in memory.
		{"empty", Bytes("empty", []byte(page), "", ""), "x", "", "Caf"},
	} {
		var o Outcome
		Run(context.Background(), keepAll, []Page{tt.p}, Options{Extract: infer.Options{Links: true, URL: "https://opts.example/"}}, func(out Outcome) { o = out })
		if o.Err != nil {
			t.Fatalf("%s: %v", tt.name, o.Err)
		}
		if tt.enc != "" && o.Result.Encoding != tt.enc || !strings.HasPrefix(o.Result.Text, tt.first) || len(o.Result.Links) != 1 || o.Result.Links[0].Href != tt.base {
			t.Errorf("%s: encoding %q, text %q, links %+v", tt.name, o.Result.Encoding, o.Result.Text, o.Result.Links)
		}
	}
}
