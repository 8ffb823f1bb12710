package tokenize

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
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

// formattingStorm is the page of issue 39 at a smaller scale: n distinct
// formatting elements (<b id=...>) left open in a <div> after prefix, then
// m one-word paragraphs, into each of which the parser copies the n
// elements (x/net/html builds n·m of them).
func formattingStorm(prefix string, n, m int) []byte {
	var sb strings.Builder
	sb.WriteString("<html><body><div>" + prefix)
	for i := range n {
		fmt.Fprintf(&sb, "<b id=%d>", i)
	}
	sb.WriteString("</div>" + strings.Repeat("<div>x</div>", m) + "</body></html>")
	return []byte(sb.String())
}

// treeSize counts the elements and attributes of a tree.
func treeSize(root *html.Node) (elems, attrs int) {
	for n := range root.Descendants() {
		if n.Type == html.ElementNode {
			elems++
			attrs += len(n.Attr)
		}
	}
	return elems, attrs
}

func TestFormattingStorm(t *testing.T) {
	const n, m = 200, 5_000 // 5,203 start tags, a million copies of <b>
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := Parse(formattingStorm("", n, m), Options{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	// Read again without its <b>: every paragraph, in a tree of about its
	// start tags.
	if len(p.Blocks) != m || p.Blocks[0].Text != "x" || slices.Contains(p.Blocks[0].Path, "b") {
		t.Errorf("%d blocks, the first %q under %d elements", len(p.Blocks), p.Blocks[0].Text, len(p.Blocks[0].Path))
	}
	if elems, _ := treeSize(p.Root); elems > n+m+10 {
		t.Errorf("%d elements in the tree", elems)
	}
	// Parsing to the limit, then without the <b>, allocates a few MB; the
	// million copies would take 200 MB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 50<<20 {
		t.Errorf("Parse allocated %d MB", alloc>>20)
	}

	// The same page, where the text the formatting elements are dropped
	// from reads them as the content of a <style> (inside <svg> the
	// parser reads them as tags): refused, having built at most twice the
	// limit.
	_, err = Parse(formattingStorm("<svg><style>", n, m), Options{MaxElements: 6_000})
	if !errors.Is(err, ErrTooManyElements) {
		t.Errorf("inside <svg><style>: %v", err)
	}
	// A smaller limit refuses the first page too.
	if _, err := Parse(formattingStorm("", n, m), Options{MaxElements: 5_000}); !errors.Is(err, ErrTooManyElements) {
		t.Errorf("over the start tag limit: %v", err)
	}
}

// FuzzParseBounded: the tree of a page Parse reads never has more than
// builtPerElement times Options.MaxElements elements, nor attrsPerElement
// times as many attributes.
func FuzzParseBounded(f *testing.F) {
	f.Add(formattingStorm("", 5, 20), uint8(10))
	f.Add(formattingStorm("<svg><style>", 5, 20), uint8(10))
	f.Add([]byte("<table><td></tbody><td></tbody><td></tbody>x</p></p></br></br><html a><html b>"), uint8(3))
	f.Add([]byte("<a href=1><div><div><div><div><div><div><div><div><div>x<a href=2>y</a></div></div>z"), uint8(12))
	f.Fuzz(func(t *testing.T, raw []byte, max uint8) {
		limit := int(max) + 1
		p, err := Parse(raw, Options{MaxElements: limit})
		if err != nil {
			return
		}
		if elems, attrs := treeSize(p.Root); elems > builtPerElement*limit || attrs > attrsPerElement*builtPerElement*limit {
			t.Fatalf("limit %d: %d elements and %d attributes in the tree", limit, elems, attrs)
		}
	})
}
