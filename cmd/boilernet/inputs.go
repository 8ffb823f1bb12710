package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/records"
)

// urlWorkers is extract's default number of workers when it fetches
// pages: fetching waits on the network, not the CPU.
const urlWorkers = 8

// inputs are extract's pages, collected.
type inputs struct {
	pages []batch.Page
}

// extractInputs returns the pages of extract's arguments, in order: a
// URL (http:// or https://) is fetched with client, "-" is stdin (plain or
// gzip-compressed), anything else is a path (see batch.Walk); then
// the URLs listed in the file list ("-": standard input), one per line.
// It collects them all (metadata); extract streams them (newPageSource).
func extractInputs(ctx context.Context, args []string, list string, client *fetch.Client, stdin io.Reader) (*inputs, error) {
	src, err := newPageSource(ctx, args, list, nil, client, stdin, nil)
	if err != nil {
		return nil, err
	}
	in := &inputs{}
	for p := range src.All(ctx) {
		in.pages = append(in.pages, p)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return in, nil
}

// newPageSource is extract's pages as a stream (see batch.NewSource): of
// args, the URL list file list ("-": stdin) and the feeds and sitemaps of
// lists (nil: none), whose report goes to stderr.
func newPageSource(ctx context.Context, args []string, list string, lists *listFlags, client *fetch.Client, stdin io.Reader, stderr io.Writer) (*batch.Source, error) {
	src, err := batch.NewSource(args, list, client, stdin)
	if err != nil {
		return nil, err
	}
	if lists.given() {
		urls, lister := lists.pages(ctx, client, stderr)
		src.AddURLs(lister, urls)
	}
	return src, nil
}

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

// runInputs are the files a run reads besides its pages, for
// batch.RefuseOverwrite: the URL list of -i ("-": standard input), the model
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
