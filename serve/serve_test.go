package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/render"
)

const testPage = `<!DOCTYPE html><html lang="de"><head><title>Storm hits coast | Daily</title>
<script>alert(1)</script><base href="https://news.example/a/"></head>
<body><nav><a href="/home">Home</a> <a href="/sport">Sport</a></nav>
<h1>Storm hits coast</h1>
<p onclick="steal()">The storm reached the coast on Monday night with winds of over 120 km/h and heavy rain.</p>
<p>Residents were told to stay indoors; <a href="more.html">read more</a> about the warnings.</p>
<iframe src="https://ads.example/"></iframe><a href="javascript:alert(2)">x</a>
<footer>Copyright 2025</footer></body></html>`

// fakeSelector marks as content the blocks of <p> and <h1> elements,
// so that tests do not depend on a model.
func fakeSelector(p methods.Page) ([]bool, error) {
	sel := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		for _, a := range b.Path {
			if a == "p" || a == "h1" {
				sel[i] = true
			}
		}
	}
	return sel, nil
}

// gate is a selector that blocks until released, to hold workers busy.
type gate struct {
	started chan struct{}
	release chan struct{}
}

func newGate() *gate { return &gate{started: make(chan struct{}, 100), release: make(chan struct{})} }

func (g *gate) selector(p methods.Page) ([]bool, error) {
	g.started <- struct{}{}
	<-g.release
	return fakeSelector(p)
}

// slowPage and panicPage are pages testConfig's extractor treats apart:
// it holds the first at its gate and panics on the second.
const (
	slowPage  = `<html><head><title>slow</title></head><body><p>Slow text.</p></body></html>`
	panicPage = `<html><head><title>panic</title></head><body><p>Boom.</p></body></html>`
)

func testConfig(g *gate) Config {
	cfg := Config{
		Extractor: infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
			switch p.Title {
			case "slow":
				return g.selector(p)
			case "panic":
				panic("boom")
			}
			return fakeSelector(p)
		})),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	return cfg
}

func newTestServer(t *testing.T, cfg Config) *httptest.Server {
	t.Helper()
	_, ts := startServer(t, cfg)
	return ts
}

// startServer returns a test server and its Server.
func startServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return s, ts
}

