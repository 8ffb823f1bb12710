package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/records"
)

// urlWorkers is extract's default number of workers when it fetches
// pages: fetching waits on the network, not the CPU.
const urlWorkers = 8

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
	return records.MixError(files, "the pages of -feed or -sitemap", "")
}

// pages lists the pages of the feeds and sitemaps (batch.Lists.Pages),
// its report on stderr.
func (l *listFlags) pages(ctx context.Context, client *fetch.Client, stderr io.Writer) ([]string, *fetch.Client) {
	lists := batch.Lists{Feeds: l.feeds, Sitemaps: l.sitemaps, MaxPages: l.maxPages, IgnoreRobots: l.ignoreRobots, AllowPrivate: l.allowPrivate}
	return lists.Pages(ctx, client, func(line string) { fmt.Fprintf(stderr, "boilernet extract: %s\n", line) })
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
