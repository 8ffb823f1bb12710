package batch

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/boilernet/boilernet/fetch"
)

// Lists are the feeds and sitemaps whose pages a run fetches (boilernet
// extract -feed, -sitemap).
type Lists struct {
	Feeds, Sitemaps []string // their URLs
	// MaxPages bounds the pages of all of them (0: fetch.ListOptions'
	// default); IgnoreRobots fetches the pages robots.txt disallows too.
	MaxPages     int
	IgnoreRobots bool
	// AllowPrivate lets the sitemaps and pages they list (and those
	// pages' robots.txt) reach loopback, private, link-local and metadata
	// addresses.
	AllowPrivate bool
}

// Pages lists the pages of the feeds, then of the sitemaps, and returns
// them with the client to fetch them with: client for the documents
// named, and for what they list its Guarded copy (which refuses
// non-public addresses and shares its per-address limit) unless
// AllowPrivate. It tells report, a line at a time, of each page left out
// by robots.txt or the address guard (the first maxSkippedLines of a feed
// or sitemap), of every feed or sitemap that failed and every problem
// met, and sums up each feed and sitemap; the lines name them and the
// limits as boilernet extract's flags do (-feed URL, -max-pages). A feed
// or sitemap that fails does not stop the run.
func (l Lists) Pages(ctx context.Context, client *fetch.Client, report func(line string)) ([]string, *fetch.Client) {
	listed := client
	if !l.AllowPrivate {
		listed = client.Guarded()
	}
	lister := fetch.NewLister(client, listed, fetch.ListOptions{MaxPages: l.MaxPages, IgnoreRobots: l.IgnoreRobots})
	var urls []string
	list := func(flag, u string, get func(context.Context, string) (*fetch.Listing, error)) {
		ls, err := get(ctx, u)
		if err != nil {
			var fe *fetch.Error
			if errors.As(err, &fe) && fe.URL == u {
				err = fe.Err // the URL is on the line already
			}
			report(fmt.Sprintf("-%s %s: %v", flag, u, err))
			return
		}
		for i, sk := range ls.Skipped {
			if i == maxSkippedLines {
				report(fmt.Sprintf("-%s %s: %d more pages skipped (counted below)", flag, u, len(ls.Skipped)-i))
				break
			}
			hint := ""
			if sk.Forbidden {
				hint = " (-allow-private lets feeds and sitemaps reach it)"
			}
			report(fmt.Sprintf("%s: skipped: %s%s", sk.URL, sk.Reason, hint))
		}
		for _, err := range ls.Problems {
			report(fmt.Sprintf("-%s %s: %v", flag, u, err))
		}
		report(fmt.Sprintf("-%s %s: %s", flag, u, summarizeListing(ls, l.MaxPages)))
		urls = append(urls, ls.Pages...)
	}
	for _, u := range l.Feeds {
		list("feed", u, lister.Feed)
	}
	for _, u := range l.Sitemaps {
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
