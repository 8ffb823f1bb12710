// Package serve is boilernet's HTTP server: a JSON extraction API over
// infer.Extractor, health and Prometheus metrics endpoints, and an embedded
// page where a person pastes, uploads or names a page and sees it with its
// content highlighted next to the extracted text.
//
// Routes:
//
//	POST /v1/extract  a page (raw text/html body, options in the query; or JSON
//	                  {"html", "url", "name", "options": {...}}) → the extraction as JSON
//	POST /v1/label    a page and its block labels, JSON (LabelRequest) → saved as a
//	                  dataset entry in Config.Labels (404 without one)
//	GET  /v1/info     methods, filters, formats and limits, for clients and the page
//	GET  /healthz     {"status": "ok"} (503 while shutting down)
//	GET  /metrics     Prometheus text format
//	GET  /            the page
//
// Every error is JSON, {"error": "message"}, with a 4xx or 5xx status.
// Limits: the body size (413), the HTTP read, write and idle timeouts, at
// most Workers extractions at once and Workers+Queue requests admitted
// once read (fetched, waiting or extracted), a memory budget for the
// request bodies and fetched pages held at once (a body's reservation
// growing with the bytes that arrive, a body that stalls cut with 408;
// then 503 with Retry-After), a Host that must be the server's (421),
// and a per-request timeout covering the
// fetch, the wait, the extraction and the rendering (503). With a Token,
// every /v1/ call must carry it (401). Serve shuts down gracefully when
// its context ends, finishing the requests in flight.
//
// The highlighted page is untrusted HTML: the server writes a copy of it
// that package sanitize made from an allowlist of elements and attributes
// (no scripts, frames, event handlers or script URLs; CSS only where it
// loads nothing), the same as boilernet extract -format html writes, and
// puts a Content-Security-Policy that loads and runs nothing at its top
// (render.FrameCSP); the page shows it in an iframe sandboxed without
// allow-scripts, under its own strict policy.
package serve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/boilernet/boilernet/data/labelset"
	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/methods/ensemble"
	"github.com/boilernet/boilernet/shallow"
	"golang.org/x/sync/semaphore"
)

// DefaultAddr is the address boilernet serve listens on by default: the
// loopback interface only.
const DefaultAddr = "127.0.0.1:8080"

// Defaults of Config's zero fields.
const (
	DefaultMaxBody     = 16 << 20
	DefaultTimeout     = 30 * time.Second
	DefaultReadTimeout = 60 * time.Second
	DefaultIdleTimeout = 120 * time.Second
	// DefaultUploadStallTimeout is the longest wait for each 16 KiB of a
	// request body: the slowest upload kept is 16 KiB per 10 s.
	DefaultUploadStallTimeout = 10 * time.Second
	// MaxQueue bounds Config.Queue, and MaxWorkers Config.Workers.
	MaxQueue   = 1 << 16
	MaxWorkers = 1 << 12
	// MemoryPerWorker is what each worker adds to the default soft memory
	// limit (Config.MemoryLimit): a little under 256 MiB, the bound of one
	// extraction's memory besides 8× its page, for what the limit does not
	// count, such as the binary's code (as boilernet extract's limit).
	MemoryPerWorker = 224 << 20
)

// DefaultMemoryLimit is the soft memory limit Serve sets by default for
// workers extractions of pages that the memory budget holds:
// workers × MemoryPerWorker + 8 × budget, a little under the server's
// bound of workers × 256 MiB + 8 × budget (each extraction's bound is
// 256 MiB + 8× its page, and the pages being extracted are within the
// budget). 704 MiB for two workers and the default 32 MiB budget. It is
// math.MaxInt64 (no limit) when that overflows.
func DefaultMemoryLimit(workers int, budget int64) int64 {
	base := int64(workers) * MemoryPerWorker
	if workers < 0 || budget < 0 || budget > (math.MaxInt64-base)/8 {
		return math.MaxInt64
	}
	return base + 8*budget
}

