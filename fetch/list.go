package fetch

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Defaults of ListOptions.
const (
	DefaultMaxPages     = 1000
	DefaultMaxDepth     = 3
	DefaultMaxDocuments = 100
)

// ListOptions bound what a Lister reads and lists. The zero value gives
// the defaults.
type ListOptions struct {
	// MaxPages is how many pages are listed in all, over every feed and
	// sitemap given to the Lister (0 means DefaultMaxPages); further
	// pages are counted (Listing.OverLimit), not listed, and once it is
	// reached no more sitemaps are read.
	MaxPages int
	// MaxDocumentBytes bounds one feed or sitemap, decompressed (0 means
	// DefaultMaxDocumentBytes; see GetDocument).
	MaxDocumentBytes int64
	// MaxDepth is how deep sitemap indexes may nest below the sitemap
	// named (0 means DefaultMaxDepth; negative: an index is not
	// followed). The protocol allows 1: an index of sitemaps.
	MaxDepth int
	// MaxDocuments is how many sitemaps (indexes included) are read in
	// all (0 means DefaultMaxDocuments).
	MaxDocuments int
	// IgnoreRobots lists the pages that robots.txt disallows too. The
	// Sitemap lines of a site's robots.txt are read in any case.
	IgnoreRobots bool
}

// Lister lists the pages of RSS, Atom and JSON feeds and of sitemaps, for
// a crawl: each page once, http and https URLs only, those that the
// site's robots.txt disallows for the client's User-Agent left out and
// named, at most MaxPages in all. Feeds and sitemaps are read with a size
// limit, and sitemap indexes are followed to a bounded depth and number,
// each once.
//
// A Lister fetches what it is given (the feed or sitemap named, a site's
// robots.txt and /sitemap.xml) with one Client, and what those documents
// name (the sitemaps of an index or of a robots.txt, the robots.txt of
// the pages' sites) with another: a guarded one (Options.DenyPrivate)
// keeps a document on the internet from steering fetches to loopback or
// private addresses. Its pages should be fetched with that one too.
//
// A Lister is not safe for concurrent use.
type Lister struct {
	named, listed *Client
	opts          ListOptions
	agent         string          // the User-Agent robots.txt is read for
	seen          map[string]bool // pages listed, by pageKey
	read          map[string]bool // sitemaps read, by pageKey
	docs          int             // sitemaps read
	pages         int             // pages listed
	robots        *robotsCache
}

// NewLister returns a Lister that fetches the documents it is given with
// named and what they name with listed (nil: named too).
func NewLister(named, listed *Client, opts ListOptions) *Lister {
	if listed == nil {
		listed = named
	}
	opts.MaxPages = orDefault(opts.MaxPages, DefaultMaxPages)
	opts.MaxDocumentBytes = orDefault(opts.MaxDocumentBytes, DefaultMaxDocumentBytes)
	opts.MaxDepth = orDefaultOrNone(opts.MaxDepth, DefaultMaxDepth)
	opts.MaxDocuments = orDefault(opts.MaxDocuments, DefaultMaxDocuments)
	return &Lister{named: named, listed: listed, opts: opts, agent: listed.opts.UserAgent,
		seen: map[string]bool{}, read: map[string]bool{}, robots: newRobotsCache()}
}

// Listing is what one feed or sitemap gave.
type Listing struct {
	// Pages are the pages to fetch, in the documents' order.
	Pages []string
	// Skipped are the pages left out because robots.txt disallows them
	// (or could not be read: RFC 9309 takes such a site as disallowed),
	// or because their address is refused.
	Skipped []Skip
	// Duplicates counts the URLs listed already (by this document or an
	// earlier one), fragments and the case of the scheme and host aside.
	Duplicates int
	// NotHTTP counts the entries without an absolute http or https URL.
	NotHTTP int
	// OverLimit counts the pages left out once MaxPages were listed.
	OverLimit int
	// Documents counts the documents read: the feed, or the sitemaps.
	Documents int
	// Unread counts the sitemaps not read: past MaxDocuments, or once
	// MaxPages were listed.
	Unread int
	// Problems are the sitemaps of an index that were left out: failed,
	// nested too deep, read already (a loop).
	Problems []error
}

// Skip is a page left out, and why.
type Skip struct {
	URL    string
	Reason string
	// Forbidden is true when the page's site is on an address the
	// client refuses (Options.DenyPrivate), which keeps its robots.txt
	// and the page alike from being fetched.
	Forbidden bool
}

