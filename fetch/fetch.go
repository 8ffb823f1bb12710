// Package fetch downloads web pages for extraction over HTTP(S), with the
// limits a batch job or a server needs: a timeout per page, a body limit,
// a bounded number of redirects, at most a few requests per address at a
// time, an optional memory budget shared with other work (Budget), and, on
// request, a guard that refuses to connect to loopback, private,
// link-local and cloud-metadata addresses.
//
// The guard checks the IP address that is actually dialed (after DNS
// resolution, in net.Dialer.Control), for the first request and for every
// redirect, so a public name that resolves to 127.0.0.1, or a redirect to
// http://169.254.169.254/, is refused as well as a literal private URL.
//
// The per-host limit is kept per resolved address: each request's host is
// resolved once and the request connects to that address only, so the
// many spellings of one address (localhost, 127.0.0.1, [::ffff:7f00:1])
// share one limit.
//
// A Lister lists the pages of RSS, Atom and JSON feeds and of sitemaps for
// a crawl: bounded in size, depth and number, each page once, robots.txt
// honoured, and what the documents name fetched with a guarded Client.
package fetch

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/boilernet/boilernet/internal/limits"
)

// Defaults of Options.
const (
	DefaultTimeout      = 30 * time.Second
	DefaultMaxBytes     = limits.MaxPageSize // the same limit as for files
	DefaultMaxRedirects = 10
	DefaultPerHost      = 2
	DefaultUserAgent    = "boilernet/1 (+https://github.com/boilernet/boilernet)"
)

// Errors wrapped by a fetch's *Error; test with errors.Is.
var (
	ErrStatus           = errors.New("HTTP status not 2xx")
	ErrNotHTML          = errors.New("not an HTML page")
	ErrTooLarge         = limits.ErrPageSize
	ErrTooManyRedirects = errors.New("too many redirects")
	ErrForbiddenAddress = errors.New("address not allowed")
	ErrBadURL           = errors.New("not an absolute http or https URL")
	ErrOverBudget       = errors.New("over the memory budget")
)

// Budget bounds the bytes of pages held at once, across fetches and
// whatever else its owner counts in it (a server's request bodies);
// *semaphore.Weighted of golang.org/x/sync is one.
type Budget interface {
	// TryAcquire takes n bytes, or reports false at once when they are
	// not free.
	TryAcquire(n int64) bool
	// Release gives n bytes back.
	Release(n int64)
}

// Options configure a Client. The zero value gives the defaults, with
// every address allowed (what a command-line tool wants; a server should
// set DenyPrivate).
type Options struct {
	// UserAgent is sent with every request ("" means DefaultUserAgent).
	UserAgent string
	// Timeout bounds one page: connecting, redirects and reading the body
	// (0 means DefaultTimeout).
	Timeout time.Duration
	// MaxBytes bounds the (decompressed) body; a larger page is an error
	// wrapping ErrTooLarge (0 means DefaultMaxBytes).
	MaxBytes int64
	// MaxRedirects is how many redirects are followed (0 means
	// DefaultMaxRedirects; negative: none).
	MaxRedirects int
	// PerHost is how many requests to one address (the IP connected to,
	// after DNS) may run at a time (0 means DefaultPerHost); further
	// requests wait for their turn.
	PerHost int
	// DenyPrivate refuses connections to addresses that are not public
	// (see Forbidden), checked on the resolved IP at dial time, after
	// every redirect too. Proxies from the environment are not used then,
	// since the guard would check the proxy's address instead.
	DenyPrivate bool
}

// Client fetches pages. It is safe for concurrent use.
type Client struct {
	opts  Options
	http  *http.Client
	hosts *hostLimiter
	// base is the template of the transports, one per address (pinned).
	base      *http.Transport
	dialer    *net.Dialer
	resolver  resolver
	forbidden func(netip.Addr) bool
}

// resolver looks up a host's addresses (*net.Resolver; a fake in tests).
type resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// New returns a Client with the given options.
func New(opts Options) *Client { return newClient(opts, forbiddenAddr) }

