package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const page = "<html><head><title>t</title></head><body><p>Hello</p></body></html>"

func testServer(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	})
	mux.HandleFunc("/ua", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<p>"+r.UserAgent()+"</p>")
	})
	mux.HandleFunc("/missing", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	mux.HandleFunc("/error", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "boom", 500) })
	mux.HandleFunc("/redirect/{n}", func(w http.ResponseWriter, r *http.Request) {
		var n int
		fmt.Sscan(r.PathValue("n"), &n)
		if n == 0 {
			http.Redirect(w, r, "/ok", http.StatusFound)
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/redirect/%d", n-1), http.StatusMovedPermanently)
	})
	mux.HandleFunc("/to-ftp", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "ftp://example.com/x", http.StatusFound)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<p>start")
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		chunk := bytes.Repeat([]byte("<p>x</p>"), 1024)
		for range 20 { // 160 KiB, no Content-Length
			w.Write(chunk)
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/big-announced", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Length", "1000000")
		w.Write([]byte("<p>"))
	})
	mux.HandleFunc("/pdf", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		fmt.Fprint(w, "%PDF-1.4")
	})
	mux.HandleFunc("/untyped", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil // no sniffing by the server
		fmt.Fprint(w, "<!DOCTYPE html><html><body><p>hi</p></body></html>")
	})
	mux.HandleFunc("/untyped-binary", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil
		w.Write([]byte{0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0})
	})
	mux.HandleFunc("/cp1251", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", `text/html; charset="windows-1251"`)
		w.Write([]byte("<p>\xcf\xf0\xe8\xe2\xe5\xf2</p>")) // Привет
	})
	mux.HandleFunc("/bad-params", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=koi8-r; foo")
		fmt.Fprint(w, page)
	})
	mux.HandleFunc("/gzip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			fmt.Fprint(w, "no gzip asked")
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		fmt.Fprint(zw, page)
		zw.Close()
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func TestGet(t *testing.T) {
	srv := testServer(t)
	c := New(Options{Timeout: 2 * time.Second, MaxBytes: 100 << 10, UserAgent: "tester/1"})
	tests := []struct {
		path        string
		wantErr     error  // nil: success
		wantStatus  int    // in the error, when wantErr is set
		wantBody    string // substring
		wantCharset string
		wantURL     string // suffix of the final URL
	}{
		{path: "/ok", wantBody: "Hello", wantCharset: "utf-8", wantURL: "/ok"},
		{path: "/ua", wantBody: "tester/1"},
		{path: "/missing", wantErr: ErrStatus, wantStatus: 404},
		{path: "/error", wantErr: ErrStatus, wantStatus: 500},
		{path: "/redirect/9", wantBody: "Hello", wantCharset: "utf-8", wantURL: "/ok"}, // 10 redirects
		{path: "/redirect/10", wantErr: ErrTooManyRedirects},
		{path: "/to-ftp", wantErr: ErrBadURL},
		{path: "/big", wantErr: ErrTooLarge},
		{path: "/big-announced", wantErr: ErrTooLarge},
		{path: "/pdf", wantErr: ErrNotHTML},
		{path: "/untyped", wantBody: "hi"},
		{path: "/untyped-binary", wantErr: ErrNotHTML},
		{path: "/cp1251", wantBody: "\xcf\xf0", wantCharset: "windows-1251"},
		{path: "/bad-params", wantBody: "Hello", wantCharset: "koi8-r"},
		{path: "/gzip", wantBody: "Hello"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			p, err := c.Get(context.Background(), srv.URL+tt.path)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("error %v, want %v", err, tt.wantErr)
				}
				var fe *Error
				if !errors.As(err, &fe) || fe.URL != srv.URL+tt.path || !strings.HasPrefix(err.Error(), srv.URL+tt.path+": ") {
					t.Errorf("error %q does not name the URL", err)
				}
				if tt.wantStatus != 0 && fe.Status != tt.wantStatus {
					t.Errorf("status %d, want %d", fe.Status, tt.wantStatus)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(p.Body), tt.wantBody) {
				t.Errorf("body %q, want %q in it", p.Body, tt.wantBody)
			}
			if p.Charset != tt.wantCharset {
				t.Errorf("charset %q, want %q", p.Charset, tt.wantCharset)
			}
			if !strings.HasSuffix(p.URL, tt.wantURL) {
				t.Errorf("URL %q, want suffix %q", p.URL, tt.wantURL)
			}
		})
	}
}

