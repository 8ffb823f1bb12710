package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
)

// quotedPage is a page with a paragraph, a list item and a <pre> of two
// lines inside depth nested <blockquote> elements, and a paragraph after
// them.
func quotedPage(depth int) []byte {
	return []byte("<title>T</title><body>" + strings.Repeat("<blockquote>", depth) +
		"<p>quoted words</p><ul><li>an item</ul><pre>one\ntwo</pre>" + strings.Repeat("</blockquote>", depth) + "<p>after</p>")
}

// TestQuoteDepthCap: quotes nest at most maxQuoteDepth levels in every
// format, the deeper ones flattened into the last.
func TestQuoteDepthCap(t *testing.T) {
	for _, tt := range []struct{ depth, want int }{
		{0, 0}, {1, 1}, {2, 2}, {7, 7}, {8, 8}, {9, 8}, {500, 8},
	} {
		res, err := keepAll.ExtractBytes(quotedPage(tt.depth), infer.Options{})
		if err != nil {
			t.Fatal(err)
		}
		md := Markdown(res)
		prefix := strings.Repeat("> ", tt.want)
		for _, line := range []string{prefix + "quoted words\n", prefix + "- an item\n", prefix + "one\n" + prefix + "two\n", "\nafter\n"} {
			if !strings.Contains(md, line) {
				t.Errorf("depth %d: Markdown lacks %q:\n%s", tt.depth, line, md)
			}
		}
		if strings.Contains(md, prefix+"> ") {
			t.Errorf("depth %d: Markdown quotes deeper than %d:\n%s", tt.depth, tt.want, md)
		}
		for name, write := range map[string]func(*bytes.Buffer) error{
			"XML": func(b *bytes.Buffer) error { return XML(b, res) },
			"TEI": func(b *bytes.Buffer) error { return TEI(b, res) },
		} {
			var b bytes.Buffer
			if err := write(&b); err != nil {
				t.Fatal(err)
			}
			root, err := parseXML(b.Bytes())
			if err != nil {
				t.Fatalf("depth %d: %s: %v", tt.depth, name, err)
			}
			// Each of the three quoted units is in want nested quotes.
			if got := maxNesting(root, "quote"); got != tt.want {
				t.Errorf("depth %d: %s nests %d quotes, want %d", tt.depth, name, got, tt.want)
			}
			if got, want := strings.Count(b.String(), "<quote>"), 3*tt.want; got != want {
				t.Errorf("depth %d: %s has %d quotes, want %d", tt.depth, name, got, want)
			}
		}
	}
}

// maxNesting is the deepest nesting of elements named name under n.
func maxNesting(n *xmlNode, name string) int {
	deepest := 0
	for _, c := range n.children {
		deepest = max(deepest, maxNesting(c, name))
	}
	if n.name.Local == name {
		deepest++
	}
	return deepest
}

// FuzzQuoteNesting: however deep quotes and lists nest, the output of
// every format is bounded by a constant times the page: Markdown's quote
// markers add at most 16 bytes to a line (a line of a <pre> is at least
// one byte of the page), XML's and TEI's at most 16 indented <quote> tags
// to a paragraph (at least 4 bytes, "<p>x").
func FuzzQuoteNesting(f *testing.F) {
	f.Add(uint16(500), uint16(20), uint16(50), uint8(3), "word")
	f.Add(uint16(9), uint16(1), uint16(0), uint8(40), "x")
	f.Add(uint16(0), uint16(3), uint16(3), uint8(0), "*a* <b>")
	f.Fuzz(func(t *testing.T, depth, paras, lines uint16, lists uint8, word string) {
		if word = strings.TrimSpace(word); word == "" || strings.ContainsAny(word, "<&") {
			return
		}
		var sb strings.Builder
		sb.WriteString(strings.Repeat("<blockquote>", int(depth%600)) + strings.Repeat("<ul><li>", int(lists%100)))
		for range paras % 2000 {
			sb.WriteString("<p>" + word)
		}
		sb.WriteString("<pre>" + strings.Repeat(word+"\n\n", int(lines%5000)) + "</pre>")
		page := []byte(sb.String())
		res, err := keepAll.ExtractBytes(page, infer.Options{})
		if err != nil {
			return
		}
		if md := Markdown(res); len(md) > 17*len(page)+4096 {
			t.Fatalf("%d bytes of Markdown from a page of %d", len(md), len(page))
		}
		for name, write := range map[string]func(*bytes.Buffer, *infer.Result) error{
			"XML": func(b *bytes.Buffer, r *infer.Result) error { return XML(b, r) },
			"TEI": func(b *bytes.Buffer, r *infer.Result) error { return TEI(b, r) },
		} {
			var b bytes.Buffer
			if err := write(&b, res); err != nil {
				t.Fatal(err)
			}
			if b.Len() > 128*len(page)+4096 {
				t.Fatalf("%d bytes of %s from a page of %d", b.Len(), name, len(page))
			}
		}
	})
}
