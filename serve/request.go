package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// formats are the parts a response can hold besides the title and text:
// json (the blocks with their probabilities, as extract -format json),
// markdown, html (the page with its content highlighted, made safe to
// show in a sandboxed frame), xml and tei (the content's structure as
// extract -format xml and -format tei write it), source (the page's bytes
// as extracted, and the charset they were read with, for POST /v1/label).
// text is the title and text alone.
var formats = []string{"json", "text", "markdown", "html", "xml", "tei", "source"}

// Formats returns the response parts a request may ask for (see formats).
func Formats() []string { return slices.Clone(formats) }

// Options are the extraction options of one request: JSON
// {"options": {...}} or, for a raw page body, the query parameters of the
// same names.
type Options struct {
	// Method, Decode, Filter, Threshold and FilterDepth are the method's
	// spec and the parts given apart from it (methods.Parse, with
	// methods.Params): the zero values are the defaults.
	Method       string  `json:"method,omitempty"`
	Threshold    float64 `json:"threshold,omitempty"`
	Filter       string  `json:"filter,omitempty"`
	FilterDepth  int     `json:"filter_depth,omitempty"`
	Decode       string  `json:"decode,omitempty"`
	KeepHeadline bool    `json:"keep_headline,omitempty"` // headline in the text too
	// Format lists the response parts (Formats), joined by commas
	// ("html,markdown"); "" means json.
	Format string `json:"format,omitempty"`
	// Metadata is the page's metadata (see package metadata): nil is
	// true, as in boilernet extract; false leaves it out (WantsMetadata).
	Metadata *bool `json:"metadata,omitempty"`
	Links    bool  `json:"links,omitempty"`    // the content's links (in markdown too)
	Images   bool  `json:"images,omitempty"`   // the content's images (in markdown too)
	Comments bool  `json:"comments,omitempty"` // the readers' comments, apart from the text
}

// WantsMetadata says whether the answer holds the page's metadata: unless
// the request says metadata false.
func (o Options) WantsMetadata() bool { return o.Metadata == nil || *o.Metadata }

// Request is a parsed extraction request.
type Request struct {
	HTML    []byte // the page; nil when it is to be fetched from URL
	Charset string // the charset of a raw body's Content-Type
	URL     string // the page's address: fetched when HTML is nil, else the base for links
	Name    string // a name for the page (the uploaded file's name), echoed as "file"
	Options Options
	parts   map[string]bool
}

// jsonRequest is the JSON form of a request.
type jsonRequest struct {
	HTML    *string `json:"html"`
	URL     string  `json:"url"`
	Name    string  `json:"name"`
	Options Options `json:"options"`
}

// requestError is an error with the HTTP status it answers with.
type requestError struct {
	status int
	msg    string
}

func (e *requestError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &requestError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// ParseRequest reads an extraction request: a JSON object
// (Content-Type application/json) or a raw page (text/html,
// or application/xhtml+xml, with its charset honoured; not text/plain,
// which a browser may send cross-site without a preflight) whose
// options are query parameters. The body is read up to maxBody bytes; a
// larger one is an error with status 413.
func ParseRequest(r *http.Request, maxBody int64) (*Request, error) {
	ct, err := checkContentType(r, maxBody)
	if err != nil {
		return nil, err
	}
	body, err := readBody(r.Body, maxBody, r.ContentLength, nil)
	if err != nil {
		return nil, err
	}
	return parseBody(r, ct, body)
}

// contentType is a request's parsed Content-Type.
type contentType struct {
	mediaType string
	params    map[string]string
}

// checkContentType checks what ParseRequest can check before reading the
// body: its Content-Type (415) and announced length (413).
func checkContentType(r *http.Request, maxBody int64) (contentType, error) {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return contentType{}, &requestError{http.StatusUnsupportedMediaType, "missing Content-Type: send application/json or the page as text/html"}
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return contentType{}, &requestError{http.StatusUnsupportedMediaType, fmt.Sprintf("bad Content-Type %q: %v", ct, err)}
	}
	switch mt {
	case "application/json", "text/html", "application/xhtml+xml":
	default:
		return contentType{}, &requestError{http.StatusUnsupportedMediaType,
			fmt.Sprintf("unsupported Content-Type %q: send application/json or the page as text/html", mt)}
	}
	if r.ContentLength > maxBody {
		return contentType{}, tooLarge(maxBody)
	}
	return contentType{mt, params}, nil
}