// Feed lists the items of the feed at rawURL.
func (l *Lister) Feed(ctx context.Context, rawURL string) (*Listing, error) {
	p, err := l.named.GetDocument(ctx, rawURL, l.opts.MaxDocumentBytes)
	if err != nil {
		return nil, err
	}
	links, err := ParseFeed(p.Body, p.URL)
	if err != nil {
		return nil, &Error{URL: rawURL, Status: p.Status, Err: err}
	}
	ls := &Listing{Documents: 1}
	l.add(ctx, ls, links)
	return ls, nil
}

// add lists the pages of links, in order: those that are http(s) URLs,
// not listed before and allowed by robots.txt, up to MaxPages.
func (l *Lister) add(ctx context.Context, ls *Listing, links []string) {
	for len(links) > 0 {
		room := l.opts.MaxPages - l.pages
		if room <= 0 {
			l.countOver(ls, links)
			return
		}
		// The next pages that may fill the room, their sites' robots.txt
		// read at once.
		var batch []*url.URL
		for len(links) > 0 && len(batch) < room {
			u, ok := l.fresh(ls, links[0])
			links = links[1:]
			if ok {
				batch = append(batch, u)
			}
		}
		if !l.opts.IgnoreRobots {
			l.robots.prefetch(ctx, l.listed, batch)
		}
		for _, u := range batch {
			if skip := l.disallowed(ctx, u); skip != nil {
				ls.Skipped = append(ls.Skipped, *skip)
				continue
			}
			ls.Pages = append(ls.Pages, u.String())
			l.pages++
		}
	}
}

// fresh parses link as a page to list: an http(s) URL not seen before,
// without its fragment; it counts the others in ls.
func (l *Lister) fresh(ls *Listing, link string) (*url.URL, bool) {
	u, err := CheckURL(link)
	if err != nil || len(link) > MaxURLLength {
		ls.NotHTTP++
		return nil, false
	}
	u.Fragment, u.RawFragment = "", ""
	key := pageKey(u)
	if l.seen[key] {
		ls.Duplicates++
		return nil, false
	}
	l.seen[key] = true
	return u, true
}

// countOver counts in ls the pages of links past the limit.
func (l *Lister) countOver(ls *Listing, links []string) {
	for _, link := range links {
		if _, ok := l.fresh(ls, link); ok {
			ls.OverLimit++
		}
	}
}

// disallowed is why robots.txt keeps u from being fetched, or nil.
func (l *Lister) disallowed(ctx context.Context, u *url.URL) *Skip {
	if l.opts.IgnoreRobots {
		return nil
	}
	site := l.robots.get(ctx, l.listed, u)
	var fe *Error
	switch {
	case errors.Is(site.err, ErrForbiddenAddress) && errors.As(site.err, &fe):
		return &Skip{URL: u.String(), Reason: fe.Err.Error(), Forbidden: true}
	case site.err != nil:
		return &Skip{URL: u.String(), Reason: fmt.Sprintf("%s unreachable, so the site is taken as disallowed: %v", site.url, site.err)}
	case site.robots != nil && !site.robots.Allowed(l.agent, u.RequestURI()):
		return &Skip{URL: u.String(), Reason: fmt.Sprintf("disallowed by %s for %s", site.url, agentToken(l.agent))}
	}
	return nil
}

// isSiteRoot reports whether u names a whole site: no path but "/", no
// query.
func isSiteRoot(u *url.URL) bool {
	return (u.Path == "" || u.Path == "/") && u.RawQuery == ""
}

// resolve resolves ref against base, or returns ref as it is when either
// does not parse.
func resolve(base, ref string) string {
	ref = strings.TrimSpace(ref)
	b, err := url.Parse(base)
	if err != nil {
		return ref
	}
	r, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	return b.ResolveReference(r).String()
}

// pageKey is the key under which a URL is listed once: scheme and host
// in lower case, without the scheme's default port, the path "/" when
// empty, the query, no fragment.
func pageKey(u *url.URL) string {
	scheme, host := strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	host = strings.TrimSuffix(host, map[string]string{"http": ":80", "https": ":443"}[scheme])
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	key := scheme + "://" + host + path
	if u.RawQuery != "" || u.ForceQuery {
		key += "?" + u.RawQuery
	}
	return key
}
