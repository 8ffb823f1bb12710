package eval

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// TestBlocksTitlesCurve runs two block classifiers through Compare: the
// title is computed once per page for both, and the curve records one
// page's probabilities per page the recorded method runs on.
func TestBlocksTitlesCurve(t *testing.T) {
	ds, err := data.Open(filepath.Join("..", "testdata", "synth"))
	if err != nil {
		t.Fatal(err)
	}
	titleCalls := 0
	titles := NewTitles(func(*html.Node) string { titleCalls++; return "T" })
	var seen []*tokenize.Page
	keepAll := func(p *tokenize.Page, title string) ([]bool, error) {
		seen = append(seen, p)
		if title != "T" {
			t.Errorf("title %q", title)
		}
		return slices.Repeat([]bool{true}, len(p.Blocks)), nil
	}
	half := func(blocks []tokenize.Block) []float32 { return slices.Repeat([]float32{0.5}, len(blocks)) }
	curve := NewCurve(half)
	if curve.Points(CurveThresholds()) != nil {
		t.Error("points without pages")
	}
	blocks := func(name string) Method {
		return Method{Name: name, Select: func(d *data.Document) ([]bool, error) { return keepAll(d.Page, titles.Of(d)) }}
	}
	methods := []Method{curve.Record(blocks("a")), blocks("b")}
	r, err := Compare(ds, "test", methods, data.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if titleCalls != r.Pages || len(seen) != 2*r.Pages {
		t.Errorf("%d title calls, %d selections for %d pages", titleCalls, len(seen), r.Pages)
	}
	pts := curve.Points(CurveThresholds())
	if len(pts) != len(CurveThresholds()) || len(CurveThresholds()) != 19 {
		t.Fatalf("%d points, %d thresholds", len(pts), len(CurveThresholds()))
	}
	// Every block has probability 0.5: all selected up to 0.5, none after.
	keep := r.Methods[0].Blocks.Content
	if p := pts[9]; p.Threshold > 0.5 || p.Recall != 1 || p.Precision != keep.Precision {
		t.Errorf("point at %v: %+v, want recall 1, precision %v", p.Threshold, p, keep.Precision)
	}
	if p := pts[10]; p.Threshold <= 0.5 || p.Recall != 0 {
		t.Errorf("point at %v: %+v, want recall 0", p.Threshold, p)
	}
	if at := curve.Points([]float64{0.5}); len(at) != 1 || at[0] != pts[9] {
		t.Errorf("at 0.5: %v, want %v", at, pts[9])
	}
	curve.Reset()
	if curve.Points(CurveThresholds()) != nil {
		t.Error("Reset did not forget the pages")
	}
	dir := t.TempDir()
	if err := WriteReports(filepath.Join(dir, "out"), []*Report{r}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"pages.csv", "report.md"} {
		if st, err := os.Stat(filepath.Join(dir, "out", name)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestBestThreshold(t *testing.T) {
	blocks := func(texts ...string) []tokenize.Block {
		bs := make([]tokenize.Block, len(texts))
		for i, s := range texts {
			bs[i] = tokenize.Block{Text: s, Words: tokenize.CountWords(s), Index: i}
		}
		return bs
	}
	tests := []struct {
		name   string
		blocks []tokenize.Block
		probs  []float32
		gold   string
		want   []bool
	}{
		{"the gold's blocks ranked first", blocks("menu home", "the story goes on", "and ends here", "copyright"),
			[]float32{0.2, 0.9, 0.8, 0.1}, "the story goes on and ends here", []bool{false, true, true, false}},
		{"a boilerplate block ranked above content: kept when the content outweighs it", blocks("share", "a long paragraph of the article text"),
			[]float32{0.9, 0.6}, "a long paragraph of the article text", []bool{true, true}},
		{"content ranked below much boilerplate: nothing beats the top block", blocks("the title", "many many words of a teaser list below", "x"),
			[]float32{0.9, 0.8, 0.1}, "the title x", []bool{true, false, false}},
		{"equal probabilities stand or fall together", blocks("a b", "c d", "e f g h"),
			[]float32{0.5, 0.5, 0.9}, "e f g h a", []bool{false, false, true}},
		{"empty gold: nothing kept", blocks("a", "b"), []float32{0.9, 0.8}, "", []bool{false, false}},
		{"no blocks", nil, nil, "gold", []bool{}},
	}
	for _, tt := range tests {
		got := bestThreshold(tt.blocks, tt.probs, bagOfWords(tt.gold))
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