// parseBody parses the body of a request whose Content-Type passed
// checkContentType.
func parseBody(r *http.Request, ct contentType, body []byte) (*Request, error) {
	var req Request
	if ct.mediaType == "application/json" {
		if r.URL.RawQuery != "" {
			return nil, badRequest("query parameters with a JSON body: put the options in its \"options\"")
		}
		var jr jsonRequest
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&jr); err != nil {
			return nil, badRequest("bad JSON: %v", err)
		}
		if dec.More() {
			return nil, badRequest("bad JSON: more than one value in the body")
		}
		req = Request{URL: jr.URL, Name: jr.Name, Options: jr.Options}
		if jr.HTML != nil {
			req.HTML = []byte(*jr.HTML)
		} else if jr.URL == "" {
			return nil, badRequest(`give "html" (the page) or "url"`)
		}
	} else {
		if len(body) == 0 {
			return nil, badRequest("empty body: send the page")
		}
		req = Request{HTML: body, Charset: ct.params["charset"]}
		if err := req.queryOptions(r.URL.Query()); err != nil {
			return nil, err
		}
	}
	if err := req.check(); err != nil {
		return nil, err
	}
	return &req, nil
}

func tooLarge(maxBody int64) error {
	return &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("body larger than the limit of %d bytes", maxBody)}
}

// readBody reads at most maxBody bytes (the body's Content-Length when
// it is known, ≥ 0). What arrives goes into pieces each as large as all
// before it, the first uploadStep bytes (16 KiB, 16 KiB, 32 KiB, …), so
// that the capacity doubles without copying. Once the next piece would
// reach the limit (the Content-Length, or maxBody when it is unknown),
// the buffer of the limit is allocated instead, the pieces copied into it
// and the rest read straight into it; a body that ends before that is
// copied once into a buffer of its length. So a body of n bytes leaves at
// most n/2 bytes of pieces behind as garbage, where a buffer doubled by
// copying left n, and a body that stalls before half its length leaves
// none. reserve, when not nil, is asked for each new capacity in all
// (16 KiB, 32 KiB, …, doubling, then the limit) before it is allocated;
// when it refuses, the error is errMemory. A longer body is a 413 error,
// a body that times out a 408.
func readBody(r io.Reader, maxBody, contentLength int64, reserve func(capacity int64) bool) ([]byte, error) {
	limit := maxBody
	if contentLength >= 0 && contentLength <= maxBody {
		limit = contentLength
	}
	var (
		pieces [][]byte // full pieces, before body
		done   int64    // their bytes
		body   []byte   // the piece being read into, or the whole buffer
	)
	for {
		if len(body) == cap(body) {
			read := done + int64(len(body))
			if read == limit {
				if limit < contentLength || contentLength < 0 {
					// The limit without a length: one byte more is too many.
					var probe [1]byte
					if n, _ := io.ReadFull(r, probe[:]); n > 0 {
						return nil, tooLarge(maxBody)
					}
				}
				return join(pieces, body), nil
			}
			size := min(max(2*read, uploadStep), limit)
			if reserve != nil && !reserve(size) {
				return nil, errMemory
			}
			switch {
			case size == limit && read > 0: // the whole buffer
				body, pieces, done = appendPieces(make([]byte, 0, limit), pieces, body), nil, 0
			case read > 0: // the next piece
				pieces, done = append(pieces, body), read
				body = make([]byte, 0, size-read)
			default:
				body = make([]byte, 0, size)
			}
		}
		n, err := r.Read(body[len(body):cap(body)])
		body = body[:len(body)+n]
		switch {
		case err == io.EOF && contentLength >= 0 && done+int64(len(body)) < limit:
			return nil, badRequest("reading the body: %v", io.ErrUnexpectedEOF)
		case err == io.EOF:
			return join(pieces, body), nil
		case err != nil:
			return nil, bodyError(err, maxBody)
		}
	}
}

// join is the pieces and last, one after the other: last itself when
// there are no pieces, else a buffer of their length.
func join(pieces [][]byte, last []byte) []byte {
	if len(pieces) == 0 {
		return last
	}
	n := len(last)
	for _, p := range pieces {
		n += len(p)
	}
	return appendPieces(make([]byte, 0, n), pieces, last)
}

