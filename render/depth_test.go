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
		res, err := keepAll.ExtractBytes(t.Context(), quotedPage(tt.depth), infer.Options{})
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

// TestQuoteOfShortLines: a quoted block whose quote markers would
// outweigh it (many short lines) is quoted fewer levels in Markdown, one
// at least; other blocks keep their depth.
func TestQuoteOfShortLines(t *testing.T) {
	for _, tt := range []struct {
		name, block string
		depth, want int
	}{
		{"empty lines", "<pre>a" + strings.Repeat("\n", 1000) + "b</pre>", 8, 1},
		{"one-letter lines", "<pre>" + strings.Repeat("a\n", 1000) + "</pre>", 8, 1},
		{"lines of 6 bytes", "<pre>" + strings.Repeat("abcdef\n", 1000) + "</pre>", 8, 3},
		{"code lines", "<pre>" + strings.Repeat("if x > 0 { return y }\n", 1000) + "</pre>", 8, 8},
		{"a short paragraph", "<p>ok</p>", 8, 8},
		{"a short line of a few", "<p>ok<br>fine<br>yes</p>", 8, 8},
	} {
		page := "<title>T</title><body><p>before</p>" + strings.Repeat("<blockquote>", tt.depth) + tt.block
		res, err := keepAll.ExtractBytes(t.Context(), []byte(page), infer.Options{})
		if err != nil {
			t.Fatal(err)
		}
		md := Markdown(res)
		rest, ok := strings.CutPrefix(md, "# T\n\nbefore\n\n")
		if !ok {
			t.Fatalf("%s: Markdown %.200q", tt.name, md)
		}
		for line := range strings.SplitSeq(strings.TrimRight(rest, "\n"), "\n") {
			if got := quoteMarkers(line); got != tt.want {
				t.Errorf("%s: line %q quoted %d times, want %d", tt.name, line, got, tt.want)
				break
			}
		}
	}
}

// quoteMarkers counts the ">" markers a line of Markdown starts with.
func quoteMarkers(line string) int {
	n := 0
	for strings.HasPrefix(line, ">") {
		n++
		line = strings.TrimPrefix(line[1:], " ")
	}
	return n
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
// markers add at most 16 bytes to a paragraph (at least 4 bytes of the
// page, "<p>x") and no more than its length to a block of many lines,
// XML's and TEI's at most 16 indented <quote> tags to a paragraph.
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
		res, err := keepAll.ExtractBytes(t.Context(), page, infer.Options{})
		if err != nil {
			return
		}
		if md := Markdown(res); len(md) > 6*len(page)+4096 {
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
