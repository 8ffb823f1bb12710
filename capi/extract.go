package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/internal/modelfile"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/methods/ensemble"
	"github.com/boilernet/boilernet/render"
)

// Formats are the output formats, those of boilernet extract.
var Formats = []string{"text", "json", "jsonl", "html", "markdown", "xml", "tei"}

// Request is what the caller asks of one extraction, the JSON object the
// C function boilernet_extract takes. Its zero value is boilernet extract
// with no flags.
type Request struct {
	// Name names the page in errors and is the "file" of the json and
	// jsonl outputs ("" is "-", standard input's name in the CLI).
	Name string `json:"name"`
	// URL is the page's address, extract's -url.
	URL string `json:"url"`
	// Charset is the page's charset from outside it ("utf-8" for a page
	// that was text before it was bytes); "" lets the page say.
	Charset string `json:"charset"`
	// Format is one of Formats ("" is text).
	Format string `json:"format"`
	// Method is a methods.Parse spec ("" is methods.DefaultMethod).
	Method string `json:"method"`
	// Comments, Links and Images are extract's -comments, -links and
	// -images; KeepHeadline its -keep-headline.
	Comments     bool `json:"comments"`
	Links        bool `json:"links"`
	Images       bool `json:"images"`
	KeepHeadline bool `json:"keep_headline"`
}

// ParseRequest reads a Request from its JSON object (none: the zero
// Request); an unknown field is an error. The Request of an error still
// has the Name it could read, for the error to name the page.
func ParseRequest(b []byte) (Request, error) {
	var r Request
	if len(bytes.TrimSpace(b)) == 0 {
		return r, nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		var named struct {
			Name string `json:"name"`
		}
		json.Unmarshal(b, &named)
		return Request{Name: named.Name}, fmt.Errorf("options: %w", err)
	}
	return r, nil
}

// Response is the JSON object boilernet_extract returns: the page's
// record (as extract -format json writes it, without "file"), and its
// output in the format asked, or the error.
type Response struct {
	render.Record
	// Output is what boilernet extract -format FORMAT writes for the page
	// alone; empty for the text format, whose output is Text and a
	// newline (nothing for an empty text).
	Output string `json:"output,omitempty"`
	// BadOptions reports an error of the options (the format, the
	// method), which no page can pass; Record.Error names the input and
	// says what was wrong, and the other fields are then empty.
	BadOptions bool `json:"bad_options,omitempty"`
}

// errOptions is wrapped by the errors of a Request's options.
var errOptions = errors.New("bad options")

// optionsError is an error of a Request's options.
type optionsError struct{ error }

func (e optionsError) Unwrap() []error { return []error{e.error, errOptions} }

// Extractor extracts pages with one model (the embedded one, or model
// files) and any method. It is safe for concurrent use.
type Extractor struct {
	registry   *methods.Registry
	extractors sync.Map // method spec -> *infer.Extractor
}

// NewExtractor returns the Extractor of the model files of a
// comma-separated list (their probabilities averaged), or of the
// embedded model when models is "". The model is loaded here, so that a
// bad file is an error now.
func NewExtractor(models string) (*Extractor, error) {
	load := defaultmodel.Load
	if models != "" {
		load = func() (*ensemble.Model, error) { return loadModels(models) }
	}
	e := &Extractor{registry: methods.New(methods.Config{Model: load})}
	if _, err := e.registry.Model(); err != nil {
		return nil, err
	}
	return e, nil
}

// loadModels loads the model files of a comma-separated list as one
// model (modelfile.ReadList, as boilernet extract -model reads them).
func loadModels(list string) (*ensemble.Model, error) {
	nets, err := modelfile.ReadList(list)
	if err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	return ensemble.New(nets...)
}

// extractor returns the extractor of a method spec, built once.
func (e *Extractor) extractor(spec string) (*infer.Extractor, error) {
	if ex, ok := e.extractors.Load(spec); ok {
		return ex.(*infer.Extractor), nil
	}
	m, err := methods.Parse(spec, methods.Params{})
	if err != nil {
		return nil, err
	}
	ex, err := infer.ForMethod(e.registry, m)
	if err != nil {
		return nil, err
	}
	e.extractors.Store(spec, ex)
	return ex, nil
}

// Extract extracts one page as req asks. raw is not used after it
// returns. Every error, a bad request's too, is in the Response, naming
// the page.
func (e *Extractor) Extract(raw []byte, req Request) Response {
	name := req.Name
	if name == "" {
		name = "-"
	}
	resp, err := e.extract(raw, req, name)
	if err != nil {
		return Response{Record: render.Record{Error: name + ": " + err.Error()}, BadOptions: errors.Is(err, errOptions)}
	}
	return resp
}

func (e *Extractor) extract(raw []byte, req Request, name string) (Response, error) {
	format := req.Format
	if format == "" {
		format = "text"
	}
	if !slices.Contains(Formats, format) {
		return Response{}, optionsError{fmt.Errorf("format %q: unknown format (valid: %s)", format, strings.Join(Formats, ", "))}
	}
	ex, err := e.extractor(req.Method)
	if err != nil {
		return Response{}, optionsError{err}
	}
	// Metadata always: the caller gets it whatever the format, and only
	// the formats that show it (json, jsonl, xml, tei) print it.
	res, err := ex.ExtractBytes(context.Background(), raw, infer.Options{Charset: req.Charset, KeepHeadline: req.KeepHeadline, URL: req.URL,
		Metadata: true, Comments: req.Comments, Links: req.Links, Images: req.Images, SkipLocators: format != "json"})
	if err != nil {
		return Response{}, err
	}
	resp := Response{Record: render.NewRecord("", res)}
	resp.Encoding = res.Encoding
	if format == "json" {
		resp.Blocks = res.Blocks
	}
	var out bytes.Buffer
	if err := write(&out, format, name, res, resp); err != nil {
		return Response{}, err
	}
	resp.Output = out.String()
	return resp, nil
}

// write writes what boilernet extract -format format writes for one page
// (nothing for text: the caller has the text).
func write(w io.Writer, format, name string, res *infer.Result, resp Response) error {
	switch format {
	case "html":
		return render.Highlighted(w, res)
	case "markdown":
		_, err := io.WriteString(w, render.Markdown(res))
		return err
	case "xml":
		return render.XML(w, res)
	case "tei":
		return render.TEI(w, res)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		rec := resp.Record
		rec.File = name
		return enc.Encode(rec)
	case "jsonl":
		rec := resp.Record
		rec.File, rec.Encoding = name, ""
		return json.NewEncoder(w).Encode(rec)
	}
	return nil
}

// version names the Go release and the embedded model the library was
// built with.
func version() string {
	return fmt.Sprintf("boilernet capi, %s %s/%s, embedded model %s", runtime.Version(), runtime.GOOS, runtime.GOARCH, defaultmodel.Sum())
}
