package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeResolver resolves the names it has and no other.
type fakeResolver map[string][]netip.Addr

func (f fakeResolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	addrs, ok := f[strings.ToLower(host)]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	return addrs, nil
}

func addrs(s ...string) []netip.Addr {
	var out []netip.Addr
	for _, a := range s {
		out = append(out, netip.MustParseAddr(a))
	}
	return out
}

// TestPerAddressSpellings: the spellings of one address (the address
// itself, localhost, IPv4-mapped IPv6 literals, a name resolving to it)
// share one limit; with a limit per host name they ran at once.
func TestPerAddressSpellings(t *testing.T) {
	srv, peak := concurrencyServer(t)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	hosts := []string{"127.0.0.1", "localhost", "LocalHost", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]",
		"[0:0:0:0:0:ffff:7f00:1]", "[::FFFF:7F00:0001]", "named.test", "other.test"}
	c := New(Options{PerHost: 1})
	c.resolver = fakeResolver{"localhost": addrs("127.0.0.1"), "named.test": addrs("127.0.0.1"),
		"other.test": addrs("::ffff:127.0.0.1")}
	var wg sync.WaitGroup
	for i, host := range slices.Concat(hosts, hosts) {
		wg.Go(func() {
			p, err := c.Get(context.Background(), fmt.Sprintf("http://%s:%s/%d", host, port, i))
			if err != nil || !strings.Contains(string(p.Body), "Hello") {
				t.Errorf("%s: %v", host, err)
			}
		})
	}
	wg.Wait()
	if p := peak.Load(); p != 1 {
		t.Errorf("%d requests to 127.0.0.1 at once, want 1", p)
	}
	if n := len(c.hosts.hosts); n != 0 {
		t.Errorf("%d addresses still tracked", n)
	}
}

// TestNextAddress: an address that refuses the connection is passed over
// for the host's next one, as the dialer does; when every one fails the
// first error is the answer.
func TestNextAddress(t *testing.T) {
	srv := testServer(t)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	c := New(Options{})
	c.resolver = fakeResolver{"two.test": addrs("::1", "127.0.0.1"), "none.test": addrs("::1")}
	p, err := c.Get(context.Background(), "http://two.test:"+port+"/ok")
	if err != nil || !strings.Contains(string(p.Body), "Hello") {
		t.Fatalf("two addresses: %v", err)
	}
	if _, err := c.Get(context.Background(), "http://none.test:"+port+"/ok"); !isDialError(err) || !strings.Contains(err.Error(), "[::1]:"+port) {
		t.Errorf("no address answers: %v, want the dial error of [::1]", err)
	}
}

func TestLookup(t *testing.T) {
	res := fakeResolver{
		"mixed.test":   addrs("::ffff:10.0.0.1", "10.0.0.1", "8.8.8.8", "2606:4700::1111"),
		"private.test": addrs("10.0.0.1", "::1"),
		"empty.test":   nil,
	}
	tests := []struct {
		host        string
		denyPrivate bool
		want        []netip.Addr
		wantErr     error // nil: no error; errAny: any error
	}{
		{"127.0.0.1", false, addrs("127.0.0.1"), nil},
		{"::ffff:127.0.0.1", false, addrs("127.0.0.1"), nil},
		{"::1", false, addrs("::1"), nil},
		{"mixed.test", false, addrs("10.0.0.1", "8.8.8.8", "2606:4700::1111"), nil},
		{"mixed.test", true, addrs("8.8.8.8", "2606:4700::1111"), nil},
		{"private.test", true, nil, ErrForbiddenAddress},
		{"::ffff:127.0.0.1", true, nil, ErrForbiddenAddress},
		{"empty.test", false, nil, errAny},
		{"unknown.test", false, nil, errAny},
	}
	for _, tt := range tests {
		c := New(Options{DenyPrivate: tt.denyPrivate})
		c.resolver = res
		got, err := c.lookup(context.Background(), tt.host)
		switch {
		case tt.wantErr == errAny && err == nil, tt.wantErr != nil && tt.wantErr != errAny && !errors.Is(err, tt.wantErr):
			t.Errorf("lookup(%q, deny %v): error %v, want %v", tt.host, tt.denyPrivate, err, tt.wantErr)
		case tt.wantErr == nil && (err != nil || !slices.Equal(got, tt.want)):
			t.Errorf("lookup(%q, deny %v) = %v, %v; want %v", tt.host, tt.denyPrivate, got, err, tt.want)
		}
	}
}

