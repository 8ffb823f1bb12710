package serve

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
)

// stalledUpload opens a connection that announces a page (of
// contentLength bytes, or chunked when it is -1), sends sent bytes of it
// and stalls. An answer, if one comes, arrives on answer (nil when the
// connection closes without one).
func stalledUpload(t *testing.T, addr string, contentLength, sent int, answer chan<- *http.Response) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	go func() {
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			answer <- nil
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body = io.NopCloser(bytes.NewReader(b))
		answer <- resp
	}()
	head := "POST /v1/extract HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/html\r\n"
	body := bytes.Repeat([]byte("x"), sent)
	if contentLength >= 0 {
		head += fmt.Sprintf("Content-Length: %d\r\n\r\n", contentLength)
	} else {
		head += "Transfer-Encoding: chunked\r\n\r\n"
		body = append([]byte(fmt.Sprintf("%x\r\n", sent)), body...) // a chunk never finished
	}
	go func() {
		io.WriteString(conn, head)
		conn.Write(body) // fails once the server hangs up
	}()
	return conn
}

// TestStalledUploads: connections that announce a page, send all of it
// but a byte and stall hold the bytes they sent (the buffer they went
// into) while they fit in the memory budget, and no place: the rest are
// answered 503 with Retry-After as their bytes come, the bytes held never
// pass the budget, and a request that fits is served meanwhile. Before,
// every one reserved its whole Content-Length and a place before a byte
// had come.
func TestStalledUploads(t *testing.T) {
	const maxBody = 64 << 10
	tests := []struct {
		name           string
		workers, queue int
		budget         int64
		contentLength  int // -1: chunked
		sent, conns    int
		maxHeld        int // uploads that fit in the budget
	}{
		{"budget, content-length", 2, 8, 0, maxBody, maxBody - 1, 12, 2},
		{"budget, chunked", 2, 8, 0, -1, maxBody - 1, 12, 2},
		{"budget, small pages", 2, 30, 0, 10000, 9999, 40, 2 * maxBody / 10000},
		{"places", 1, 2, 4 << 20, 1000, 999, 8, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := testConfig(newGate())
			cfg.MaxBody, cfg.Workers, cfg.Queue, cfg.MemoryBudget = maxBody, tt.workers, tt.queue, tt.budget
			s, ts := startServer(t, cfg)
			addr := ts.Listener.Addr().String()
			var conns []net.Conn
			answers := make(chan *http.Response, tt.conns)
			for range tt.conns {
				conns = append(conns, stalledUpload(t, addr, tt.contentLength, tt.sent, answers))
			}
			reserved := int64(tt.contentLength)
			if reserved < 0 {
				reserved = maxBody
			}
			refused := countRefusals(t, answers, tt.conns-tt.maxHeld, "memory")
			held := tt.conns - refused
			if held > tt.maxHeld || held < 1 {
				t.Errorf("%d uploads held, %d refused; want 1 to %d held", held, refused, tt.maxHeld)
			}
			if got, peak := s.budget.held.Load(), s.budget.peak.Load(); got != int64(held)*reserved || peak > s.cfg.MemoryBudget {
				t.Errorf("%d bytes held (peak %d, budget %d), want %d", got, peak, s.cfg.MemoryBudget, int64(held)*reserved)
			}
			_, _, m := do(t, "GET", ts.URL+"/metrics", "", "")
			if !strings.Contains(m, "boilernet_requests_admitted 0") {
				t.Errorf("metrics: uploads being read hold places")
			}
			// The stalled uploads hold no place: a request that fits in
			// the budget is served meanwhile.
			if tt.name == "places" {
				if status, _, body := do(t, "POST", ts.URL+"/v1/extract?format=text", "text/html", testPage); status != 200 {
					t.Errorf("beside the stalled uploads: %d %s", status, body)
				}
			}
			// A request that fits is served once the stalled ones are
			// gone, and everything held is given back.
			for _, c := range conns {
				c.Close()
			}
			waitFor(t, func() bool { return s.budget.held.Load() == 0 })
			if status, _, body := do(t, "POST", ts.URL+"/v1/extract?format=text", "text/html", testPage); status != 200 {
				t.Errorf("after the stalled uploads: %d %s", status, body)
			}
			waitFor(t, func() bool { return s.budget.held.Load() == 0 })
		})
	}
}

