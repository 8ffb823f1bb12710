package boilernet_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/boilernet/boilernet"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/render"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

func samplePage(t *testing.T) []byte { return readPage(t, "sample.html") }

// readPage returns testdata/name: sample.html, a news article; parts.html,
// one with a link, an image and readers' comments.
func readPage(t *testing.T, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func method(t *testing.T, spec string) methods.Method {
	t.Helper()
	m, err := methods.Parse(spec, methods.Params{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// endless is a page that never ends: "<p>" and then letters.
type endless struct{ started bool }

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	if !e.started {
		n = copy(p, "<p>")
		e.started = true
	}
	for i := n; i < len(p); i++ {
		p[i] = 'a'
	}
	return len(p), nil
}

// TestExtract: the parts each Options gives, and the errors of pages
// that are not pages (empty, binary, compressed, too large) and of
// methods that cannot run, each naming the page.
func TestExtract(t *testing.T) {
	sample := samplePage(t)
	parts := readPage(t, "parts.html")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(sample)
	zw.Close()
	binary := make([]byte, 8192)
	for i := range binary {
		binary[i] = byte(i * 7)
	}
	for _, tc := range []struct {
		name    string
		r       io.Reader
		opts    boilernet.Options
		wantErr error  // wrapped by the error; nil: none
		errText string // the error's text starts with it
		// the parts the result holds
		metadata, comments, links, images bool
	}{
		{name: "defaults", r: bytes.NewReader(parts), metadata: true},
		{name: "no parts", r: bytes.NewReader(parts), opts: boilernet.Options{Parts: boilernet.NoParts}},
		{name: "links and comments", r: bytes.NewReader(parts), opts: boilernet.Options{Parts: boilernet.Links | boilernet.Comments}, links: true, comments: true},
		{name: "all", r: bytes.NewReader(parts), opts: boilernet.Options{Parts: boilernet.Metadata | boilernet.Comments | boilernet.Links | boilernet.Images}, metadata: true, links: true, comments: true, images: true},
		{name: "method", r: bytes.NewReader(sample), opts: boilernet.Options{Method: method(t, "boilerpipe-numwords+main")}, metadata: true},
		{name: "empty", r: strings.NewReader(""), opts: boilernet.Options{Name: "empty.html"}, wantErr: tokenize.ErrEmpty, errText: "empty.html: "},
		{name: "blank", r: strings.NewReader(" \n\t"), opts: boilernet.Options{URL: "https://example.org/"}, wantErr: tokenize.ErrEmpty, errText: "https://example.org/: "},
		{name: "binary", r: bytes.NewReader(binary), opts: boilernet.Options{Name: "noise.bin", URL: "https://example.org/"}, wantErr: tokenize.ErrBinary, errText: "noise.bin: "},
		{name: "gzip", r: &gz, opts: boilernet.Options{Name: "sample.html.gz"}, wantErr: tokenize.ErrGzip, errText: "sample.html.gz: "},
		{name: "over the limit", r: bytes.NewReader(sample), opts: boilernet.Options{MaxPageSize: 1024}, wantErr: infer.ErrPageSize, errText: "page: page too large: larger than 1 KiB"},
		{name: "over the default limit", r: &endless{}, opts: boilernet.Options{Name: "endless"}, wantErr: infer.ErrPageSize, errText: "endless: page too large: larger than 64 MiB"},
		{name: "no limit", r: bytes.NewReader(sample), opts: boilernet.Options{MaxPageSize: -1}, metadata: true},
		{name: "tree", r: bytes.NewReader(sample), opts: boilernet.Options{Name: "a.html", Method: method(t, "tree")}, errText: "a.html: method tree needs a trained tree"},
		{name: "oracle", r: bytes.NewReader(sample), opts: boilernet.Options{Name: "a.html", Method: method(t, "oracle")}, errText: "a.html: method oracle reads the gold labels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := boilernet.Extract(t.Context(), tc.r, tc.opts)
			if tc.errText != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.errText) || tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
					t.Fatalf("error %v, want %q wrapping %v", err, tc.errText, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Title != "Night trains return to the Alps" || !strings.Contains(res.Text, "overnight passenger trains") {
				t.Errorf("title %q, text %q", res.Title, res.Text)
			}
			for _, part := range []struct {
				name      string
				got, want bool
			}{
				{"metadata", res.Metadata != nil, tc.metadata},
				{"comments", len(res.Comments) == 2, tc.comments},
				{"links", len(res.Links) == 1, tc.links},
				{"images", len(res.Images) == 1, tc.images},
			} {
				if part.got != part.want {
					t.Errorf("%s found %v, want %v", part.name, part.got, part.want)
				}
			}
		})
	}
}

// TestExtractSameAsInfer: the zero Options are infer's default
// extraction with metadata, as boilernet extract writes it.
func TestExtractSameAsInfer(t *testing.T) {
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	want, err := ex.ExtractBytes(t.Context(), samplePage(t), infer.Options{Metadata: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := boilernet.Extract(t.Context(), bytes.NewReader(samplePage(t)), boilernet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(render.NewRecord("", got), render.NewRecord("", want)) || !reflect.DeepEqual(got.Blocks, want.Blocks) {
		t.Errorf("Extract gave %+v, infer %+v", render.NewRecord("", got), render.NewRecord("", want))
	}
}

// TestExtractDocument: a parsed page gives Extract's result; what is not
// a parsed page is an error naming it.
func TestExtractDocument(t *testing.T) {
	want, err := boilernet.Extract(t.Context(), bytes.NewReader(samplePage(t)), boilernet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.ParseWithOptions(bytes.NewReader(samplePage(t)), html.ParseOptionEnableScripting(false))
	if err != nil {
		t.Fatal(err)
	}
	got, err := boilernet.ExtractDocument(t.Context(), doc, boilernet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(render.NewRecord("", got), render.NewRecord("", want)) {
		t.Errorf("ExtractDocument gave %+v, Extract %+v", render.NewRecord("", got), render.NewRecord("", want))
	}
	for _, tc := range []struct {
		doc  *html.Node
		opts boilernet.Options
		want string
	}{
		{nil, boilernet.Options{}, "page: not a parsed page"},
		{doc.FirstChild, boilernet.Options{Name: "fragment"}, "fragment: not a parsed page"},
		{doc, boilernet.Options{Name: "a.html", Method: method(t, "tree")}, "a.html: method tree needs a trained tree"},
	} {
		if _, err := boilernet.ExtractDocument(t.Context(), tc.doc, tc.opts); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ExtractDocument(%v): %v, want %q", tc.doc, err, tc.want)
		}
	}
}

// TestCanceled: a context done before the extraction stops it, and the
// error says so.
func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := boilernet.Extract(ctx, bytes.NewReader(samplePage(t)), boilernet.Options{Name: "sample.html"})
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "sample.html: ") {
		t.Errorf("canceled: %v", err)
	}
}

// TestClassifier: Options.Classifier runs a classifier of your own with
// the method's decoding and filter; verdicts take no decoding.
func TestClassifier(t *testing.T) {
	// Content: the blocks of the article's paragraphs.
	paragraphs := classifierFunc(func(p methods.Page) (methods.Scores, error) {
		probs := make([]float32, len(p.Blocks))
		for i, b := range p.Blocks {
			if len(b.Path) > 0 && b.Path[len(b.Path)-1] == "p" && strings.Contains(strings.Join(b.Path, "/"), "article") {
				probs[i] = 0.9
			}
		}
		return methods.Scores{Probs: probs}, nil
	})
	keepAll := methods.Verdicts(func(p methods.Page) ([]bool, error) {
		all := make([]bool, len(p.Blocks))
		for i := range all {
			all[i] = true
		}
		return all, nil
	})
	for _, tc := range []struct {
		spec string
		c    methods.Classifier
		want string // the text's start ("": an error)
	}{
		{"bilstm:threshold", paragraphs, "By Marta Keller"},
		{"bilstm:precision+ancestor", paragraphs, "By Marta Keller"},
		{"bilstm:blocks@0.95", paragraphs, ""},
		{"bilstm", keepAll, "The Valley Courier"},
		{"bilstm:structure", keepAll, ""},
	} {
		res, err := boilernet.Extract(t.Context(), bytes.NewReader(samplePage(t)), boilernet.Options{Method: method(t, tc.spec), Classifier: tc.c, Name: "sample.html"})
		switch {
		case tc.want == "" && tc.spec == "bilstm:structure":
			if err == nil || !strings.HasPrefix(err.Error(), "sample.html: method bilstm:structure: a decoding needs probabilities") {
				t.Errorf("%s over verdicts: %v", tc.spec, err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.spec, err)
		case !strings.HasPrefix(res.Text, tc.want) || tc.want == "" && res.Text != "":
			t.Errorf("%s: text %.60q, want it to start with %q", tc.spec, res.Text, tc.want)
		}
	}
}
