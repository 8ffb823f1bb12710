package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
)

// Response is the answer of POST /v1/extract: the record of boilernet
// extract -format json (file, title, text, metadata, links, images,
// encoding, blocks) and the parts asked for.
type Response struct {
	File string `json:"file"`
	infer.Record
	Encoding string        `json:"encoding,omitempty"`
	Blocks   []infer.Block `json:"blocks,omitempty"` // format json
	Markdown string        `json:"markdown,omitempty"`
	// HTML is the page with its blocks highlighted and its active content
	// removed, for a sandboxed iframe's srcdoc (format html).
	HTML   string `json:"html,omitempty"`
	URL    string `json:"url,omitempty"` // the page's address (after redirects when fetched)
	Method string `json:"method"`
	Stats  Stats  `json:"stats"`
}

// Stats describe one extraction.
type Stats struct {
	Blocks        int     `json:"blocks"`
	ContentBlocks int     `json:"content_blocks"`
	Bytes         int     `json:"bytes"`
	Milliseconds  float64 `json:"ms"` // extraction and rendering, without queueing or fetching
}

// errTimeout and errBusy are the 503s of the worker bound.
var (
	errBusy    = &requestError{http.StatusServiceUnavailable, "server busy: too many requests waiting; retry later"}
	errTimeout = &requestError{http.StatusServiceUnavailable, "timed out"}
)

