package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"

	"golang.org/x/sync/semaphore"
)

// The per-host limit is a limit per address: every request (the first and
// each redirect) resolves its host here, once, takes a slot of the
// address it will connect to and goes over a transport that dials that
// address and no other. So every spelling of one address (127.0.0.1,
// localhost, [::ffff:7f00:1], a name whose DNS answer changes between
// two lookups) shares one limit, and the limit is on the address that is
// actually connected to.

// destination is where one request may go: the key of its slot in the
// limiter and the transport that the slot's requests use.
type destination struct {
	key       string
	transport func() *http.Transport
}

// addrTransport is a Client's http.RoundTripper: it sends a request over
// the transport of its host's first address that it can connect to,
// holding a slot of that address (Options.PerHost at a time) until the
// response body is closed.
type addrTransport struct{ c *Client }

func (t addrTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	dests, err := t.c.destinations(req)
	if err != nil {
		return nil, err
	}
	var first error
	for _, d := range dests {
		resp, err := t.c.roundTripTo(req, d)
		if err == nil {
			return resp, nil
		}
		if first == nil {
			first = err
		}
		if !isDialError(err) || req.Context().Err() != nil {
			break
		}
		// The next address, as the dialer itself would try it.
	}
	return nil, first
}

// destinations lists the slots a request may take, in the order to try
// them: its host's addresses, or, when the environment sends it through a
// proxy (which resolves the host itself), the host name.
func (c *Client) destinations(req *http.Request) ([]destination, error) {
	host := req.URL.Hostname()
	if c.base.Proxy != nil {
		proxy, err := c.base.Proxy(req)
		if err != nil {
			return nil, err
		}
		if proxy != nil {
			return []destination{{"via " + proxy.Host + ": " + strings.ToLower(host), c.base.Clone}}, nil
		}
	}
	addrs, err := c.lookup(req.Context(), host)
	if err != nil {
		return nil, err
	}
	dests := make([]destination, len(addrs))
	for i, a := range addrs {
		dests[i] = destination{a.String(), func() *http.Transport { return c.pinned(a) }}
	}
	return dests, nil
}

// lookup resolves host to the addresses a fetch may connect to, in the
// resolver's order, IPv4-mapped IPv6 addresses as IPv4, without
// duplicates. With DenyPrivate the forbidden ones are left out, and none
// left is an error wrapping ErrForbiddenAddress.
func (c *Client) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	var found []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		found = []netip.Addr{a}
	} else if found, err = c.resolver.LookupNetIP(ctx, "ip", host); err != nil {
		return nil, err
	}
	var addrs []netip.Addr
	var refused error
	for _, a := range found {
		a = a.Unmap()
		switch {
		case slices.Contains(addrs, a):
		case c.opts.DenyPrivate && c.forbidden(a):
			if refused == nil {
				refused = fmt.Errorf("%w: %s is not a public address", ErrForbiddenAddress, a)
			}
		default:
			addrs = append(addrs, a)
		}
	}
	if len(addrs) == 0 {
		if refused != nil {
			return nil, refused
		}
		return nil, &net.DNSError{Err: "no address", Name: host, IsNotFound: true}
	}
	return addrs, nil
}

// pinned returns a transport whose connections all go to a, whatever host
// a request names (the host still names the site: the Host header and
// the TLS server name).
func (c *Client) pinned(a netip.Addr) *http.Transport {
	tr := c.base.Clone()
	tr.Proxy = nil
	tr.DialContext = func(ctx context.Context, network, address string) (net.Conn, error) {
		_, port, err := net.SplitHostPort(address)
		if err != nil {
			return nil, err
		}
		return c.dialer.DialContext(ctx, network, net.JoinHostPort(a.String(), port))
	}
	return tr
}

// roundTripTo sends req over d's transport once it has a slot of d.
func (c *Client) roundTripTo(req *http.Request, d destination) (*http.Response, error) {
	tr, release, err := c.hosts.acquire(req.Context(), d.key, d.transport)
	if err != nil {
		return nil, err
	}
	resp, err := tr.RoundTrip(req)
	if err != nil {
		release()
		return nil, err
	}
	resp.Body = &releasingBody{ReadCloser: resp.Body, release: sync.OnceFunc(release)}
	return resp, nil
}

// releasingBody gives its slot back when it is closed.
type releasingBody struct {
	io.ReadCloser
	release func()
}

func (b *releasingBody) Close() error {
	err := b.ReadCloser.Close()
	b.release()
	return err
}

// isDialError reports whether a request failed before it was sent, in
// connecting: the guard's refusal, a refused or unreachable address.
func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// hostLimiter lets at most n requests per key (an address) run at a time.
// Each key has its own transport while it has users, so that requests to
// one address share connections; keys without requests are forgotten and
// their idle connections closed, so a long-running server does not
// accumulate them.
type hostLimiter struct {
	n     int64
	mu    sync.Mutex
	hosts map[string]*hostSlot
}

type hostSlot struct {
	sem   *semaphore.Weighted
	users int             // holders and waiters
	tr    *http.Transport // nil when acquired without one
}

func newHostLimiter(n int) *hostLimiter {
	return &hostLimiter{n: int64(n), hosts: map[string]*hostSlot{}}
}

// acquire waits for a slot of key (or for ctx to end) and returns the
// key's transport, made by newTransport for its first user (nil when
// newTransport is), and the function that gives the slot back.
func (l *hostLimiter) acquire(ctx context.Context, key string, newTransport func() *http.Transport) (*http.Transport, func(), error) {
	l.mu.Lock()
	s := l.hosts[key]
	if s == nil {
		s = &hostSlot{sem: semaphore.NewWeighted(l.n)}
		if newTransport != nil {
			s.tr = newTransport()
		}
		l.hosts[key] = s
	}
	s.users++
	l.mu.Unlock()
	if err := s.sem.Acquire(ctx, 1); err != nil {
		l.leave(key, s)
		return nil, nil, err
	}
	return s.tr, func() { s.sem.Release(1); l.leave(key, s) }, nil
}

// leave forgets a user of key's slot, and the slot with its last user.
func (l *hostLimiter) leave(key string, s *hostSlot) {
	l.mu.Lock()
	s.users--
	last := s.users == 0
	if last {
		delete(l.hosts, key)
	}
	l.mu.Unlock()
	if last && s.tr != nil {
		s.tr.CloseIdleConnections()
	}
}