// TestHeaderOnlyUploads: connections that announce the largest body and
// send none hold its first 16 KiB of the budget each and no place, so
// requests are served beside them; past the stall timeout each is
// answered 408 and lets go. Before, two such held a 32 MiB budget, and
// ten every place, for the 60 s read timeout.
func TestHeaderOnlyUploads(t *testing.T) {
	const maxBody = 16 << 20
	cfg := testConfig(newGate())
	cfg.MaxBody, cfg.Workers, cfg.Queue = maxBody, 1, 1
	cfg.UploadStallTimeout = time.Second
	s, ts := startServer(t, cfg)
	const n = 10
	answers := make(chan *http.Response, n)
	for range n {
		stalledUpload(t, ts.Listener.Addr().String(), maxBody, 0, answers)
	}
	waitFor(t, func() bool { return s.budget.held.Load() == n*uploadStep })
	for i := range 3 {
		if status, _, body := do(t, "POST", ts.URL+"/v1/extract?format=text", "text/html", testPage); status != 200 {
			t.Fatalf("request %d beside %d header-only uploads: %d %s", i, n, status, body)
		}
	}
	for i := range n {
		select {
		case resp := <-answers:
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(b), "timed out reading the body") {
				t.Errorf("stalled upload %d: %d %s, want 408", i, resp.StatusCode, b)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%d of %d stalled uploads answered in 30 s", i, n)
		}
	}
	waitFor(t, func() bool { return s.budget.held.Load() == 0 })
}

// TestTricklingUpload: a body sent 16 KiB at a time, each piece once the
// last is in, is read, its reservation growing as it comes.
func TestTricklingUpload(t *testing.T) {
	cfg := testConfig(newGate())
	cfg.UploadStallTimeout = 2 * time.Second
	s, ts := startServer(t, cfg)
	page := []byte(testPage + strings.Repeat("<!-- padding -->", 4*uploadStep/16))
	pr, pw := io.Pipe()
	go func() {
		for i := 0; i < len(page); i += uploadStep {
			pw.Write(page[i:min(i+uploadStep, len(page))])
			// The next piece once this one is in (or after 5 s: the
			// answer then says what went wrong).
			for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && s.budget.held.Load() < int64(min(i+uploadStep, len(page))); {
				time.Sleep(5 * time.Millisecond)
			}
		}
		pw.Close()
	}()
	req, _ := http.NewRequest("POST", ts.URL+"/v1/extract?format=text", pr)
	req.ContentLength = int64(len(page))
	req.Header.Set("Content-Type", "text/html")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("%d %s", resp.StatusCode, b)
	}
}

// countRefusals counts the answers, each a 503 with Retry-After that
// closes the connection and says msg, until want have come or 3 s have
// passed, and then for 200 ms more.
func countRefusals(t *testing.T, answers <-chan *http.Response, want int, msg string) int {
	t.Helper()
	n := 0
	deadline := time.After(3 * time.Second)
	for {
		wait := deadline
		if n >= want {
			wait = time.After(200 * time.Millisecond)
		}
		select {
		case resp := <-answers:
			if resp == nil || resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" || !resp.Close {
				t.Fatalf("answer %+v, want 503 with Retry-After, closing", resp)
			}
			if b, _ := io.ReadAll(resp.Body); !strings.Contains(string(b), msg) {
				t.Errorf("answer %s, want %q in it", b, msg)
			}
			n++
		case <-wait:
			return n
		}
	}
}