// Fetcher fetches a page for a request that gives a URL and no HTML. It
// returns the page, the charset of its Content-Type and its final URL
// (after redirects). It reserves the page in budget before reading its
// body, as fetch.Client.GetWithin does, and a page it returns keeps
// len(page) bytes of budget, which the server gives back when the request
// ends. Its errors are answered by the fetch error they wrap (see
// FetchWith): 403 for fetch.ErrForbiddenAddress, 503 for
// fetch.ErrOverBudget, 502 for most.
type Fetcher func(ctx context.Context, url string, budget fetch.Budget) (page []byte, charset, finalURL string, err error)

// Config configures a Server. Only Extractor is required.
type Config struct {
	// Extractor is the neural model's extractor: its classifier and model
	// are those of the bilstm methods (see methods.Config), with which the
	// server runs every method a request names (methods.Parse,
	// methods.Names).
	Extractor *infer.Extractor
	// Tree returns the trained tree of the tree method, called once, on
	// first use (see methods.Config.Tree; nil: the tree method is an
	// error).
	Tree func() (*shallow.Tree, error)
	// Fetch fetches URLs; nil means a URL is only the base for the
	// page's links, and a request with a URL and no HTML is answered with
	// 501.
	Fetch Fetcher
	// MaxBody bounds a request body in bytes (DefaultMaxBody when 0).
	MaxBody int64
	// Workers bounds the extractions running at once (GOMAXPROCS when 0).
	// Queue is how many more requests are admitted (4×Workers when 0,
	// none when negative; at most MaxQueue): Workers+Queue requests whose
	// bodies have been read are fetched, waiting for a worker or
	// extracted at once, and one beyond is answered with 503. (Requests
	// whose bodies are being read are bounded by the memory budget.)
	Workers, Queue int
	// MemoryBudget bounds the bytes of request bodies and fetched pages
	// held at once, across all connections (MaxBody × Workers when 0; it
	// may not be less than MaxBody). A request reserves the first 16 KiB
	// of its body before reading it, and more as its bytes arrive (the
	// buffer they go into, doubling up to its Content-Length or MaxBody),
	// and keeps only its page's bytes once read; a fetched
	// page reserves the fetch limit before its body is read and keeps its
	// (decompressed) length. A request that does not fit is answered with
	// 503 and Retry-After.
	MemoryBudget int64
	// MemoryLimit is the soft memory limit (runtime/debug.SetMemoryLimit)
	// Serve sets for the process while it runs, and puts back when it
	// returns: near it the garbage collector runs more often, instead of
	// letting the heap grow to twice the live data (two 15 MB pages
	// extracted at once into every format have some 380 MB live). It is
	// soft: an extraction that needs more gets it. 0:
	// DefaultMemoryLimit(Workers, MemoryBudget); negative: none (the
	// runtime's own, math.MaxInt64 unless GOMEMLIMIT sets one). With
	// GOMEMLIMIT in the environment, Serve leaves the limit alone.
	MemoryLimit int64
	// Timeout bounds one request from the end of its body to its
	// response: fetching, waiting for a worker, extracting and rendering
	// the parts asked for (DefaultTimeout when 0). Past it the answer is
	// 503.
	Timeout time.Duration
	// ReadTimeout bounds reading a request, body included
	// (DefaultReadTimeout when 0); IdleTimeout a kept-alive connection's
	// wait for the next request (DefaultIdleTimeout when 0).
	ReadTimeout, IdleTimeout time.Duration
	// UploadStallTimeout is the longest wait for each 16 KiB of a request
	// body (DefaultUploadStallTimeout when 0): a body that arrives slower
	// is cut with 408, so a connection that announces a body and stalls
	// holds its first 16 KiB of the memory budget only that long. The
	// reservation grows with the bytes that arrive.
	UploadStallTimeout time.Duration
	// WriteTimeout bounds a request from the end of its headers to the end
	// of its response: reading the body, waiting, extracting and writing
	// (ReadTimeout + Timeout + 5 s when 0, so that a request within
	// those limits is answered).
	WriteTimeout time.Duration
	// Logger logs requests that fail on the server's side and the start
	// and end of Serve (slog.Default() when nil).
	Logger *slog.Logger
	// Token, when not empty, is required of every /v1/ call as the header
	// "Authorization: Bearer <Token>" (401 otherwise). The page at /
	// stays open; opened as /#token=<Token> it sends the token with its
	// calls.
	Token string
	// Hosts are the names, besides the address it is reached on and the
	// loopback names (localhost, 127.0.0.0/8, [::1]), that a request's
	// Host may give (a port in them is ignored). A request with any other
	// Host is answered 421 Misdirected Request: a page on an attacker's
	// name that comes to resolve to the server (DNS rebinding) cannot use
	// it.
	Hosts []string
	// Labels, when not nil, is the folder POST /v1/label saves labeled
	// pages into (boilernet serve -label-dir); nil: the route answers 404
	// and the page offers no label mode.
	Labels *labelset.Dir
}

