package methods

import (
	"cmp"
	"errors"
	"math"
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

func parsePage(t *testing.T) *tokenize.Page {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mustParse parses a spec with no parts given apart.
func mustParse(t *testing.T, spec string) Method {
	t.Helper()
	m, err := Parse(spec, Params{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		spec       string
		p          Params
		classifier string
		decoding   infer.Decoding
		filter     string
		oracle     bool
		str        string // String()
	}{
		{"", Params{}, "bilstm", infer.DecodeDefault, "", false, "bilstm"},
		{"bilstm", Params{}, "bilstm", infer.DecodeDefault, "", false, "bilstm"},
		{"bilstm:default", Params{}, "bilstm", infer.DecodeDefault, "", false, "bilstm"},
		{"bilstm:structure", Params{}, "bilstm", infer.DecodeStructure, "", false, "bilstm:structure"},
		{"bilstm:threshold", Params{}, "bilstm", infer.Decoding{Threshold: true}, "", false, "bilstm:threshold"},
		{"bilstm:hidden/bylines+ancestor", Params{}, "bilstm", infer.Decoding{Hidden: true, Bylines: true}, "ancestor", false, "bilstm:hidden/bylines+ancestor"},
		{"bilstm+ancestor", Params{}, "bilstm", infer.DecodeDefault, "ancestor", false, "bilstm+ancestor"},
		{"bilstm", Params{Decoding: "blocks", Filter: "ancestor"}, "bilstm", infer.DecodeBlocks, "ancestor", false, "bilstm:blocks+ancestor"},
		{"", Params{Decoding: "structure"}, "bilstm", infer.DecodeStructure, "", false, "bilstm:structure"},
		{"boilerpipe-numwords+main", Params{}, "boilerpipe-numwords", infer.DecodeDefault, "main", false, "boilerpipe-numwords+main"},
		{"boilerpipe-densitometric", Params{Filter: "largest"}, "boilerpipe-densitometric", infer.DecodeDefault, "largest", false, "boilerpipe-densitometric+largest"},
		{"tree+ancestor", Params{}, "tree", infer.DecodeDefault, "ancestor", false, "tree+ancestor"},
		{"newsfeed", Params{Threshold: 0.7}, "newsfeed", infer.DecodeDefault, "", false, "newsfeed"},
		{"keep-all+ancestor", Params{FilterDepth: 1}, "keep-all", infer.DecodeDefault, "ancestor", false, "keep-all+ancestor"},
		{"oracle", Params{}, "oracle", infer.DecodeDefault, "", true, "oracle"},
		{"bilstm:oracle", Params{}, "bilstm", infer.DecodeDefault, "", true, "bilstm:oracle"},
	} {
		m, err := Parse(tc.spec, tc.p)
		if err != nil {
			t.Errorf("Parse(%q, %+v): %v", tc.spec, tc.p, err)
			continue
		}
		if m.Classifier() != tc.classifier || m.Decoding() != tc.decoding || m.Filter() != tc.filter || m.Oracle() != tc.oracle || m.String() != tc.str {
			t.Errorf("Parse(%q, %+v) = %s (%s, %v, %q, oracle %v), want %s (%s, %v, %q, oracle %v)", tc.spec, tc.p,
				m, m.Classifier(), m.Decoding(), m.Filter(), m.Oracle(), tc.str, tc.classifier, tc.decoding, tc.filter, tc.oracle)
		}
		if again, err := Parse(m.String(), Params{}); err != nil || again.String() != m.String() {
			t.Errorf("Parse(%q) again = %v, %v", m.String(), again, err)
		}
		if m.Threshold() != tc.p.Threshold {
			t.Errorf("Parse(%q, %+v): threshold %v", tc.spec, tc.p, m.Threshold())
		}
		if want := cmp.Or(tc.p.FilterDepth, DefaultFilterDepth); m.FilterDepth() != want {
			t.Errorf("Parse(%q, %+v): filter depth %d, want %d", tc.spec, tc.p, m.FilterDepth(), want)
		}
	}
	if got, _ := Parse("bilstm", Params{Threshold: 0.7}); got.BlockThreshold() != 0.7 {
		t.Errorf("BlockThreshold with 0.7: %v", got.BlockThreshold())
	}
	if got := (Method{}).BlockThreshold(); got != infer.DefaultThreshold {
		t.Errorf("BlockThreshold of the zero Method: %v", got)
	}
	if got := (Method{}).String(); got != DefaultMethod {
		t.Errorf("zero Method: %q, want %q", got, DefaultMethod)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		spec string
		p    Params
		want string
	}{
		{"magic", Params{}, `method "magic": unknown method "magic" (known: bilstm, `},
		{"bilstm+magic", Params{}, `method "bilstm+magic": unknown filter "magic" (known: ancestor, largest, main)`},
		{"bilstm", Params{Filter: "magic"}, `method "bilstm+magic": unknown filter "magic"`},
		{"bilstm+main", Params{}, `method "bilstm+main": filter main works after the boilerpipe methods and tree only`},
		{"newsfeed+largest", Params{}, "filter largest works after the boilerpipe methods and tree only"},
		{"bilstm:magic", Params{}, `method "bilstm:magic": unknown decoding "magic"`},
		{"bilstm:", Params{}, `method "bilstm:": unknown decoding ""`},
		{"boilerpipe-numwords:blocks", Params{}, `method "boilerpipe-numwords:blocks": decoding "blocks": only bilstm has decodings`},
		{"newsfeed", Params{Decoding: "structure"}, `method "newsfeed:structure": decoding "structure": only bilstm has decodings`},
		{"bilstm:structure", Params{Decoding: "blocks"}, "not both"},
		{"bilstm+ancestor", Params{Filter: "ancestor"}, "not both"},
		{"oracle+ancestor", Params{}, `method "oracle+ancestor": an oracle takes no filter`},
		{"bilstm", Params{Threshold: 2}, `method "bilstm": threshold 2 outside [0, 1]`},
		{"bilstm", Params{Threshold: -0.1}, "threshold -0.1 outside [0, 1]"},
		{"bilstm", Params{Threshold: math.NaN()}, "threshold NaN outside [0, 1]"},
		{"bilstm+ancestor", Params{FilterDepth: -1}, "filter depth -1 outside [0, 64]"},
		{"bilstm+ancestor", Params{FilterDepth: 65}, "filter depth 65 outside [0, 64]"},
	} {
		_, err := Parse(tc.spec, tc.p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q, %+v) = %v, want an error with %q", tc.spec, tc.p, err, tc.want)
		}
	}
}

func TestSelectorErrors(t *testing.T) {
	r := New(Config{})
	if _, err := r.Selector(mustParse(t, "tree")); err == nil || !strings.Contains(err.Error(), "method tree needs a trained tree") {
		t.Errorf("tree without a tree: %v", err)
	}
	if _, err := r.Selector(mustParse(t, "oracle")); err == nil || !strings.Contains(err.Error(), "only an evaluation runs it") {
		t.Errorf("oracle: %v", err)
	}
	selectors := New(Config{Model: func() (*infer.Extractor, error) { return infer.WithSelector(nil), nil }})
	if _, err := selectors.Selector(mustParse(t, "bilstm")); err == nil || !strings.Contains(err.Error(), "need a model") {
		t.Errorf("bilstm with a selector's extractor: %v", err)
	}
	bad := errors.New("no such tree")
	r = New(Config{Tree: func() (*shallow.Tree, error) { return nil, bad }})
	if _, err := r.Selector(mustParse(t, "tree+main")); !errors.Is(err, bad) {
		t.Errorf("tree with a failing loader: %v", err)
	}
}

// TestSelectors runs every method and filter on a page and checks what
// the selection must be: as the packages that implement them say.
func TestSelectors(t *testing.T) {
	p := parsePage(t)
	title := metadata.Read(p.Root, "").Title()
	m, err := embedded().Model()
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
		sel, err := embedded().Selector(mustParse(t, tc.name))
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
		plain, _ := embedded().Selector(mustParse(t, name))
		fm, err := Parse(name+"+ancestor", Params{FilterDepth: 1})
		if err != nil {
			t.Fatal(err)
		}
		filtered, err := embedded().Selector(fm)
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
		{"bilstm:blocks", true, false, "Night trains return to the Alps"},
		{"bilstm:structure+ancestor", true, true, "Night trains return to the Alps"},
		{"newsfeed+ancestor", false, false, "Night trains return to the Alps"},
		{"newsfeed", false, false, "Night trains return to the Alps"},
		{"boilerpipe-numwords+main", false, false, "Night trains return to the Alps"},
	} {
		ex, opts, err := Extractor(mustParse(t, tc.name), infer.Options{Filter: true})
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
