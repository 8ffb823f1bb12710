package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/records"
)

// urlWorkers is extract's default number of workers when it fetches
// pages: fetching waits on the network, not the CPU.
const urlWorkers = 8

// inputs are extract's pages, with the name each one's output file gets
// under -o DIR (slash-separated, without extension, unique).
type inputs struct {
	pages  []batch.Page
	names  []string
	anyURL bool // some page is fetched
}

// extractInputs returns the pages of extract's arguments, in order: a
// URL (http:// or https://) is fetched with client, "-" is stdin (plain or
// gzip-compressed), anything else is a path (see batch.Walk); then
// the URLs listed in the file list ("-": standard input), one per line.
// It collects them all (metadata); extract streams them (pageSource).
func extractInputs(ctx context.Context, args []string, list string, client *fetch.Client, stdin io.Reader) (*inputs, error) {
	src, err := newPageSource(ctx, args, list, nil, client, stdin, nil)
	if err != nil {
		return nil, err
	}
	in := &inputs{anyURL: src.anyURL}
	for p, name := range src.all(ctx) {
		in.pages = append(in.pages, p)
		in.names = append(in.names, name)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	in.names = uniqueNames(in.names)
	return in, nil
}

// pageSource is extract's pages as a stream: the arguments are checked
// (a path that does not exist, a bad URL), the URL list of -i read and
// the feeds and sitemaps listed when it is made, and a directory is
// walked only as its pages are taken (see batch.Walk).
type pageSource struct {
	args   []string
	dirs   []string // the arguments that are directories
	files  []string // the arguments that are files, and "-"
	isDir  map[string]bool
	urls   []string // of -i
	listed []string // of -feed and -sitemap
	client *fetch.Client
	lister *fetch.Client // the client of listed
	stdin  io.Reader
	anyURL bool // some page is fetched
}

// newPageSource checks args and reads the URL list file list ("-":
// stdin) and the feeds and sitemaps of lists (nil: none), whose report
// goes to stderr, with the errors extract has always given for them.
func newPageSource(ctx context.Context, args []string, list string, lists *listFlags, client *fetch.Client, stdin io.Reader, stderr io.Writer) (*pageSource, error) {
	src := &pageSource{args: args, isDir: map[string]bool{}, client: client, stdin: stdin}
	for _, a := range args {
		switch {
		case fetch.IsURL(a):
			if _, err := fetch.CheckURL(a); err != nil {
				return nil, err
			}
			src.anyURL = true
		case a == "-":
			src.files = append(src.files, a)
		default:
			st, err := os.Stat(a)
			if err != nil {
				return nil, err
			}
			if st.IsDir() {
				src.isDir[a] = true
				src.dirs = append(src.dirs, a)
			} else {
				src.files = append(src.files, a)
			}
		}
	}
	if list != "" {
		r := stdin
		if list != "-" {
			f, err := os.Open(list)
			if err != nil {
				return nil, err
			}
			defer f.Close()
			r = f
		}
		urls, err := fetch.ReadURLs(r, list)
		if err != nil {
			return nil, err
		}
		if len(urls) == 0 {
			return nil, fmt.Errorf("%s: no URLs", list)
		}
		src.urls = urls
		src.anyURL = true
	}
	if lists.given() {
		src.listed, src.lister = lists.pages(ctx, client, stderr)
		src.anyURL = true
	}
	return src, nil
}

// known is the number of pages when it is known without walking a
// directory, -1 otherwise.
func (s *pageSource) known() int {
	if len(s.dirs) > 0 {
		return -1
	}
	return len(s.args) + len(s.urls) + len(s.listed)
}

// all yields the pages in order, each with its output name under -o DIR
// before it is made unique (see namer): directories are walked as their
// pages are taken, and not past ctx. It may be ranged over more than once.
func (s *pageSource) all(ctx context.Context) iter.Seq2[batch.Page, string] {
	return func(yield func(batch.Page, string) bool) {
		for _, a := range s.args {
			switch {
			case fetch.IsURL(a):
				if !yield(batch.URLs(s.client, []string{a})[0], urlOutName(a)) {
					return
				}
			case a == "-":
				if !yield(batch.Stdin(s.stdin), "stdin") {
					return
				}
			default:
				for p := range batch.Walk(ctx, []string{a}) {
					if !yield(p, fileOutName(a, p.Name, s.isDir[a])) {
						return
					}
				}
				if ctx.Err() != nil {
					return
				}
			}
		}
		for _, u := range s.urls {
			if !yield(batch.URLs(s.client, []string{u})[0], urlOutName(u)) {
				return
			}
		}
		for _, u := range s.listed {
			if !yield(batch.URLs(s.lister, []string{u})[0], urlOutName(u)) {
				return
			}
		}
	}
}

// atLeast reports whether s yields at least n pages, walking no further
// than it must.
func (s *pageSource) atLeast(ctx context.Context, n int) bool {
	if k := s.known(); k >= 0 {
		return k >= n
	}
	seen := 0
	for range s.all(ctx) {
		if seen++; seen >= n {
			return true
		}
	}
	return false
}

// mayMeetOutput reports whether extract's output out may be one of the
// pages or be walked as one, which only collecting the pages first can
// tell (refuseOverwrite): an output directory that holds anything already
// (a page's output may be there, or a page), or a new one below a
// directory walked when the outputs are pages themselves (-format html);
// an output file that exists already, or a new page file below a
// directory walked (the files named are checked without a walk). Extract
// collects the pages first then, and streams them otherwise.
func (s *pageSource) mayMeetOutput(out, format string) bool {
	if out == "" {
		return false
	}
	if isDirOut(out) {
		if f, err := os.Open(out); err == nil {
			names, _ := f.Readdirnames(1)
			f.Close()
			if len(names) > 0 {
				return true
			}
		}
		return format == "html" && s.walks(out)
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
func (s *pageSource) walks(path string) bool {
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

// stream is s.all for batch.Stream: the pages alone, their output names
// queued in order for the outcomes (next), and the number of pages
// counted once the walk is done (total).
type stream struct {
	mu    sync.Mutex
	names []string // the output names of the pages taken and not yet emitted
	namer namer
	done  atomic.Int64 // 1 + the number of pages once all were taken
}

// pages yields the pages of src, as batch.Stream takes them.
func (st *stream) pages(ctx context.Context, src *pageSource) iter.Seq[batch.Page] {
	return func(yield func(batch.Page) bool) {
		n := 0
		for p, name := range src.all(ctx) {
			st.mu.Lock()
			st.names = append(st.names, name)
			st.mu.Unlock()
			n++
			if !yield(p) {
				return
			}
		}
		if ctx.Err() == nil {
			st.done.Store(int64(n) + 1)
		}
	}
}

// next is the unique output name of the next page emitted (pages are
// emitted in the order they were taken).
func (st *stream) next() string {
	st.mu.Lock()
	name := st.names[0]
	st.names = st.names[1:]
	st.mu.Unlock()
	return st.namer.unique(name)
}

// total is the number of pages, -1 while the walk is not done.
func (st *stream) total() int { return int(st.done.Load()) - 1 }

// listFlags are extract's flags for feeds and sitemaps.
type listFlags struct {
	feeds, sitemaps urlFlags
	maxPages        int
	ignoreRobots    bool
	allowPrivate    bool
}

// addListFlags defines the flags of feeds and sitemaps on fs.
func addListFlags(fs *flag.FlagSet) *listFlags {
	l := &listFlags{}
	fs.Var(&l.feeds, "feed", "`URL` of an RSS, Atom or JSON feed: its items' pages are fetched (repeatable)")
	fs.Var(&l.sitemaps, "sitemap", "`URL` of a sitemap or sitemap index (also gzipped), or of a site (https://example.com/) or its robots.txt for the sitemaps robots.txt names (else /sitemap.xml): its pages are fetched (repeatable)")
	fs.IntVar(&l.maxPages, "max-pages", fetch.DefaultMaxPages, "-feed and -sitemap: at most this many pages in all; further ones are counted, not fetched")
	fs.BoolVar(&l.ignoreRobots, "ignore-robots", false, "-feed and -sitemap: fetch the pages that robots.txt disallows too")
	fs.BoolVar(&l.allowPrivate, "allow-private", false, "-feed and -sitemap: let the sitemaps and pages they list (and those pages' robots.txt) reach loopback, private, link-local and metadata addresses")
	return l
}

// given reports whether any feed or sitemap is given.
func (l *listFlags) given() bool { return l != nil && len(l.feeds)+len(l.sitemaps) > 0 }

// refuseCorpus is the error of a run given corpus files and feeds or
// sitemaps, nil when it has none of the latter.
func (l *listFlags) refuseCorpus(files []string) error {
	if !l.given() {
		return nil
	}
	them, their := "them", "their"
	if len(files) == 1 {
		them, their = "it", "its"
	}
	return fmt.Errorf("%s and the pages of -feed or -sitemap: corpus files (.warc, .warc.gz, .jsonl, .jsonl.gz) give one JSONL line per record and cannot be mixed with pages or URLs in one run; extract %s in a run of %s own: boilernet extract %s",
		listCorpus(files), them, their, shellArgs(files))
}

// pages lists the pages of the feeds, then of the sitemaps, and returns
// them with the client to fetch them with: client for the documents
// named, and for what they list its Guarded copy (which refuses non-public
// addresses and shares its per-address limit) unless -allow-private. It
// writes to stderr a line for each page left out by robots.txt or the
// address guard (the first maxSkippedLines of a feed or sitemap), for
// every feed or sitemap that failed and every problem met, and one
// summing up each feed and sitemap. A feed or
// sitemap that fails does not stop the run.
func (l *listFlags) pages(ctx context.Context, client *fetch.Client, stderr io.Writer) ([]string, *fetch.Client) {
	listed := client
	if !l.allowPrivate {
		listed = client.Guarded()
	}
	lister := fetch.NewLister(client, listed, fetch.ListOptions{MaxPages: l.maxPages, IgnoreRobots: l.ignoreRobots})
	var urls []string
	list := func(flag, u string, get func(context.Context, string) (*fetch.Listing, error)) {
		ls, err := get(ctx, u)
		if err != nil {
			var fe *fetch.Error
			if errors.As(err, &fe) && fe.URL == u {
				err = fe.Err // the URL is on the line already
			}
			fmt.Fprintf(stderr, "boilernet extract: -%s %s: %v\n", flag, u, err)
			return
		}
		for i, sk := range ls.Skipped {
			if i == maxSkippedLines {
				fmt.Fprintf(stderr, "boilernet extract: -%s %s: %d more pages skipped (counted below)\n", flag, u, len(ls.Skipped)-i)
				break
			}
			hint := ""
			if sk.Forbidden {
				hint = " (-allow-private lets feeds and sitemaps reach it)"
			}
			fmt.Fprintf(stderr, "boilernet extract: %s: skipped: %s%s\n", sk.URL, sk.Reason, hint)
		}
		for _, err := range ls.Problems {
			fmt.Fprintf(stderr, "boilernet extract: -%s %s: %v\n", flag, u, err)
		}
		fmt.Fprintf(stderr, "boilernet extract: -%s %s: %s\n", flag, u, summarizeListing(ls, l.maxPages))
		urls = append(urls, ls.Pages...)
	}
	for _, u := range l.feeds {
		list("feed", u, lister.Feed)
	}
	for _, u := range l.sitemaps {
		list("sitemap", u, lister.Sitemap)
	}
	return urls, listed
}

// maxSkippedLines is the most pages left out of one feed or sitemap that
// get a line of their own on stderr; the summing-up line counts them all
// (a sitemap of 330,000 private addresses gives 21 lines, not 330,000).
const maxSkippedLines = 20

// summarizeListing says what a feed or sitemap gave: "12 pages from 3
// sitemaps; left out: 2 disallowed by robots.txt, 1 duplicate".
func summarizeListing(ls *fetch.Listing, maxPages int) string {
	s := plural(len(ls.Pages), "page")
	if ls.Documents > 1 {
		s += " from " + plural(ls.Documents, "sitemap")
	}
	forbidden := 0
	for _, sk := range ls.Skipped {
		if sk.Forbidden {
			forbidden++
		}
	}
	var out []string
	for _, c := range []struct {
		n    int
		what string
	}{
		{len(ls.Skipped) - forbidden, "skipped for robots.txt"},
		{forbidden, "on an address not allowed"},
		{ls.Duplicates, "listed twice"},
		{ls.NotHTTP, "without an http(s) URL"},
		{ls.OverLimit, fmt.Sprintf("past -max-pages %d", maxPages)},
	} {
		if c.n > 0 {
			out = append(out, fmt.Sprintf("%d %s", c.n, c.what))
		}
	}
	if len(out) > 0 {
		s += "; left out: " + strings.Join(out, ", ")
	}
	if ls.Unread > 0 {
		s += "; " + plural(ls.Unread, "sitemap") + " not read"
	}
	return s
}

// plural is "1 page", "2 pages".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// urlFlags is a repeatable flag of http(s) URLs.
type urlFlags []string

func (f *urlFlags) String() string { return strings.Join(*f, ",") }

func (f *urlFlags) Set(s string) error {
	if _, err := fetch.CheckURL(s); err != nil {
		return err
	}
	*f = append(*f, strings.TrimSpace(s))
	return nil
}

// mixedInputsError is extract's error for arguments (args, and the URL
// list file of -i) that hold both corpus files and pages or URLs: a run
// writes either one JSONL line per record or the pages' outputs, so it
// takes one kind. The error names the corpus files (a directory of pages
// with a WARC file among them would otherwise be refused without saying
// which file) and the first page or URL, and gives the command that
// extracts the corpus files, and for a directory of both, what to do for
// its pages.
func mixedInputsError(args []string, list string) error {
	var corpus []string // the corpus files, in argument order
	var other string    // the first page or URL
	var mixedDir string // the first directory of both
	note := func(s string) {
		if other == "" {
			other = s
		}
	}
	if list != "" {
		note("the URLs of -i " + list)
	}
	for _, a := range args {
		if records.IsRecordFile(a) {
			corpus = append(corpus, a)
			continue
		}
		st, err := os.Stat(a)
		switch {
		case fetch.IsURL(a):
			note("the URL " + a)
		case a == "-":
			note("standard input")
		case err != nil || !st.IsDir():
			note("the page " + a)
		default:
			found := corpusFilesBelow(a)
			corpus = append(corpus, found...)
			pages, _ := batch.Files(context.Background(), []string{a})
			switch {
			case len(pages) > 0:
				note("the pages below " + a)
				if len(found) > 0 && mixedDir == "" {
					mixedDir = a
				}
			case len(found) == 0:
				note("the directory " + a + ", which holds neither")
			}
		}
	}
	const mixed = "corpus files (.warc, .warc.gz, .jsonl, .jsonl.gz) give one JSONL line per record and cannot be mixed with pages or URLs in one run"
	if len(corpus) == 0 || other == "" {
		return errors.New(mixed)
	}
	them, their := "them", "their"
	if len(corpus) == 1 {
		them, their = "it", "its"
	}
	msg := fmt.Sprintf("%s and %s: %s; extract %s in a run of %s own: boilernet extract %s",
		listCorpus(corpus), other, mixed, them, their, shellArgs(corpus))
	if mixedDir != "" {
		msg += fmt.Sprintf("; and for the pages, move %s out of %s or name the pages", them, mixedDir)
	}
	return errors.New(msg)
}

// corpusFilesBelow returns the corpus files below the directory dir,
// sorted.
func corpusFilesBelow(dir string) []string {
	var found []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && records.IsRecordFile(d.Name()) {
			found = append(found, path)
		}
		return nil
	})
	sort.Strings(found)
	return found
}

// listCorpus names the corpus files: the first three, and how many more.
func listCorpus(files []string) string {
	if len(files) == 1 {
		return "the corpus file " + files[0]
	}
	shown := files[:min(len(files), 3)]
	if more := len(files) - len(shown); more > 0 {
		return fmt.Sprintf("the corpus files %s and %d more", strings.Join(shown, ", "), more)
	}
	return fmt.Sprintf("the corpus files %s and %s", strings.Join(shown[:len(shown)-1], ", "), shown[len(shown)-1])
}

// shellArgs writes the files as arguments of a shell command (quoted
// where they need it), the first three and "…" for more.
func shellArgs(files []string) string {
	var args []string
	for _, f := range files[:min(len(files), 3)] {
		if strings.ContainsFunc(f, func(r rune) bool { return !strings.ContainsRune("+-./:=@_,%", r) && !isAlnum(r) }) {
			f = "'" + strings.ReplaceAll(f, "'", `'\''`) + "'"
		}
		args = append(args, f)
	}
	if len(files) > 3 {
		args = append(args, "…")
	}
	return strings.Join(args, " ")
}

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// fileOutName is the output name of the page file found for the argument
// arg: its path below arg when arg is a directory, its base name
// otherwise, without its .html, .htm or .gz extensions.
func fileOutName(arg, file string, dir bool) string {
	name := filepath.Base(file)
	if dir {
		if rel, err := filepath.Rel(arg, file); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	}
	return trimPageExt(filepath.ToSlash(name))
}

func trimPageExt(name string) string {
	lower := strings.ToLower(name)
	for _, ext := range []string{".gz", ".html", ".htm"} {
		if strings.HasSuffix(lower, ext) && len(name) > len(ext) {
			name, lower = name[:len(name)-len(ext)], lower[:len(lower)-len(ext)]
		}
	}
	return name
}

// urlOutName is the output name of a URL: its host and path
// ("example.com/news/a" for https://example.com/news/a.html), "index" for
// a path ending in a slash, with characters unsafe in file names replaced.
func urlOutName(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "page"
	}
	p := path.Clean("/" + u.Path)
	if strings.HasSuffix(u.Path, "/") || p == "/" {
		p = path.Join(p, "index")
	}
	var parts []string
	for _, s := range strings.Split(u.Host+p, "/") {
		if s = safeName(s); s != "" && s != "." && s != ".." {
			parts = append(parts, s)
		}
	}
	return trimPageExt(strings.Join(parts, "/"))
}

// safeName replaces the characters that are unsafe or awkward in a file
// name (on any common system) by "_".
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || strings.ContainsRune(`<>:"\|?*`, r) {
			return '_'
		}
		return r
	}, s)
}

