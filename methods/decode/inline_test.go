package decode

import (
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

// TestFillGaps: a link or <code> that the model drops from the middle of
// a line it keeps is kept by default, so that the sentence stays whole
// (issue 10); not across a line break, not a hidden element, not a long
// run, and not with keep-gaps or the paper's blocks decoding.
func TestFillGaps(t *testing.T) {
	long := strings.Repeat("word ", 31)
	tests := []struct {
		name  string
		html  string
		probs []float32
		want  []int // selected by Default()
	}{
		{"link in a sentence", `<p>The new airport in <a href="/ist">Istanbul</a> is very impressive</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 1, 2}},
		{"code in a sentence", `<p>Call <code>client.New</code> then <code>Run</code> to start</p>`, []float32{0.9, 0.2, 0.3, 0.1, 0.8}, []int{0, 1, 2, 3, 4}},
		{"across a line break", `<p>Call us at<br><a href="tel:1">555 1234</a><br>any day</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 2}},
		{"across paragraphs", `<p>One paragraph</p><p>menu</p><p>another one</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 2}},
		{"hidden", `<p>Text <span hidden>secret</span> more text</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 2}},
		{"long run", `<p>Text <span>` + long + `</span> more text</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 2}},
		{"at the end: the line made whole", `<p>Text that ends with <a href="x">a link</a></p>`, []float32{0.9, 0.1}, []int{0, 1}},
	}
	for _, tt := range tests {
		p, err := tokenize.Parse([]byte(tt.html), tokenize.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Blocks) != len(tt.probs) {
			t.Fatalf("%s: %d blocks, want %d", tt.name, len(p.Blocks), len(tt.probs))
		}
		var kept []int
		for _, i := range tt.want {
			if tt.probs[i] >= 0.5 {
				kept = append(kept, i)
			}
		}
		for _, c := range []struct {
			d    Decoding
			want []int
		}{{Default(), tt.want}, {Blocks(), kept}, {Decoding{KeepGaps: true}, kept}} {
			var got []int
			for i, s := range withThreshold(c.d, 0.5).decode(p.Blocks, tt.probs) {
				if s {
					got = append(got, i)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s, %v: selected %v, want %v", tt.name, c.d, got, c.want)
			}
		}
	}
}

// TestWholeLines: a line whose selected part starts or ends mid-sentence
// beside unselected text of the line is kept whole when the selected part
// holds at least as many words, dropped whole otherwise; a line whose
// selected part is a sentence of its own keeps its cut.
func TestWholeLines(t *testing.T) {
	tests := []struct {
		name     string
		html     string
		selected []int
		want     []int
	}{
		{"a drop cap", `<p><span class="dropcap">V</span>ast, indigo nights like this happen only in the foothills.</p>`,
			[]int{1}, []int{0, 1}},
		{"a link that ends the sentence", `<p>Call useState at the top level to declare a <a href="/s">state variable</a>.</p>`,
			[]int{0}, []int{0, 1, 2}},
		{"a tail of the sentence, most of it dropped", `<p>Need a cleaner in your area? Look no further than <a href="/c">CottageCare</a>. Our cleaners are the best.</p>`,
			[]int{2}, nil},
		{"a sentence of its own", `<p><a href="/tags">Tags:</a> <a href="/a">apples</a> Our orchard opened in May.</p>`,
			[]int{2}, []int{2}},
		{"across a line break", `<p>Filed under<br>the news of the day and more of it.</p>`, []int{1}, []int{1}},
		{"a value without its label", `<h2>Item#: <em>9SIBP4YKGJ0447</em></h2>`, []int{1}, []int{0, 1}},
		{"a date without its label", `<div><span>First posted:</span> Wednesday, January 11, 2012 01:48 PM EST</div>`, []int{1}, []int{0, 1}},
		{"a value after a label of more words, dropped whole", `<div><span>Back to Home > Content > Reports > Excerpt:</span> <a href="/r">Attacks</a></div>`, []int{1}, nil},
	}
	for _, tt := range tests {
		if got := selectedAfter(t, tt.html, tt.selected, wholeLines); !slices.Equal(got, tt.want) {
			t.Errorf("%s: selected %v, want %v", tt.name, got, tt.want)
		}
	}
}

