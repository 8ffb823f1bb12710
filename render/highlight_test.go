package render

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestMarked: every block's text is wrapped in the element mark returns
// for its index (none where mark returns nil, none inside <textarea>),
// relative links are resolved against the page's URL, and the Result's
// page is left as it was.
func TestMarked(t *testing.T) {
	page := `<html><head><title>T</title></head><body><p>one <a href="x">two</a></p><textarea>three</textarea><p>four</p></body></html>`
	res, err := keepAll.ExtractBytes(t.Context(), []byte(page), infer.Options{URL: "https://site.example/a/"})
	if err != nil {
		t.Fatal(err)
	}
	var before strings.Builder
	if err := html.Render(&before, pageOf(res).Root); err != nil {
		t.Fatal(err)
	}
	doc, err := marked(res, func(i int) *html.Node {
		if res.Blocks[i].Text == "four" {
			return nil
		}
		return &html.Node{Type: html.ElementNode, Data: "mark", DataAtom: atom.Mark,
			Attr: []html.Attribute{{Key: "data-block", Val: strconv.Itoa(i)}}}
	})
	if err != nil {
		t.Fatal(err)
	}
	var got, after strings.Builder
	if err := html.Render(&got, doc); err != nil {
		t.Fatal(err)
	}
	want := `<p><mark data-block="0">one </mark><a href="https://site.example/a/x"><mark data-block="1">two</mark></a></p><textarea>three</textarea><p>four</p>`
	if !strings.Contains(got.String(), want) {
		t.Errorf("got\n%s\nwant it to hold\n%s", got.String(), want)
	}
	if err := html.Render(&after, pageOf(res).Root); err != nil {
		t.Fatal(err)
	}
	if after.String() != before.String() {
		t.Errorf("the page changed:\n%s\nwas\n%s", after.String(), before.String())
	}
	if _, err := marked(&infer.Result{Text: "by hand"}, nil); err == nil {
		t.Error("no error for a Result without a page")
	}
}

