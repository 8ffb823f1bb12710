package infer

import (
	"github.com/boilernet/boilernet/methods"
	"slices"
	"strings"
	"testing"
)

// Paragraphs are Text's paragraphs; WithoutParagraphs drops the ones
// asked for from the text, the blocks and the links (and so from
// render.Markdown, whose test is there), and leaves
// the result it was called on as it was.
func TestWithoutParagraphs(t *testing.T) {
	page := `<title>T</title><article><h1>T</h1>
<p>First paragraph of the article, with <a href="/one">a link</a> inside it.</p>
<p>Second paragraph of the article, long enough to be kept as content.</p>
<pre>code line 1
  code line 2</pre>
<p>Third paragraph of the article, which <a href="/three">links</a> too.</p></article>`
	all := verdicts(func(p methods.Page) ([]bool, error) {
		sel := make([]bool, len(p.Blocks))
		for i := range sel {
			sel[i] = true
		}
		return sel, nil
	})
	res, err := all.ExtractBytes(t.Context(), []byte(page), Options{Links: true, KeepHeadline: true})
	if err != nil {
		t.Fatal(err)
	}
	paras := res.Paragraphs()
	if got := strings.Join(paras, "\n\n"); got != res.Text {
		t.Fatalf("paragraphs joined:\n%q\ntext:\n%q", got, res.Text)
	}
	if len(paras) != 5 || paras[3] != "code line 1\n  code line 2" {
		t.Fatalf("paragraphs %q", paras)
	}
	before := res.Text
	out := res.WithoutParagraphs([]int{1, 4})
	if res.Text != before || len(res.Links) != 2 {
		t.Fatal("WithoutParagraphs changed the result it was called on")
	}
	want := []string{paras[0], paras[2], paras[3]}
	if got := out.Paragraphs(); !slices.Equal(got, want) || out.Text != strings.Join(want, "\n\n") {
		t.Errorf("after dropping 1 and 4: %q", out.Paragraphs())
	}
	if len(out.Links) != 0 {
		t.Errorf("links %v, want none (both lay in dropped paragraphs)", out.Links)
	}
	if same := res.WithoutParagraphs(nil); same.Text != res.Text {
		t.Error("dropping nothing changed the text")
	}
}