// registry resolves the methods of requests: the bilstm methods with the
// classifier and model of ex, the tree method with tree.
func registry(ex *infer.Extractor, tree func() (*shallow.Tree, error)) *methods.Registry {
	return methods.New(methods.Config{
		BiLSTM: ex.Classifier(),
		Model: func() (*ensemble.Model, error) {
			if md := ex.Model(); md != nil {
				return md, nil
			}
			return nil, errors.New("serve: the extractor has no neural model")
		},
		Tree: tree,
	})
}

// Server is the HTTP server. It is an http.Handler; Serve runs it on a
// listener with the configured timeouts.
type Server struct {
	cfg     Config
	methods *methods.Registry // runs the methods on cfg.Extractor and cfg.Tree
	// places bounds the admitted requests (Workers+Queue), workers the
	// extractions, budget the bytes held (see admit).
	places, workers *semaphore.Weighted
	budget          *budget
	tokenHash       []byte          // sha256 of Config.Token; nil without one
	hosts           map[string]bool // Config.Hosts, as hostName gives them
	stopping        atomic.Bool
	metrics         *metrics
	routes          map[string]route
	log             *slog.Logger
	// crossOrigin refuses requests that a browser sends on behalf of
	// another site (a page the user visits posting to a server on their
	// machine): "simple" requests need no CORS preflight.
	crossOrigin *http.CrossOriginProtection
}

type route struct {
	method string
	name   string // metrics label
	h      http.HandlerFunc
}

