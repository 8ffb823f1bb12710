package newsfeed

import (
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func kept(t *testing.T, page string) []string {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i, c := range Select(p) {
		if c {
			out = append(out, p.Blocks[i].Text)
		}
	}
	return out
}

// para returns a paragraph of n words.
func para(word string, n int) string { return strings.TrimSpace(strings.Repeat(word+" ", n)) }

func TestSelect(t *testing.T) {
	long1, long2, long3 := para("alpha", 30), para("beta", 30), para("gamma", 30)
	tests := []struct {
		name string
		page string
		want []string
	}{
		{
			"articleBody wins",
			`<div><p>` + long1 + `</p></div><div itemprop="articleBody">Short body <b>text</b></div>`,
			[]string{"Short body", "text"},
		},
		{
			"content-bearing paragraphs of the best parent",
			`<div id="story"><p>` + long1 + `</p><p>` + long2 + `</p><p>` + long3 + `</p></div>
			 <div class="sidebar-box"><p>` + para("delta", 80) + `</p></div>`,
			[]string{long1, long2, long3},
		},
		{
			"a short paragraph between two content-bearing ones is kept",
			`<div><p>` + long1 + `</p><p>Short one.</p><p>` + long2 + `</p><p>Tail.</p><p>` + long3 + `</p></div>`,
			[]string{long1, "Short one.", long2, "Tail.", long3},
		},
		{
			"link-heavy paragraph is not content-bearing",
			`<div><p>` + long1 + `</p><p>` + long2 + `</p><p>` + long3 + `</p><p><a>a</a> <a>b</a> <a>c</a> <a>links with forty or more characters here</a></p></div>`,
			[]string{long1, long2, long3},
		},
		{
			"hidden and figure content is dropped",
			`<div><p>` + long1 + `</p><p style="display: none">` + para("hidden", 30) + `</p><figure><p>` + para("caption", 30) + `</p></figure><p>` + long2 + `</p><p>` + long3 + `</p></div>`,
			[]string{long1, long2, long3},
		},
		{
			"a later parent needs twice the text to replace the first",
			`<div id="a"><p>` + long1 + `</p><p>` + long2 + `</p><p>` + long3 + `</p></div>` +
				`<div id="b"><p>` + long1 + `</p><p>` + long2 + `</p><p>` + long3 + `</p><p>` + long1 + `</p></div>`,
			[]string{long1, long2, long3},
		},
		{
			"a later parent with more than twice the text replaces the first",
			`<div id="a"><p>` + long1 + `</p><p>` + long2 + `</p><p>` + long3 + `</p></div>` +
				`<div id="b"><p>` + para("one", 100) + `</p><p>` + para("two", 100) + `</p><p>` + para("six", 100) + `</p></div>`,
			[]string{para("one", 100), para("two", 100), para("six", 100)},
		},
		{
			"fallback: a table cell with text and few links",
			`<table><tr><td>` + para("word", 100) + `</td><td><a>l1</a> <a>l2</a> ` + para("menu", 90) + `</td></tr></table>`,
			[]string{para("word", 100)},
		},
		{
			"no convincing content: nothing",
			`<div><p>Watch the video.</p><p>Subscribe to read more.</p></div>`,
			nil,
		},
	}
	for _, tt := range tests {
		if got := kept(t, tt.page); !slices.Equal(got, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

func TestSuspicious(t *testing.T) {
	for s, want := range map[string]bool{
		"main-nav": true, "sidebar": true, "social_share": true, "comments-list": true, "ad": true,
		"article-body": false, "header": false, "shadow": false, "download": false, "readmore": false,
	} {
		if got := isSuspicious(s); got != want {
			t.Errorf("isSuspicious(%q) = %v", s, got)
		}
	}
}

func FuzzSelect(f *testing.F) {
	f.Add([]byte(`<div itemprop="articleBody"><p style="display:none">x</p></div><table><td>` + para("w", 120) + `</td></table>`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := tokenize.Parse(raw, tokenize.Options{})
		if err != nil {
			return
		}
		if got := Select(p); len(got) != len(p.Blocks) {
			t.Fatalf("%d labels for %d blocks", len(got), len(p.Blocks))
		}
	})
}