func do(t *testing.T, method, url, contentType, body string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

func jsonBody(html string, opts string) string {
	b, _ := json.Marshal(html)
	if opts == "" {
		opts = "{}"
	}
	return `{"html": ` + string(b) + `, "options": ` + opts + `}`
}

func TestEndpoints(t *testing.T) {
	cfg := testConfig(newGate())
	cfg.MaxBody = 4096
	ts := newTestServer(t, cfg)
	tests := []struct {
		name, method, path, ctype, body string
		status                          int
		want                            []string // pieces of the body
		notWant                         []string
	}{
		{"healthz", "GET", "/healthz", "", "", 200, []string{`"status":"ok"`}, nil},
		{"info", "GET", "/v1/info", "", "", 200, []string{`"methods":["bilstm","boilerpipe-numwords","boilerpipe-densitometric","boilerpipe-cleaneval","tree","newsfeed","keep-all"]`, `"filters":["ancestor","largest","main"]`, `"fetch":false`, `"max_body":4096`, `"memory_budget":`, `"networks":0`}, nil},
		{"metrics", "GET", "/metrics", "", "", 200, []string{"boilernet_http_requests_total", "boilernet_extractions_in_flight", "go_goroutines"}, nil},
		{"page", "GET", "/", "", "", 200, []string{"<title>boilernet", `<iframe id="frame" sandbox `}, []string{"allow-scripts", `src="http`, `href="http`}},
		{"unknown path", "GET", "/nope", "", "", 404, []string{`"error":"no such path \"/nope\""`}, nil},
		{"wrong method", "GET", "/v1/extract", "", "", 405, []string{`wants POST`}, nil},
		{"post to page", "POST", "/", "text/html", "x", 405, []string{`wants GET`}, nil},
		{"raw html", "POST", "/v1/extract?format=text", "text/html", testPage, 200,
			[]string{`"title":"Storm hits coast"`, `"text":"The storm reached`, `"method":"bilstm"`}, []string{`"blocks":[`, `"html"`}},
		{"raw html json format", "POST", "/v1/extract", "text/html; charset=utf-8", testPage, 200,
			[]string{`"blocks":[{"text":"Home","prob":0,"content":false,"locator":"/html[1]/body[1]/nav[1]/a[1]/text()[1]"}`, `"headline":true`}, nil},
		{"raw charset honoured", "POST", "/v1/extract?format=text", "text/html; charset=iso-8859-1", "<p>Gr\xfc\xdfe aus K\xf6ln</p>", 200,
			[]string{`"text":"Grüße aus Köln"`, `"encoding":"windows-1252"`}, nil},
		{"json", "POST", "/v1/extract", "application/json", jsonBody(testPage, `{"format": "text,markdown", "metadata": true, "links": true}`), 200,
			[]string{`"markdown":"# Storm hits coast\n\nThe storm`, `"metadata":{"title":"Storm hits coast"`, `"language":"de"`,
				`"links":[{"text":"read more","href":"https://news.example/a/more.html"}]`, `[read more](https://news.example/a/more.html)`}, nil},
		{"json html part", "POST", "/v1/extract", "application/json", jsonBody(testPage, `{"format": "html"}`), 200,
			[]string{`<mark class=\"bn-c\" title=\"P(content) 1.000\" data-block=\"`, `class=\"bn-h\"`, `class=\"bn-b\" title=\"P(content) 0.000\"`,
				`http-equiv=\"Content-Security-Policy\"`, `href=\"https://news.example/home\"`},
			[]string{"<script", "alert(1)", "onclick", "steal()", "<iframe", "javascript:", "<base"}},
		{"html part is sanitized by allowlist", "POST", "/v1/extract?format=html&url=https://news.example/a/b.html", "text/html",
			`<head><style>p{color:#222;background:u\72l(https://evil.example/s)}</style></head><body><portal src="https://evil.example/p"></portal>` +
				`<fencedframe src="https://evil.example/f"></fencedframe><form action="https://evil.example/post"><p style="color:red">Text</p></form>` +
				`<svg><a><animate attributeName="href" values="0;javascript:alert(1)"/><text>t</text></a></svg><a href="/x">x</a></body>`, 200,
			[]string{`<style>p{color:#222;}</style>`, `<p style=\"color:red\"><mark class=\"bn-c\"`, `<a href=\"https://news.example/x\">`, `http-equiv=\"Content-Security-Policy\"`},
			[]string{"evil", "<portal", "<fencedframe", "<animate", "javascript:", "action="}},
		{"xml part", "POST", "/v1/extract?format=xml", "text/html", testPage, 200,
			[]string{`"xml":"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<doc title=\"Storm hits coast\"`, `<p>The storm reached the coast`}, []string{`"tei"`, `"html"`, `"blocks":[`}},
		{"tei part", "POST", "/v1/extract", "application/json", jsonBody(testPage, `{"format": "tei,text", "metadata": true}`), 200,
			[]string{`"tei":"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TEI xmlns=\"http://www.tei-c.org/ns/1.0\">`, `<language ident=\"de\"/>`,
				`<p>Residents were told to stay indoors; read more about the warnings.</p>`}, []string{`"xml"`}},
		{"noscript text stays text", "POST", "/v1/extract?format=html", "text/html",
			`<body><noscript>&lt;iframe src="https://x.example/"&gt;&lt;/iframe&gt;</noscript><p>Text</p></body>`, 200,
			[]string{`<div><span class=\"bn-b\" title=\"P(content) 0.000\" data-block=\"0\">&lt;iframe`}, []string{"<iframe", "<noscript"}},
		{"page without text says so", "POST", "/v1/extract?format=text", "text/html", `<html><body><div id="app"></div><script>render()</script></body></html>`, 200,
			[]string{`"text":"","metadata":{},"confidence":1,"empty":true,"warning":"the page has no text (it may build its content with JavaScript)"`}, nil},
		{"metadata by default, as in extract", "POST", "/v1/extract?format=text", "text/html", testPage, 200, []string{`"metadata":{"title":"Storm hits coast"`}, nil},
		{"metadata=false leaves it out", "POST", "/v1/extract?format=text&metadata=false", "text/html", testPage, 200, []string{`"text":"The storm`}, []string{`"metadata"`}},
		{"json metadata false leaves it out", "POST", "/v1/extract", "application/json", jsonBody(testPage, `{"format": "text", "metadata": false}`), 200, []string{`"text":"The storm`}, []string{`"metadata"`}},
		{"page with text has no warning", "POST", "/v1/extract?format=text", "text/html", testPage, 200, nil, []string{`"empty"`, `"warning"`}},
		{"json with a query", "POST", "/v1/extract?format=text", "application/json", jsonBody(testPage, ""), 400, []string{`put the options in its`}, nil},
		{"method with filter", "POST", "/v1/extract?method=keep-all&filter=ancestor&format=text", "text/html", testPage, 200,
			[]string{`"method":"keep-all+ancestor"`}, nil},
		{"method with filter in the spec", "POST", "/v1/extract?method=boilerpipe-numwords%2Bmain&format=text", "text/html", testPage, 200,
			[]string{`"method":"boilerpipe-numwords+main"`}, nil},
		{"tree without a tree", "POST", "/v1/extract?method=tree", "text/html", testPage, 400, []string{`method tree needs a trained tree`}, nil},
		{"bilstm filter", "POST", "/v1/extract?filter=ancestor&format=text", "text/html", testPage, 200, []string{`"method":"bilstm+ancestor"`}, nil},
		{"method spec", "POST", "/v1/extract?method=keep-all&threshold=0.9&filter=ancestor&filter_depth=3&format=text", "text/html", testPage, 200, []string{`"method":"keep-all@0.9+ancestor:3"`}, nil},
		{"bilstm spec", "POST", "/v1/extract?decode=blocks&threshold=0.9&filter=ancestor&filter_depth=3&format=text", "text/html", testPage, 422, []string{`method bilstm:blocks@0.9+ancestor:3: a decoding needs probabilities`}, nil},
		{"bilstm decoding without a model", "POST", "/v1/extract?decode=structure&format=text", "text/html", testPage, 422, []string{`a decoding needs probabilities`}, nil},
		{"url as base only", "POST", "/v1/extract", "application/json", `{"url": "https://x.example/"}`, 501, []string{`does not fetch URLs`}, nil},
		{"bad json", "POST", "/v1/extract", "application/json", `{"html": `, 400, []string{`"error":"bad JSON`}, nil},
		{"unknown json field", "POST", "/v1/extract", "application/json", `{"htm": "x"}`, 400, []string{`unknown field \"htm\"`}, nil},
		{"two json values", "POST", "/v1/extract", "application/json", `{"html": "x"} {}`, 400, []string{`more than one value`}, nil},
		{"json without page", "POST", "/v1/extract", "application/json", `{"options": {}}`, 400, []string{`give \"html\"`}, nil},
		{"wrong content type", "POST", "/v1/extract", "image/png", "x", 415, []string{`unsupported Content-Type \"image/png\"`}, nil},
		{"missing content type", "POST", "/v1/extract", "", "x", 415, []string{`missing Content-Type`}, nil},
		{"bad content type", "POST", "/v1/extract", "text/html; charset", "x", 415, []string{`bad Content-Type`}, nil},
		{"empty body", "POST", "/v1/extract", "text/html", "", 400, []string{`empty body`}, nil},
		{"empty page", "POST", "/v1/extract", "application/json", `{"html": ""}`, 422, []string{`empty page`}, nil},
		{"binary page", "POST", "/v1/extract", "text/html", "\x00\x01\x02\x03binary\x00\x00", 422, []string{`binary`}, nil},
		{"oversized body", "POST", "/v1/extract", "text/html", strings.Repeat("a", 5000), 413, []string{`larger than the limit of 4096 bytes`}, nil},
		{"bad threshold", "POST", "/v1/extract?threshold=2", "text/html", testPage, 400, []string{`threshold 2 outside [0, 1]`}, nil},
		{"bad threshold syntax", "POST", "/v1/extract?threshold=abc", "text/html", testPage, 400, []string{`bad threshold=\"abc\"`}, nil},
		{"unknown query", "POST", "/v1/extract?colour=red", "text/html", testPage, 400, []string{`unknown query parameter \"colour\"`}, nil},
		{"unknown format", "POST", "/v1/extract?format=pdf", "text/html", testPage, 400, []string{`unknown format \"pdf\" (known: json, text, markdown, html, xml, tei,`}, nil},
		{"unknown method", "POST", "/v1/extract?method=magic", "text/html", testPage, 400, []string{`unknown method \"magic\"`}, nil},
		{"unknown filter", "POST", "/v1/extract?method=keep-all&filter=sieve", "text/html", testPage, 400, []string{`unknown filter \"sieve\"`}, nil},
		{"filter refused by method", "POST", "/v1/extract?filter=main", "text/html", testPage, 400, []string{`method \"bilstm+main\": filter main works after the boilerpipe methods and tree only`}, nil},
		{"bad decoding", "POST", "/v1/extract?decode=zigzag", "text/html", testPage, 400, []string{`unknown decoding \"zigzag\"`}, nil},
		{"decoding of another method", "POST", "/v1/extract?method=newsfeed&decode=structure", "text/html", testPage, 400, []string{`only bilstm has decodings`}, nil},
		{"bad url", "POST", "/v1/extract?url=ftp://x", "text/html", testPage, 400, []string{`bad url \"ftp://x\"`}, nil},
		{"bad filter depth", "POST", "/v1/extract?filter=ancestor&filter_depth=65", "text/html", testPage, 400, []string{`filter depth 65 outside [0, 64]`}, nil},
		{"panic is a 500", "POST", "/v1/extract", "text/html", panicPage, 500, []string{`"error":"internal error"`}, []string{"goroutine", "boom"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, h, body := do(t, tt.method, ts.URL+tt.path, tt.ctype, tt.body)
			if status != tt.status {
				t.Errorf("status %d, want %d; body %s", status, tt.status, body)
			}
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("body lacks %q:\n%s", w, body)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(body, w) {
					t.Errorf("body has %q:\n%s", w, body)
				}
			}
			if h.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("no nosniff header")
			}
			if tt.path != "/" && tt.path != "/metrics" && !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
				t.Errorf("Content-Type %q, want JSON", h.Get("Content-Type"))
			}
			if status >= 400 {
				var e ErrorResponse
				if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error == "" {
					t.Errorf("error body is not {\"error\": ...}: %s", body)
				}
			}
		})
	}
	// The counters saw the requests.
	_, _, m := do(t, "GET", ts.URL+"/metrics", "", "")
	for _, w := range []string{`boilernet_http_requests_total{code="413",route="extract"} 1`, `boilernet_rejected_total{reason="too_large"} 1`,
		`boilernet_http_requests_total{code="404",route="other"} 1`, `boilernet_http_request_duration_seconds_count{route="extract"}`} {
		if !strings.Contains(m, w) {
			t.Errorf("metrics lack %q", w)
		}
	}
}