// TestBusyMessage: the two 503s of admission say what is full.
func TestBusyMessage(t *testing.T) {
	cfg := testConfig(newGate())
	cfg.MaxBody, cfg.Workers, cfg.Queue = 1000, 1, 1
	s, ts := startServer(t, cfg)
	a := mustAdmit(t, s, -1) // the whole budget
	status, h, body := do(t, "POST", ts.URL+"/v1/extract", "text/html", testPage[:100])
	if status != 503 || !strings.Contains(body, "memory for pages") || h.Get("Retry-After") == "" {
		t.Errorf("budget full: %d %s %v", status, body, h)
	}
	a.keep(0)
	b := mustAdmit(t, s, 0)
	if err := a.place(); err != nil {
		t.Fatal(err)
	}
	if err := b.place(); err != nil { // the last place
		t.Fatal(err)
	}
	status, _, body = do(t, "POST", ts.URL+"/v1/extract", "text/html", testPage[:100])
	if status != 503 || !strings.Contains(body, "too many requests") {
		t.Errorf("places full: %d %s", status, body)
	}
	a.done()
	b.done()
	if status, _, body := do(t, "POST", ts.URL+"/v1/extract?format=text", "text/html", testPage[:400]); status != 200 {
		t.Errorf("after: %d %s", status, body)
	}
	// The last request's reservation is released once its handler
	// returns, which can be just after the client has read the answer.
	var m string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		_, _, m = do(t, "GET", ts.URL+"/metrics", "", "")
		if strings.Contains(m, "boilernet_memory_reserved_bytes 0\n") || time.Now().After(deadline) {
			break
		}
	}
	for _, w := range []string{`boilernet_rejected_total{reason="memory"} 1`, `boilernet_rejected_total{reason="busy"} 1`, "boilernet_memory_reserved_bytes 0", "boilernet_memory_budget_bytes 1000"} {
		if !strings.Contains(m, w) {
			t.Errorf("metrics lack %q", w)
		}
	}
}

