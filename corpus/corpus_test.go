package corpus

import (
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/methods"
)

// keepAll extracts every block of a page as content.
var keepAll = infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
	sel := make([]bool, len(p.Blocks))
	for i := range sel {
		sel[i] = true
	}
	return sel, nil
}))

func extract(t *testing.T, page string) *infer.Result {
	t.Helper()
	res, err := keepAll.ExtractBytes(t.Context(), []byte(page), infer.Options{KeepHeadline: true})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

const (
	shared = "A paragraph that two articles of the same site both carry at their end."
	own1   = "The first article says something of its own, in a paragraph long enough."
	own2   = "The second article says something else of its own, in its own paragraph."
)

func TestDedup(t *testing.T) {
	f, err := New(Options{Dedup: true})
	if err != nil {
		t.Fatal(err)
	}
	type step struct {
		name, page  string
		wantText    string
		wantDupOf   string
		wantDropped int
	}
	for _, s := range []step{
		{"a.html", "<p>" + own1 + "</p><p>" + shared + "</p><p>Share</p>", own1 + "\n\n" + shared + "\n\nShare", "", 0},
		// The shared paragraph, in other case and spacing, is dropped; a
		// short line that repeats is not.
		{"b.html", "<p>" + own2 + "</p><p>" + strings.ToUpper(shared) + "  </p><p>Share</p>", own2 + "\n\nShare", "", 1},
		// The same text as a.html: a duplicate page, all its text dropped.
		{"c.html", "<div><p>" + own1 + "</p><p>" + shared + "</p><p>Share</p></div>", "", "a.html", 3},
	} {
		res, v := f.Apply(s.name, extract(t, s.page))
		if res.Text != s.wantText || v.DuplicateOf != s.wantDupOf || v.Dropped != s.wantDropped || v.Skip != "" {
			t.Errorf("%s: text %q, verdict %+v; want %q, duplicate of %q, %d dropped", s.name, res.Text, v, s.wantText, s.wantDupOf, s.wantDropped)
		}
	}
	want := Stats{Pages: 3, DuplicatePages: 1, DroppedParagraph: 4}
	if f.Stats() != want {
		t.Errorf("stats %+v, want %+v", f.Stats(), want)
	}
}

// The paragraph hashes are bounded: a paragraph forgotten is kept again.
func TestDedupBounded(t *testing.T) {
	f, err := New(Options{Dedup: true, Seen: 2})
	if err != nil {
		t.Fatal(err)
	}
	para := func(i int) string {
		return "<p>Paragraph number " + strings.Repeat("x", i+1) + " of a long enough text to count.</p>"
	}
	f.Apply("1", extract(t, para(1)+para(2)))
	f.Apply("2", extract(t, para(3)+para(4))) // forgets 1 and 2
	if _, v := f.Apply("3", extract(t, para(1))); v.Dropped != 0 {
		t.Errorf("a forgotten paragraph was dropped: %+v", v)
	}
}

func TestLanguages(t *testing.T) {
	f, err := New(Options{Languages: Languages("de, pt-BR,de")})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang string
		skip bool
	}{{"de", false}, {"de-AT", false}, {"PT", false}, {"en", true}, {"", true}} {
		res := extract(t, "<p>"+own1+"</p>")
		res.Metadata = &metadata.Metadata{Language: tc.lang}
		if _, v := f.Apply("p", res); (v.Skip != "") != tc.skip {
			t.Errorf("language %q: verdict %+v, want skipped %v", tc.lang, v, tc.skip)
		}
	}
	if s := f.Stats(); s.SkippedLanguage != 2 || s.Pages != 5 {
		t.Errorf("stats %+v", s)
	}
	if _, err := New(Options{Languages: []string{"english!"}}); err == nil {
		t.Error("a bad language code was accepted")
	}
}
