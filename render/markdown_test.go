package render

import (
	"github.com/boilernet/boilernet/infer"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const structuredPage = `<html><head><title>T</title></head><body>
<h2>Section <i>one</i></h2>
<p>Some <b>bold</b> text.<br>Second line.</p>
<ul><li>apple</li><li>pear <a href="#">link</a></li></ul>
<ol><li>first</li><li>second</li></ol>
<table><tr><th>name</th><th>size</th></tr><tr><td>a|b</td><td>2</td></tr></table>
<pre>x := 1
y := 2</pre>
<blockquote>quoted words</blockquote>
</body></html>`

func TestMarkdown(t *testing.T) {
	e := synthExtractor(t)
	res, err := thresholded(t, e, "bilstm", 1e-9).ExtractBytes(t.Context(), []byte(structuredPage), infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := "## Section one\n\n" +
		"Some bold text.\nSecond line.\n\n" +
		"- apple\n- pear link\n\n" +
		"1. first\n1. second\n\n" +
		"| name | size |\n| --- | --- |\n| a\\|b | 2 |\n\n" +
		"```\nx := 1\ny := 2\n```\n\n" +
		"> quoted words\n"
	if got := Markdown(res); got != want {
		t.Errorf("Markdown:\n%s\nwant:\n%s", got, want)
	}
}

// TestPreKeptExactly: syntax-highlighted <pre> (one element per line) keeps
// its line breaks and indentation in the text and in Markdown, fenced with
// the language of its language-* class (issue 10).
func TestPreKeptExactly(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "pre-highlighted.html"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := thresholded(t, synthExtractor(t), "bilstm", 1e-9).ExtractBytes(t.Context(), raw, infer.Options{KeepHeadline: true})
	if err != nil {
		t.Fatal(err)
	}
	code := "func main() {\n\tif x  <  1 {\n\t\tfmt.Println(\"a  b\")\n\t}\n}"
	plain := "    indented\n        more   spaced"
	tests := []struct{ name, got, want string }{
		{"text", res.Text, "Run this:\n\n" + code + "\n\n" + plain + "\n\nDone."},
		{"markdown", Markdown(res), "Run this:\n\n```go\n" + code + "\n```\n\n```\n" + plain + "\n```\n\nDone.\n"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s:\n%q\nwant\n%q", tt.name, tt.got, tt.want)
		}
	}
}

// TestMarkdownQuotesAndEscapes: <blockquote><p>...</p></blockquote> is
// quoted, and text that looks like Markdown is escaped (issue 10).
func TestMarkdownQuotesAndEscapes(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "markdown-quote-escape.html"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := thresholded(t, synthExtractor(t), "bilstm", 1e-9).ExtractBytes(t.Context(), raw, infer.Options{KeepHeadline: true})
	if err != nil {
		t.Fatal(err)
	}
	md := Markdown(res)
	for _, want := range []string{
		"She wrote:\n\n> First quoted paragraph.\n\n> Second, with a line\n> break.\n\n",
		"\n> > Nested quote.\n\n",
		"\n\\# not a heading\n\n",
		"\n1\\. not a list item\n\n",
		"\n\\- not a bullet\n\n",
		"\nStars \\*not emphasis\\* and \\_not either\\_, a \\`tick\\`, a back\\\\slash and \\<b> stay text.\n\n",
		"\n2026\\. A year that ends a sentence.\n",
		"\nText \\[x\\](javascript:alert(1)) and a definition \\[y\\]: javascript:alert(2) stay text.\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

// TestMarkdownComments: the readers' comments follow the content, under a
// rule and a "Comments" heading, each with its author and date, quoted.
func TestMarkdownComments(t *testing.T) {
	raw, err := os.ReadFile("../infer/testdata/comments-wordpress.html") // infer's test of the comments reads it too
	if err != nil {
		t.Fatal(err)
	}
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	res, err := ex.ExtractBytes(t.Context(), raw, infer.Options{Comments: true})
	if err != nil {
		t.Fatal(err)
	}
	md := Markdown(res)
	if !strings.Contains(md, "## Comments\n\n**Ann** · January 2, 2024\n\n> Great post, I agree with every word of it.\n") {
		t.Errorf("Markdown:\n%s", md)
	}
}

// TestMarkdownWithoutParagraphs: the Markdown of a Result from
// WithoutParagraphs leaves out the paragraphs dropped.
func TestMarkdownWithoutParagraphs(t *testing.T) {
	page := `<title>T</title><article><h1>T</h1>
<p>First paragraph of the article, with <a href="/one">a link</a> inside it.</p>
<p>Second paragraph of the article, long enough to be kept as content.</p>
<pre>code line 1
  code line 2</pre>
<p>Third paragraph of the article, which <a href="/three">links</a> too.</p></article>`
	res, err := keepAll.ExtractBytes(t.Context(), []byte(page), infer.Options{Links: true, KeepHeadline: true})
	if err != nil {
		t.Fatal(err)
	}
	out := res.WithoutParagraphs([]int{1, 4})
	if md := Markdown(out); strings.Contains(md, "Third") || !strings.Contains(md, "Second") {
		t.Errorf("Markdown:\n%s", md)
	}
	if md := Markdown(res); !strings.Contains(md, "Third") {
		t.Errorf("Markdown of the result WithoutParagraphs was called on:\n%s", md)
	}
}