func TestPageSecurityHeaders(t *testing.T) {
	ts := newTestServer(t, testConfig(newGate()))
	_, h, _ := do(t, "GET", ts.URL+"/", "", "")
	csp := h.Get("Content-Security-Policy")
	for _, w := range []string{"default-src 'none'", "script-src 'sha256-", "connect-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, w) {
			t.Errorf("CSP %q lacks %q", csp, w)
		}
	}
	if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'unsafe-inline'") {
		t.Errorf("CSP too loose: %q", csp)
	}
	if h.Get("X-Frame-Options") != "DENY" {
		t.Errorf("X-Frame-Options %q", h.Get("X-Frame-Options"))
	}
}

func TestNewNeedsExtractor(t *testing.T) {
	if _, err := New(Config{}); err == nil {
		t.Fatal("New without an extractor: no error")
	}
}

// TestConcurrencyBound holds both workers and the one queue slot busy:
// the next request is refused with 503, and all finish once released.
func TestConcurrencyBound(t *testing.T) {
	g := newGate()
	cfg := testConfig(g)
	cfg.Workers, cfg.Queue = 2, 1
	ts := newTestServer(t, cfg)
	url := ts.URL + "/v1/extract?format=text"
	var wg sync.WaitGroup
	statuses := make(chan int, 3)
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status, _, _ := do(t, "POST", url, "text/html", slowPage)
			statuses <- status
		}()
	}
	<-g.started
	<-g.started
	waitFor(t, func() bool {
		_, _, m := do(t, "GET", ts.URL+"/metrics", "", "")
		return strings.Contains(m, "boilernet_extractions_queued 1")
	})
	status, h, body := do(t, "POST", url, "text/html", testPage)
	if status != 503 || !strings.Contains(body, "server busy") || h.Get("Retry-After") == "" {
		t.Errorf("beyond workers and queue: %d %s (Retry-After %q)", status, body, h.Get("Retry-After"))
	}
	close(g.release)
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != 200 {
			t.Errorf("a held request ended with %d", s)
		}
	}
}