// orDefault is v, or def when v is not positive.
func orDefault[T ~int | ~int64](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// orDefaultOrNone is v, def when v is 0, and 0 (none) when v is negative.
func orDefaultOrNone(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// newClient is New with the guard's address test (for tests).
func newClient(opts Options, forbidden func(netip.Addr) bool) *Client {
	opts.UserAgent = cmp.Or(opts.UserAgent, DefaultUserAgent)
	opts.Timeout = orDefault(opts.Timeout, DefaultTimeout)
	opts.MaxBytes = orDefault(opts.MaxBytes, DefaultMaxBytes)
	opts.MaxRedirects = orDefaultOrNone(opts.MaxRedirects, DefaultMaxRedirects)
	opts.PerHost = orDefault(opts.PerHost, DefaultPerHost)
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   opts.PerHost,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: opts.Timeout,
	}
	if opts.DenyPrivate {
		dialer.Control = func(_, address string, _ syscall.RawConn) error { return checkDial(address, forbidden) }
		tr.Proxy = nil
	}
	c := &Client{opts: opts, hosts: newHostLimiter(opts.PerHost), base: tr, dialer: dialer,
		resolver: net.DefaultResolver, forbidden: forbidden}
	c.http = &http.Client{
		Transport: addrTransport{c},
		Timeout:   opts.Timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > opts.MaxRedirects {
				return fmt.Errorf("%w (more than %d)", ErrTooManyRedirects, opts.MaxRedirects)
			}
			if _, err := CheckURL(req.URL.String()); err != nil {
				return fmt.Errorf("redirect to %w", err)
			}
			return nil
		},
	}
	return c
}

// Options returns the client's options with the defaults filled in.
func (c *Client) Options() Options { return c.opts }

// Guarded returns a client with c's options and DenyPrivate, which shares
// c's per-address limit: the requests of the two together run at most
// PerHost at a time to one address. It is for what a document names (the
// pages of a feed) where c fetches what the user named.
func (c *Client) Guarded() *Client {
	o := c.opts
	o.DenyPrivate = true
	if o.MaxRedirects == 0 {
		o.MaxRedirects = -1 // none, as in c
	}
	g := newClient(o, c.forbidden)
	g.hosts, g.resolver = c.hosts, c.resolver
	return g
}

// Page is a fetched page.
type Page struct {
	// URL is the page's address after redirects: the base for its
	// relative links (unless the page has a <base href>).
	URL string
	// Status is the HTTP status code.
	Status int
	// MediaType is the Content-Type's media type, e.g. "text/html".
	MediaType string
	// Charset is the Content-Type's charset parameter ("" when absent),
	// for the decoder (infer.Options.Charset).
	Charset string
	// Body is the page, decompressed if it came gzip-encoded.
	Body []byte
}

// Error is a failed fetch: it names the URL and wraps the cause (one of
// the Err... values where one fits, or a network error).
type Error struct {
	URL    string
	Status int // the HTTP status, when a response arrived
	Err    error
}

func (e *Error) Error() string { return e.URL + ": " + e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Get fetches one page: an absolute http or https URL, answered with a 2xx
// status and an HTML content type (text/html or application/xhtml+xml, or
// no type and a body that looks like HTML), no larger than MaxBytes.
func (c *Client) Get(ctx context.Context, rawURL string) (*Page, error) {
	return c.GetWithin(ctx, rawURL, nil)
}

// GetWithin is Get within a memory budget: before reading the body it
// takes from b the most the page can hold (its Content-Length when it is
// not compressed, else MaxBytes, counted decompressed), failing at once
// with an error wrapping ErrOverBudget when b has no room, and it gives
// back what the page did not use. A page returned keeps len(Body) bytes
// of b, for the caller to release when it is done with the page; on error
// nothing is kept. A nil b is no budget.
func (c *Client) GetWithin(ctx context.Context, rawURL string, b Budget) (*Page, error) {
	return c.get(ctx, rawURL, b, htmlRequest(c.opts.MaxBytes))
}

// request is what a fetch asks for and accepts.
type request struct {
	accept   string // the Accept header
	maxBytes int64  // the most the (decompressed) body may hold
	// html accepts HTML pages only: an HTML content type, or none and a
	// body that looks like HTML.
	html bool
	// truncate cuts a longer body at maxBytes instead of failing.
	truncate bool
}

// htmlRequest asks for an HTML page of at most maxBytes.
func htmlRequest(maxBytes int64) request {
	return request{accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1", maxBytes: maxBytes, html: true}
}

// get fetches rawURL as r asks, within the budget b (see GetWithin).
func (c *Client) get(ctx context.Context, rawURL string, b Budget, r request) (*Page, error) {
	u, err := CheckURL(rawURL)
	if err != nil {
		return nil, &Error{URL: rawURL, Err: err}
	}
	fail := func(status int, err error) (*Page, error) {
		return nil, &Error{URL: rawURL, Status: status, Err: err}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return fail(0, err)
	}
	req.Header.Set("User-Agent", c.opts.UserAgent)
	req.Header.Set("Accept", r.accept)
	resp, err := c.http.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL is in our own error
		}
		if errors.Is(err, context.DeadlineExceeded) || isTimeout(err) {
			err = fmt.Errorf("timed out after %v: %w", c.opts.Timeout, err)
		}
		return fail(0, err)
	}
	defer resp.Body.Close()
	page := &Page{URL: resp.Request.URL.String(), Status: resp.StatusCode}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // lets the connection be reused
		return fail(resp.StatusCode, fmt.Errorf("%w: %s", ErrStatus, resp.Status))
	}
	ct := resp.Header.Get("Content-Type")
	page.MediaType, page.Charset = parseContentType(ct)
	if r.html && page.MediaType != "" && !isHTML(page.MediaType) {
		return fail(resp.StatusCode, fmt.Errorf("%w: content type %q", ErrNotHTML, ct))
	}
	if resp.ContentLength > r.maxBytes && !r.truncate {
		return fail(resp.StatusCode, fmt.Errorf("%w: %d bytes announced, limit %d", ErrTooLarge, resp.ContentLength, r.maxBytes))
	}
	reserved, err := reserve(b, resp.ContentLength, r.maxBytes)
	if err != nil {
		return fail(resp.StatusCode, err)
	}
	body, err := readBody(resp.Body, resp.ContentLength, r.maxBytes)
	kept := min(int64(len(body)), r.maxBytes)
	if err != nil || int64(len(body)) > r.maxBytes && !r.truncate {
		kept = 0
	}
	if b != nil {
		b.Release(reserved - kept)
	}
	if err != nil {
		if isTimeout(err) || errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("timed out after %v reading the body: %w", c.opts.Timeout, err)
		}
		return fail(resp.StatusCode, err)
	}
	if int64(len(body)) > r.maxBytes {
		if !r.truncate {
			return fail(resp.StatusCode, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, r.maxBytes))
		}
		body = body[:r.maxBytes]
	}
	if r.html && page.MediaType == "" {
		if sniffed, _ := parseContentType(http.DetectContentType(body)); !isHTML(sniffed) {
			return fail(resp.StatusCode, fmt.Errorf("%w: no content type and the body looks like %s", ErrNotHTML, sniffed))
		}
	}
	page.Body = body
	return page, nil
}

