package serve

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/render"
)

// Response is the answer of POST /v1/extract: the page's record as
// boilernet extract -format json writes it (render.Record: file, url,
// title, text, metadata, links, images, comments, encoding, and the
// blocks for format json), then the parts asked for.
type Response struct {
	render.Record
	Markdown string `json:"markdown,omitempty"`
	// HTML is the page with its blocks highlighted and its active content
	// removed, for a sandboxed iframe's srcdoc (format html).
	HTML string `json:"html,omitempty"`
	// XML and TEI are the content's structure as an XML document and as a
	// TEI P5 document (formats xml and tei; see render.XML and
	// render.TEI).
	XML string `json:"xml,omitempty"`
	TEI string `json:"tei,omitempty"`
	// Source is the page's bytes as extracted (base64; format source),
	// fetched or sent, and Charset the charset label they came with ("" for
	// none): what POST /v1/label takes back with the labels.
	Source  []byte `json:"source,omitempty"`
	Charset string `json:"charset,omitempty"`
	Method  string `json:"method"`
	Stats   Stats  `json:"stats"`

	// encoded holds parts rendered straight into their JSON encoding
	// (jsonEscaper), for encodeResponse; their fields hold a placeholder.
	encoded []encodedPart
}

// encodedPart is a part of a response rendered as its JSON encoding
// (without quotes), in pieces, and the field it is the value of.
type encodedPart struct {
	dst *string
	out [][]byte
}

// Stats describe one extraction.
type Stats struct {
	Blocks        int     `json:"blocks"`
	ContentBlocks int     `json:"content_blocks"`
	Bytes         int     `json:"bytes"`
	Milliseconds  float64 `json:"ms"` // extraction and rendering, without queueing or fetching
}

// errTimeout is the 503 of a request past its deadline.
var errTimeout = &requestError{http.StatusServiceUnavailable, "timed out"}

func (s *Server) extract(w http.ResponseWriter, r *http.Request) {
	ct, err := checkContentType(r, s.cfg.MaxBody)
	if err != nil {
		s.fail(w, err)
		return
	}
	t, err := s.admit(r.ContentLength)
	if err != nil {
		w.Header().Set("Connection", "close") // its body is not read
		s.fail(w, err)
		return
	}
	defer t.done()
	req, err := s.readRequest(w, r, ct, t)
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
		if err := s.fetchPage(ctx, req, t); err != nil {
			s.fail(w, err)
			return
		}
	}
	opts.Charset, opts.URL = req.Charset, req.URL
	opts.Metadata, opts.Links, opts.Images, opts.Comments = req.Options.WantsMetadata(), req.Options.Links, req.Options.Images, req.Options.Comments
	if err := s.acquireWorker(ctx); err != nil {
		s.fail(w, err)
		return
	}
	t.hold()
	done := make(chan result, 1)
	go func() {
		defer t.done()
		defer s.releaseWorker()
		defer func() {
			if v := recover(); v != nil {
				s.log.Error("panic in extraction", "panic", v)
				done <- result{err: &requestError{http.StatusInternalServerError, "internal error"}}
			}
		}()
		body, err := s.respond(ctx, ex, opts, req, method)
		done <- result{body, err}
	}()
	select {
	case res := <-done:
		if res.err != nil {
			s.fail(w, res.err)
			return
		}
		writeJSONBytes(w, http.StatusOK, res.body[0])
		for _, b := range res.body[1:] {
			if _, err := w.Write(b); err != nil {
				break
			}
		}
	case <-ctx.Done():
		// The extraction stops at its next step and keeps its worker,
		// place and bytes until then, so the bounds hold; this request is
		// answered now.
		s.fail(w, fmt.Errorf("extraction %w after %v", errTimeout, s.cfg.Timeout))
	}
}

// result is a worker's answer: the encoded response or an error.
type result struct {
	body [][]byte // the encoded response, in pieces
	err  error
}

// readRequest reads an admitted request's body, its reservation growing
// as the bytes arrive and its upload cut when it stalls, takes a place
// and parses it; the ticket then keeps only the page's bytes.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request, ct contentType, t *ticket) (*Request, error) {
	sr := newStallReader(w, http.MaxBytesReader(w, r.Body, s.cfg.MaxBody), s.cfg.UploadStallTimeout, time.Now().Add(s.cfg.ReadTimeout))
	body, err := readBody(sr, s.cfg.MaxBody, r.ContentLength, t.keep)
	sr.done()
	if err != nil {
		w.Header().Set("Connection", "close") // the rest of the body is not read
		return nil, err
	}
	if err := t.place(); err != nil {
		return nil, err
	}
	req, err := parseBody(r, ct, body)
	if err != nil {
		return nil, err
	}
	if !t.keep(int64(len(req.HTML))) {
		return nil, errMemory
	}
	return req, nil
}