// uniqueNames makes names unique, case aside (a case-insensitive file
// system would merge them): the second "a" becomes "a-2", the third "a-3".
func uniqueNames(names []string) []string {
	var nm namer
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = nm.unique(n)
	}
	return out
}

// namer makes the names given to it one after the other unique, as
// uniqueNames does.
type namer struct{ used map[string]bool }

func (nm *namer) unique(n string) string {
	if nm.used == nil {
		nm.used = map[string]bool{}
	}
	cand := n
	for k := 2; nm.used[strings.ToLower(cand)]; k++ {
		cand = fmt.Sprintf("%s-%d", n, k)
	}
	nm.used[strings.ToLower(cand)] = true
	return cand
}

// refuseOverwrite returns an error when an output file would be one of
// the input files (compared as files, not as strings: links and other
// spellings of one path too): out itself, or under -o DIR/ the file each
// page's output gets (dirNames, the pages' names there, and ext its
// extension). The inputs are every file the run reads: its pages, and
// the files of runInputs; "-" is standard input, compared by the file it
// is redirected from. It runs before anything is written, so no input is
// lost. This is the one place of the never-overwrite-an-input rule.
func refuseOverwrite(out string, inputs []string, dirNames []string, ext string) error {
	if out == "" {
		return nil
	}
	var outputs []string
	if isDirOut(out) {
		for _, n := range dirNames {
			outputs = append(outputs, filepath.Join(out, filepath.FromSlash(n)+ext))
		}
	} else {
		outputs = []string{out}
	}
	type input struct {
		name string
		st   os.FileInfo
	}
	var ins []input
	stdin := false
	for _, in := range inputs {
		st, err := os.Stat(in)
		if in == "-" {
			if stdin {
				continue
			}
			stdin = true
			in = "standard input"
			st, err = os.Stdin.Stat()
		}
		if err == nil && st.Mode().IsRegular() {
			ins = append(ins, input{in, st})
		}
	}
	for _, o := range outputs {
		ost, err := os.Stat(o)
		if err != nil {
			continue // not there yet: nothing to overwrite
		}
		for _, in := range ins {
			if os.SameFile(ost, in.st) {
				return fmt.Errorf("-o %s: the output %s is the input %s; it would be overwritten", out, o, in.name)
			}
		}
	}
	return nil
}

// runInputs are the files a run reads besides its pages, for
// refuseOverwrite: the URL list of -i ("-": standard input), the model
// files of -model (A,B,...) and the tree file of -tree.
func runInputs(urlList, modelPath, treePath string) []string {
	var files []string
	if urlList != "" {
		files = append(files, urlList)
	}
	if modelPath != "" {
		files = append(files, strings.Split(modelPath, ",")...)
	}
	if treePath != "" {
		files = append(files, treePath)
	}
	return files
}
