package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/boilernet/boilernet/fetch"
)

// ErrNoPages is the error of a Source that yields no page (Source.Checked).
var ErrNoPages = errors.New("no pages found")

// Source is the pages of a batch's arguments as a stream, each with the
// name its output file gets under an output directory (see OutName): the
// arguments are checked (a path that does not exist, a bad URL) and the
// URL list read when it is made, and a directory is walked only as its
// pages are taken (see Walk).
type Source struct {
	args    []string
	dirs    []string // the arguments that are directories
	files   []string // the arguments that are files, and "-"
	isDir   map[string]bool
	groups  []urlGroup // the URLs of the list, then those added
	client  *fetch.Client
	stdin   io.Reader
	fetches bool // some page is fetched
}

// urlGroup is URLs fetched with one client.
type urlGroup struct {
	client *fetch.Client
	urls   []string
}

// NewSource returns the pages of args, in order: a URL (http:// or
// https://) is fetched with client, "-" is stdin (plain or
// gzip-compressed), anything else is a path (see Walk); then the URLs
// listed in the file urlList ("-": stdin; "": none), one per line (see
// fetch.ReadURLs), fetched with client. It is an error when a path does
// not exist, a URL is not valid, or the list cannot be read or holds no
// URL ("LIST: no URLs").
func NewSource(args []string, urlList string, client *fetch.Client, stdin io.Reader) (*Source, error) {
	s := &Source{args: args, isDir: map[string]bool{}, client: client, stdin: stdin}
	for _, a := range args {
		switch {
		case fetch.IsURL(a):
			if _, err := fetch.CheckURL(a); err != nil {
				return nil, err
			}
			s.fetches = true
		case a == "-":
			s.files = append(s.files, a)
		default:
			st, err := os.Stat(a)
			if err != nil {
				return nil, err
			}
			if st.IsDir() {
				s.isDir[a] = true
				s.dirs = append(s.dirs, a)
			} else {
				s.files = append(s.files, a)
			}
		}
	}
	if urlList != "" {
		r := stdin
		if urlList != "-" {
			f, err := os.Open(urlList)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			r = f
		}
		urls, err := fetch.ReadURLs(r, urlList)
		if err != nil {
			return nil, err
		}
		if len(urls) == 0 {
			return nil, fmt.Errorf("%s: no URLs", urlList)
		}
		s.AddURLs(client, urls)
	}
	return s, nil
}

// AddURLs adds the pages of urls, fetched with c, after those of s (the
// pages of feeds and sitemaps, say). s fetches pages from then on, even
// when urls is empty.
func (s *Source) AddURLs(c *fetch.Client, urls []string) {
	s.groups = append(s.groups, urlGroup{c, urls})
	s.fetches = true
}

// Fetches reports whether some page of s is fetched (or URLs were added).
func (s *Source) Fetches() bool { return s.fetches }

// Files are the arguments of s that are files, and "-": the inputs that
// are known without a walk.
func (s *Source) Files() []string { return slices.Clone(s.files) }

// Known is the number of pages of s when it is known without walking a
// directory, -1 otherwise.
func (s *Source) Known() int {
	if len(s.dirs) > 0 {
		return -1
	}
	n := len(s.args)
	for _, g := range s.groups {
		n += len(g.urls)
	}
	return n
}

// All yields the pages in order, each with its output name under an
// output directory before it is made unique (see FileOutName, URLOutName
// and UniqueNames; standard input is "stdin"): directories are walked as
// their pages are taken, and not past ctx. It may be ranged over more
// than once.
func (s *Source) All(ctx context.Context) iter.Seq2[Page, string] {
	return func(yield func(Page, string) bool) {
		for _, a := range s.args {
			switch {
			case fetch.IsURL(a):
				if !yield(URLs(s.client, []string{a})[0], URLOutName(a)) {
					return
				}
			case a == "-":
				if !yield(Stdin(s.stdin), "stdin") {
					return
				}
			default:
				for p := range Walk(ctx, []string{a}) {
					if !yield(p, FileOutName(a, p.Name, s.isDir[a])) {
						return
					}
				}
				if ctx.Err() != nil {
					return
				}
			}
		}
		for _, g := range s.groups {
			for _, u := range g.urls {
				if !yield(URLs(g.client, []string{u})[0], URLOutName(u)) {
					return
				}
			}
		}
	}
}

// AtLeast reports whether s yields at least n pages, walking no further
// than it must.
func (s *Source) AtLeast(ctx context.Context, n int) bool {
	if k := s.Known(); k >= 0 {
		return k >= n
	}
	seen := 0
	for range s.All(ctx) {
		if seen++; seen >= n {
			return true
		}
	}
	return false
}

