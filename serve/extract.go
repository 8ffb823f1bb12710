package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Response is the answer of POST /v1/extract: the record of boilernet
// extract -format json (file, title, text, encoding, blocks) and the parts
// asked for.
type Response struct {
	File     string        `json:"file"`
	Title    string        `json:"title,omitempty"`
	Text     string        `json:"text"`
	Encoding string        `json:"encoding,omitempty"`
	Blocks   []infer.Block `json:"blocks,omitempty"` // format json
	Markdown string        `json:"markdown,omitempty"`
	// HTML is the page with its blocks highlighted and its active content
	// removed, for a sandboxed iframe's srcdoc (format html).
	HTML     string    `json:"html,omitempty"`
	Metadata *Metadata `json:"metadata,omitempty"`
	Links    []Link    `json:"links,omitempty"`
	URL      string    `json:"url,omitempty"` // the page's address (after redirects when fetched)
	Method   string    `json:"method"`
	Stats    Stats     `json:"stats"`
}

// Metadata is what the server knows of a page besides its text.
type Metadata struct {
	Title    string `json:"title,omitempty"`
	Language string `json:"language,omitempty"` // <html lang>
	Encoding string `json:"encoding,omitempty"`
	URL      string `json:"url,omitempty"`
}

// Link is a link in the content: its text and its address, resolved
// against the page's URL.
type Link struct {
	Text string `json:"text"`
	Href string `json:"href"`
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
		switch {
		case errors.Is(err, ErrBlocked):
			s.metrics.rejected.WithLabelValues("fetch").Inc()
			s.fail(w, &requestError{http.StatusForbidden, fmt.Sprintf("fetching %s: %v", req.URL, err)})
			return
		case ctx.Err() != nil:
			s.fail(w, fmt.Errorf("fetching %s: %w", req.URL, errTimeout))
			return
		case err != nil:
			s.metrics.rejected.WithLabelValues("fetch").Inc()
			s.fail(w, &requestError{http.StatusBadGateway, fmt.Sprintf("fetching %s: %v", req.URL, err)})
			return
		}
		req.HTML, req.Charset = page, charset
		if final != "" {
			req.URL = final
		}
	}
	opts.Charset = req.Charset
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
		resp, err := s.run(ex, opts, req)
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
		// The extraction goes on and keeps its worker until it ends, so
		// the bound on work holds; this request is answered now.
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

// fail answers with err's status (500 for an error without one, with a
// generic message: details go to the log).
func (s *Server) fail(w http.ResponseWriter, err error) {
	var re *requestError
	if !errors.As(err, &re) {
		if errors.Is(err, tokenize.ErrEmpty) || errors.Is(err, tokenize.ErrBinary) || errors.Is(err, tokenize.ErrGzip) {
			writeError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		s.log.Error("extraction failed", "error", err)
		writeError(w, http.StatusInternalServerError, "internal error: "+err.Error())
		return
	}
	switch {
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

// run extracts a page and builds the response parts asked for.
func (s *Server) run(ex *infer.Extractor, opts infer.Options, req *Request) (*Response, error) {
	start := time.Now()
	res, err := ex.ExtractBytes(req.HTML, opts)
	if err != nil {
		return nil, err
	}
	file := req.Name
	if file == "" {
		file = req.URL
	}
	resp := &Response{File: file, Title: res.Title, Text: res.Text, Encoding: res.Encoding, URL: req.URL,
		Stats: Stats{Blocks: len(res.Blocks), Bytes: len(req.HTML)}}
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
	page := res.Page()
	if req.Options.Metadata && page != nil {
		resp.Metadata = &Metadata{Title: res.Title, Encoding: res.Encoding, URL: req.URL, Language: language(page.Root)}
	}
	if req.Options.Links && page != nil {
		resp.Links = contentLinks(res, req.URL)
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

// language is the page's <html lang>.
func language(root *html.Node) string {
	if h := findElement(root, atom.Html); h != nil {
		for _, a := range h.Attr {
			if a.Key == "lang" {
				return strings.TrimSpace(a.Val)
			}
		}
	}
	return ""
}

// contentLinks lists the links whose text is in the content, in order,
// with their addresses resolved against base (the page's <base href> and
// then the request's URL).
func contentLinks(res *infer.Result, base string) []Link {
	page := res.Page()
	baseURL, _ := url.Parse(base)
	if b := findBaseHref(page.Root); b != "" {
		if u, err := url.Parse(b); err == nil {
			if baseURL != nil {
				u = baseURL.ResolveReference(u)
			}
			baseURL = u
		}
	}
	var links []Link
	var last *html.Node
	for i, b := range page.Blocks {
		if !res.Blocks[i].Content || !b.InLink {
			continue
		}
		var a *html.Node
		for p := b.Node.Parent; p != nil; p = p.Parent {
			if p.Type == html.ElementNode && p.DataAtom == atom.A {
				a = p
				break
			}
		}
		if a == nil {
			continue
		}
		if a == last {
			links[len(links)-1].Text += " " + b.Text
			continue
		}
		href := ""
		for _, at := range a.Attr {
			if at.Key == "href" {
				href = strings.TrimSpace(at.Val)
			}
		}
		if href == "" {
			continue
		}
		if u, err := url.Parse(href); err == nil && baseURL != nil {
			href = baseURL.ResolveReference(u).String()
		}
		links = append(links, Link{Text: b.Text, Href: href})
		last = a
	}
	return links
}