// appendPieces appends the pieces and then last to dst.
func appendPieces(dst []byte, pieces [][]byte, last []byte) []byte {
	for _, p := range pieces {
		dst = append(dst, p...)
	}
	return append(dst, last...)
}

// bodyError is the request error of a failed body read.
func bodyError(err error, maxBody int64) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return tooLarge(maxBody)
	}
	var ne interface{ Timeout() bool }
	if errors.As(err, &ne) && ne.Timeout() {
		return &requestError{http.StatusRequestTimeout, "timed out reading the body: it must arrive at 16 KiB per stall timeout, within the read timeout"}
	}
	return badRequest("reading the body: %v", err)
}

// stallReader reads a request body under a read deadline that moves on
// with every uploadStep bytes received: a body arriving slower than
// uploadStep per stall is cut (a timeout error), as is one still arriving
// at end, the read timeout's deadline.
type stallReader struct {
	r     io.Reader
	rc    *http.ResponseController
	stall time.Duration
	end   time.Time
	since int // bytes since the deadline last moved
}

// newStallReader sets the first deadline of reading r's body.
func newStallReader(w http.ResponseWriter, body io.Reader, stall time.Duration, end time.Time) *stallReader {
	sr := &stallReader{r: body, rc: http.NewResponseController(w), stall: stall, end: end}
	sr.extend()
	return sr
}

func (sr *stallReader) extend() {
	sr.rc.SetReadDeadline(minTime(time.Now().Add(sr.stall), sr.end)) // ErrNotSupported (HTTP/2): ReadTimeout alone
}

func (sr *stallReader) Read(p []byte) (int, error) {
	n, err := sr.r.Read(p)
	if sr.since += n; sr.since >= uploadStep {
		sr.since = 0
		sr.extend()
	}
	return n, err
}

// done puts back the read timeout's deadline, so that a short stall
// deadline does not cut the connection (and the request's context)
// while the request is extracted.
func (sr *stallReader) done() { sr.rc.SetReadDeadline(sr.end) }

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// queryOptions reads the options of a raw-body request from its query.
func (req *Request) queryOptions(q url.Values) error {
	o := &req.Options
	// The string and the boolean parameters, by key; ?metadata alone is true.
	strs := map[string]*string{"url": &req.URL, "name": &req.Name, "method": &o.Method, "filter": &o.Filter, "decode": &o.Decode, "format": &o.Format}
	bools := map[string]*bool{"keep_headline": &o.KeepHeadline, "links": &o.Links, "images": &o.Images, "comments": &o.Comments}
	for key, vals := range q {
		v := vals[len(vals)-1]
		var err error
		switch s, b := strs[key], bools[key]; {
		case s != nil:
			*s = v
		case b != nil:
			*b, err = parseBool(v)
		case key == "metadata":
			var b bool
			b, err = parseBool(v)
			o.Metadata = &b
		case key == "threshold":
			o.Threshold, err = strconv.ParseFloat(v, 64)
		case key == "filter_depth":
			o.FilterDepth, err = strconv.Atoi(v)
		default:
			return badRequest("unknown query parameter %q", key)
		}
		if err != nil {
			return badRequest("bad %s=%q", key, v)
		}
	}
	return nil
}

func parseBool(v string) (bool, error) {
	if v == "" {
		return true, nil // ?metadata alone
	}
	return strconv.ParseBool(v)
}

// check validates the request's format and URL (its method is
// methods.Parse's to check).
func (req *Request) check() error {
	o := &req.Options
	req.parts = map[string]bool{}
	format := o.Format
	if format == "" {
		format = "json"
	}
	for p := range strings.SplitSeq(format, ",") {
		p = strings.TrimSpace(p)
		if !slices.Contains(formats, p) {
			return badRequest("unknown format %q (known: %s, joined by commas)", p, strings.Join(formats, ", "))
		}
		req.parts[p] = true
	}
	if req.URL != "" {
		u, err := url.Parse(req.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return badRequest("bad url %q: give an absolute http or https URL", req.URL)
		}
	}
	return nil
}

// Wants reports whether the response should hold the given part (one of
// Formats).
func (req *Request) Wants(part string) bool { return req.parts[part] }