func TestGetTimeout(t *testing.T) {
	srv := testServer(t)
	c := New(Options{Timeout: 200 * time.Millisecond})
	start := time.Now()
	_, err := c.Get(context.Background(), srv.URL+"/slow")
	if err == nil || !strings.Contains(err.Error(), "timed out") || !strings.Contains(err.Error(), "/slow") {
		t.Fatalf("error %v, want a timeout naming the URL", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v", d)
	}
}

func TestGetNetworkError(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	_, err = New(Options{}).Get(context.Background(), "http://"+addr+"/x")
	if err == nil || !strings.HasPrefix(err.Error(), "http://"+addr+"/x: ") || !strings.Contains(err.Error(), "refused") {
		t.Fatalf("error %v", err)
	}
}

func TestBadURL(t *testing.T) {
	for _, u := range []string{"", "example.com", "ftp://example.com/", "http://", "http:///path", "file:///etc/passwd", "http://a b/"} {
		if _, err := New(Options{}).Get(context.Background(), u); !errors.Is(err, ErrBadURL) {
			t.Errorf("%q: error %v, want ErrBadURL", u, err)
		}
	}
}

func TestDenyPrivate(t *testing.T) {
	srv := testServer(t)
	c := New(Options{DenyPrivate: true})
	_, err := c.Get(context.Background(), srv.URL+"/ok")
	if !errors.Is(err, ErrForbiddenAddress) || !strings.Contains(err.Error(), "127.0.0.1 is not a public address") {
		t.Fatalf("error %v, want ErrForbiddenAddress", err)
	}
	// A name that resolves to loopback is refused too: the check is on
	// the dialed IP.
	_, err = c.Get(context.Background(), strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)+"/ok")
	if !errors.Is(err, ErrForbiddenAddress) {
		t.Fatalf("localhost: error %v, want ErrForbiddenAddress", err)
	}
}

// TestDenyAfterRedirect checks that the guard runs on every dial: a server
// on an allowed address redirects to one on a refused address.
func TestDenyAfterRedirect(t *testing.T) {
	inner := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<p>secret</p>")
	}))
	l, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skip("cannot listen on 127.0.0.2:", err)
	}
	inner.Listener = l
	inner.Start()
	defer inner.Close()
	outer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, inner.URL+"/", http.StatusFound)
	}))
	defer outer.Close()
	only2 := func(a netip.Addr) bool { return a == netip.MustParseAddr("127.0.0.2") }
	c := newClient(Options{DenyPrivate: true}, only2)
	_, err = c.Get(context.Background(), outer.URL+"/")
	if !errors.Is(err, ErrForbiddenAddress) || !strings.Contains(err.Error(), "127.0.0.2") {
		t.Fatalf("error %v, want ErrForbiddenAddress for 127.0.0.2", err)
	}
	// Without the guard the redirect is followed.
	p, err := New(Options{}).Get(context.Background(), outer.URL+"/")
	if err != nil || !strings.Contains(string(p.Body), "secret") {
		t.Fatalf("unguarded: %v", err)
	}
}