// New returns a Server for cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Extractor == nil {
		return nil, errors.New("serve: Config.Extractor is nil")
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Workers > MaxWorkers || cfg.Queue > MaxQueue {
		return nil, fmt.Errorf("serve: Workers %d or Queue %d over its limit (%d, %d)", cfg.Workers, cfg.Queue, MaxWorkers, MaxQueue)
	}
	switch {
	case cfg.Queue == 0:
		cfg.Queue = 4 * cfg.Workers
	case cfg.Queue < 0:
		cfg.Queue = 0
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = DefaultReadTimeout
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	if cfg.UploadStallTimeout <= 0 {
		cfg.UploadStallTimeout = DefaultUploadStallTimeout
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = cfg.ReadTimeout + cfg.Timeout + 5*time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MemoryBudget == 0 {
		if cfg.MaxBody > math.MaxInt64/int64(cfg.Workers) {
			return nil, fmt.Errorf("serve: MaxBody %d × Workers %d overflows the default MemoryBudget: set one", cfg.MaxBody, cfg.Workers)
		}
		cfg.MemoryBudget = cfg.MaxBody * int64(cfg.Workers)
	}
	if cfg.MemoryBudget < cfg.MaxBody {
		return nil, fmt.Errorf("serve: MemoryBudget %d is less than MaxBody %d: a body of unknown length would never fit", cfg.MemoryBudget, cfg.MaxBody)
	}
	switch {
	case cfg.MemoryLimit == 0:
		cfg.MemoryLimit = DefaultMemoryLimit(cfg.Workers, cfg.MemoryBudget)
	case cfg.MemoryLimit < 0:
		cfg.MemoryLimit = math.MaxInt64
	}
	s := &Server{cfg: cfg, methods: registry(cfg.Extractor, cfg.Tree), metrics: newMetrics(), log: cfg.Logger, crossOrigin: http.NewCrossOriginProtection(),
		places: semaphore.NewWeighted(int64(cfg.Workers + cfg.Queue)), workers: semaphore.NewWeighted(int64(cfg.Workers))}
	s.budget = newBudget(cfg.MemoryBudget, s.metrics.reserved)
	s.metrics.budget.Set(float64(cfg.MemoryBudget))
	s.hosts = map[string]bool{}
	for _, h := range cfg.Hosts {
		if h = strings.TrimSpace(h); h != "" {
			s.hosts[hostName(h)] = true
		}
	}
	if cfg.Token != "" {
		sum := sha256.Sum256([]byte(cfg.Token))
		s.tokenHash = sum[:]
	}
	mh := s.metrics.handler()
	s.routes = map[string]route{
		"/":           {http.MethodGet, "page", s.page},
		"/v1/extract": {http.MethodPost, "extract", s.extract},
		"/v1/info":    {http.MethodGet, "info", s.info},
		"/v1/label":   {http.MethodPost, "label", s.label},
		"/healthz":    {http.MethodGet, "healthz", s.healthz},
		"/metrics":    {http.MethodGet, "metrics", mh.ServeHTTP},
	}
	return s, nil
}

// ServeHTTP routes a request, answers unknown paths and methods with JSON
// errors, turns a panic into a 500, and records the request's metrics.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	rt, ok := s.routes[r.URL.Path]
	name := rt.name
	if !ok {
		name = "other"
	}
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Error("panic serving request", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
			if sw.status == 0 {
				writeError(sw, http.StatusInternalServerError, "internal error")
			}
		}
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		s.metrics.observe(name, sw.status, start)
	}()
	h := sw.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	switch {
	case !s.hostAllowed(r):
		s.metrics.rejected.WithLabelValues("host").Inc()
		writeError(sw, http.StatusMisdirectedRequest, misdirected(r.Host))
	case strings.HasPrefix(r.URL.Path, "/v1/") && !s.authorized(r):
		h.Set("WWW-Authenticate", `Bearer realm="boilernet"`)
		s.metrics.rejected.WithLabelValues("unauthorized").Inc()
		writeError(sw, http.StatusUnauthorized, "missing or wrong token: send the header Authorization: Bearer <token>")
	case !ok:
		writeError(sw, http.StatusNotFound, fmt.Sprintf("no such path %q", r.URL.Path))
	case s.crossOrigin.Check(r) != nil:
		writeError(sw, http.StatusForbidden, "cross-origin request refused: a browser sent it for another site (Sec-Fetch-Site or Origin)")
	case r.Method != rt.method && !(rt.method == http.MethodGet && r.Method == http.MethodHead):
		h.Set("Allow", rt.method)
		writeError(sw, http.StatusMethodNotAllowed, fmt.Sprintf("%s wants %s, not %s", r.URL.Path, rt.method, r.Method))
	default:
		rt.h(sw, r)
	}
}

// Info is the answer of GET /v1/info.
type Info struct {
	Methods   []string `json:"methods"`
	Filters   []string `json:"filters"`
	Formats   []string `json:"formats"`
	Decodings []string `json:"decodings"`
	// Threshold is the probability the threshold and blocks decodings
	// compare each block with when a request gives none.
	Threshold float64 `json:"threshold"`
	Fetch     bool    `json:"fetch"` // whether a URL alone is fetched
	MaxBody   int64   `json:"max_body"`
	// MemoryBudget is the bytes of bodies and fetched pages held at once.
	MemoryBudget int64 `json:"memory_budget"`
	// Networks is the number of networks whose probabilities the bilstm
	// method averages: 2 with the embedded model, 0 without a neural one.
	Networks int `json:"networks"`
	// Label tells whether the server saves labeled pages (POST /v1/label).
	Label bool `json:"label"`
}