// TestRequestTimeout: an extraction longer than Timeout is answered with
// 503, and so is a request that waits for a worker longer than that.
func TestRequestTimeout(t *testing.T) {
	g := newGate()
	cfg := testConfig(g)
	cfg.Workers, cfg.Timeout = 1, 100*time.Millisecond
	ts := newTestServer(t, cfg)
	defer close(g.release)
	url := ts.URL + "/v1/extract?format=text"
	status, _, body := do(t, "POST", url, "text/html", slowPage)
	if status != 503 || !strings.Contains(body, "extraction timed out after 100ms") {
		t.Errorf("slow extraction: %d %s", status, body)
	}
	// The slow extraction still holds the one worker.
	status, _, body = do(t, "POST", ts.URL+"/v1/extract?format=text", "text/html", testPage)
	if status != 503 || !strings.Contains(body, "waiting for a worker: timed out") {
		t.Errorf("waiting: %d %s", status, body)
	}
	_, _, m := do(t, "GET", ts.URL+"/metrics", "", "")
	if !strings.Contains(m, `boilernet_rejected_total{reason="timeout"} 2`) {
		t.Errorf("timeouts not counted")
	}
}

// listen serves s on a loopback port until stop, which returns Serve's
// error.
func listen(t testing.TB, s *Server) (addr string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	return ln.Addr().String(), func() error {
		cancel()
		return <-done
	}
}

