package methods

import (
	"errors"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/shallow"
	"github.com/boilernet/boilernet/tokenize"
)

const page = `<html><head><title>Night trains return to the Alps - Courier</title></head><body>
<div class="nav"><a href="/">Home</a> | <a href="/n">News</a> | <a href="/s">Sport</a></div>
<h1>Night trains return to the Alps</h1>
<p>After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.</p>
<p>The operators say demand has grown steadily since 2021, as travellers look for alternatives to short flights across the mountains, and they plan to add carriages, new routes to Munich and Prague, and a second daily departure next winter if bookings hold.</p>
<h3>2 Comments</h3><p>I took this train in 2009 and have missed it ever since, so this is wonderful news for all of us who love rail travel.</p>
<div class="footer"><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></div></body></html>`

func parse(t *testing.T) *tokenize.Page {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLookupErrors(t *testing.T) {
	r := New(Config{})
	for _, tc := range []struct{ name, want string }{
		{"magic", `unknown method "magic"`},
		{"", `unknown method ""`},
		{"bilstm+magic", `unknown filter "magic"`},
		{"bilstm+main", "filter main works after the boilerpipe methods and tree only"},
		{"newsfeed+largest", "filter largest works after the boilerpipe methods and tree only"},
		{"bilstm:magic", "magic"},
		{"tree", "method tree needs a trained tree"},
		{"boilerpipe-numwords:blocks", `unknown method "boilerpipe-numwords:blocks"`},
	} {
		if _, err := r.Lookup(tc.name, infer.Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Lookup(%q) = %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	selectors := New(Config{Model: func() (*infer.Extractor, error) { return infer.WithSelector(nil), nil }})
	if _, err := selectors.Lookup("bilstm", infer.Options{}); err == nil || !strings.Contains(err.Error(), "need a model") {
		t.Errorf("bilstm with a selector's extractor: %v", err)
	}
	bad := errors.New("no such tree")
	r = New(Config{Tree: func() (*shallow.Tree, error) { return nil, bad }})
	if _, err := r.Lookup("tree+main", infer.Options{}); !errors.Is(err, bad) {
		t.Errorf("tree with a failing loader: %v", err)
	}
}

// TestSelectors runs every method and filter on a page and checks what
// the selection must be: as the packages that implement them say.
func TestSelectors(t *testing.T) {
	p := parse(t)
	title := metadata.Read(p.Root, "").Title()
	m, err := Default.Model()
	if err != nil {
		t.Fatal(err)
	}
	model, err := m.Select(p.Blocks, infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	numwords, err := shallow.SelectWith(shallow.NumWords, "main", p.Blocks, title)
	if err != nil {
		t.Fatal(err)
	}
	all := make([]bool, len(p.Blocks))
	for i := range all {
		all[i] = true
	}
	for _, tc := range []struct {
		name string
		want []bool
	}{
		{"bilstm", model},
		{"boilerpipe-numwords+main", numwords},
		{"keep-all", all},
	} {
		sel, err := Default.Lookup(tc.name, infer.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got, err := sel(p, title)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !equal(got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.name, got, tc.want)
		}
	}
	// The ancestor filter keeps a subset of what the method selects.
	for _, name := range []string{"keep-all", "bilstm", "newsfeed", "boilerpipe-cleaneval"} {
		plain, _ := Default.Lookup(name, infer.Options{})
		filtered, err := Default.Lookup(name+"+ancestor", infer.Options{FilterDepth: 1})
		if err != nil {
			t.Fatal(err)
		}
		a, _ := plain(p, title)
		b, _ := filtered(p, title)
		for i := range a {
			if b[i] && !a[i] {
				t.Errorf("%s+ancestor selects block %d that %s does not", name, i, name)
			}
		}
	}
}

func TestExtractor(t *testing.T) {
	model, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		own       bool // the model's own extractor
		filter    bool // opts.Filter
		wantTitle string
	}{
		{"bilstm", true, false, "Night trains return to the Alps"},
		{"bilstm+ancestor", true, true, "Night trains return to the Alps"},
		{"bilstm:blocks", false, false, "Night trains return to the Alps"},
		{"newsfeed", false, false, "Night trains return to the Alps"},
		{"boilerpipe-numwords+main", false, false, "Night trains return to the Alps"},
	} {
		ex, opts, err := Extractor(tc.name, infer.Options{Filter: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if (ex == model) != tc.own || opts.Filter != tc.filter {
			t.Errorf("%s: own model %v, Filter %v; want %v, %v", tc.name, ex == model, opts.Filter, tc.own, tc.filter)
		}
		res, err := ex.ExtractBytes([]byte(page), opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if res.Title != tc.wantTitle {
			t.Errorf("%s: title %q, want %q", tc.name, res.Title, tc.wantTitle)
		}
	}
}

func equal(a, b []bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
