package conformance

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/render"
)

// corpusDir holds the table and the written pages; sharedData the
// datasets the other pages come from.
const (
	corpusDir  = "../testdata/conformance"
	sharedData = "../../shared/data"
)

// page is one row of the table: a page and what a reader checks of its
// extraction.
type page struct {
	Name string `json:"name"`
	// Page is "pages/NAME.html" (under corpusDir) or "DATASET/ID" (a page
	// of the shared datasets).
	Page string `json:"page"`
	// Class is the class of mistake the page guards against.
	Class string `json:"class"`
	// Title is the title the extraction must give, when set.
	Title string `json:"title,omitempty"`
	// Include are phrases the title and text must hold (words in a row,
	// case, spacing and punctuation aside; the last word may be cut
	// short).
	Include []string `json:"include,omitempty"`
	// Exclude are phrases the title and text must not hold; Absent are
	// strings, marks such as "¶" too, that must not occur in them at all.
	Exclude []string `json:"exclude,omitempty"`
	Absent  []string `json:"absent,omitempty"`
	// Once are phrases the text must hold exactly once; Count phrases
	// exactly the given number of times.
	Once  []string       `json:"once,omitempty"`
	Count map[string]int `json:"count,omitempty"`
	// Code are listings whose words must come out whole, in order with
	// nothing between them; Verbatim listings must come out byte for
	// byte, line breaks and indentation included.
	Code     []string `json:"code,omitempty"`
	Verbatim []string `json:"verbatim,omitempty"`
	// Headings must be Markdown headings of the extraction.
	Headings []string `json:"headings,omitempty"`
	// Comments is the number of readers' comments that must be found
	// (infer.Options.Comments), CommentAuthors their authors in order.
	Comments       int      `json:"comments,omitempty"`
	CommentAuthors []string `json:"comment_authors,omitempty"`
	// Images is the fewest images that must be found
	// (infer.Options.Images), each with an absolute http(s) src.
	Images int `json:"images,omitempty"`
	// Authors are the authors the metadata must give, in order; an empty
	// list ("authors": []) says the page names none, so any found is a
	// mistake (a profile id, a store's link). Unset, they are not checked.
	Authors []string `json:"authors,omitempty"`
	// Language is the language the metadata must give (a BCP 47 primary
	// subtag, "en"), whatever the page declares.
	Language string `json:"language,omitempty"`
	// MarkdownStart is the line the Markdown must begin with: the title as
	// its heading, when the headline moved into the title.
	MarkdownStart string `json:"markdown_start,omitempty"`
	// Markdown are pieces the Markdown must hold as they are, line breaks
	// and markers included: a list item's bullet or number, a code fence.
	Markdown []string `json:"markdown,omitempty"`
}

func readTable(t *testing.T) []page {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(corpusDir, "pages.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pages []page
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&pages); err != nil {
		t.Fatalf("pages.json: %v", err)
	}
	return pages
}

// readPage returns the page's bytes; ok is false for a page of the shared
// datasets when they are not beside the repository.
func readPage(t *testing.T, p page) (raw []byte, ok bool) {
	t.Helper()
	if strings.HasPrefix(p.Page, "pages/") {
		raw, err := os.ReadFile(filepath.Join(corpusDir, p.Page))
		if err != nil {
			t.Fatal(err)
		}
		return raw, true
	}
	dataset, id, found := strings.Cut(p.Page, "/")
	if !found {
		t.Fatalf("%s: page %q is neither pages/NAME.html nor DATASET/ID", p.Name, p.Page)
	}
	base := filepath.Join(sharedData, dataset, "html", id+".html")
	if raw, err := os.ReadFile(base); err == nil {
		return raw, true
	}
	f, err := os.Open(base + ".gz")
	if errors.Is(err, os.ErrNotExist) {
		if _, err := os.Stat(sharedData); err != nil {
			return nil, false
		}
		t.Fatalf("%s: no page %s(.gz)", p.Name, base)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", base, err)
	}
	raw, err = io.ReadAll(z)
	if err != nil {
		t.Fatalf("%s: %v", base, err)
	}
	return raw, true
}

func TestCorpus(t *testing.T) {
	pages := readTable(t)
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	checks := 0
	for _, p := range pages {
		if names[p.Name] {
			t.Fatalf("page name %q twice", p.Name)
		}
		names[p.Name] = true
		t.Run(p.Name, func(t *testing.T) {
			raw, ok := readPage(t, p)
			if !ok {
				t.Skipf("%s is not beside the repository", sharedData)
			}
			// Comments and images are read beside the text; neither
			// changes it.
			res, err := ex.Extract(t.Context(), bytes.NewReader(raw), infer.Options{Metadata: true, Comments: true, Images: true})
			if err != nil {
				t.Fatal(err)
			}
			checks += check(t, p, res)
		})
	}
	t.Logf("%d pages, %d checks", len(pages), checks)
}

