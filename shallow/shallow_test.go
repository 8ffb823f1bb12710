package shallow

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func parse(t *testing.T, page string) []tokenize.Block {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Blocks
}

func texts(blocks []Block) []string {
	var out []string
	for _, b := range blocks {
		out = append(out, b.Text)
	}
	return out
}

func TestSegment(t *testing.T) {
	tests := []struct {
		name string
		page string
		want []string
	}{
		{"anchors do not split", `<p>Read <a href="/x">the <a>full</a> story</a> here.</p>`, []string{"Read the full story here."}},
		{"other inline tags split", `<p>one <b>two</b> three</p>`, []string{"one", "two", "three"}},
		{"br splits", `<p>one<br>two</p>`, []string{"one", "two"}},
		{"a skipped script splits", `<p>one<script>x</script>two</p>`, []string{"one", "two"}},
		{"a comment does not split", `<p>one <!-- c --> <a>two</a></p>`, []string{"one two"}},
		{"block boundaries split", `<a>one</a><div><a>two</a></div>`, []string{"one", "two"}},
		{"an image splits", `<a>one</a><img src=x><a>two</a>`, []string{"one", "two"}},
	}
	for _, tt := range tests {
		leaves := parse(t, tt.page)
		blocks := Segment(leaves)
		if got := texts(blocks); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
		if n := blocks[len(blocks)-1].Last + 1; n != len(leaves) {
			t.Errorf("%s: blocks cover %d of %d leaves", tt.name, n, len(leaves))
		}
	}
}

