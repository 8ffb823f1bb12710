package fetch

import (
	"context"
	"errors"
	"net/url"
	"sync"
)

// robotsWorkers is how many robots.txt files a Lister reads at once (each
// site's address has its own limit besides, Options.PerHost).
const robotsWorkers = 8

// robotsCache holds the robots.txt of each site (scheme and host) a
// Lister met, each read once.
type robotsCache struct {
	mu    sync.Mutex
	sites map[string]*siteRobots
}

// siteRobots is what a site's robots.txt says. RFC 9309: a robots.txt
// that is missing (a 4xx status other than 429, too many redirects)
// allows every page; one that is unreachable (a 5xx status or 429, a
// network failure, a timeout) disallows every page.
type siteRobots struct {
	once   sync.Once
	url    string  // of the robots.txt
	robots *Robots // nil: none, every page allowed
	err    error   // unreachable: every page disallowed
}

func newRobotsCache() *robotsCache { return &robotsCache{sites: map[string]*siteRobots{}} }

// get returns the robots.txt of u's site, read with c the first time.
func (rc *robotsCache) get(ctx context.Context, c *Client, u *url.URL) *siteRobots {
	return rc.site(u).read(ctx, c)
}

// site returns the entry of u's site, made when it is new.
func (rc *robotsCache) site(u *url.URL) *siteRobots {
	key := pageKey(&url.URL{Scheme: u.Scheme, Host: u.Host})
	rc.mu.Lock()
	defer rc.mu.Unlock()
	s := rc.sites[key]
	if s == nil {
		s = &siteRobots{url: (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/robots.txt"}).String()}
		rc.sites[key] = s
	}
	return s
}

// read reads the robots.txt with c, the first time it is called.
func (s *siteRobots) read(ctx context.Context, c *Client) *siteRobots {
	s.once.Do(func() { s.robots, s.err = readRobots(ctx, c, s.url) })
	return s
}

// prefetch reads the robots.txt of the sites of pages, robotsWorkers at
// a time.
func (rc *robotsCache) prefetch(ctx context.Context, c *Client, pages []*url.URL) {
	sites := map[*siteRobots]bool{}
	for _, u := range pages {
		sites[rc.site(u)] = true
	}
	sem := make(chan struct{}, robotsWorkers)
	var wg sync.WaitGroup
	for s := range sites {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			s.read(ctx, c)
		})
	}
	wg.Wait()
}

// readRobots fetches and parses a robots.txt (its first MaxRobotsBytes);
// see siteRobots for what its failures mean.
func readRobots(ctx context.Context, c *Client, robotsURL string) (*Robots, error) {
	p, err := c.get(ctx, robotsURL, nil, request{accept: "text/plain,*/*;q=0.1", maxBytes: MaxRobotsBytes, truncate: true})
	var fe *Error
	switch {
	case err == nil:
		return ParseRobots(p.Body), nil
	case errors.As(err, &fe) && fe.Status >= 400 && fe.Status < 500 && fe.Status != 429,
		errors.Is(err, ErrTooManyRedirects), errors.Is(err, ErrBadURL):
		return nil, nil
	}
	return nil, err
}
