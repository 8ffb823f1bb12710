package fetch

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Sitemap lists the pages of the sitemap or sitemap index at rawURL, or,
// when rawURL is a site's root (https://example.com/) or its robots.txt,
// of the sitemaps its robots.txt names, or else of its /sitemap.xml. A
// sitemap may be gzipped, and may be an RSS or Atom feed, as the protocol
// allows. It fails when no sitemap could be read; sitemaps of an index
// that fail are Problems of the listing.
func (l *Lister) Sitemap(ctx context.Context, rawURL string) (*Listing, error) {
	u, err := CheckURL(rawURL)
	if err != nil {
		return nil, &Error{URL: rawURL, Err: err}
	}
	ls := &Listing{}
	if !isSiteRoot(u) && !strings.EqualFold(u.EscapedPath(), "/robots.txt") {
		if err := l.walk(ctx, ls, rawURL, 0, l.named); err != nil {
			return nil, err
		}
		return ls, nil
	}
	site := l.robots.get(ctx, l.named, u)
	if site.err != nil && !l.opts.IgnoreRobots {
		return nil, &Error{URL: rawURL, Err: fmt.Errorf("%s unreachable, so the site is taken as disallowed: %w", site.url, site.err)}
	}
	var sitemaps []string
	if site.robots != nil {
		for _, s := range site.robots.Sitemaps {
			sitemaps = append(sitemaps, resolve(site.url, s))
		}
	}
	if len(sitemaps) == 0 {
		// No Sitemap line: the usual place.
		if err := l.walk(ctx, ls, u.Scheme+"://"+u.Host+"/sitemap.xml", 0, l.named); err != nil {
			return nil, err
		}
		return ls, nil
	}
	var first error
	for _, s := range sitemaps {
		if err := l.walk(ctx, ls, s, 0, l.listed); err != nil {
			ls.Problems = append(ls.Problems, err)
			if first == nil {
				first = err
			}
		}
	}
	if ls.Documents == 0 && first != nil {
		return nil, first
	}
	return ls, nil
}

// walk reads the sitemap at rawURL, depth indexes below the one named,
// with client c, and lists its pages, or walks its sitemaps when it is an
// index. The error is that of rawURL itself; those of the sitemaps below
// are Problems of ls.
func (l *Lister) walk(ctx context.Context, ls *Listing, rawURL string, depth int, c *Client) error {
	u, err := CheckURL(rawURL)
	if err != nil {
		return &Error{URL: rawURL, Err: err}
	}
	key := pageKey(u)
	switch {
	case l.read[key]:
		return &Error{URL: rawURL, Err: errors.New("read already (a loop of sitemap indexes, or one listed twice)")}
	case l.pages >= l.opts.MaxPages:
		ls.Unread++
		return nil
	case l.docs >= l.opts.MaxDocuments:
		if ls.Unread++; ls.Unread == 1 {
			ls.Problems = append(ls.Problems, fmt.Errorf("more than %d sitemaps: the rest are not read", l.opts.MaxDocuments))
		}
		return nil
	}
	l.read[key] = true
	l.docs++
	p, err := c.GetDocument(ctx, rawURL, l.opts.MaxDocumentBytes)
	if err != nil {
		return err
	}
	ls.Documents++
	sm, err := ParseSitemap(p.Body)
	if errors.Is(err, ErrNotSitemap) {
		if links, ferr := ParseFeed(p.Body, p.URL); ferr == nil {
			l.add(ctx, ls, links) // a feed as a sitemap, as the protocol allows
			return nil
		}
	}
	if err != nil {
		return &Error{URL: rawURL, Status: p.Status, Err: err}
	}
	if !sm.Index {
		links := make([]string, len(sm.URLs))
		for i, s := range sm.URLs {
			links[i] = resolve(p.URL, s)
		}
		l.add(ctx, ls, links)
		return nil
	}
	if depth >= l.opts.MaxDepth {
		return &Error{URL: rawURL, Err: fmt.Errorf("a sitemap index nested deeper than %d: not followed", l.opts.MaxDepth)}
	}
	for _, s := range sm.URLs {
		s = resolve(p.URL, s)
		if _, err := CheckURL(s); err != nil {
			ls.NotHTTP++
			continue
		}
		if err := l.walk(ctx, ls, s, depth+1, l.listed); err != nil {
			ls.Problems = append(ls.Problems, err)
		}
	}
	return nil
}