// check runs a page's checks on its extraction and returns how many it ran.
func check(t *testing.T, p page, res *infer.Result) int {
	t.Helper()
	// A reader sees the title above the text: phrases are looked up in
	// both, so a headline moved into the title is still found, and one
	// printed in both is there twice.
	text := eval.NewPhraseText(res.Title + "\n" + res.Text)
	n := 0
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s (%s): "+format, append([]any{p.Page, p.Class}, args...)...)
	}
	if p.Title != "" {
		n++
		if got := strings.Join(strings.Fields(res.Title), " "); got != p.Title {
			fail("title %q, want %q", got, p.Title)
		}
	}
	for _, s := range p.Include {
		n++
		if !text.ContainsCut(eval.PhraseWords(s)) {
			fail("misses %q", s)
		}
	}
	for _, s := range p.Exclude {
		n++
		if text.Contains(eval.PhraseWords(s)) {
			fail("keeps %q", s)
		}
	}
	for _, s := range p.Absent {
		n++
		if strings.Contains(res.Title+"\n"+res.Text, s) {
			fail("has %q", s)
		}
	}
	for _, s := range p.Once {
		n++
		if c := text.Count(eval.PhraseWords(s)); c != 1 {
			fail("has %q %d times, want once", s, c)
		}
	}
	for s, want := range p.Count {
		n++
		if c := text.Count(eval.PhraseWords(s)); c != want {
			fail("has %q %d times, want %d", s, c, want)
		}
	}
	for _, s := range p.Code {
		n++
		if !text.Contains(eval.PhraseWords(s)) {
			fail("breaks or drops the listing %q", firstLine(s))
		}
	}
	for _, s := range p.Verbatim {
		n++
		if !strings.Contains(res.Text, s) {
			fail("does not give the listing %q verbatim", firstLine(s))
		}
	}
	if p.Comments > 0 || len(p.CommentAuthors) > 0 {
		n++
		var authors []string
		for _, c := range res.Comments {
			authors = append(authors, c.Author)
		}
		if len(res.Comments) != p.Comments || len(p.CommentAuthors) > 0 && !slices.Equal(authors, p.CommentAuthors) {
			fail("%d comments by %q, want %d by %q", len(res.Comments), authors, p.Comments, p.CommentAuthors)
		}
	}
	if p.Images > 0 {
		n++
		absolute := 0
		for _, im := range res.Images {
			if strings.HasPrefix(im.Src, "https://") || strings.HasPrefix(im.Src, "http://") {
				absolute++
			}
		}
		if absolute < p.Images {
			fail("%d images with an absolute src of %d, want at least %d", absolute, len(res.Images), p.Images)
		}
	}
	var meta metadata.Metadata // none found: the zero value
	if res.Metadata != nil {
		meta = *res.Metadata
	}
	if p.Authors != nil {
		n++
		if !slices.Equal(meta.Authors, p.Authors) {
			fail("authors %q, want %q", meta.Authors, p.Authors)
		}
	}
	if p.Language != "" {
		n++
		if meta.Language != p.Language {
			fail("language %q, want %q", meta.Language, p.Language)
		}
	}
	if p.MarkdownStart != "" {
		n++
		if first := firstLine(render.Markdown(res)); first != p.MarkdownStart {
			fail("Markdown starts %q, want %q", first, p.MarkdownStart)
		}
	}
	for _, want := range p.Markdown {
		n++
		if !strings.Contains(render.Markdown(res), want) {
			fail("Markdown lacks %q", want)
		}
	}
	if len(p.Headings) > 0 {
		md := render.Markdown(res)
		for _, h := range p.Headings {
			n++
			if !hasHeading(md, h) {
				fail("no Markdown heading %q", h)
			}
		}
	}
	return n
}

// hasHeading reports whether Markdown md has an ATX heading whose text is h.
func hasHeading(md, h string) bool {
	for line := range strings.SplitSeq(md, "\n") {
		if text, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " "); ok && line != text && strings.TrimSpace(text) == h {
			return true
		}
	}
	return false
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestHasHeading keeps the heading check honest.
func TestHasHeading(t *testing.T) {
	md := "# Title\n\nSome text\n\n## Safety\n\n#hashtag line\n"
	for _, tt := range []struct {
		h    string
		want bool
	}{{"Title", true}, {"Safety", true}, {"Some text", false}, {"hashtag line", false}} {
		if got := hasHeading(md, tt.h); got != tt.want {
			t.Errorf("hasHeading(%q) = %v, want %v", tt.h, got, tt.want)
		}
	}
}