// fetchPage fetches the page of a request that names only its URL, within
// the memory budget; the ticket keeps the page's bytes.
func (s *Server) fetchPage(ctx context.Context, req *Request, t *ticket) error {
	if s.cfg.Fetch == nil {
		return &requestError{http.StatusNotImplemented, `this server does not fetch URLs: send the page as "html" (with "url" as the base for its links)`}
	}
	page, charset, final, err := s.cfg.Fetch(ctx, req.URL, s.budget)
	if err != nil {
		return fetchError(ctx, err)
	}
	t.add(int64(len(page)))
	req.HTML, req.Charset = page, charset
	if final != "" {
		req.URL = final
	}
	return nil
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
	case re == errMemory:
		s.metrics.rejected.WithLabelValues("memory").Inc()
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

// resolve parses a request's method (methods.Parse, which checks it) and
// returns its extractor, the options to run it with, and the method's
// name for the response: its spec (methods.Method.String), with the
// decoding, threshold, filter and filter depth the request gives.
func (s *Server) resolve(req *Request) (*infer.Extractor, infer.Options, string, error) {
	o := req.Options
	opts := infer.Options{KeepHeadline: o.KeepHeadline}
	m, err := methods.Parse(o.Method, methods.Params{Decoding: o.Decode, Filter: o.Filter, Threshold: o.Threshold, FilterDepth: o.FilterDepth})
	if err != nil {
		return nil, opts, "", badRequest("%v", err)
	}
	ex, err := infer.ForMethod(s.methods, m)
	if err != nil {
		return nil, opts, "", badRequest("%v", err)
	}
	return ex, opts, m.String(), nil
}

// respond extracts a page and encodes the response with the parts asked
// for, until ctx is done.
func (s *Server) respond(ctx context.Context, ex *infer.Extractor, opts infer.Options, req *Request, method string) ([][]byte, error) {
	resp, err := s.run(ctx, ex, opts, req)
	if err != nil {
		return nil, err
	}
	resp.Method = method
	body, err := encodeResponse(resp)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, s.renderTimeout()
	}
	return body, nil
}

// run extracts a page and builds the response parts asked for, until ctx
// is done.
func (s *Server) run(ctx context.Context, ex *infer.Extractor, opts infer.Options, req *Request) (*Response, error) {
	start := time.Now()
	res, err := ex.ExtractBytes(ctx, req.HTML, opts)
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
	resp := &Response{Record: render.NewRecord(file, res), Stats: Stats{Blocks: len(res.Blocks), Bytes: len(req.HTML)}}
	resp.Encoding = res.Encoding
	for _, b := range res.Blocks {
		if b.Content {
			resp.Stats.ContentBlocks++
		}
	}
	s.metrics.blocks.Observe(float64(len(res.Blocks)))
	if err := s.render(ctx, resp, res, req); err != nil {
		return nil, err
	}
	resp.Stats.Milliseconds = float64(time.Since(start).Microseconds()) / 1000
	return resp, nil
}

// render adds the parts asked for to resp, and stops with a timeout error
// when ctx is done: between the parts and within the highlighted page.
func (s *Server) render(ctx context.Context, resp *Response, res *infer.Result, req *Request) error {
	if req.Wants("json") {
		resp.Blocks = res.Blocks
	}
	if req.Wants("source") {
		resp.Source, resp.Charset = req.HTML, req.Charset
	}
	if req.Wants("markdown") {
		if ctx.Err() != nil {
			return s.renderTimeout()
		}
		resp.Markdown = render.Markdown(res)
	}
	for _, part := range []struct {
		name  string
		write func(io.Writer, *infer.Result) error
		dst   *string
	}{{"xml", render.XML, &resp.XML}, {"tei", render.TEI, &resp.TEI}} {
		if !req.Wants(part.name) {
			continue
		}
		if ctx.Err() != nil {
			return s.renderTimeout()
		}
		var e jsonEscaper
		if err := part.write(&e, res); err != nil {
			return err
		}
		resp.addEncoded(part.dst, &e)
	}
	if req.Wants("html") {
		var e jsonEscaper
		if err := render.Highlight(ctx, &e, res, render.HighlightOptions{Frame: true}); err != nil {
			if ctx.Err() != nil {
				return s.renderTimeout()
			}
			return err
		}
		resp.addEncoded(&resp.HTML, &e)
	}
	if ctx.Err() != nil {
		return s.renderTimeout()
	}
	return nil
}