var errAny = errors.New("any error")

// fakeBudget records what is asked of it.
type fakeBudget struct {
	mu         sync.Mutex
	size, held int64
	asked      []int64
}

func (b *fakeBudget) TryAcquire(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.asked = append(b.asked, n)
	if b.held+n > b.size {
		return false
	}
	b.held += n
	return true
}

func (b *fakeBudget) Release(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.held -= n
	if b.held < 0 {
		panic("released more than held")
	}
}

// TestGetWithin: a page is reserved before its body is read (its
// Content-Length, or MaxBytes when it is compressed or of unknown length,
// counted decompressed) and keeps its length; a failed fetch keeps
// nothing, and a page that does not fit is refused without being read.
func TestGetWithin(t *testing.T) {
	const maxBytes = 100 << 10
	inflated := "<p>" + strings.Repeat("x", 90<<10) + "</p>" // 90 KiB, 100 bytes of gzip
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write([]byte(inflated))
	zw.Close()
	srv := testServer(t)
	mux := srv.Config.Handler.(*http.ServeMux)
	mux.HandleFunc("/inflates", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Length", fmt.Sprint(zipped.Len()))
		w.Write(zipped.Bytes())
	})
	tests := []struct {
		path      string
		room      int64
		wantAsked []int64
		wantKept  int64
		wantErr   error
	}{
		{"/ok", maxBytes, []int64{int64(len(page))}, int64(len(page)), nil},
		{"/gzip", maxBytes, []int64{maxBytes}, int64(len(page)), nil},
		{"/inflates", maxBytes, []int64{maxBytes}, int64(len(inflated)), nil},
		{"/big", maxBytes, []int64{maxBytes}, 0, ErrTooLarge},
		{"/missing", maxBytes, nil, 0, ErrStatus},
		{"/inflates", maxBytes - 1, []int64{maxBytes}, 0, ErrOverBudget},
		{"/ok", int64(len(page)) - 1, []int64{int64(len(page))}, 0, ErrOverBudget},
	}
	c := New(Options{MaxBytes: maxBytes})
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s in %d", tt.path, tt.room), func(t *testing.T) {
			b := &fakeBudget{size: tt.room}
			p, err := c.GetWithin(context.Background(), srv.URL+tt.path, b)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("error %v, want %v", err, tt.wantErr)
			}
			if !slices.Equal(b.asked, tt.wantAsked) || b.held != tt.wantKept {
				t.Errorf("asked %v and kept %d, want %v and %d", b.asked, b.held, tt.wantAsked, tt.wantKept)
			}
			if err == nil && int64(len(p.Body)) != tt.wantKept {
				t.Errorf("body of %d bytes, %d kept", len(p.Body), tt.wantKept)
			}
		})
	}
}

// TestNoConnectionLeft: once an address has no fetch, its transport's
// connections are closed, whichever way its pages were read (a known
// length, chunked, compressed, refused as too large), so addresses that
// come and go leave nothing open.
func TestNoConnectionLeft(t *testing.T) {
	srv := testServer(t)
	var open atomic.Int32
	track := srv.Config.ConnState // httptest's own
	srv.Config.ConnState = func(conn net.Conn, s http.ConnState) {
		track(conn, s)
		switch s {
		case http.StateNew:
			open.Add(1)
		case http.StateClosed, http.StateHijacked:
			open.Add(-1)
		}
	}
	c := New(Options{MaxBytes: 100 << 10})
	for _, path := range []string{"/ok", "/gzip", "/big", "/ok", "/missing", "/redirect/2"} {
		c.Get(context.Background(), srv.URL+path)
	}
	for deadline := time.Now().Add(3 * time.Second); open.Load() != 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections still open", open.Load())
		}
	}
}
