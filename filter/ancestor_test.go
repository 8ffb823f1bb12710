package filter

import (
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

const newsPage = `<html><body>
<div id="main"><div id="article">
  <h1>Storm hits the coast</h1>
  <p>A strong storm hit the coast overnight, cutting power to thousands of homes.</p>
  <p>Crews worked through the morning to restore the lines along the shore.</p>
</div></div>
<div id="side"><ul><li><a href="/a">Storm season begins early this year</a></li><li><a href="/b">Ten tips for a safe winter</a></li></ul></div>
<div class="footer">Copyright 2024 Example News. All rights reserved.</div>
</body></html>`

func parse(t *testing.T, page string) []tokenize.Block {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Blocks
}

func kept(blocks []tokenize.Block, keep []bool) []string {
	var out []string
	for i, b := range blocks {
		if keep[i] {
			out = append(out, b.Text)
		}
	}
	return out
}

func all(n int) []bool {
	s := make([]bool, n)
	for i := range s {
		s[i] = true
	}
	return s
}

func TestAncestor(t *testing.T) {
	tests := []struct {
		name     string
		page     string
		selected func(blocks []tokenize.Block) []bool
		depth    int
		want     []string
	}{
		{
			"article beats sidebar and footer",
			newsPage,
			func(b []tokenize.Block) []bool { return all(len(b)) },
			0,
			[]string{"Storm hits the coast", "A strong storm hit the coast overnight, cutting power to thousands of homes.", "Crews worked through the morning to restore the lines along the shore."},
		},
		{
			"unselected blocks stay unselected",
			newsPage,
			func(b []tokenize.Block) []bool {
				s := all(len(b))
				s[1] = false
				return s
			},
			2,
			[]string{"Storm hits the coast", "Crews worked through the morning to restore the lines along the shore."},
		},
		{
			"text beside paragraphs joins the next one",
			`<body><div id="a"><div id="story">Intro words here <p>first paragraph of the story text</p><p>second paragraph</p></div></div>
			 <div id="b"><div><p>an advertisement that is quite long indeed, longer than any story paragraph here</p></div></div></body>`,
			func(b []tokenize.Block) []bool { return all(len(b)) },
			1,
			[]string{"an advertisement that is quite long indeed, longer than any story paragraph here"},
		},
		{
			"a deeper ancestor merges both groups",
			`<body><div id="a"><div id="story">Intro words here <p>first paragraph of the story text</p><p>second paragraph</p></div></div>
			 <div id="b"><div><p>an advertisement that is quite long indeed, longer than any story paragraph here</p></div></div></body>`,
			func(b []tokenize.Block) []bool { return all(len(b)) },
			3,
			[]string{"Intro words here", "first paragraph of the story text", "second paragraph", "an advertisement that is quite long indeed, longer than any story paragraph here"},
		},
		{
			"nothing selected",
			newsPage,
			func(b []tokenize.Block) []bool { return make([]bool, len(b)) },
			2,
			nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			blocks := parse(t, tt.page)
			sel := tt.selected(blocks)
			before := slices.Clone(sel)
			got := kept(blocks, Ancestor(blocks, sel, tt.depth))
			if !slices.Equal(got, tt.want) {
				t.Errorf("kept %q\nwant %q", got, tt.want)
			}
			if !slices.Equal(sel, before) {
				t.Error("the selection was modified")
			}
		})
	}
}

func TestAncestorLargePage(t *testing.T) {
	// Many text nodes directly in a container with many paragraphs must
	// not take quadratic time; this runs in milliseconds.
	var sb strings.Builder
	sb.WriteString("<body><div>")
	for range 20000 {
		sb.WriteString("loose text <p>para</p>")
	}
	sb.WriteString("</div></body>")
	blocks := parse(t, sb.String())
	got := Ancestor(blocks, all(len(blocks)), 2)
	if n := len(kept(blocks, got)); n != len(blocks) {
		t.Errorf("kept %d of %d blocks of one group", n, len(blocks))
	}
}

func TestParagraphOfLooseText(t *testing.T) {
	blocks := parse(t, `<body><div>before <p>one</p> between <p>two</p> after</div></body>`)
	idx := newTreeIndex(root(blocks[0].Node))
	want := map[string]string{"before": "one", "one": "one", "between": "two", "two": "two", "after": "two"}
	for _, b := range blocks {
		p := idx.paragraph(b.Node)
		if got := p.FirstChild.Data; p.Data != "p" || got != want[b.Text] {
			t.Errorf("%q joins <%s>%s, want <p>%s", b.Text, p.Data, got, want[b.Text])
		}
	}
}