// TestTicket: a ticket reserves a body's first piece (its length, or
// MaxBody, when smaller than uploadStep), grows and keeps what the page
// needs, takes a place, counts a fetched page, and gives everything
// back when its last holder (handler or worker) lets go.
func TestTicket(t *testing.T) {
	cfg := testConfig(newGate())
	cfg.MaxBody, cfg.Workers, cfg.Queue = 1000, 1, 1
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	held := func(want int64) {
		t.Helper()
		if got := s.budget.held.Load(); got != want {
			t.Fatalf("%d bytes held, want %d", got, want)
		}
	}
	a := mustAdmit(t, s, -1)
	held(1000)
	if _, err := s.admit(1); err != errMemory {
		t.Fatalf("admit with the budget full: %v, want errMemory", err)
	}
	a.keep(100)
	held(100)
	if !a.keep(150) {
		t.Fatal("keep(150): no room")
	}
	held(150)
	if a.keep(1001) {
		t.Fatal("keep(1001) beyond the budget")
	}
	held(150)
	a.keep(100)
	b := mustAdmit(t, s, 900)
	held(1000)
	c := mustAdmit(t, s, 0)
	for _, tk := range []*ticket{a, b} {
		if err := tk.place(); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.place(); err != errBusy {
		t.Fatalf("place with none left: %v, want errBusy", err)
	}
	c.done()
	b.keep(0)
	if !s.budget.TryAcquire(300) { // a fetched page
		t.Fatal("no room for the page")
	}
	b.add(300)
	held(400)
	b.hold() // the worker
	b.done() // the handler
	held(400)
	b.done() // the worker
	held(100)
	a.done()
	held(0)
	mustAdmit(t, s, 1000).done()
}

func mustAdmit(t *testing.T, s *Server, contentLength int64) *ticket {
	t.Helper()
	tk, err := s.admit(contentLength)
	if err != nil {
		t.Fatalf("admit(%d): %v", contentLength, err)
	}
	return tk
}

// loopbackSpellings returns n names of 127.0.0.1: localhost, the address
// itself, and IPv4-mapped IPv6 literals with their zeros written out in
// different ways.
func loopbackSpellings(n int) []string {
	out := []string{"localhost", "127.0.0.1", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]"}
	zeros := []string{"0", "00", "000", "0000"}
	for i := 0; len(out) < n; i++ {
		var groups []string
		for g, k := 0, i; g < 5; g, k = g+1, k/4 {
			groups = append(groups, zeros[k%4])
		}
		out = append(out, "["+strings.Join(groups, ":")+":ffff:7f00:"+[]string{"1", "01", "001", "0001"}[(i/1024)%4]+"]")
	}
	return out[:n]
}

// stallingPages serves a gzip stream inflating to size bytes, flushed but
// unfinished, and stalls until the test ends; it counts the requests it
// serves at once.
func stallingPages(t *testing.T, size int) (port string, peak *atomic.Int32) {
	t.Helper()
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write(bytes.Repeat([]byte("<p>x</p>"), size/8+1)[:size])
	zw.Flush()
	release := make(chan struct{})
	var cur atomic.Int32
	peak = new(atomic.Int32)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := cur.Add(1)
		defer cur.Add(-1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(zipped.Bytes())
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	_, port, _ = net.SplitHostPort(srv.Listener.Addr().String())
	return port, peak
}

// TestStalledFetches: tiny requests naming pages that inflate to the
// fetch limit and stall (each spelling the loopback host anew) hold at
// most the memory budget, the page reserved before its body is read; and
// with a per-host limit the spellings share it. The rest are answered 503
// at once. Before, every one was fetched and held until the fetch timed
// out.
func TestStalledFetches(t *testing.T) {
	const maxBody = 64 << 10
	tests := []struct {
		name      string
		perHost   int
		budget    int64
		wantHeld  int   // requests without an answer
		wantBytes int64 // held in the budget
		wantPeak  int32 // fetches at once at the page server, at most
	}{
		{"budget", 100, 0, 2, 2 * maxBody, 10},
		{"one address", 1, 4 << 20, 10, maxBody, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			port, peak := stallingPages(t, maxBody-1)
			cfg := testConfig(newGate())
			cfg.MaxBody, cfg.Workers, cfg.Queue, cfg.MemoryBudget = maxBody, 2, 8, tt.budget
			cfg.Fetch = FetchWith(fetch.New(fetch.Options{MaxBytes: maxBody, PerHost: tt.perHost, Timeout: 20 * time.Second}))
			s, ts := startServer(t, cfg)
			const n = 12
			answers := make(chan int, n)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			for i, host := range loopbackSpellings(n) {
				go func() {
					body := fmt.Sprintf(`{"url": "http://%s:%s/%d"}`, host, port, i)
					req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/v1/extract", strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						answers <- 0
						return
					}
					resp.Body.Close()
					answers <- resp.StatusCode
				}()
			}
			refused := 0
			for deadline := time.After(3 * time.Second); refused < n-tt.wantHeld; refused++ {
				select {
				case status := <-answers:
					if status != 503 {
						t.Fatalf("answer %d, want 503", status)
					}
				case <-deadline:
					t.Fatalf("%d requests refused in 3 s, want %d", refused, n-tt.wantHeld)
				}
			}
			waitFor(t, func() bool { return s.budget.held.Load() == tt.wantBytes })
			select {
			case status := <-answers:
				t.Errorf("one more answer (%d): %d requests held, want %d", status, tt.wantHeld-1, tt.wantHeld)
			case <-time.After(200 * time.Millisecond):
			}
			if p := peak.Load(); p > tt.wantPeak {
				t.Errorf("%d fetches at once, want at most %d", p, tt.wantPeak)
			}
			if p := s.budget.peak.Load(); p > s.cfg.MemoryBudget {
				t.Errorf("peak %d bytes, over the budget %d", p, s.cfg.MemoryBudget)
			}
			cancel()
			waitFor(t, func() bool { return s.budget.held.Load() == 0 })
		})
	}
}

