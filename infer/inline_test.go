package infer

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
		want  []int // selected by DefaultDecoding()
	}{
		{"link in a sentence", `<p>The new airport in <a href="/ist">Istanbul</a> is very impressive</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 1, 2}},
		{"code in a sentence", `<p>Call <code>client.New</code> then <code>Run</code> to start</p>`, []float32{0.9, 0.2, 0.3, 0.1, 0.8}, []int{0, 1, 2, 3, 4}},
		{"across a line break", `<p>Call us at<br><a href="tel:1">555 1234</a><br>any day</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 2}},
		{"across paragraphs", `<p>One paragraph</p><p>menu</p><p>another one</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 2}},
		{"hidden", `<p>Text <span hidden>secret</span> more text</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 2}},
		{"long run", `<p>Text <span>` + long + `</span> more text</p>`, []float32{0.9, 0.1, 0.9}, []int{0, 2}},
		{"at the end", `<p>Text that ends with <a href="x">a link</a></p>`, []float32{0.9, 0.1}, []int{0}},
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
		}{{DefaultDecoding(), tt.want}, {BlocksDecoding(), kept}, {Decoding{KeepGaps: true}, kept}} {
			var got []int
			for i, s := range c.d.decode(p.Blocks, tt.probs, 0.5) {
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