func (s *Server) renderTimeout() error {
	return fmt.Errorf("rendering %w after %v", errTimeout, s.cfg.Timeout)
}

// fetchError gives a failed fetch its status: 403 for an address the
// guard refuses, 400 for a bad URL, 413 for a page over the limit, 422
// for one that is not HTML, 503 when the memory budget has no room for
// the page or the request's time ran out, and 502 for the rest (an error
// status, a network failure).
func fetchError(ctx context.Context, err error) error {
	status := http.StatusBadGateway
	switch {
	case errors.Is(err, fetch.ErrOverBudget):
		return fmt.Errorf("fetching the page: %w", errMemory)
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
// meant to reach them). The client's MaxBytes should be at most the
// server's MemoryBudget, or a page of unknown length never fits.
func FetchWith(c *fetch.Client) Fetcher {
	return func(ctx context.Context, url string, budget fetch.Budget) ([]byte, string, string, error) {
		p, err := c.GetWithin(ctx, url, budget)
		if err != nil {
			return nil, "", "", err
		}
		return p.Body, p.Charset, p.URL, nil
	}
}

// longPart is how long a string of a response (its text, Markdown,
// highlighted page, XML, TEI) or its source must be to be encoded apart,
// piece by piece (encodeResponse); its blocks are, from longPart/64 of
// them.
const longPart = 64 << 10

// encodeResponse encodes resp as encodeJSON does, in pieces of about a
// MiB: its long parts are escaped a piece at a time straight into the
// answer and let go of once written, so that the answer is not built
// whole twice, nor grown by doubling, next to the parts it is made of
// (a 16 MiB page's answer peaked at several times its size). Each long
// part is first replaced by a placeholder no page can hold (a random
// nonce), which the encoding of the rest then locates.
func encodeResponse(resp *Response) ([][]byte, error) {
	type part struct {
		mark    []byte // the placeholder as encoded
		str     string
		encoded [][]byte      // the string already encoded (addEncoded)
		raw     []byte        // Source, base64 in JSON
		blocks  []infer.Block // Blocks, a JSON array
	}
	nonce := rand.Uint64()
	var parts []part
	for i, p := range []*string{&resp.Text, &resp.Markdown, &resp.HTML, &resp.XML, &resp.TEI} {
		var encoded [][]byte
		for _, e := range resp.encoded {
			if e.dst == p {
				encoded = e.out
			}
		}
		if encoded == nil && len(*p) < longPart {
			continue
		}
		mark := fmt.Sprintf("\x00boilernet-%016x-%d", nonce, i)
		parts = append(parts, part{mark: []byte(`"\u0000` + mark[1:] + `"`), str: *p, encoded: encoded})
		*p = mark
	}
	resp.encoded = nil
	if len(resp.Source) >= longPart {
		mark := fmt.Appendf(nil, "boilernet-%016x-source", nonce) // 30 bytes: base64 without padding
		parts = append(parts, part{mark: []byte(`"` + base64.StdEncoding.EncodeToString(mark) + `"`), raw: resp.Source})
		resp.Source = mark
	}
	if len(resp.Blocks) >= longPart/64 {
		// One block in the skeleton, whose encoding is found there.
		mark := []infer.Block{{Text: fmt.Sprintf("\x00boilernet-%016x-blocks", nonce)}}
		enc, err := encodeJSON(mark)
		if err != nil {
			return nil, err
		}
		parts = append(parts, part{mark: enc[:len(enc)-1], blocks: resp.Blocks})
		resp.Blocks = mark
	}
	skeleton, err := encodeJSON(resp)
	if err != nil || len(parts) == 0 {
		return [][]byte{skeleton}, err
	}
	// The placeholders in the order they come in the skeleton.
	at := make([]int, len(parts))
	for i, p := range parts {
		if at[i] = bytes.Index(skeleton, p.mark); at[i] < 0 {
			return nil, fmt.Errorf("encoding the response: part %d not found", i)
		}
	}
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return at[a] - at[b] })
	var out pieces
	last := 0
	for _, i := range order {
		out.write(skeleton[last:at[i]])
		switch p := parts[i]; {
		case p.blocks != nil:
			out.write([]byte{'['})
			for k := range p.blocks {
				if k > 0 {
					out.write([]byte{','})
				}
				b, err := encodeJSON(&p.blocks[k])
				if err != nil {
					return nil, err
				}
				out.write(b[:len(b)-1])
			}
			out.write([]byte{']'})
		case p.raw != nil:
			out.write([]byte{'"'})
			out.base64(p.raw)
			out.write([]byte{'"'})
		case p.encoded != nil:
			out.write([]byte{'"'})
			for k, b := range p.encoded {
				out.write(b)
				p.encoded[k] = nil // let go of it
			}
			out.write([]byte{'"'})
		default:
			out.write([]byte{'"'})
			if err := out.jsonString(p.str); err != nil {
				return nil, err
			}
			out.write([]byte{'"'})
		}
		last = at[i] + len(parts[i].mark)
		parts[i] = part{} // let go of it
	}
	out.write(skeleton[last:])
	if len(out.cur) > 0 {
		out.done = append(out.done, out.cur)
	}
	return out.done, nil
}