// TestToken: with a token every /v1/ call must carry it as a bearer
// token; the page, health and metrics stay open.
func TestToken(t *testing.T) {
	cfg := testConfig(newGate())
	cfg.Token = "s3cret-token"
	_, ts := startServer(t, cfg)
	tests := []struct {
		name, method, path, auth string
		want                     int
	}{
		{"info without", "GET", "/v1/info", "", 401},
		{"info wrong", "GET", "/v1/info", "Bearer s3cret-tokeN", 401},
		{"info prefix", "GET", "/v1/info", "Bearer s3cret", 401},
		{"info basic", "GET", "/v1/info", "Basic s3cret-token", 401},
		{"info bare", "GET", "/v1/info", "s3cret-token", 401},
		{"info", "GET", "/v1/info", "Bearer s3cret-token", 200},
		{"info lower-case scheme", "GET", "/v1/info", "bearer s3cret-token", 200},
		{"extract without", "POST", "/v1/extract?format=text", "", 401},
		{"extract", "POST", "/v1/extract?format=text", "Bearer s3cret-token", 200},
		{"unknown api path without", "GET", "/v1/nope", "", 401},
		{"page", "GET", "/", "", 200},
		{"healthz", "GET", "/healthz", "", 200},
		{"metrics", "GET", "/metrics", "", 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, ts.URL+tt.path, strings.NewReader(testPage))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "text/html")
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Errorf("status %d, want %d: %s", resp.StatusCode, tt.want, body)
			}
			if tt.want == 401 && (resp.Header.Get("WWW-Authenticate") == "" || !strings.Contains(string(body), "Authorization: Bearer")) {
				t.Errorf("401 without WWW-Authenticate or a hint: %v %s", resp.Header, body)
			}
		})
	}
}

// TestRenderStopsAtDeadline: the parts of a response are rendered under
// the request's deadline: past it, rendering stops with the timeout
// error instead of running on in its worker.
func TestRenderStopsAtDeadline(t *testing.T) {
	s, err := New(testConfig(newGate()))
	if err != nil {
		t.Fatal(err)
	}
	res, err := infer.WithClassifier(methods.Method{}, methods.Verdicts(fakeSelector)).ExtractBytes(t.Context(), []byte(testPage), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, format := range []string{"json", "text", "markdown", "html", "markdown,html"} {
		req := &Request{Options: Options{Format: format}}
		if err := req.check(); err != nil {
			t.Fatal(err)
		}
		err := s.render(done, &Response{}, res, req)
		if !errors.Is(err, errTimeout) || !strings.HasPrefix(err.Error(), "rendering timed out") {
			t.Errorf("%s: error %v, want the rendering timeout", format, err)
		}
		if err := s.render(context.Background(), &Response{}, res, req); err != nil {
			t.Errorf("%s without a deadline: %v", format, err)
		}
	}
}

// TestMemoryBudgetConfig: the budget defaults to MaxBody × Workers and
// may not be less than MaxBody.
func TestMemoryBudgetConfig(t *testing.T) {
	tests := []struct {
		maxBody, budget int64
		workers         int
		want            int64 // 0: an error
	}{
		{1000, 0, 3, 3000},
		{1000, 1000, 3, 1000},
		{1000, 999, 3, 0},
		{0, 0, 2, 2 * DefaultMaxBody},
	}
	for _, tt := range tests {
		cfg := testConfig(newGate())
		cfg.MaxBody, cfg.MemoryBudget, cfg.Workers = tt.maxBody, tt.budget, tt.workers
		s, err := New(cfg)
		switch {
		case tt.want == 0 && err == nil:
			t.Errorf("%+v: no error", tt)
		case tt.want != 0 && (err != nil || s.cfg.MemoryBudget != tt.want || s.budget.size != tt.want):
			t.Errorf("%+v: %v, budget %v; want %d", tt, err, s, tt.want)
		}
	}
}

// TestConfigLimits: counts that would overflow the places or the default
// budget are errors, not panics or wrapped values.
func TestConfigLimits(t *testing.T) {
	for _, tt := range []struct {
		name    string
		maxBody int64
		workers int
		queue   int
	}{
		{"queue", 0, 1, math.MaxInt},
		{"workers", 0, math.MaxInt, 0},
		{"budget", math.MaxInt64 / 2, 3, 0},
	} {
		cfg := testConfig(newGate())
		cfg.MaxBody, cfg.Workers, cfg.Queue = tt.maxBody, tt.workers, tt.queue
		if _, err := New(cfg); err == nil {
			t.Errorf("%s: no error", tt.name)
		}
	}
}