func TestFeatures(t *testing.T) {
	long := strings.Repeat("word ", 40) // 40 words of 4 letters: 16 per 80-column line
	page := `<div><p>` + long + `</p></div><h2>Title Here</h2><p>Home | <a>News</a> | <a>Sport</a> 12:30 2009</p>`
	blocks := Segment(parse(t, page))
	if len(blocks) != 3 {
		t.Fatalf("blocks %q", texts(blocks))
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	f := blocks[0].Features
	// Lines of 16 words: 16, 16, 8; the last is left out: 32/2.
	if f.NumWords != 40 || !near(f.TextDensity, 16) || f.LinkDensity != 0 || f.InParagraph != 1 || f.InDiv != 1 || f.AvgWordLength != 4 {
		t.Errorf("block 0 features %+v", f)
	}
	g := blocks[1].Features
	if g.NumWords != 2 || g.TextDensity != 2 || g.InHeading != 1 || g.UppercaseStart != 1 || !near(g.RelPosition, 1.0/3) {
		t.Errorf("block 1 features %+v", g)
	}
	h := blocks[2].Features
	if h.NumWords != 5 || !near(h.LinkDensity, 2.0/5) || h.VerticalBars != 2 || !near(h.DateTokens, 2.0/7) {
		t.Errorf("block 2 features %+v", h)
	}
	if v := Vector(blocks, 1); len(v) != len(featureNames) || v[15] != f.NumWords || v[30] != h.NumWords || !near(v[45], 20) {
		t.Errorf("vector %v", v)
	}
}

// fb makes a block with the given number of words, text density and link
// density.
func fb(words, density, link float64) Block {
	return Block{Words: int(words), Features: Features{NumWords: words, TextDensity: density, LinkDensity: link}}
}

func TestNumWordsAlgorithm(t *testing.T) {
	tests := []struct {
		name             string
		prev, curr, next Block
		want             bool
	}{
		{"link-heavy block", fb(50, 10, 0), fb(50, 10, 0.4), fb(50, 10, 0), false},
		{"long block", fb(0, 0, 0), fb(17, 10, 0), fb(0, 0, 0), true},
		{"short, short next, short prev", fb(4, 4, 0), fb(16, 10, 0), fb(15, 10, 0), false},
		{"short, short next, longer prev", fb(5, 4, 0), fb(16, 10, 0), fb(15, 10, 0), true},
		{"short, long next", fb(0, 0, 0), fb(10, 10, 0), fb(16, 10, 0), true},
		{"after links: short with short next", fb(10, 10, 0.6), fb(40, 10, 0), fb(17, 10, 0), false},
		{"after links: short with long next", fb(10, 10, 0.6), fb(40, 10, 0), fb(18, 10, 0), true},
		{"after links: long", fb(10, 10, 0.6), fb(41, 10, 0), fb(0, 0, 0), true},
	}
	for _, tt := range tests {
		if got := NumWords([]Block{tt.prev, tt.curr, tt.next})[1]; got != tt.want {
			t.Errorf("%s: %v", tt.name, got)
		}
	}
}

func TestDensitometricAlgorithm(t *testing.T) {
	tests := []struct {
		name             string
		prev, curr, next Block
		want             bool
	}{
		{"link-heavy block", fb(9, 20, 0), fb(9, 20, 0.34), fb(9, 20, 0), false},
		{"sparse, sparse next, sparse prev", fb(9, 4, 0), fb(9, 9, 0), fb(9, 10, 0), false},
		{"sparse, sparse next, dense prev", fb(9, 5, 0), fb(9, 9, 0), fb(9, 10, 0), true},
		{"sparse, dense next", fb(9, 0, 0), fb(9, 9, 0), fb(9, 11, 0), true},
		{"dense, no next text", fb(9, 0, 0), fb(9, 10, 0), fb(0, 0, 0), false},
		{"dense, next text", fb(9, 0, 0), fb(9, 10, 0), fb(9, 1, 0), true},
		{"after links, sparse next", fb(9, 9, 0.6), fb(9, 30, 0), fb(9, 11, 0), false},
		{"after links, dense next", fb(9, 9, 0.6), fb(9, 30, 0), fb(9, 12, 0), true},
	}
	for _, tt := range tests {
		if got := Densitometric([]Block{tt.prev, tt.curr, tt.next})[1]; got != tt.want {
			t.Errorf("%s: %v", tt.name, got)
		}
	}
}

func TestCleanEvalRule(t *testing.T) {
	got := CleanEvalRule([]Block{fb(9, 7, 0.35), fb(9, 6.9, 0), fb(9, 8, 0.36)})
	if !slices.Equal(got, []bool{true, false, false}) {
		t.Errorf("CleanEvalRule = %v", got)
	}
}

func TestFilters(t *testing.T) {
	tb := func(text string, words int) Block { return Block{Text: text, Words: words} }
	blocks := []Block{
		tb("Site menu", 2),                          // 0
		tb("Night trains return to the Alps", 6),    // 1: the title
		tb("By a reporter", 3),                      // 2
		tb("Photo caption", 2),                      // 3
		tb("First paragraph of the story ...", 40),  // 4
		tb("with a bold part", 4),                   // 5
		tb("Second paragraph ...", 30),              // 6
		tb("Related: other stories", 3),             // 7
		tb("A long teaser block ...", 50),           // 8
		tb("3 Comments", 2),                         // 9
		tb("A very long reader comment indeed", 99), // 10
	}
	content := []bool{true, false, true, false, true, true, true, false, true, false, true}
	// Runs: [0] 2, [2] 3, [4..6] 74, [8] 50, [10] 99.
	if got := LargestContent(blocks, content); !slices.Equal(got, []bool{false, false, false, false, false, false, false, false, false, false, true}) {
		t.Errorf("LargestContent = %v", got)
	}
	got := MainContent(blocks, content, "Night trains return to the Alps | The Courier")
	want := []bool{false, true, true, false, true, true, true, false, false, false, false}
	if !slices.Equal(got, want) {
		t.Errorf("MainContent = %v\nwant            %v", got, want)
	}
	// Without a title match the content is the largest run before the comments.
	if got := MainContent(blocks, content, "Unrelated"); !slices.Equal(got, []bool{false, false, false, false, true, true, true, false, false, false, false}) {
		t.Errorf("MainContent without title = %v", got)
	}
	if got := MainContent(blocks, make([]bool, len(blocks)), "x"); slices.Contains(got, true) {
		t.Errorf("MainContent of nothing = %v", got)
	}
	// A comments link before any content does not end the main content.
	early := append([]Block{tb("Comments", 1)}, blocks...)
	earlyContent := append([]bool{false}, content...)
	if got := MainContent(early, earlyContent, "Unrelated"); !got[5] || !got[7] {
		t.Errorf("MainContent with an early comments link = %v", got)
	}
}

func TestIsCommentsIndicator(t *testing.T) {
	for text, want := range map[string]bool{
		"Comments": true, "12 comments": true, "Leave a reply": true, "Post a comment": true,
		"Reader comments (4)": true, "Have your say": true,
		"Comments on the budget were mixed, said the minister in a long sentence": false,
		"No comment": false, "The commentator said": false,
	} {
		if got := IsCommentsIndicator(text); got != want {
			t.Errorf("IsCommentsIndicator(%q) = %v", text, got)
		}
	}
}

func TestLabels(t *testing.T) {
	blocks := []Block{{First: 0, Last: 1}, {First: 2, Last: 2}, {First: 3, Last: 5}}
	if got := Labels(blocks, []bool{true, false, true}, 6); !slices.Equal(got, []bool{true, true, false, true, true, true}) {
		t.Errorf("Labels = %v", got)
	}
}

func TestSelectWith(t *testing.T) {
	page := `<html><body><div class="nav"><a href="/">Home</a> | <a href="/n">News</a> | <a href="/s">Sport</a></div>
<h1>Night trains return to the Alps</h1>
<p>After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.</p>
<p>The operators say demand has grown steadily since 2021, as travellers look for alternatives to short flights across the mountains, and they plan to add carriages, new routes to Munich and Prague, and a second daily departure next winter if bookings hold.</p>
<h3>2 Comments</h3><p>I took this train in 2009 and have missed it ever since, so this is wonderful news for all of us who love rail travel.</p>
<div class="footer"><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></div></body></html>`
	leaves := parse(t, page)
	kept := func(sel []bool) []string {
		var out []string
		for i, l := range leaves {
			if sel[i] {
				out = append(out, l.Text)
			}
		}
		return out
	}
	all, err := SelectWith(NumWords, "", leaves, "")
	if err != nil {
		t.Fatal(err)
	}
	// Algorithm 2 drops the link lists and keeps every text block,
	// comments included.
	if got := kept(all); len(got) != 5 || got[0] != "Night trains return to the Alps" || got[3] != "2 Comments" {
		t.Errorf("numwords kept %q", got)
	}
	main, err := SelectWith(NumWords, "main", leaves, "Night trains return to the Alps - Courier")
	if err != nil {
		t.Fatal(err)
	}
	if got := kept(main); len(got) != 3 || got[0] != "Night trains return to the Alps" || strings.Contains(strings.Join(got, " "), "missed it") {
		t.Errorf("numwords+main kept %q", got)
	}
	if _, err := SelectWith(NumWords, "magic", leaves, ""); err == nil {
		t.Error("unknown filter accepted")
	}
	if sel, err := SelectWith(CleanEvalRule, "largest", nil, ""); err != nil || len(sel) != 0 {
		t.Errorf("empty page: %v %v", sel, err)
	}
}

func TestGrowTree(t *testing.T) {
	// Content when feature 0 > 5 and feature 1 <= 0.3 (a link-density-like cut).
	var samples []Sample
	for i := range 200 {
		x := make([]float64, len(featureNames))
		x[0] = float64(i % 11)
		x[1] = float64(i%7) / 10
		samples = append(samples, Sample{X: x, Content: x[0] > 5 && x[1] <= 0.3, Weight: 1})
	}
	tr, err := GrowTree(samples, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range samples {
		n := 0
		for tr.Nodes[n].Left != 0 {
			if s.X[tr.Nodes[n].Feature] <= tr.Nodes[n].Threshold {
				n = tr.Nodes[n].Left
			} else {
				n = tr.Nodes[n].Right
			}
		}
		if (tr.Nodes[n].Content >= 0.5) != s.Content {
			t.Fatalf("sample %v misclassified", s.X[:2])
		}
	}
	var buf strings.Builder
	if _, err := tr.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadTree(strings.NewReader(buf.String()))
	if err != nil || len(back.Nodes) != len(tr.Nodes) {
		t.Fatalf("round trip: %v", err)
	}
	// A one-leaf tree cannot split on fewer than 2×MinLeaf samples.
	small, _ := GrowTree(samples[:3], 2, 5)
	if len(small.Nodes) != 1 {
		t.Errorf("tree on 3 samples has %d nodes", len(small.Nodes))
	}
	if _, err := GrowTree(nil, 1, 1); err == nil {
		t.Error("no samples accepted")
	}
}

func TestReadTreeRejects(t *testing.T) {
	names := `"features":["` + strings.Join(FeatureNames(), `","`) + `"]`
	for name, data := range map[string]string{
		"foreign":        "PK\x03\x04",
		"bad json":       treeMagic + "{",
		"other features": treeMagic + `{"features":["x"],"nodes":[{"p":1}]}`,
		"no nodes":       treeMagic + `{` + names + `,"nodes":[]}`,
		"cycle":          treeMagic + `{` + names + `,"nodes":[{"l":1,"r":1,"p":0.5},{"p":1}]}`,
		"backward child": treeMagic + `{` + names + `,"nodes":[{"l":1,"r":2,"p":0.5},{"l":0,"r":1,"p":1},{"p":0}]}`,
		"bad feature":    treeMagic + `{` + names + `,"nodes":[{"f":999,"l":1,"r":2,"p":0.5},{"p":1},{"p":0}]}`,
		"bad leaf":       treeMagic + `{` + names + `,"nodes":[{"p":2}]}`,
	} {
		if _, err := ReadTree(strings.NewReader(data)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// FuzzReadTree starts from files with the right feature names, so that
// mutations reach the node checks and Classify instead of stopping at the
// features check.
func FuzzReadTree(f *testing.F) {
	names := `"features":["` + strings.Join(FeatureNames(), `","`) + `"]`
	f.Add([]byte(treeMagic + `{` + names + `,"nodes":[{"p":1}]}`))
	f.Add([]byte(treeMagic + `{"min_leaf":1,"max_depth":3,` + names + `,"nodes":[{"f":0,"t":2.5,"l":1,"r":2,"p":0.5},{"p":0.2},{"f":4,"t":0.3,"l":3,"r":4,"p":0.7},{"p":1},{"p":0}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ReadTree(bytes.NewReader(data))
		if err != nil {
			return
		}
		blocks := []Block{{Words: 3}, {Words: 0}}
		tr.Classify(blocks) // must not panic or loop
	})
}
