package decode

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func TestDecode(t *testing.T) {
	long := "one two three four five six seven eight nine ten eleven"
	page := `<body><p>` + long + ` <a href="x">link</a> end</p><p hidden>` + long + `</p>` +
		`<p>short</p>` + strings20(`<div>filler</div>`) + `<p>far away</p></body>`
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := len(p.Blocks) // long, link, end, hidden, short, 20 fillers, far away
	probs := make([]float32, n)
	probs[0], probs[1], probs[2] = 0.9, 0.2, 0.4 // a paragraph with a doubtful link
	probs[3] = 0.9                               // hidden
	probs[4] = 0.8                               // short, near the long paragraph
	probs[n-1] = 0.8                             // short, far from it
	tests := []struct {
		d         Decoding
		threshold float64 // a method's (withThreshold)
		want      []int
	}{
		{Blocks(), 0, []int{0, 3, 4, n - 1}},
		{Blocks(), 0.85, []int{0, 3}},
		// The long paragraph's line is made whole (wholeLines): its
		// selected part stops mid-sentence before the link.
		{Decoding{Threshold: DefaultThreshold}, 0, []int{0, 1, 2, 4, n - 1}}, // the hidden copy repeats the long paragraph
		{Default(), 0.5, []int{0, 1, 2, 4, n - 1}},                           // a threshold implies Threshold
		{Decoding{Paragraphs: true}, 0.5, []int{0, 1, 2, 4, n - 1}},          // the hidden copy's words stand in the long paragraph
		{Decoding{Hidden: true}, 0.5, []int{0, 1, 2, 4, n - 1}},
		{Decoding{Paragraphs: true, KeepRepeats: true}, 0.5, []int{0, 1, 2, 3, 4, n - 1}},
		{Decoding{Isolated: true}, 0.5, []int{0, 1, 2, 4}},
		{Decoding{Isolated: true, KeepRepeats: true}, 0.5, []int{0, 1, 2, 3, 4}},
		{Structure(), 0.5, []int{0, 1, 2, 4}},
		// The expected-F1 choice (TestExpectedF1Choice has the cases where
		// it differs from a threshold): the blocks at 0.8 and above.
		{Default(), 0, []int{0, 1, 2, 4, n - 1}},
		{Decoding{KeepRepeats: true, KeepGaps: true}, 0, []int{0, 3, 4, n - 1}},
		{Decoding{Paragraphs: true, KeepRepeats: true}, 0, []int{0, 1, 2, 3, 4, n - 1}},
		// Favoring precision divides the odds by e: 0.8 (odds 4) falls
		// under 0.7 (odds 2.33), 0.9 (odds 9) does not; favoring recall
		// multiplies them: 0.8 reaches 0.85 (odds 5.67), 0.4 does not.
		{Blocks(), 0.7, []int{0, 3, 4, n - 1}},
		{Decoding{Threshold: DefaultThreshold, KeepRepeats: true, KeepGaps: true, Focus: Precision}, 0.7, []int{0, 3}},
		{Decoding{Threshold: DefaultThreshold, KeepRepeats: true, KeepGaps: true, Focus: Recall}, 0.85, []int{0, 3, 4, n - 1}},
	}
	for _, tt := range tests {
		var got []int
		for i, s := range withThreshold(tt.d, tt.threshold).decode(p.Blocks, probs) {
			if s {
				got = append(got, i)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%v, threshold %v: selected %v, want %v", tt.d, tt.threshold, got, tt.want)
		}
		if d, err := Parse(tt.d.String()); err != nil || d != tt.d {
			t.Errorf("%v does not round-trip through %q: %v %v", tt.d, tt.d.String(), d, err)
		}
	}
	if _, err := Parse("paragraphs/magic"); err == nil {
		t.Error("unknown step accepted")
	}
	if _, err := Parse("precision/recall"); err == nil || !strings.Contains(err.Error(), "opposite") {
		t.Errorf("precision/recall: %v, want an error", err)
	}
}

func TestSmooth(t *testing.T) {
	p, err := tokenize.Parse([]byte(`<body><div><p>one two three</p><p>four</p></div><div><p>five</p><p>six</p></div><p>seven</p></body>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	words := []int{3, 1, 1, 1, 1}
	probs := []float32{0.9, 0.3, 0.1, 0.5, 0.2}
	// The first div's words have the mean probability (3·0.9 + 0.3)/4 =
	// 0.75, the second's 0.3; "seven" is alone under the body.
	want := []float64{0.4*0.9 + 0.6*0.75, 0.4*0.3 + 0.6*0.75, 0.4*0.1 + 0.6*0.3, 0.4*0.5 + 0.6*0.3, 0.2}
	got := smooth(p.Blocks, probs, words)
	if len(got) != len(want) {
		t.Fatalf("%d blocks smoothed, want %d", len(got), len(want))
	}
	for i := range want {
		if math.Abs(float64(got[i])-want[i]) > 1e-6 {
			t.Errorf("block %d (%q): %v, want %v", i, p.Blocks[i].Text, got[i], want[i])
		}
	}
	if probs[1] != 0.3 {
		t.Error("smooth changed its input")
	}
}

func TestExpectedF1Choice(t *testing.T) {
	tests := []struct {
		name  string
		prob  []float64
		words []float64
		want  []int
	}{
		{"confident page: the content", []float64{0.99, 0.01, 0.98, 0.02}, []float64{100, 20, 50, 5}, []int{0, 2}},
		// A threshold of 0.5 would keep the doubtful block too.
		{"a doubtful short block beside sure text", []float64{0.99, 0.55}, []float64{100, 10}, []int{0}},
		{"much doubtful text is worth its risk", []float64{0.99, 0.65}, []float64{100, 300}, []int{0, 1}},
		// A threshold of 0.5 would keep nothing.
		{"an unsure page keeps its likeliest text", []float64{0.3, 0.1}, []float64{50, 50}, []int{0}},
		{"an all-boilerplate page keeps nothing", []float64{0.015, 0.005}, []float64{50, 50}, nil},
		{"a block without words changes nothing", []float64{0.9, 0.95}, []float64{40, 0}, []int{1, 0}},
		{"no blocks", nil, nil, nil},
	}
	for _, tt := range tests {
		var got []int
		for k, keep := range expectedF1Choice(tt.prob, tt.words, f1Odds) {
			if keep {
				got = append(got, k)
			}
		}
		slices.Sort(tt.want)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestExpectedF1ChoiceFavor: the odds scale of the Precision and
// Recall foci moves the choice on the two cases above that a threshold
// would decide otherwise.
func TestExpectedF1ChoiceFavor(t *testing.T) {
	tests := []struct {
		name  string
		scale float64
		prob  []float64
		words []float64
		want  []int
	}{
		{"precision drops much doubtful text", f1Odds / favorFactor, []float64{0.99, 0.65}, []float64{100, 300}, []int{0}},
		{"recall keeps a doubtful short block", f1Odds * favorFactor, []float64{0.99, 0.55}, []float64{100, 10}, []int{0, 1}},
	}
	for _, tt := range tests {
		var got []int
		for k, keep := range expectedF1Choice(tt.prob, tt.words, tt.scale) {
			if keep {
				got = append(got, k)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %v, want %v", tt.name, got, tt.want)
		}
	}
}

func strings20(s string) string {
	out := ""
	for range 20 {
		out += s
	}
	return out
}

func TestHeadline(t *testing.T) {
	body := "<p>" + strings20("word ") + "and more words follow here.</p>"
	tests := []struct {
		name, page, title string
		selected          []int // indices of selected blocks; nil: all
		want, copies      []int
	}{
		{"h1 first", `<h1>Storm hits coast</h1>` + body, "", nil, []int{0}, nil},
		{"after a kicker and a date", `<p>World</p><p>May 3</p><h1>Storm <i>hits</i> coast</h1>` + body, "", nil, []int{2, 3, 4}, nil},
		{"title match without h1", `<h2>Storm hits coast!</h2>` + body, "storm hits  coast", nil, []int{0}, nil},
		{"after the body: none", body + `<h1>Storm</h1>`, "", nil, nil, nil},
		{"unselected h1: none", `<h1>Storm</h1>` + body, "", []int{1}, nil, nil},
		{"no match", `<h2>Other</h2>` + body, "Storm", nil, nil, nil},
		{"a heading with the title after a breadcrumb's last step", `<div><a href="/">Home</a> » Storm hits coast</div><h2>Storm hits coast</h2>` + body, "Storm hits coast", []int{1, 2, 3}, []int{2}, []int{1}},
		{"a breadcrumb's last step alone", `<div><a href="/">Home</a> » Storm hits coast</div>` + body, "Storm hits coast", []int{1, 2}, []int{1}, nil},
		{"the title's paragraph before an <h1> that is not", `<p>Storm hits coast</p><h1>Weather</h1>` + body, "Storm hits coast", nil, []int{0}, nil},
	}
	for _, tt := range tests {
		p, err := tokenize.Parse([]byte(tt.page), tokenize.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sel := make([]bool, len(p.Blocks))
		for i := range sel {
			sel[i] = tt.selected == nil || slices.Contains(tt.selected, i)
		}
		got, copies := Headline(p.Blocks, sel, tt.title)
		if !slices.Equal(got, tt.want) || !slices.Equal(copies, tt.copies) {
			t.Errorf("%s: headline %v and copies %v, want %v and %v", tt.name, got, copies, tt.want, tt.copies)
		}
	}
}

func TestDropRepeats(t *testing.T) {
	tests := []struct {
		page string
		want []int
	}{
		{`<p>The same sentence again.</p><p>Other text</p><div>the  SAME sentence again.</div>`, []int{0, 1}},
		{`<p>Yes</p><p>No</p><p>Yes</p>`, []int{0, 1, 2}}, // shorter than minRepeatBytes
		{`<p>A paragraph <a href="#">with a link</a></p><div>A paragraph with a link</div>`, []int{0, 1}},
		{`<p>Long enough to count</p><div>Long enough <b>to count</b></div>`, []int{0}},
		// A repeat alone among new text in the same markup stays (two meal
		// plans that share a dish); a run of repeats, or a hidden one, goes.
		{`<h3>Plan A</h3><p>Oatmeal with fresh berries</p><p>Grilled salmon salad</p>` +
			`<h3>Plan B</h3><p>Oatmeal with fresh berries</p><p>Lentil soup with bread</p>`, []int{0, 1, 2, 3, 4, 5}},
		{`<div><p>First paragraph of text</p><p>Second paragraph of text</p><p>Something new</p></div>` +
			`<div class="mobile"><p>First paragraph of text</p><p>Second paragraph of text</p></div>`, []int{0, 1, 2}},
		// Two recipes that share two steps in a row: each list holds new
		// text too.
		{`<ol><li>Heat the oven to 160 degrees</li><li>Whisk the honey glaze</li><li>Brush on half the glaze</li><li>Bake until sticky and dark</li></ol>` +
			`<ol><li>Heat the oven to 160 degrees</li><li>Simmer the orange glaze</li><li>Brush on half the glaze</li><li>Bake until sticky and dark</li></ol>`,
			[]int{0, 1, 2, 3, 4, 5, 6, 7}},
		{`<p>Oatmeal with fresh berries</p><p>Other text</p><p hidden>Oatmeal with fresh berries</p>`, []int{0, 1}},
		// A hidden first copy gives way to the one a reader sees, once.
		{`<p hidden>Oatmeal with fresh berries</p><p>Other text</p><div>Oatmeal with fresh berries</div><div>Oatmeal with fresh berries</div>`, []int{1, 2}},
		// A table of contents' entry gives way to the heading it points
		// to; a post's title that links to itself does not.
		{`<ul><li><a href="#outlets">Electrical Outlets and Receptacles</a></li></ul><p>Some introduction here</p>` +
			`<h2 id="outlets">Electrical Outlets and Receptacles</h2><p>Outlets are where you meet the system.</p>`, []int{1, 2, 3}},
		{`<h3><a href="#p1">Re: Turning off all LEDs</a></h3><p>First post text</p><h3><a href="#p2">Re: Turning off all LEDs</a></h3><p>Second post text</p>`,
			[]int{0, 1, 3}},
	}
	for _, tt := range tests {
		if got := keptAfter(t, tt.page, dropRepeats); !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %v, want %v", tt.page, got, tt.want)
		}
	}
}

// keptAfter returns the blocks of page that stay selected after step runs
// on all of them selected.
func keptAfter(t *testing.T, page string, step func([]tokenize.Block, []bool)) []int {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	selected := slices.Repeat([]bool{true}, len(p.Blocks))
	step(p.Blocks, selected)
	var kept []int
	for i, s := range selected {
		if s {
			kept = append(kept, i)
		}
	}
	return kept
}

func TestDropBylines(t *testing.T) {
	body := "<p>" + strings.Repeat("word ", 30) + "</p>"
	tests := []struct {
		page string
		want []int
	}{
		{`<p>By <a href="/a">Jane Doe</a> · 5 May 2025</p>` + body, []int{3}},
		{`<h2>Kicker</h2><p>Written by Jane Doe</p>` + body, []int{0, 2}},
		{`<p>By the river, a town</p>` + body, []int{0, 1}}, // "the river" is no name
		{body + `<p>By Jane Doe</p>`, []int{0, 1}},          // after the body
		{`<p>Von Max Müller</p><p>Автор: Иван Петров</p>` + body, []int{2}},
		{`<p>April 9, 2017</p><p>Posted on May 5, 2025</p><p>Yesterday at 8:19 AM</p><p>Dec 10</p>` + body, []int{4}},
		{`<p>In 2017 the town voted</p>` + body, []int{0, 1}}, // a sentence, no date alone
	}
	for _, tt := range tests {
		if got := keptAfter(t, tt.page, dropBylines); !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %v, want %v", tt.page, got, tt.want)
		}
	}
	if d, err := Parse("bylines"); err != nil || !d.Bylines || d.String() != "bylines" {
		t.Errorf("Parse(bylines) = %v, %v", d, err)
	}
}

func TestAtoms(t *testing.T) {
	code := `<pre><span class="k">class</span> <span class="n">Greeter</span>:
    <span class="s">"""Says hello."""</span>
    <span class="k">def</span> <span class="nf">hello</span>(self): <span class="k">pass</span></pre>`
	tests := []struct {
		name, page string
		probs      []float32 // by block; the rest 0.9
		want       []int     // blocks selected by Blocks()
	}{
		{"highlighted code is one unit", `<body>` + code + `</body>`,
			// Most of the code's tokens look like boilerplate alone; the
			// listing's word-weighted mean keeps it whole.
			[]float32{0.9, 0.9, 0.9, 0.9, 0.1, 0.9, 0.2, 0.9}, []int{0, 1, 2, 3, 4, 5, 6, 7}},
		{"code dropped whole", `<body>` + code + `</body>`,
			[]float32{0.1, 0.1, 0.1, 0.1, 0.9, 0.1, 0.1, 0.1}, nil},
		{"list item whole", `<body><ul><li><a href="/">Home</a> and more words</li><li>other</li></ul></body>`,
			[]float32{0.2, 0.8, 0.1}, []int{0, 1}},
		{"table row whole", `<body><table><tr><td>name</td><td>value</td></tr></table></body>`,
			[]float32{0.9, 0.3}, []int{0, 1}},
		{"a row holding regions is divisible", `<body><table><tr><td><div>menu</div></td><td><p>article</p></td></tr></table></body>`,
			[]float32{0.1, 0.9}, []int{1}},
	}
	for _, tt := range tests {
		p, probs := parseWithProbs(t, tt.page, tt.probs)
		var got []int
		for i, s := range Blocks().decode(p.Blocks, probs) {
			if s {
				got = append(got, i)
			}
		}
		if !slices.Equal(got, tt.want) {
			var texts []string
			for _, b := range p.Blocks {
				texts = append(texts, b.Text)
			}
			t.Errorf("%s: selected %v of %q, want %v", tt.name, got, texts, tt.want)
		}
	}
}

func TestDropFrame(t *testing.T) {
	tests := []struct {
		name, page string
		empty      bool
	}{
		{"copyright alone", `<body><p>© 2024 Example Inc. All rights reserved.</p></body>`, true},
		{"header alone", `<body><header><ul><li>Home</li><li>About</li></ul></header></body>`, true},
		{"links alone", `<body><p><a href="/">Home</a> <a href="/a">About us</a></p></body>`, true},
		{"a short note", `<body><p>The shop is closed on Sunday.</p></body>`, false},
		{"copyright under an article", `<body><p>The shop is closed on Sunday.</p><p>© 2024 Example Inc.</p></body>`, false},
		{"many links", `<body><ul><li><a href="/a">Fresh bread every morning</a></li><li><a href="/b">Cakes for birthdays and weddings</a></li>` +
			`<li><a href="/c">Coffee roasted in the shop</a></li><li><a href="/d">Opening hours and directions</a></li><li><a href="/e">Gift cards</a></li></ul></body>`, false}, // 20 words
	}
	for _, tt := range tests {
		p, probs := parseWithProbs(t, tt.page, nil)
		for _, d := range []Decoding{Default(), Blocks(), {KeepFrame: true}} {
			empty := !slices.Contains(d.decode(p.Blocks, probs), true)
			if want := tt.empty && !d.KeepFrame; empty != want {
				t.Errorf("%s, %v: empty %v, want %v", tt.name, d, empty, want)
			}
		}
	}
}

func TestNavigationAndLabels(t *testing.T) {
	page := `<body><nav><a href="/">Home</a></nav><div role="navigation"><ul><li>Contents</li></ul></div>` +
		`<h2>Details</h2><span>[<a href="/edit">edit</a>]</span><p>[The Verge]</p><p>Text of the article [1] with a note.</p></body>`
	p, probs := parseWithProbs(t, page, nil)
	tests := []struct {
		d    Decoding
		want string
	}{
		{Blocks(), "Details Text of the article [1] with a note."},
		{Decoding{Threshold: DefaultThreshold, KeepNavigation: true}, "Home Contents Details [ edit ] [The Verge] Text of the article [1] with a note."},
	}
	for _, tt := range tests {
		sel := tt.d.decode(p.Blocks, probs)
		var got []string
		for i, b := range p.Blocks {
			if sel[i] {
				got = append(got, b.Text)
			}
		}
		if s := strings.Join(got, " "); s != tt.want {
			t.Errorf("%v: %q, want %q", tt.d, s, tt.want)
		}
	}
}

// TestDecodingNamesParse: every advertised decoding name and step parses,
// and joined steps round-trip, so the lists cannot drift from the parser.
func TestDecodingNamesParse(t *testing.T) {
	for _, name := range append(Names(), Steps()...) {
		d, err := Parse(name)
		if err != nil {
			t.Errorf("%q: %v", name, err)
			continue
		}
		if again, err := Parse(d.String()); err != nil || again != d {
			t.Errorf("%q does not round-trip through %q", name, d.String())
		}
	}
}

// TestParseSteps: steps combine, the threshold and the focus among them,
// and String writes them back in order; precision and recall together
// are refused.
func TestParseSteps(t *testing.T) {
	for _, tc := range []struct {
		spec string
		want Decoding
		str  string
	}{
		{"threshold", Decoding{Threshold: DefaultThreshold}, "threshold"},
		{"precision", Decoding{Focus: Precision}, "precision"},
		{"recall/threshold", Decoding{Threshold: DefaultThreshold, Focus: Recall}, "threshold/recall"},
		{"precision/hidden/precision", Decoding{Hidden: true, Focus: Precision}, "hidden/precision"},
		{"threshold/keep-repeats/keep-gaps", Blocks(), "blocks"},
	} {
		d, err := Parse(tc.spec)
		if err != nil || d != tc.want || d.String() != tc.str {
			t.Errorf("Parse(%q) = %+v (%q), %v; want %+v (%q)", tc.spec, d, d.String(), err, tc.want, tc.str)
		}
	}
	for _, bad := range []string{"precision/recall", "recall/hidden/precision", "thresh", ""} {
		if d, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", bad, d)
		}
	}
}

// parseWithProbs parses a page and gives its blocks the probabilities
// probs, then 0.9 to those after them.
func parseWithProbs(t *testing.T, page string, probs []float32) (*tokenize.Page, []float32) {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]float32, len(p.Blocks))
	for i := range out {
		out[i] = 0.9
		if i < len(probs) {
			out[i] = probs[i]
		}
	}
	return p, out
}

// withThreshold is d with a method's threshold t (methods.Method.Decoding):
// t when above 0, else d's own.
func withThreshold(d Decoding, t float64) Decoding {
	if t > 0 {
		d.Threshold = t
	}
	return d
}