// pieces is an answer being written in pieces of about pieceSize.
type pieces struct {
	done [][]byte
	cur  []byte
}

const pieceSize = 1 << 20

func (p *pieces) write(b []byte) {
	for len(b) > 0 {
		if p.cur == nil {
			p.cur = make([]byte, 0, pieceSize)
		}
		n := min(len(b), cap(p.cur)-len(p.cur))
		p.cur = append(p.cur, b[:n]...)
		b = b[n:]
		if len(p.cur) == cap(p.cur) {
			p.done = append(p.done, p.cur)
			p.cur = nil
		}
	}
}

// jsonString writes s's JSON encoding without its quotes, as encodeJSON
// escapes it, a piece at a time: cut before a byte that is not a UTF-8
// continuation byte, which no valid sequence before it can take, each
// piece escapes as it would in the whole string (invalid bytes too).
func (p *pieces) jsonString(s string) error {
	const step = 256 << 10
	for len(s) > 0 {
		n := min(len(s), step)
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n++
		}
		b, err := encodeJSON(s[:n])
		if err != nil {
			return err
		}
		p.write(b[1 : len(b)-2]) // without the quotes and encodeJSON's newline
		s = s[n:]
	}
	return nil
}

// base64 writes b in standard base64 (as encoding/json writes a []byte)
// without quotes, a piece at a time.
func (p *pieces) base64(b []byte) {
	const step = 3 * (64 << 10) // a multiple of 3: no padding inside
	buf := make([]byte, base64.StdEncoding.EncodedLen(step))
	for len(b) > 0 {
		n := min(len(b), step)
		m := base64.StdEncoding.EncodedLen(n)
		base64.StdEncoding.Encode(buf[:m], b[:n])
		p.write(buf[:m])
		b = b[n:]
	}
}

// addEncoded makes e's encoding the value of resp's field dst: the field
// holds a placeholder until encodeResponse writes it, or nothing when e
// wrote nothing (as an empty part, omitted).
func (resp *Response) addEncoded(dst *string, e *jsonEscaper) {
	e.flush()
	if e.n == 0 {
		*dst = ""
		return
	}
	*dst = "\x00" // not empty: the field is encoded, its value then replaced
	if len(e.out.cur) > 0 {
		e.out.done = append(e.out.done, e.out.cur)
	}
	resp.encoded = append(resp.encoded, encodedPart{dst, e.out.done})
}

// jsonEscaper is a writer of a string's JSON encoding (without quotes, as
// encodeJSON escapes it) in pieces: a part is rendered into it without
// being held as a string, grown by doubling, and then encoded again. A
// character cut between two writes is kept back until the next.
type jsonEscaper struct {
	out  pieces
	tail []byte // the start of a character the last write cut
	n    int    // bytes written
}

func (e *jsonEscaper) Write(b []byte) (int, error) {
	n := len(b)
	e.n += n
	if len(e.tail) > 0 {
		b = append(e.tail, b...)
		e.tail = nil
	}
	cut := len(b)
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				cut = i
			}
			break
		}
	}
	if cut < len(b) {
		e.tail = append([]byte(nil), b[cut:]...)
	}
	if err := e.out.jsonString(string(b[:cut])); err != nil {
		return 0, err
	}
	return n, nil
}

// flush writes the character kept back, cut as it is.
func (e *jsonEscaper) flush() {
	if len(e.tail) > 0 {
		e.out.jsonString(string(e.tail))
		e.tail = nil
	}
}
