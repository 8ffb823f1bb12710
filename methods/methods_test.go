package methods

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/filter"
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
		{"", Params{}, "bilstm", infer.DefaultDecoding(), "", false, "bilstm"},
		{"bilstm", Params{}, "bilstm", infer.DefaultDecoding(), "", false, "bilstm"},
		{"bilstm:default", Params{}, "bilstm", infer.DefaultDecoding(), "", false, "bilstm"},
		{"bilstm:structure", Params{}, "bilstm", infer.StructureDecoding(), "", false, "bilstm:structure"},
		{"bilstm:threshold", Params{}, "bilstm", infer.Decoding{Threshold: true}, "", false, "bilstm:threshold"},
		{"bilstm:hidden/bylines+ancestor", Params{}, "bilstm", infer.Decoding{Hidden: true, Bylines: true}, "ancestor", false, "bilstm:hidden/bylines+ancestor"},
		{"bilstm+ancestor", Params{}, "bilstm", infer.DefaultDecoding(), "ancestor", false, "bilstm+ancestor"},
		{"bilstm", Params{Decoding: "blocks", Filter: "ancestor"}, "bilstm", infer.BlocksDecoding(), "ancestor", false, "bilstm:blocks+ancestor"},
		{"", Params{Decoding: "structure"}, "bilstm", infer.StructureDecoding(), "", false, "bilstm:structure"},
		{"boilerpipe-numwords+main", Params{}, "boilerpipe-numwords", infer.DefaultDecoding(), "main", false, "boilerpipe-numwords+main"},
		{"boilerpipe-densitometric", Params{Filter: "largest"}, "boilerpipe-densitometric", infer.DefaultDecoding(), "largest", false, "boilerpipe-densitometric+largest"},
		{"tree+ancestor", Params{}, "tree", infer.DefaultDecoding(), "ancestor", false, "tree+ancestor"},
		{"newsfeed", Params{Threshold: 0.7}, "newsfeed", infer.DefaultDecoding(), "", false, "newsfeed"},
		{"keep-all+ancestor", Params{FilterDepth: 1}, "keep-all", infer.DefaultDecoding(), "ancestor", false, "keep-all+ancestor"},
		{"oracle", Params{}, "oracle", infer.DefaultDecoding(), "", true, "oracle"},
		{"bilstm:oracle", Params{}, "bilstm", infer.DefaultDecoding(), "", true, "bilstm:oracle"},
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

func TestLabelerErrors(t *testing.T) {
	r := New(Config{})
	if _, err := r.Labeler(mustParse(t, "tree")); err == nil || !strings.Contains(err.Error(), "method tree needs a trained tree") {
		t.Errorf("tree without a tree: %v", err)
	}
	for _, spec := range []string{"oracle", "bilstm:oracle"} {
		if _, err := r.Extractor(mustParse(t, spec)); err == nil || !strings.Contains(err.Error(), "only an evaluation runs it") {
			t.Errorf("extractor of %s: %v", spec, err)
		}
		l, err := r.Labeler(mustParse(t, spec))
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := l.Label(parsePage(t), ""); err == nil || !strings.Contains(err.Error(), "only an evaluation runs it") {
			t.Errorf("%s without gold: %v", spec, err)
		}
	}
	selectors := New(Config{Model: func() (*infer.Extractor, error) { return infer.WithSelector(nil), nil }})
	if _, err := selectors.Labeler(mustParse(t, "bilstm:structure")); err == nil || !strings.Contains(err.Error(), "need a model") {
		t.Errorf("bilstm:structure with a selector's extractor: %v", err)
	}
	if _, err := selectors.Labeler(mustParse(t, "bilstm+ancestor")); err != nil {
		t.Errorf("bilstm+ancestor with a selector's extractor: %v", err)
	}
	bad := errors.New("no such tree")
	r = New(Config{Tree: func() (*shallow.Tree, error) { return nil, bad }})
	if _, err := r.Labeler(mustParse(t, "tree+main")); !errors.Is(err, bad) {
		t.Errorf("tree with a failing loader: %v", err)
	}
}

// label runs a method on a page with gold.
func label(t *testing.T, spec string, p Page) ([]float32, []bool) {
	t.Helper()
	l, err := embedded().Labeler(mustParse(t, spec))
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	probs, content, err := l.LabelPage(p)
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	if len(probs) != len(p.Blocks) || len(content) != len(p.Blocks) {
		t.Fatalf("%s: %d probabilities, %d labels for %d blocks", spec, len(probs), len(content), len(p.Blocks))
	}
	return probs, content
}