// TestSlowClient: a client that sends half its body and stalls is cut off
// by the read timeout instead of holding the connection.
func TestSlowClient(t *testing.T) {
	cfg := testConfig(newGate())
	cfg.ReadTimeout = 200 * time.Millisecond
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	addr, stop := listen(t, s)
	defer stop()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/extract HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/html\r\nContent-Length: 1000\r\n\r\n<p>only part")
	start := time.Now()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if elapsed := time.Since(start); elapsed > 3*time.Second {
		t.Fatalf("connection held for %v", elapsed)
	}
	if err == nil {
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusRequestTimeout {
			t.Errorf("status %d %s, want 408 or a closed connection", resp.StatusCode, b)
		}
	}
}

// TestGracefulShutdown: ending Serve's context lets the request in flight
// finish with 200, refuses new connections, and Serve returns nil.
func TestGracefulShutdown(t *testing.T) {
	g := newGate()
	s, err := New(testConfig(g))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	inflight := make(chan int, 1)
	go func() {
		status, _, _ := do(t, "POST", base+"/v1/extract?format=text", "text/html", slowPage)
		inflight <- status
	}()
	<-g.started
	cancel()
	waitFor(t, func() bool { return s.stopping.Load() })
	select {
	case err := <-done:
		t.Fatalf("Serve returned with a request in flight: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(g.release)
	if status := <-inflight; status != 200 {
		t.Errorf("request in flight ended with %d", status)
	}
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Errorf("a new request was served after shutdown")
	}
}

// TestFetch: a URL without HTML goes to the Fetcher; with the real
// client and its guard on, a loopback address is refused with 403; with
// the guard off the page is fetched, its charset honoured and its final
// URL reported; a failing fetch is a 502.
func TestFetch(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/old":
			http.Redirect(w, r, "/page", http.StatusFound)
		case "/page":
			w.Header().Set("Content-Type", "text/html; charset=iso-8859-1")
			io.WriteString(w, "<p>Gr\xfc\xdfe aus K\xf6ln</p>")
		case "/image":
			w.Header().Set("Content-Type", "image/png")
			io.WriteString(w, "\x89PNG")
		default:
			http.NotFound(w, r)
		}
	}))
	defer site.Close()
	for _, tt := range []struct {
		name         string
		allowPrivate bool
		path         string
		status       int
		want         string
	}{
		{"guard refuses loopback", false, "/page", 403, `address not allowed`},
		{"guard refuses after a redirect", false, "/old", 403, `address not allowed`},
		{"allowed", true, "/old", 200, `"text":"Grüße aus Köln"`},
		{"final url", true, "/old", 200, `"url":"` + site.URL + `/page"`},
		{"charset", true, "/page", 200, `"encoding":"windows-1252"`},
		{"not html", true, "/image", 422, `not an HTML page`},
		{"error status", true, "/missing", 502, `404`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := testConfig(newGate())
			cfg.Fetch = FetchWith(fetch.New(fetch.Options{DenyPrivate: !tt.allowPrivate}))
			ts := newTestServer(t, cfg)
			status, _, body := do(t, "POST", ts.URL+"/v1/extract", "application/json", `{"url": "`+site.URL+tt.path+`", "options": {"format": "text"}}`)
			if status != tt.status || !strings.Contains(body, tt.want) {
				t.Errorf("%d %s, want %d with %s", status, body, tt.status, tt.want)
			}
		})
	}
}

