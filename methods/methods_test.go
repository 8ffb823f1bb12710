package methods

import (
	"bytes"
	"cmp"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/filter"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/shallow"
	"github.com/boilernet/boilernet/tokenize"
)

// readMethodsPage returns ../testdata/methods-page.html: an article
// between a navigation bar, comments and a footer (package infer's
// method tests read it too).
func readMethodsPage(t *testing.T) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "methods-page.html"))
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func parsePage(t *testing.T) *tokenize.Page {
	t.Helper()
	p, err := tokenize.Parse(readMethodsPage(t), tokenize.Options{})
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
		decoding   decode.Decoding
		filter     string
		oracle     bool
		str        string // String()
	}{
		{"", Params{}, "bilstm", decode.Default(), "", false, "bilstm"},
		{"bilstm", Params{}, "bilstm", decode.Default(), "", false, "bilstm"},
		{"bilstm:default", Params{}, "bilstm", decode.Default(), "", false, "bilstm"},
		{"bilstm:structure", Params{}, "bilstm", decode.Structure(), "", false, "bilstm:structure"},
		{"bilstm:threshold", Params{}, "bilstm", decode.Decoding{Threshold: decode.DefaultThreshold}, "", false, "bilstm:threshold"},
		{"bilstm:hidden/bylines+ancestor", Params{}, "bilstm", decode.Decoding{Hidden: true, Bylines: true}, "ancestor", false, "bilstm:hidden/bylines+ancestor"},
		{"bilstm+ancestor", Params{}, "bilstm", decode.Default(), "ancestor", false, "bilstm+ancestor"},
		{"bilstm", Params{Decoding: "blocks", Filter: "ancestor"}, "bilstm", decode.Blocks(), "ancestor", false, "bilstm:blocks+ancestor"},
		{"", Params{Decoding: "structure"}, "bilstm", decode.Structure(), "", false, "bilstm:structure"},
		{"boilerpipe-numwords+main", Params{}, "boilerpipe-numwords", decode.Default(), "main", false, "boilerpipe-numwords+main"},
		{"boilerpipe-densitometric", Params{Filter: "largest"}, "boilerpipe-densitometric", decode.Default(), "largest", false, "boilerpipe-densitometric+largest"},
		{"tree+ancestor", Params{}, "tree", decode.Default(), "ancestor", false, "tree+ancestor"},
		{"newsfeed", Params{Threshold: 0.7}, "newsfeed", decode.Default(), "", false, "newsfeed@0.7"},
		{"bilstm:blocks@1e-05", Params{}, "bilstm", decode.Blocks(), "", false, "bilstm:blocks@1e-05"},
		{"keep-all+ancestor", Params{FilterDepth: 1}, "keep-all", decode.Default(), "ancestor", false, "keep-all+ancestor:1"},
		{"keep-all+ancestor:1", Params{}, "keep-all", decode.Default(), "ancestor", false, "keep-all+ancestor:1"},
		{"bilstm+ancestor:2", Params{}, "bilstm", decode.Default(), "ancestor", false, "bilstm+ancestor"},
		{"bilstm", Params{FilterDepth: 3}, "bilstm", decode.Default(), "", false, "bilstm"},
		{"bilstm:structure@0.9+ancestor:3", Params{}, "bilstm", decode.Structure(), "ancestor", false, "bilstm:structure@0.9+ancestor:3"},
		{"bilstm", Params{Decoding: "structure", Threshold: 0.9, Filter: "ancestor", FilterDepth: 3}, "bilstm", decode.Structure(), "ancestor", false, "bilstm:structure@0.9+ancestor:3"},
		{"oracle", Params{}, "oracle", decode.Default(), "", true, "oracle"},
		{"bilstm:oracle", Params{}, "bilstm", decode.Default(), "", true, "bilstm:oracle"},
	} {
		m, err := Parse(tc.spec, tc.p)
		if err != nil {
			t.Errorf("Parse(%q, %+v): %v", tc.spec, tc.p, err)
			continue
		}
		// The method's decoding runs with its threshold when it has one.
		wantDecoding := tc.decoding
		if m.Threshold() > 0 {
			wantDecoding.Threshold = m.Threshold()
		}
		if m.Classifier() != tc.classifier || m.Decoding() != wantDecoding || m.Filter() != tc.filter || m.Oracle() != tc.oracle || m.String() != tc.str {
			t.Errorf("Parse(%q, %+v) = %s (%s, %v, %q, oracle %v), want %s (%s, %v, %q, oracle %v)", tc.spec, tc.p,
				m, m.Classifier(), m.Decoding(), m.Filter(), m.Oracle(), tc.str, tc.classifier, wantDecoding, tc.filter, tc.oracle)
		}
		if again, err := Parse(m.String(), Params{}); err != nil || again != m {
			t.Errorf("Parse(%q) again = %v, %v", m.String(), again, err)
		}
		if _, th, ok := strings.Cut(tc.str, "@"); !ok && m.Threshold() != tc.p.Threshold || ok && !strings.HasPrefix(th, strconv.FormatFloat(m.Threshold(), 'g', -1, 64)) {
			t.Errorf("Parse(%q, %+v): threshold %v", tc.spec, tc.p, m.Threshold())
		}
		want := DefaultFilterDepth
		if m.Filter() == "ancestor" {
			want = cmp.Or(tc.p.FilterDepth, DefaultFilterDepth)
			if _, d, ok := strings.Cut(tc.str, "ancestor:"); ok {
				want, _ = strconv.Atoi(d)
			}
		}
		if m.FilterDepth() != want {
			t.Errorf("Parse(%q, %+v): filter depth %d, want %d", tc.spec, tc.p, m.FilterDepth(), want)
		}
	}
	if got, _ := Parse("bilstm", Params{Threshold: 0.7}); got.BlockThreshold() != 0.7 {
		t.Errorf("BlockThreshold with 0.7: %v", got.BlockThreshold())
	}
	if got := (Method{}).BlockThreshold(); got != decode.DefaultThreshold {
		t.Errorf("BlockThreshold of the zero Method: %v", got)
	}
	if got := (Method{}).String(); got != DefaultMethod {
		t.Errorf("zero Method: %q, want %q", got, DefaultMethod)
	}
}