// MayMeetOutput reports whether the output out (a file, or a directory
// as IsDirOutput tells) may be one of the pages or be walked as one,
// which only collecting the pages first can tell (RefuseOverwrite): an
// output directory that holds anything already (a page's output may be
// there, or a page), or a new one below a directory walked when the
// outputs are pages themselves (pagesOut: HTML files); an output file
// that exists already, or a new page file below a directory walked (the
// files named are checked without a walk). Checked collects the pages
// first then, and streams them otherwise.
func (s *Source) MayMeetOutput(out string, pagesOut bool) bool {
	if out == "" {
		return false
	}
	if IsDirOutput(out) {
		if f, err := os.Open(out); err == nil {
			names, _ := f.Readdirnames(1)
			f.Close()
			if len(names) > 0 {
				return true
			}
		}
		return pagesOut && s.walks(out)
	}
	if len(s.dirs) == 0 {
		return false
	}
	if _, err := os.Stat(out); err == nil {
		return true
	}
	return trimPageExt(out) != out && s.walks(out)
}

// walks reports whether path is, or is below, a directory of s (compared
// as the real paths, links resolved).
func (s *Source) walks(path string) bool {
	p := realPath(path)
	for _, d := range s.dirs {
		if rel, err := filepath.Rel(realPath(d), p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// realPath is path absolute, the links of the part of it that exists
// resolved.
func realPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(dir) == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// Checked returns the pages of s for a batch writing to out (a file, or a
// directory as IsDirOutput tells, each page's output named there as Names
// says, with the extension ext; pagesOut: the outputs are HTML pages),
// that reads the files others besides its pages (a URL list, a model),
// with their number (-1 while a directory walk is not done) and the
// Names of the pages as Stream emits them. A directory is walked as its
// pages are taken, unless the output may be among them (MayMeetOutput):
// then all are collected and checked (RefuseOverwrite) before anything
// is written. It is an error when an output would be an input
// (RefuseOverwrite's), when there is no page (ErrNoPages), and ctx's
// when it is done before the first page is found.
func (s *Source) Checked(ctx context.Context, out, ext string, pagesOut bool, others []string) (*Names, iter.Seq[Page], int, error) {
	nm := &Names{}
	pages, total := nm.Pages(ctx, s), s.Known()
	if !s.MayMeetOutput(out, pagesOut) {
		if !s.AtLeast(ctx, 1) {
			if err := ctx.Err(); err != nil {
				return nil, nil, 0, err
			}
			return nil, nil, 0, ErrNoPages
		}
		// No output is there yet, nor will be walked: the files named
		// are all the inputs it can meet.
		return nm, pages, total, RefuseOverwrite(out, append(s.Files(), others...), nil, ext)
	}
	all := slices.Collect(pages)
	if err := ctx.Err(); err != nil {
		return nil, nil, 0, err
	}
	if len(all) == 0 {
		return nil, nil, 0, ErrNoPages
	}
	var paths []string
	for _, p := range all {
		paths = append(paths, p.Name)
	}
	if err := RefuseOverwrite(out, append(paths, others...), UniqueNames(nm.names), ext); err != nil {
		return nil, nil, 0, err
	}
	return nm, slices.Values(all), len(all), nil
}

// Names are the output names of the pages of a Source as a batch
// (Stream) takes them: queued in order for the outcomes (Next), and the
// number of pages counted once the walk is done (Total).
type Names struct {
	mu    sync.Mutex
	names []string // the output names of the pages taken and not yet emitted
	namer namer
	done  atomic.Int64 // 1 + the number of pages once all were taken
}

// Pages yields the pages of src, as a batch takes them, queueing their
// names.
func (n *Names) Pages(ctx context.Context, src *Source) iter.Seq[Page] {
	return func(yield func(Page) bool) {
		k := 0
		for p, name := range src.All(ctx) {
			n.mu.Lock()
			n.names = append(n.names, name)
			n.mu.Unlock()
			k++
			if !yield(p) {
				return
			}
		}
		if ctx.Err() == nil {
			n.done.Store(int64(k) + 1)
		}
	}
}

// Next is the unique output name of the next page emitted (pages are
// emitted in the order they were taken), made unique as UniqueNames does.
func (n *Names) Next() string {
	n.mu.Lock()
	name := n.names[0]
	n.names = n.names[1:]
	n.mu.Unlock()
	return n.namer.unique(name)
}

// Total is the number of pages, -1 while the walk is not done.
func (n *Names) Total() int { return int(n.done.Load()) - 1 }
