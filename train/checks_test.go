package train

import (
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
)

func TestCheckedBlocks(t *testing.T) {
	page := `<html><body><p>Get started for free</p><p>The article's first line. It goes on.</p>` +
		`<p>By using it, you agree to its <a href="/l">license</a> and terms</p><p>Home</p><p>Home is where we live.</p></body></html>`
	tests := []struct {
		name   string
		labels []bool // per block
		sn     data.Snippets
		want   []int
	}{
		{"none", []bool{false, true, false, false, false, false, true}, data.Snippets{}, nil},
		{"exclude one block", []bool{false, true, false, false, false, false, true},
			data.Snippets{Without: []string{"Get started for free"}}, []int{0}},
		{"exclude across blocks, case and punctuation aside", []bool{false, true, false, false, false, false, true},
			data.Snippets{Without: []string{"you agree to its LICENSE and"}}, []int{2, 3, 4}},
		{"only where the label agrees", []bool{false, true, false, false, false, false, true},
			data.Snippets{Without: []string{"home"}}, []int{5}},
		{"include in content", []bool{false, true, false, false, false, false, true},
			data.Snippets{With: []string{"first line. It goes", "Get started"}}, []int{1}},
		{"a word inside a word does not match", []bool{false, true, false, false, false, false, true},
			data.Snippets{Without: []string{"start"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tokenize.Parse([]byte(page), tokenize.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Blocks) != len(tt.labels) {
				t.Fatalf("%d blocks, want %d", len(p.Blocks), len(tt.labels))
			}
			d := &data.Document{Page: p, Labeling: data.Labeling{Labels: tt.labels}}
			var got []int
			for j := range checkedBlocks(d, tt.sn) {
				got = append(got, j)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("marked %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCheckWeightRefused(t *testing.T) {
	for _, o := range []Options{{CheckWeight: -1}, {CheckWeight: 3}} {
		if _, err := Fit(t.Context(), nil, nil, o); err == nil || !strings.Contains(err.Error(), "check weight") {
			t.Errorf("Fit with CheckWeight %v: error %v, want one naming the check weight", o.CheckWeight, err)
		}
	}
}