func (s *Server) extract(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	req, err := ParseRequest(r, s.cfg.MaxBody)
	if err != nil {
		s.fail(w, err)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
	defer cancel()
	ex, opts, method, err := s.resolve(req)
	if err != nil {
		s.fail(w, err)
		return
	}
	if req.HTML == nil {
		if s.cfg.Fetch == nil {
			s.fail(w, &requestError{http.StatusNotImplemented, `this server does not fetch URLs: send the page as "html" (with "url" as the base for its links)`})
			return
		}
		page, charset, final, err := s.cfg.Fetch(ctx, req.URL)
		if err != nil {
			s.fail(w, fetchError(ctx, err))
			return
		}
		req.HTML, req.Charset = page, charset
		if final != "" {
			req.URL = final
		}
	}
	opts.Charset, opts.URL = req.Charset, req.URL
	opts.Metadata, opts.Links, opts.Images = req.Options.Metadata, req.Options.Links, req.Options.Images
	if err := s.acquire(ctx); err != nil {
		s.fail(w, err)
		return
	}
	done := make(chan result, 1)
	go func() {
		defer s.release()
		defer func() {
			if v := recover(); v != nil {
				s.log.Error("panic in extraction", "panic", v)
				done <- result{err: &requestError{http.StatusInternalServerError, "internal error"}}
			}
		}()
		resp, err := s.run(ctx, ex, opts, req)
		if resp != nil {
			resp.Method = method
		}
		done <- result{resp, err}
	}()
	select {
	case res := <-done:
		if res.err != nil {
			s.fail(w, res.err)
			return
		}
		writeJSON(w, http.StatusOK, res.resp)
	case <-ctx.Done():
		// The extraction stops at its next step and keeps its worker
		// until then, so the bound on work holds; this request is
		// answered now.
		s.fail(w, fmt.Errorf("extraction %w after %v", errTimeout, s.cfg.Timeout))
	}
}

type result struct {
	resp *Response
	err  error
}

// acquire waits for a worker, in the queue when there is room in it.
func (s *Server) acquire(ctx context.Context) error {
	select {
	case s.sem <- struct{}{}:
		s.metrics.inFlight.Inc()
		return nil
	default:
	}
	if s.waiting.Add(1) > int64(s.cfg.Queue) {
		s.waiting.Add(-1)
		return errBusy
	}
	s.metrics.queued.Inc()
	defer func() {
		s.waiting.Add(-1)
		s.metrics.queued.Dec()
	}()
	select {
	case s.sem <- struct{}{}:
		s.metrics.inFlight.Inc()
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for a worker: %w after %v", errTimeout, s.cfg.Timeout)
	}
}

func (s *Server) release() {
	s.metrics.inFlight.Dec()
	<-s.sem
}

// fail answers with err's status, counting refusals by reason; an error
// without a status is a 500 with a generic message (details go to the
// log).
func (s *Server) fail(w http.ResponseWriter, err error) {
	var re *requestError
	if !errors.As(err, &re) {
		s.log.Error("request failed", "error", err)
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	switch {
	case re.status == http.StatusBadGateway || re.status == http.StatusForbidden:
		s.metrics.rejected.WithLabelValues("fetch").Inc()
	case re.status == http.StatusRequestEntityTooLarge:
		s.metrics.rejected.WithLabelValues("too_large").Inc()
	case re == errBusy:
		s.metrics.rejected.WithLabelValues("busy").Inc()
	case errors.Is(err, errTimeout):
		s.metrics.rejected.WithLabelValues("timeout").Inc()
	case re.status < 500:
		s.metrics.rejected.WithLabelValues("bad_request").Inc()
	}
	if re.status == http.StatusRequestEntityTooLarge || re.status == http.StatusRequestTimeout {
		w.Header().Set("Connection", "close")
	}
	writeError(w, re.status, err.Error())
}

// resolve picks the extractor and options of a request's method.
func (s *Server) resolve(req *Request) (*infer.Extractor, infer.Options, string, error) {
	o := req.Options
	method := o.Method
	if method == "" {
		method = "bilstm"
	}
	opts := infer.Options{Threshold: o.Threshold, FilterDepth: o.FilterDepth, KeepHeadline: o.KeepHeadline}
	name, decoding, hasDecoding := strings.Cut(method, ":")
	if o.Decode != "" {
		if hasDecoding {
			return nil, opts, "", badRequest("give the decoding in decode or after the method's colon, not both")
		}
		decoding, hasDecoding = o.Decode, true
	}
	if hasDecoding {
		if name != "bilstm" {
			return nil, opts, "", badRequest("decode %q: only bilstm has decodings", decoding)
		}
		d, err := infer.ParseDecoding(decoding)
		if err != nil {
			return nil, opts, "", badRequest("%v", err)
		}
		opts.Decode = d
	}
	if name == "bilstm" && (o.Filter == "" || o.Filter == "ancestor") {
		// The model's own extractor, with the probabilities.
		opts.Filter = o.Filter == "ancestor"
		return s.cfg.Extractor, opts, method, nil
	}
	if !slices.Contains(s.cfg.Methods, name) {
		return nil, opts, "", badRequest("unknown method %q (known: %s)", name, strings.Join(s.cfg.Methods, ", "))
	}
	if o.Filter != "" && !slices.Contains(s.cfg.Filters, o.Filter) {
		return nil, opts, "", badRequest("unknown filter %q (known: %s)", o.Filter, strings.Join(s.cfg.Filters, ", "))
	}
	ex, opts, err := s.cfg.Resolve(name, o.Filter, opts)
	if err != nil {
		return nil, opts, "", badRequest("%v", err)
	}
	if o.Filter != "" {
		method += "+" + o.Filter
	}
	return ex, opts, method, nil
}

// run extracts a page and builds the response parts asked for, until ctx
// is done.
func (s *Server) run(ctx context.Context, ex *infer.Extractor, opts infer.Options, req *Request) (*Response, error) {
	start := time.Now()
	res, err := ex.ExtractBytesContext(ctx, req.HTML, opts)
	if ctx.Err() != nil {
		return nil, fmt.Errorf("extraction %w after %v", errTimeout, s.cfg.Timeout)
	}
	if err != nil {
		// The page is not one the library can read (empty, binary,
		// compressed): the input's fault.
		return nil, &requestError{http.StatusUnprocessableEntity, err.Error()}
	}
	file := req.Name
	if file == "" {
		file = req.URL
	}
	resp := &Response{File: file, Record: res.Record(),
		Encoding: res.Encoding, URL: req.URL, Stats: Stats{Blocks: len(res.Blocks), Bytes: len(req.HTML)}}
	for _, b := range res.Blocks {
		if b.Content {
			resp.Stats.ContentBlocks++
		}
	}
	s.metrics.blocks.Observe(float64(len(res.Blocks)))
	if req.Wants("json") {
		resp.Blocks = res.Blocks
	}
	if req.Wants("markdown") {
		resp.Markdown = res.Markdown()
	}
	if req.Wants("html") { // last: it changes the DOM
		var sb strings.Builder
		if err := writeHighlighted(&sb, res, req.URL); err != nil {
			return nil, err
		}
		resp.HTML = sb.String()
	}
	resp.Stats.Milliseconds = float64(time.Since(start).Microseconds()) / 1000
	return resp, nil
}

// fetchError gives a failed fetch its status: 403 for an address the
// guard refuses, 400 for a bad URL, 413 for a page over the limit, 422
// for one that is not HTML, 503 when the request's time ran out, and 502
// for the rest (an error status, a network failure).
func fetchError(ctx context.Context, err error) error {
	status := http.StatusBadGateway
	switch {
	case errors.Is(err, fetch.ErrForbiddenAddress):
		status = http.StatusForbidden
	case errors.Is(err, fetch.ErrBadURL):
		status = http.StatusBadRequest
	case errors.Is(err, fetch.ErrTooLarge):
		status = http.StatusRequestEntityTooLarge
	case errors.Is(err, fetch.ErrNotHTML):
		status = http.StatusUnprocessableEntity
	case ctx.Err() != nil:
		return fmt.Errorf("fetching: %w: %v", errTimeout, err)
	}
	return &requestError{status, err.Error()}
}

// FetchWith returns a Fetcher over a fetch.Client (which should refuse
// private addresses, fetch.Options.DenyPrivate, unless the server is
// meant to reach them).
func FetchWith(c *fetch.Client) Fetcher {
	return func(ctx context.Context, url string) ([]byte, string, string, error) {
		p, err := c.Get(ctx, url)
		if err != nil {
			return nil, "", "", err
		}
		return p.Body, p.Charset, p.URL, nil
	}
}