func (s *Server) info(w http.ResponseWriter, r *http.Request) {
	var networks int
	if md := s.cfg.Extractor.Model(); md != nil {
		networks = len(md.Nets())
	}
	writeJSON(w, http.StatusOK, Info{Methods: methods.Names(), Filters: methods.Filters(), Formats: Formats(),
		Decodings: append(decode.Names(), decode.Steps()...),
		Threshold: decode.DefaultThreshold, Fetch: s.cfg.Fetch != nil, MaxBody: s.cfg.MaxBody,
		MemoryBudget: s.cfg.MemoryBudget, Networks: networks, Label: s.cfg.Labels != nil})
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	if s.stopping.Load() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "shutting down"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// Serve answers requests on ln until ctx ends, then stops accepting
// connections, finishes the requests in flight (waiting up to Timeout plus
// ReadTimeout for them) and returns nil; or it returns the listener's
// error.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	limit, restore := s.setMemoryLimit()
	defer restore()
	srv := s.httpServer()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	s.log.Info("serving", "addr", "http://"+ln.Addr().String(), "workers", s.cfg.Workers, "queue", s.cfg.Queue,
		"memory_budget", s.cfg.MemoryBudget, "memory_limit", limit, "token", s.tokenHash != nil)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.stopping.Store(true)
	s.log.Info("shutting down: finishing the requests in flight")
	grace, cancel := context.WithTimeout(context.Background(), s.cfg.Timeout+s.cfg.ReadTimeout)
	defer cancel()
	err := srv.Shutdown(grace)
	if err != nil {
		srv.Close()
		err = fmt.Errorf("shutdown: %w", err)
	}
	if serr := <-errc; serr != nil && !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// setMemoryLimit sets Config.MemoryLimit as the process's soft memory
// limit, unless GOMEMLIMIT sets one or the limit is none. It returns the
// limit in force, for the log, and a function that puts back the one
// before.
func (s *Server) setMemoryLimit() (string, func()) {
	if env := os.Getenv("GOMEMLIMIT"); env != "" {
		return "GOMEMLIMIT=" + env, func() {}
	}
	if s.cfg.MemoryLimit == math.MaxInt64 {
		return "none", func() {}
	}
	prev := debug.SetMemoryLimit(s.cfg.MemoryLimit)
	return fmt.Sprintf("%d MiB", s.cfg.MemoryLimit>>20), func() { debug.SetMemoryLimit(prev) }
}

// ListenAndServe listens on addr (host:port) and runs Serve.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln)
}

func (s *Server) httpServer() *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: min(10*time.Second, s.cfg.ReadTimeout),
		ReadTimeout:       s.cfg.ReadTimeout,
		// From the end of the headers: the body, the wait, the extraction.
		WriteTimeout:   s.cfg.WriteTimeout,
		IdleTimeout:    s.cfg.IdleTimeout,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// statusWriter remembers the status code written.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := encodeJSON(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"internal error"}`+"\n")
	}
	writeJSONBytes(w, status, b)
}

// encodeJSON encodes v as the server's answers are: HTML characters as
// they are, a newline at the end.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return buf.Bytes(), err
}

// writeJSONBytes answers with encoded JSON.
func writeJSONBytes(w http.ResponseWriter, status int, b []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
}

// ErrorResponse is the body of every error.
type ErrorResponse struct {
	Error string `json:"error"`
}

func writeError(w http.ResponseWriter, status int, msg string) {
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, status, ErrorResponse{Error: strings.TrimSpace(msg)})
}