func TestParseList(t *testing.T) {
	for _, tc := range []struct {
		list string
		p    Params
		want []string // the methods' String, with the specs the list's
		err  string   // part of the error, "" for none
	}{
		{"", Params{}, nil, ""},
		{"bilstm", Params{}, []string{"bilstm"}, ""},
		{"bilstm,bilstm+ancestor,newsfeed", Params{}, []string{"bilstm", "bilstm+ancestor", "newsfeed"}, ""},
		{"bilstm,,keep-all", Params{}, []string{"bilstm", "bilstm", "keep-all"}, ""}, // an empty spec is the default
		{"bilstm,newsfeed+ancestor", Params{Threshold: 0.7, FilterDepth: 3}, []string{"bilstm@0.7", "newsfeed@0.7+ancestor:3"}, ""},
		{"bilstm,magic", Params{}, nil, `method "magic": unknown method "magic"`},
	} {
		specs, ms, err := ParseList(tc.list, tc.p)
		var got []string
		for _, m := range ms {
			got = append(got, m.String())
		}
		wantSpecs := strings.Split(tc.list, ",")
		if tc.list == "" || tc.err != "" {
			wantSpecs = nil
		}
		if (tc.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.err) || !slices.Equal(got, tc.want) || !slices.Equal(specs, wantSpecs) {
			t.Errorf("ParseList(%q, %+v) = %q, %q, %v; want %q, %q, error with %q", tc.list, tc.p, specs, got, err, wantSpecs, tc.want, tc.err)
		}
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
		{"bilstm@0.7", Params{Threshold: 0.5}, "not both"},
		{"bilstm@x", Params{}, `method "bilstm@x": threshold "x" is not a number`},
		{"bilstm@1.5", Params{}, "threshold 1.5 outside [0, 1]"},
		{"bilstm+ancestor:2", Params{FilterDepth: 3}, "not both"},
		{"bilstm+ancestor:0", Params{}, `filter depth "0": the ancestor filter's depth is a number ≥ 1`},
		{"boilerpipe-numwords+main:2", Params{}, `filter depth "2"`},
		{"bilstm+ancestor:65", Params{}, "filter depth 65 outside [0, 64]"},
	} {
		_, err := Parse(tc.spec, tc.p)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q, %+v) = %v, want an error with %q", tc.spec, tc.p, err, tc.want)
		}
	}
}