// TestDefaultModel runs the embedded model through the server once.
func TestDefaultModel(t *testing.T) {
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Extractor: ex, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	page, err := os.ReadFile("../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	status, _, body := do(t, "POST", ts.URL+"/v1/extract?format=json,html", "text/html", string(page))
	if status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	var r Response
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatal(err)
	}
	if r.Title != "Night trains return to the Alps" || !strings.Contains(r.Text, "overnight passenger trains") || r.Stats.ContentBlocks == 0 {
		t.Errorf("title %q, text %q", r.Title, r.Text)
	}
	if !strings.Contains(r.HTML, `<mark class="bn-c" title="P(content) 0.`) {
		t.Errorf("no highlighted block with its probability")
	}
	if status, _, body := do(t, "GET", ts.URL+"/v1/info", "", ""); status != 200 || !strings.Contains(body, `"networks":2`) {
		t.Errorf("info: %d %s", status, body)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met in 5s")
}

// TestServerTimeouts: the read, write and idle timeouts of the
// configuration (the serve command's flags) reach the HTTP server, and the
// write timeout's default covers reading, the request timeout and a margin.
func TestServerTimeouts(t *testing.T) {
	for _, tt := range []struct {
		cfg               Config
		read, write, idle time.Duration
	}{
		{Config{}, DefaultReadTimeout, DefaultReadTimeout + DefaultTimeout + 5*time.Second, DefaultIdleTimeout},
		{Config{ReadTimeout: 2 * time.Second, WriteTimeout: 40 * time.Second, IdleTimeout: 3 * time.Second}, 2 * time.Second, 40 * time.Second, 3 * time.Second},
		{Config{ReadTimeout: 2 * time.Second, Timeout: 4 * time.Second}, 2 * time.Second, 11 * time.Second, DefaultIdleTimeout},
	} {
		cfg := testConfig(newGate())
		cfg.ReadTimeout, cfg.WriteTimeout, cfg.IdleTimeout, cfg.Timeout = tt.cfg.ReadTimeout, tt.cfg.WriteTimeout, tt.cfg.IdleTimeout, tt.cfg.Timeout
		s, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		h := s.httpServer()
		if h.ReadTimeout != tt.read || h.WriteTimeout != tt.write || h.IdleTimeout != tt.idle {
			t.Errorf("%+v: read %v write %v idle %v, want %v %v %v", tt.cfg, h.ReadTimeout, h.WriteTimeout, h.IdleTimeout, tt.read, tt.write, tt.idle)
		}
	}
}

// TestCrossOriginRefused: a browser's request on behalf of another site
// (a "simple" POST needs no preflight) is refused, and text/plain, the
// simple type a page could send, is not a page type; the
// server's own page, and clients that are not browsers, are served.
func TestCrossOriginRefused(t *testing.T) {
	ts := newTestServer(t, testConfig(newGate()))
	page := `<html><body><p>Some words of text that make a paragraph of the page.</p></body></html>`
	tests := []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"another site", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"an old browser, another origin", map[string]string{"Origin": "https://evil.example"}, http.StatusForbidden},
		{"the server's page", map[string]string{"Sec-Fetch-Site": "same-origin"}, http.StatusOK},
		{"curl", nil, http.StatusOK},
		{"text/plain", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType},
	}
	for _, tt := range tests {
		req, err := http.NewRequest("POST", ts.URL+"/v1/extract", strings.NewReader(page))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "text/html")
		for k, v := range tt.headers {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, resp.StatusCode, tt.want)
		}
	}
}