func TestForbidden(t *testing.T) {
	tests := []struct {
		ip   string
		want bool
	}{
		{"127.0.0.1", true}, {"127.9.9.9", true}, {"::1", true},
		{"10.1.2.3", true}, {"172.16.0.1", true}, {"172.31.255.255", true}, {"192.168.1.1", true},
		{"169.254.169.254", true}, {"fe80::1", true}, {"fd00:ec2::254", true}, {"fc00::1", true},
		{"100.100.100.200", true}, {"0.0.0.0", true}, {"::", true}, {"255.255.255.255", true},
		{"224.0.0.1", true}, {"ff02::1", true},
		{"::ffff:127.0.0.1", true}, {"::ffff:10.0.0.1", true},
		{"64:ff9b::a9fe:a9fe", true}, {"2002:7f00:1::", true}, {"2002:0808:0808::", false}, {"::127.0.0.1", true}, {"::8.8.8.8", true},
		{"8.8.8.8", false}, {"93.184.216.34", false}, {"172.32.0.1", false}, {"2606:4700::1111", false},
		{"::ffff:8.8.8.8", false}, {"64:ff9b::808:808", false},
		{"::ffff:0:127.0.0.1", true}, {"::ffff:0:a9fe:a9fe", true}, {"::ffff:0:10.0.0.1", true}, {"::ffff:0:8.8.8.8", false},
	}
	for _, tt := range tests {
		if got := Forbidden(net.ParseIP(tt.ip)); got != tt.want {
			t.Errorf("Forbidden(%s) = %v, want %v", tt.ip, got, tt.want)
		}
	}
	if !Forbidden(nil) {
		t.Error("Forbidden(nil) = false")
	}
}

// concurrencyServer answers every request with the page after 30 ms and
// records the most requests it served at once.
func concurrencyServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var cur, peak atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := cur.Add(1)
		defer cur.Add(-1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		time.Sleep(30 * time.Millisecond)
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, page)
	}))
	t.Cleanup(srv.Close)
	return srv, &peak
}

func TestPerHost(t *testing.T) {
	srv, peak := concurrencyServer(t)
	for _, perHost := range []int{1, 2, 3} {
		peak.Store(0)
		c := New(Options{PerHost: perHost})
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				if _, err := c.Get(context.Background(), fmt.Sprintf("%s/%d", srv.URL, i)); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if p := peak.Load(); p > int32(perHost) {
			t.Errorf("PerHost %d: %d requests at once", perHost, p)
		}
		if n := len(c.hosts.hosts); n != 0 {
			t.Errorf("PerHost %d: %d hosts still tracked", perHost, n)
		}
	}
}

// TestGuardedSharesPerHost: a client and its Guarded copy keep one
// per-address limit between them.
func TestGuardedSharesPerHost(t *testing.T) {
	srv, peak := concurrencyServer(t)
	c := newClient(Options{PerHost: 1, MaxRedirects: -1}, func(netip.Addr) bool { return false }) // loopback allowed
	g := c.Guarded()
	if o := g.Options(); !o.DenyPrivate || o.PerHost != 1 || o.MaxRedirects != 0 || c.Options().DenyPrivate {
		t.Errorf("guarded options %+v", o)
	}
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Go(func() {
			client := []*Client{c, g}[i%2]
			if _, err := client.Get(context.Background(), fmt.Sprintf("%s/%d", srv.URL, i)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if p := peak.Load(); p != 1 {
		t.Errorf("%d requests at once, want 1", p)
	}
	if _, err := New(Options{}).Guarded().Get(context.Background(), srv.URL+"/"); !errors.Is(err, ErrForbiddenAddress) {
		t.Errorf("Guarded: error %v, want ErrForbiddenAddress", err)
	}
}

func TestPerHostCancel(t *testing.T) {
	l := newHostLimiter(1)
	_, release, err := l.acquire(context.Background(), "a", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, _, err := l.acquire(ctx, "a", nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want a deadline", err)
	}
	release()
	if len(l.hosts) != 0 {
		t.Errorf("%d hosts still tracked", len(l.hosts))
	}
}

func TestParseContentType(t *testing.T) {
	tests := []struct{ in, mt, cs string }{
		{"", "", ""},
		{"text/html", "text/html", ""},
		{"TEXT/HTML; Charset=ISO-8859-1", "text/html", "ISO-8859-1"},
		{`text/html; charset="utf-8"`, "text/html", "utf-8"},
		{"text/html;;charset=gbk", "text/html", "gbk"},
		{"text/html; charset=koi8-r; foo", "text/html", "koi8-r"},
		{"application/xhtml+xml", "application/xhtml+xml", ""},
	}
	for _, tt := range tests {
		mt, cs := parseContentType(tt.in)
		if mt != tt.mt || cs != tt.cs {
			t.Errorf("parseContentType(%q) = %q, %q; want %q, %q", tt.in, mt, cs, tt.mt, tt.cs)
		}
	}
}
