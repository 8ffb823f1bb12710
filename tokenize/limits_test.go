package tokenize

import (
	"errors"
	"strings"
	"testing"
)

func TestScanTags(t *testing.T) {
	for _, tt := range []struct {
		page        string
		maxTags     int
		tags, attrs int
		bigTag      bool
	}{
		{"<p>a</p>", 10, 1, 0, false},
		{"<P>a<DIV>b<i>c", 10, 3, 0, false},
		{"a < b, 1<2, </p> <!-- x --> <?php <", 10, 0, 0, false},
		{"x<b", 10, 1, 0, false},
		{"<a><b><c><d>", 2, 3, 0, false}, // stops at maxTags+1
		{"", 10, 0, 0, false},
		{`<a href="/x" class=y data-z title='a b c' hidden>t</a>`, 10, 1, 5, false},
		// A quoted value is skipped, tags in it included.
		{`<a title="<b> <i> x y">t</a><p>`, 10, 2, 1, false},
		// A quote that is not a value is part of a name, as the HTML
		// tokenizer reads it: the tags after it count.
		{`<p "x>a<p>b<p>c`, 10, 3, 1, false},
		// An unclosed value runs to the end of the page.
		{`<p a="x<p><p>`, 10, 1, 1, false},
		{"<p" + strings.Repeat(" a", maxTagAttrs+1) + ">", 10, 1, maxTagAttrs + 1, true},
		// A script's text is no markup: "i<n" there starts no tag (a real
		// page's script read that way gave a tag of 10,000 "attributes").
		{"<script>for(i=0;i<n" + strings.Repeat(" a", maxTagAttrs+1) + ";</SCRIPT ><p>", 10, 2, 0, false},
		{"<style>a<b{}</style><p>", 10, 2, 0, false},
		{"<title>a<b c</title><textarea x>1<2 3</textarea><p>", 10, 3, 1, false},
		{"<scripts a b><p>", 10, 2, 2, false}, // not a script
		{"<script>a<b c d", 10, 1, 0, false},  // never closed: text to the end
		{"<plaintext><p a></p>", 10, 1, 0, false},
		// Comments hold no tags; "<!-->" and "--!>" end one, as in the tokenizer.
		{"<!-- <p a b> --><p>", 10, 1, 0, false},
		{"<!--><p a>", 10, 1, 1, false},
		{"<!-- x --!><p a>", 10, 1, 1, false},
		{"<!-- <p a b>", 10, 0, 0, false},
	} {
		tags, attrs, big := scanTags(tt.page, tt.maxTags, 1000_000)
		if tags != tt.tags || attrs != tt.attrs || big != tt.bigTag {
			t.Errorf("scanTags(%.40q, %d) = %d tags, %d attributes, big %v; want %d, %d, %v", tt.page, tt.maxTags, tags, attrs, big, tt.tags, tt.attrs, tt.bigTag)
		}
	}
}

// deepPage has n nested divs, then blocks <b>w</b>.
func deepPage(depth, blocks int) []byte {
	return []byte(strings.Repeat("<div>", depth) + strings.Repeat("<b>w</b>", blocks))
}

func TestMaxElements(t *testing.T) {
	for _, tt := range []struct {
		name string
		page []byte
		max  int
		ok   bool
	}{
		{"at the limit", []byte(strings.Repeat("<p>a</p>", 100)), 100, true},
		{"over the limit", []byte(strings.Repeat("<p>a</p>", 101)), 100, false},
		{"no limit", []byte(strings.Repeat("<p>a</p>", 101)), -1, true},
		{"default limit", []byte(strings.Repeat("<p>a</p>", 101)), 0, true},
		// 100 start tags; the 20 blocks have 63 ancestors each (html, body,
		// 60 divs, b): 1,260 ≤ 20·100.
		{"deep, few blocks", deepPage(60, 20), 100, true},
		// 40 blocks: 2,520 ancestors > 2,000.
		{"deep, many blocks", deepPage(60, 40), 100, false},
		{"deep, no limit", deepPage(60, 40), -1, true},
		// 10 elements, 101 attributes > 10·10.
		{"many attributes", []byte("<p" + strings.Repeat(" a", 101) + ">x</p>"), 10, false},
		{"attributes at the limit", []byte("<p" + strings.Repeat(" a", 100) + ">x</p>"), 10, true},
	} {
		p, err := Parse(tt.page, Options{MaxElements: tt.max})
		if tt.ok != (err == nil) {
			t.Errorf("%s: error %v", tt.name, err)
			continue
		}
		if err != nil {
			if !errors.Is(err, ErrTooManyElements) {
				t.Errorf("%s: error %q", tt.name, err)
			}
			continue
		}
		if len(p.Blocks) == 0 {
			t.Errorf("%s: no blocks", tt.name)
		}
	}
	if got := len(Blocks(mustParse(t, deepPage(60, 40)).Root, nil)); got != 40 {
		t.Errorf("Blocks has no limit: %d blocks, want 40", got)
	}
}

func mustParse(t *testing.T, raw []byte) *Page {
	t.Helper()
	p, err := Parse(raw, Options{MaxElements: -1})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestParseKeepsNoReferenceToRaw overwrites the page's bytes after Parse:
// the blocks hold copies (Parse reads UTF-8 text without copying it).
func TestParseKeepsNoReferenceToRaw(t *testing.T) {
	raw := []byte("<html><head><title>T</title></head><body><p>First paragraph</p><p class=x>Second one</p></body></html>")
	p, err := Parse(raw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range raw {
		raw[i] = 'z'
	}
	if got := strings.Join(blockTexts(p), "|"); got != "T|First paragraph|Second one" && got != "First paragraph|Second one" {
		t.Errorf("blocks after overwriting the page: %q", got)
	}
}