// TestLabeler runs every kind of method and filter on a page and checks
// what the labels must be: as the packages that implement them say.
func TestLabeler(t *testing.T) {
	tp := parsePage(t)
	title := metadata.Read(tp.Root, "").Title()
	md, err := embedded().Model()
	if err != nil {
		t.Fatal(err)
	}
	modelProbs := md.Probabilities(tp.Blocks)
	model, err := infer.DefaultDecoding().Select(tp.Blocks, modelProbs, 0)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := infer.BlocksDecoding().Select(tp.Blocks, modelProbs, 0.7)
	if err != nil {
		t.Fatal(err)
	}
	numwords, err := shallow.SelectWith(shallow.NumWords, "main", tp.Blocks, title)
	if err != nil {
		t.Fatal(err)
	}
	all := make([]bool, len(tp.Blocks))
	gold := make([]bool, len(tp.Blocks))
	for i := range all {
		all[i] = true
		gold[i] = i%2 == 0
	}
	best := []bool{true}
	p := Page{Page: tp, Title: title, Gold: &Gold{Labels: gold, BestThreshold: func(probs []float32) []bool {
		if !slices.Equal(probs, modelProbs) {
			t.Errorf("bilstm:oracle's probabilities %v, want the model's %v", probs, modelProbs)
		}
		return append(best, make([]bool, len(probs)-1)...)
	}}}
	for _, tc := range []struct {
		spec  string
		p     Params
		want  []bool
		probs bool // the model's probabilities (else 1 and 0 of want)
	}{
		{"bilstm", Params{}, model, true},
		{"bilstm:blocks", Params{Threshold: 0.7}, blocks, true},
		{"boilerpipe-numwords+main", Params{}, numwords, false},
		{"keep-all", Params{}, all, false},
		{"oracle", Params{}, gold, false},
		{"bilstm:oracle", Params{}, append(best, make([]bool, len(tp.Blocks)-1)...), true},
	} {
		m, err := Parse(tc.spec, tc.p)
		if err != nil {
			t.Fatal(err)
		}
		l, err := embedded().Labeler(m)
		if err != nil {
			t.Fatal(err)
		}
		probs, got, err := l.LabelPage(p)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s = %v, want %v", tc.spec, got, tc.want)
		}
		for i, c := range got {
			if tc.probs && probs[i] != modelProbs[i] || !tc.probs && (probs[i] == 1) != c {
				t.Errorf("%s: block %d has the probability %v (content %v)", tc.spec, i, probs[i], c)
			}
		}
	}
	// The ancestor filter keeps a subset of what the method selects, and
	// a classifier of verdicts gives 1 to what the filter keeps.
	for _, name := range []string{"keep-all", "bilstm", "newsfeed", "boilerpipe-cleaneval"} {
		_, a := label(t, name, p)
		fm, err := Parse(name+"+ancestor", Params{FilterDepth: 1})
		if err != nil {
			t.Fatal(err)
		}
		l, err := embedded().Labeler(fm)
		if err != nil {
			t.Fatal(err)
		}
		probs, b, err := l.LabelPage(p)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(b, filter.Ancestor(tp.Blocks, a, 1)) {
			t.Errorf("%s+ancestor = %v, want the filter of %v", name, b, a)
		}
		for i := range a {
			if name != "bilstm" && (probs[i] == 1) != b[i] {
				t.Errorf("%s+ancestor: block %d has the probability %v (content %v)", name, i, probs[i], b[i])
			}
		}
	}
}

func TestExtractor(t *testing.T) {
	for _, tc := range []struct {
		spec      string
		model     bool // the extractor has the model
		wantTitle string
	}{
		{"bilstm", true, "Night trains return to the Alps"},
		{"bilstm+ancestor", true, "Night trains return to the Alps"},
		{"bilstm:blocks", true, "Night trains return to the Alps"},
		{"bilstm:structure+ancestor", true, "Night trains return to the Alps"},
		{"newsfeed+ancestor", false, "Night trains return to the Alps"},
		{"newsfeed", false, "Night trains return to the Alps"},
		{"boilerpipe-numwords+main", false, "Night trains return to the Alps"},
	} {
		ex, err := Extractor(mustParse(t, tc.spec))
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if _, ok := ex.Model(); ok != tc.model {
			t.Errorf("%s: has a model %v, want %v", tc.spec, ok, tc.model)
		}
		res, err := ex.ExtractBytes([]byte(page), infer.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if res.Title != tc.wantTitle {
			t.Errorf("%s: title %q, want %q", tc.spec, res.Title, tc.wantTitle)
		}
	}
	// The default method is the embedded model's default extraction.
	def, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	want, err := def.ExtractBytes([]byte(page), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Extractor(Method{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ex.ExtractBytes([]byte(page), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Text != want.Text || len(got.Blocks) != len(want.Blocks) || got.Blocks[3] != want.Blocks[3] {
		t.Errorf("the zero Method: %q, want %q", got.Text, want.Text)
	}
}