func TestHighlighted(t *testing.T) {
	e := synthExtractor(t)
	page := `<html><head><title>T</title></head><body><p>keep <b>this</b></p><p>drop</p></body></html>`
	res, err := thresholded(t, e, "bilstm", 1e-9).ExtractBytes(t.Context(), []byte(page), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res.Blocks[2].Content = false // pretend the model dropped "drop"
	var sb strings.Builder
	if err := Highlighted(&sb, res); err != nil {
		t.Fatal(err)
	}
	got := sb.String()
	for _, want := range []string{
		`<p><mark class="boilernet-content">keep </mark><b><mark class="boilernet-content">this</mark></b></p><p>drop</p>`,
		`<style>` + highlightStyle + `</style></head>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	// The DOM is restored: a second rendering is the same, and Markdown
	// still sees the original tree.
	var again strings.Builder
	Highlighted(&again, res)
	if again.String() != got {
		t.Error("second rendering differs")
	}
	if md := Markdown(res); md != "# T\n\nkeep **this**\n" {
		t.Errorf("Markdown after highlighting: %q", md)
	}
}

func TestHighlightedNoscriptStaysEscaped(t *testing.T) {
	ex := infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) { return make([]bool, len(p.Blocks)), nil }))
	res, err := ex.ExtractBytes(t.Context(), []byte(`<body><noscript>&lt;script&gt;alert(1)&lt;/script&gt;<p>shown</p></noscript></body>`), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := Highlighted(&sb, res); err != nil {
		t.Fatal(err)
	}
	if out := sb.String(); strings.Contains(out, "<script>") || !strings.Contains(out, "&lt;script&gt;") {
		t.Errorf("noscript text not escaped:\n%s", out)
	}
	if pageOf(res).Root.FirstChild == nil || findElement(pageOf(res).Root, atom.Noscript) == nil {
		t.Error("the page's noscript element was not restored")
	}
}

// TestHighlightedDeclaresUTF8: -format html writes UTF-8, so the written page
// must declare UTF-8, not the page's own charset (issue 10).
func TestHighlightedDeclaresUTF8(t *testing.T) {
	tests := []struct {
		file, want, text string
	}{
		{"cp1251-meta.html", `<meta charset="utf-8"/>`, "русский текст"},
		{"cp1251-http-equiv.html", `<meta http-equiv="Content-Type" content="text/html; charset=utf-8"/>`, "русский текст"},
		{"latin1-undeclared.html", `<head><meta charset="utf-8"/><title>`, "crêpes à Noël"},
	}
	e := synthExtractor(t)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			res, err := thresholded(t, e, "bilstm", 1e-9).ExtractBytes(t.Context(), raw, infer.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			if err := Highlighted(&sb, res); err != nil {
				t.Fatal(err)
			}
			got := sb.String()
			if !strings.Contains(got, tt.want) || !strings.Contains(got, tt.text) || strings.Contains(strings.ToLower(got), "1251") {
				t.Errorf("output lacks %s or %s, or names 1251:\n%s", tt.want, tt.text, got)
			}
			var again strings.Builder
			Highlighted(&again, res)
			if again.String() != got {
				t.Error("second rendering differs")
			}
		})
	}
}

// TestRenderLeavesResult: no format changes the Result or its page, so
// the formats can be written in any order and any number of times: after
// every format is written (the frame's highlighting too), the Result equals, to the last
// node of its page, a fresh extraction of the same page, and writing the
// formats again, in the other order, gives the same bytes.
func TestRenderLeavesResult(t *testing.T) {
	files, err := filepath.Glob("testdata/*.html")
	if err != nil || len(files) == 0 {
		t.Fatal("no test pages", err)
	}
	opts := infer.Options{URL: "https://site.example/a/", Links: true, Images: true, Metadata: true, Comments: true}
	formats := []struct {
		name  string
		write func(io.Writer, *infer.Result) error
	}{
		{"markdown", func(w io.Writer, r *infer.Result) error { _, err := io.WriteString(w, Markdown(r)); return err }},
		{"highlighted", Highlighted},
		{"tei", TEI},
		{"xml", XML},
		{"frame", func(w io.Writer, r *infer.Result) error {
			return Highlight(context.Background(), w, r, HighlightOptions{Frame: true})
		}},
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			res, err := keepAllBut.ExtractBytes(t.Context(), raw, opts)
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := keepAllBut.ExtractBytes(t.Context(), raw, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(res, fresh) {
				t.Fatal("two extractions of one page differ")
			}
			first := map[string]string{}
			for _, f := range formats {
				var sb strings.Builder
				if err := f.write(&sb, res); err != nil {
					t.Fatal(f.name, err)
				}
				first[f.name] = sb.String()
			}
			if !reflect.DeepEqual(res, fresh) {
				t.Errorf("rendering changed the Result or its page:\n%#v\nwas\n%#v", *res, *fresh)
			}
			for _, f := range slices.Backward(formats) {
				var sb strings.Builder
				if err := f.write(&sb, res); err != nil {
					t.Fatal(f.name, err)
				}
				if sb.String() != first[f.name] {
					t.Errorf("a second rendering of %s differs:\n%s\nwas\n%s", f.name, sb.String(), first[f.name])
				}
			}
			if !reflect.DeepEqual(res, fresh) {
				t.Error("rendering again changed the Result or its page")
			}
		})
	}
}

// TestHighlightFrame: the frame's page marks every block with its
// probability and index, and starts its head with the charset, FrameCSP
// and the style, also when the page has no head.
func TestHighlightFrame(t *testing.T) {
	res, err := keepAll.ExtractBytes(t.Context(), []byte(`<p>one</p><p>two</p>`), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := Highlight(t.Context(), &sb, res, HighlightOptions{Frame: true}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<head><meta charset="utf-8"/><meta http-equiv="Content-Security-Policy" content="` + html.EscapeString(FrameCSP) + `"/><style>mark.bn-c{`,
		`<mark class="bn-c" title="P(content) 1.000" data-block="0">one</mark>`, `data-block="1">two</mark>`} {
		if !strings.Contains(sb.String(), want) {
			t.Errorf("no %s in\n%s", want, sb.String())
		}
	}
}

// TestHighlightStops: Highlight stops with the context's error once it is
// done: before it starts, and in the middle of writing a big page.
func TestHighlightStops(t *testing.T) {
	big, err := keepAll.ExtractBytes(t.Context(), []byte(strings.Repeat("<p>"+strings.Repeat("word ", 200)+"</p>", 200)), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range []HighlightOptions{{}, {Frame: true}} {
		done, cancel := context.WithCancel(context.Background())
		cancel()
		w := &cancellingWriter{after: 1, cancel: func() {}}
		if err := Highlight(done, w, big, opts); !errors.Is(err, context.Canceled) || w.writes > 0 {
			t.Errorf("%+v, done before: %v after %d writes, want none", opts, err, w.writes)
		}
		ctx, cancel := context.WithCancel(context.Background())
		w = &cancellingWriter{after: 1, cancel: cancel}
		if err := Highlight(ctx, w, big, opts); !errors.Is(err, context.Canceled) || w.writes > 1 {
			t.Errorf("%+v: %v after %d writes, want to stop after the first", opts, err, w.writes)
		}
		cancel()
	}
}

// cancellingWriter cancels a context after some writes.
type cancellingWriter struct {
	after, writes int
	cancel        func()
}

func (w *cancellingWriter) Write(p []byte) (int, error) {
	if w.writes++; w.writes >= w.after {
		w.cancel()
	}
	return len(p), nil
}