// selectedAfter selects the blocks of page numbered in on, runs step on
// the selection and returns the numbers of the blocks selected after it.
func selectedAfter(t *testing.T, page string, on []int, step func([]tokenize.Block, []bool)) []int {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	selected := make([]bool, len(p.Blocks))
	for _, i := range on {
		selected[i] = true
	}
	step(p.Blocks, selected)
	var got []int
	for i, s := range selected {
		if s {
			got = append(got, i)
		}
	}
	return got
}

func TestWholeWords(t *testing.T) {
	tests := []struct {
		name     string
		html     string
		selected []int
		want     []int
	}{
		{"a price's currency sign", `<p><span><sup>$</sup>1,946<sup>.95</sup></span></p>`, []int{1, 2}, []int{0, 1, 2}},
		{"a sentence's full stop after a link", `<p>Read the full text <a href="/r">here</a>.</p>`, []int{0, 1}, []int{0, 1, 2}},
		{"a sign alone beside a dropped number", `<p><b>$</b>148</p>`, []int{0}, nil},
		{"parts apart by a space stay apart", `<p><b>$</b> <i>148</i></p>`, []int{1}, []int{1}},
		{"words on both sides keep their decisions", `<p><b>Java</b>script</p>`, []int{0}, []int{0}},
	}
	for _, tt := range tests {
		if got := selectedAfter(t, tt.html, tt.selected, wholeWords); !slices.Equal(got, tt.want) {
			t.Errorf("%s: selected %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestFillItems(t *testing.T) {
	row := func(a, b string) string { return `<tr><td>` + a + `</td><td>` + b + `</td></tr>` }
	table := `<table>` + row("Product ID", "The product's unique identifier") + row("Product URL", "Absolute canonical URL") + row("Price", "The price with currency") + `</table>`
	steps := `<ol><li>Mix the flour and the water.</li><li>Knead it for ten minutes.</li><li>Let it rest for an hour.</li></ol>`
	for _, tt := range []struct {
		name, page string
		selected   []string
		want       []string
	}{
		{"a row left out between kept rows", table,
			[]string{"Product ID", "The product's unique identifier", "Price", "The price with currency"},
			[]string{"Product ID", "The product's unique identifier", "Product URL", "Absolute canonical URL", "Price", "The price with currency"}},
		{"a step left out between kept steps", steps,
			[]string{"Mix the flour and the water.", "Let it rest for an hour."},
			[]string{"Mix the flour and the water.", "Knead it for ten minutes.", "Let it rest for an hour."}},
		{"the last item is no hole", steps,
			[]string{"Mix the flour and the water.", "Knead it for ten minutes."},
			[]string{"Mix the flour and the water.", "Knead it for ten minutes."}},
		{"an item of other markup (an advertisement) stays out",
			`<ul><li>Mix the flour and the water.</li><li class="sponsored">Buy our flour today.</li><li>Let it rest for an hour.</li></ul>`,
			[]string{"Mix the flour and the water.", "Let it rest for an hour."},
			[]string{"Mix the flour and the water.", "Let it rest for an hour."}},
		{"a link item (a related story) stays out",
			`<ul><li>Mix the flour and the water.</li><li><a href="/bread">Our best bread recipes</a></li><li>Let it rest for an hour.</li></ul>`,
			[]string{"Mix the flour and the water.", "Let it rest for an hour."},
			[]string{"Mix the flour and the water.", "Let it rest for an hour."}},
		{"a hidden item stays out",
			`<ul><li>Mix the flour and the water.</li><li hidden>Knead it for ten minutes.</li><li>Let it rest for an hour.</li></ul>`,
			[]string{"Mix the flour and the water.", "Let it rest for an hour."},
			[]string{"Mix the flour and the water.", "Let it rest for an hour."}},
		{"a layout table's one-cell row stays out",
			`<table><tr><td>The story's first part.</td></tr><tr><td>Posted in News, 2012-01-17</td></tr><tr><td>The story's second part.</td></tr></table>`,
			[]string{"The story's first part.", "The story's second part."},
			[]string{"The story's first part.", "The story's second part."}},
		{"a row of other width stays out",
			`<table>` + row("Product ID", "Its identifier") + `<tr><td colspan="2">Optional fields</td><td>-</td><td>-</td></tr>` + row("Price", "With currency") + `</table>`,
			[]string{"Product ID", "Its identifier", "Price", "With currency"},
			[]string{"Product ID", "Its identifier", "Price", "With currency"}},
	} {
		if kept := keptFrom(t, tt.page, tt.selected, fillItems); !slices.Equal(kept, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, kept, tt.want)
		}
	}
}