// TestStructuredFormats: the xml and tei parts are the documents that
// render.XML and render.TEI write (what boilernet extract -format
// xml and -format tei print), well-formed, with the metadata when asked.
func TestStructuredFormats(t *testing.T) {
	ts := newTestServer(t, testConfig(newGate()))
	res, err := infer.WithClassifier(methods.Method{}, methods.Verdicts(fakeSelector)).ExtractBytes(t.Context(), []byte(testPage), infer.Options{Metadata: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		format string
		write  func(io.Writer, *infer.Result) error
		part   func(*Response) string
		root   string
	}{
		{"xml", render.XML, func(r *Response) string { return r.XML }, "doc"},
		{"tei", render.TEI, func(r *Response) string { return r.TEI }, "TEI"},
	} {
		t.Run(tt.format, func(t *testing.T) {
			status, _, body := do(t, "POST", ts.URL+"/v1/extract?metadata&format="+tt.format, "text/html", testPage)
			if status != 200 {
				t.Fatalf("status %d: %s", status, body)
			}
			var resp Response
			if err := json.Unmarshal([]byte(body), &resp); err != nil {
				t.Fatal(err)
			}
			var want strings.Builder
			if err := tt.write(&want, res); err != nil {
				t.Fatal(err)
			}
			got := tt.part(&resp)
			if got != want.String() {
				t.Errorf("%s part:\n%s\nwant:\n%s", tt.format, got, want.String())
			}
			dec := xml.NewDecoder(strings.NewReader(got))
			var root string
			for {
				tok, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("not well-formed: %v\n%s", err, got)
				}
				if se, ok := tok.(xml.StartElement); ok && root == "" {
					root = se.Name.Local
				}
			}
			if root != tt.root {
				t.Errorf("root element %q, want %q", root, tt.root)
			}
		})
	}
}

// ?comments adds the readers' comments, apart from the text.
func TestComments(t *testing.T) {
	ts := newTestServer(t, testConfig(newGate()))
	page := `<html><body><p>The article, kept as content by the test's selector.</p>
<div class="comments"><div class="comment"><span class="author">Ann</span><div class="text">Great post, I agree with every word of it.</div></div></div></body></html>`
	for _, tc := range []struct {
		query string
		want  []infer.Comment
	}{
		{"?comments", []infer.Comment{{Author: "Ann", Text: "Great post, I agree with every word of it."}}},
		{"", nil},
	} {
		status, _, body := do(t, "POST", ts.URL+"/v1/extract"+tc.query, "text/html", page)
		if status != 200 {
			t.Fatalf("%q: status %d: %s", tc.query, status, body)
		}
		var resp Response
		if err := json.Unmarshal([]byte(body), &resp); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(resp.Comments, tc.want) || strings.Contains(resp.Text, "Great post") {
			t.Errorf("%q: comments %+v, text %q", tc.query, resp.Comments, resp.Text)
		}
	}
}