// reg resolves the methods with the embedded model.
var reg = New(Config{})

func TestLabelErrors(t *testing.T) {
	r := New(Config{})
	if _, err := r.Classifier(mustParse(t, "tree")); err == nil || !strings.Contains(err.Error(), "method tree needs a trained tree") {
		t.Errorf("tree without a tree: %v", err)
	}
	for _, spec := range []string{"oracle", "bilstm:oracle"} {
		m := mustParse(t, spec)
		c, err := r.Classifier(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := m.Label(c, Page{Page: parsePage(t)}); err == nil || !strings.Contains(err.Error(), "only an evaluation runs it") {
			t.Errorf("%s without gold: %v", spec, err)
		}
	}
	short := Verdicts(func(p Page) ([]bool, error) { return []bool{true}, nil })
	if _, _, err := (Method{}).Label(short, Page{Page: parsePage(t)}); err == nil || !strings.Contains(err.Error(), "labels for") {
		t.Errorf("one verdict for a page of blocks: %v", err)
	}
	keep := Verdicts(func(p Page) ([]bool, error) { return make([]bool, len(p.Blocks)), nil })
	if _, _, err := mustParse(t, "bilstm:structure").Label(keep, Page{Page: parsePage(t)}); err == nil || !strings.Contains(err.Error(), "a decoding needs probabilities") {
		t.Errorf("a decoding over verdicts: %v", err)
	}
	bad := errors.New("no such tree")
	calls := 0
	r = New(Config{Tree: func() (*shallow.Tree, error) { calls++; return nil, bad }})
	for range 2 {
		if _, err := r.Classifier(mustParse(t, "tree+main")); !errors.Is(err, bad) {
			t.Errorf("tree with a failing loader: %v", err)
		}
	}
	if calls != 1 {
		t.Errorf("the tree was loaded %d times, want once", calls)
	}
}

// label runs a method on a page with gold.
func label(t *testing.T, spec string, p Page) ([]float32, []bool) {
	t.Helper()
	return labelMethod(t, mustParse(t, spec), p)
}

// labelMethod runs m with the classifier reg resolves for it.
func labelMethod(t *testing.T, m Method, p Page) ([]float32, []bool) {
	t.Helper()
	c, err := reg.Classifier(m)
	if err != nil {
		t.Fatalf("%s: %v", m, err)
	}
	probs, content, err := m.Label(c, p)
	if err != nil {
		t.Fatalf("%s: %v", m, err)
	}
	if len(probs) != len(p.Blocks) || len(content) != len(p.Blocks) {
		t.Fatalf("%s: %d probabilities, %d labels for %d blocks", m, len(probs), len(content), len(p.Blocks))
	}
	return probs, content
}

// TestOwnClassifier: a classifier of your own runs with any decoding and
// filter (every named decoding with no filter, the ancestor filter and
// one of depth 3; focus and threshold steps), its probabilities decoded
// as the model's are; a classifier of
// verdicts with probabilities keeps both.
func TestOwnClassifier(t *testing.T) {
	tp := parsePage(t)
	md, err := reg.Model()
	if err != nil {
		t.Fatal(err)
	}
	modelProbs := md.Probabilities(tp.Blocks)
	own := ownProbs(modelProbs)
	r := New(Config{BiLSTM: own})
	if _, err := r.Model(); err == nil {
		t.Error("a registry of a classifier of its own has a model")
	}
	specs := []string{"bilstm:structure@0.6+ancestor:1", "bilstm:blocks@0.7", "bilstm:precision+ancestor", "bilstm:recall", "bilstm:threshold/precision@0.8"}
	for _, d := range decode.Names() {
		for _, f := range []string{"", "+ancestor", "+ancestor:3"} {
			specs = append(specs, "bilstm:"+d+f)
		}
	}
	for _, spec := range specs {
		m := mustParse(t, spec)
		c, err := r.Classifier(m)
		if err != nil {
			t.Fatal(err)
		}
		probs, got, err := m.Label(c, Page{Page: tp})
		if err != nil {
			t.Fatal(err)
		}
		_, want := labelMethod(t, m, Page{Page: tp})
		if !slices.Equal(got, want) || !slices.Equal(probs, modelProbs) {
			t.Errorf("%s: own classifier %v, want the model's %v", spec, got, want)
		}
	}
	shown := make([]float32, len(tp.Blocks))
	kept := make([]bool, len(tp.Blocks))
	kept[1], shown[1] = true, 0.3
	probs, got, err := (Method{}).Label(both{shown, kept}, Page{Page: tp})
	if err != nil || !slices.Equal(got, kept) || !slices.Equal(probs, shown) {
		t.Errorf("verdicts with probabilities: %v %v, %v", probs, got, err)
	}
}

// ownProbs is a classifier of your own that gives fixed probabilities.
type ownProbs []float32

func (o ownProbs) Classify(Page) (Scores, error) { return Scores{Probs: slices.Clone(o)}, nil }

// both is a classifier of verdicts with probabilities to show.
type both struct {
	probs   []float32
	content []bool
}

func (b both) Classify(Page) (Scores, error) {
	return Scores{Probs: slices.Clone(b.probs), Content: slices.Clone(b.content)}, nil
}

// TestLabel runs every kind of method and filter on a page and checks
// what the labels must be: as the packages that implement them say.
func TestLabel(t *testing.T) {
	tp := parsePage(t)
	title := metadata.Read(tp.Root, "").Title()
	md, err := reg.Model()
	if err != nil {
		t.Fatal(err)
	}
	modelProbs := md.Probabilities(tp.Blocks)
	model, err := decode.Default().Select(tp.Blocks, modelProbs)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := decode.Decoding{Threshold: 0.7, KeepRepeats: true, KeepGaps: true}.Select(tp.Blocks, modelProbs)
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
		probs, got := labelMethod(t, m, p)
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
		probs, b := labelMethod(t, fm, p)
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

// TestEveryNameClassifies: every method name of Names has a classifier
// that labels a page, with each filter it takes (the tree with a tree of
// one leaf).
func TestEveryNameClassifies(t *testing.T) {
	tp := parsePage(t)
	leaf := &shallow.Tree{Nodes: []shallow.Node{{Content: 1}}}
	r := New(Config{Tree: func() (*shallow.Tree, error) { return leaf, nil }})
	for _, name := range Names() {
		for _, filter := range append([]string{""}, Filters()...) {
			spec := name
			if filter != "" {
				spec += "+" + filter
			}
			m, err := Parse(spec, Params{})
			if err != nil {
				continue // a filter this classifier does not take
			}
			c, err := r.Classifier(m)
			if err != nil {
				t.Errorf("%s: %v", spec, err)
				continue
			}
			_, content, err := m.Label(c, Page{Page: tp, Title: "t"})
			if err != nil || len(content) != len(tp.Blocks) {
				t.Errorf("%s: %d labels for %d blocks, %v", spec, len(content), len(tp.Blocks), err)
			}
		}
	}
}

func TestReadTree(t *testing.T) {
	dir := t.TempDir()
	good, junk := filepath.Join(dir, "good.tree"), filepath.Join(dir, "junk.tree")
	var buf bytes.Buffer
	if _, err := (&shallow.Tree{Features: shallow.FeatureNames(), Nodes: []shallow.Node{{Content: 1}}}).WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(good, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(junk, []byte("not a tree"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, err string // err: part of the error, "" for none
	}{
		{good, ""},
		{junk, junk + ": "},
		{filepath.Join(dir, "nope.tree"), "nope.tree"},
	}
	for _, tt := range tests {
		tr, err := ReadTree(tt.path)
		switch {
		case tt.err == "" && (err != nil || len(tr.Nodes) != 1):
			t.Errorf("ReadTree(%s) = %v, %v; want the one-leaf tree", tt.path, tr, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ReadTree(%s): error %v, want one with %q", tt.path, err, tt.err)
		}
	}
}