// reserve takes from b the most a body of the given Content-Length (-1:
// unknown, or compressed) can hold within limit.
func reserve(b Budget, contentLength, limit int64) (int64, error) {
	if b == nil {
		return 0, nil
	}
	n := limit
	if contentLength >= 0 {
		n = min(contentLength, limit)
	}
	if !b.TryAcquire(n) {
		return 0, fmt.Errorf("%w: no room for a page of up to %d bytes", ErrOverBudget, n)
	}
	return n, nil
}

// readBody reads a body of a known length (contentLength ≥ 0) into a
// buffer of that size, or else up to limit+1 bytes.
func readBody(r io.Reader, contentLength, limit int64) ([]byte, error) {
	if contentLength < 0 || contentLength > limit {
		return io.ReadAll(io.LimitReader(r, limit+1))
	}
	body := make([]byte, contentLength)
	n, err := io.ReadFull(r, body)
	if err == nil {
		r.Read(make([]byte, 1)) // the end, which lets the connection be reused
	}
	return body[:n], err
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// parseContentType returns the lowercase media type and charset of a
// Content-Type header, tolerating malformed parameters.
func parseContentType(ct string) (mediaType, charset string) {
	if strings.TrimSpace(ct) == "" {
		return "", ""
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		mt, rest, _ := strings.Cut(ct, ";")
		for _, p := range strings.Split(rest, ";") {
			if k, v, ok := strings.Cut(p, "="); ok && strings.EqualFold(strings.TrimSpace(k), "charset") {
				charset = strings.Trim(strings.TrimSpace(v), `"'`)
			}
		}
		return strings.ToLower(strings.TrimSpace(mt)), charset
	}
	return mt, params["charset"]
}

func isHTML(mediaType string) bool {
	return mediaType == "text/html" || mediaType == "application/xhtml+xml"
}

// CheckURL parses s as an absolute http or https URL with a host; the
// error wraps ErrBadURL.
func CheckURL(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return nil, fmt.Errorf("%w: %q: %v", ErrBadURL, s, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.Hostname() == "" {
		return nil, fmt.Errorf("%w: %q", ErrBadURL, s)
	}
	return u, nil
}

// checkDial is the guard, run by the dialer's Control hook: address is
// the resolved "ip:port" about to be connected to.
func checkDial(address string, forbidden func(netip.Addr) bool) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %q", ErrForbiddenAddress, address)
	}
	if a := ap.Addr().Unmap(); forbidden(a) {
		return fmt.Errorf("%w: %s is not a public address", ErrForbiddenAddress, a)
	}
	return nil
}
