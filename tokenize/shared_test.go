package tokenize

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestIsLetterOrDigit(t *testing.T) {
	for _, tc := range []struct {
		r    rune
		want bool
	}{{'a', true}, {'Ж', true}, {'7', true}, {'٣', true}, {'中', true}, {'-', false}, {' ', false}, {'»', false}, {'\u0301', false}} {
		if got := IsLetterOrDigit(tc.r); got != tc.want {
			t.Errorf("IsLetterOrDigit(%q) = %v, want %v", tc.r, got, tc.want)
		}
	}
}

func TestAttrSelected(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<p id="x" class="">a</p>`))
	if err != nil {
		t.Fatal(err)
	}
	var p *html.Node
	for n := range doc.Descendants() {
		if n.Data == "p" {
			p = n
		}
	}
	if got := Attr(p, "id"); got != "x" {
		t.Errorf("Attr(id) = %q", got)
	}
	if got := Attr(p, "style"); got != "" {
		t.Errorf("Attr(style) = %q", got)
	}
	blocks := []Block{{Text: "a"}, {Text: "b"}, {Text: "c"}}
	mask := []bool{true, false, true}
	got := Selected(blocks, func(i int) bool { return mask[i] })
	if len(got) != 2 || got[0].Text != "a" || got[1].Text != "c" {
		t.Errorf("Selected = %v", got)
	}
	if got := Selected(blocks, func(int) bool { return false }); got != nil {
		t.Errorf("Selected(none) = %v", got)
	}
}
