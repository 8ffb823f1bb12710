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
	want := "# T\n\n## Section one\n\n" +
		"Some **bold** text.  \nSecond line.\n\n" +
		"- apple\n- pear link\n\n" +
		"1. first\n2. second\n\n" +
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
		{"markdown", Markdown(res), "# Code\n\nRun this:\n\n```go\n" + code + "\n```\n\n```\n" + plain + "\n```\n\nDone.\n"},
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
		"She wrote:\n\n> First quoted paragraph.\n\n> Second, with a line  \n> break.\n\n",
		"\n> > Nested quote.\n\n",
		"\n\\# not a heading\n\n",
		"\n1\\. not a list item\n\n",
		"\n\\- not a bullet\n\n",
		"\nStars \\*not emphasis\\* and \\_not either\\_, a \\`tick\\`, a back\\\\slash and **\\<b>** stay text.\n\n",
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

// TestMarkdownStructure: the structure a reader sees in real pages'
// Markdown: <br> lines as hard breaks and <br><br> as paragraphs, the
// bullets of items whose text is in a <p>, ordered lists numbered from
// their start, nested lists indented, the lines of code that a
// highlighter writes one <div> each in one fence, and the page's title
// first unless the content starts with it.
func TestMarkdownStructure(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		title      string // the page's <title>
		want       string // the whole Markdown
	}{
		{"line breaks", `<p>Line one<br>line two<br><br>A new paragraph<br> <br>and another.</p>`, "",
			"Line one  \nline two\n\nA new paragraph\n\nand another.\n"},
		{"items in paragraphs", `<ul><li><p>First <b>item</b></p></li><li><p>Second item</p><p>More of it.</p></li></ul><p>After.</p>`, "",
			"- First **item**\n- Second item\n\n  More of it.\n\nAfter.\n"},
		{"ordered from start", `<ol start="3"><li>three</li><li>four</li></ol>`, "", "3. three\n4. four\n"},
		{"nested lists", `<ol><li>one<ul><li>a</li><li>b</li></ul></li><li>two</li></ol>`, "",
			"1. one\n   - a\n   - b\n2. two\n"},
		{"a level with no text of its own", `<ul><li>Supplies</li><li><ul><li><ul><li>A beginner's guide</li></ul></li></ul></li></ul>`, "",
			"- Supplies\n- A beginner's guide\n"},
		{"a heading that is a cell's whole text", `<table><tr><td><h4>Ingredients</h4></td><td><h4>For 2 people</h4></td></tr><tr><td>Onions</td><td>3</td></tr></table>`, "",
			"| Ingredients | For 2 people |\n| --- | --- |\n| Onions | 3 |\n"},
		{"a card stays paragraphs", `<ul><li><div><h3>Card</h3><p>Card text.</p></div></li></ul>`, "", "### Card\n\nCard text.\n"},
		{"code lines in divs", `<p>Run:</p><pre><code><div class="token-line"><span>npm</span> <span>install</span></div><div class="token-line"><span>npm</span> <span>start</span></div></code></pre>`, "",
			"Run:\n\n```\nnpm install\nnpm start\n```\n"},
		{"a line number before the code", `<pre><div class="row"><span>1</span><div>make</div></div><div class="row"><span>2</span><div>make install</div></div></pre>`, "",
			"```\n1 make\n2 make install\n```\n"},
		{"inline code", `<p>Return <code>Ok(v)</code> or <code>Err(e)</code>, press <kbd>Ctrl</kbd>+<kbd>C</kbd>; <code>a` + "`" + `b</code> and <code>*x*</code>.</p>`, "",
			"Return `Ok(v)` or `Err(e)`, press `Ctrl`+`C`; ``a`b`` and `*x*`.\n"},
		{"code in a link", `<p>See <a href="/r"><code>Result</code></a> for more.</p>`, "",
			"See `Result` for more.\n"},
		{"title first", `<p>The story's first paragraph, which is not its title.</p>`, "Night trains return",
			"# Night trains return\n\nThe story's first paragraph, which is not its title.\n"},
		{"title with the site's name, content starting with the headline", `<p>Night trains return</p><p>Text.</p>`, "THE COURIER - Night trains return",
			"Night trains return\n\nText.\n"},
		{"a paragraph whose sentence starts with the title's words", `<p>Sudo allows a system administrator to delegate authority to give certain users the ability to run some commands as root.</p>`, "Sudo",
			"# Sudo\n\nSudo allows a system administrator to delegate authority to give certain users the ability to run some commands as root.\n"},
		{"a headline glued to its lead", `<p>Plumbers train as substitute teachers Texas plumbers are getting trained as substitute teachers to let teachers protest at the Capitol.</p>`, "Plumbers train as substitute teachers",
			"Plumbers train as substitute teachers Texas plumbers are getting trained as substitute teachers to let teachers protest at the Capitol.\n"},
		{"the title's <h1> after a subheading and a lead (wcxb 0652)", `<h2>Replacement parts for DIY iPhone repair and maintenance</h2><p>iFixit's high-quality iPhone replacement parts are strictly tested.</p><h1>iPhone Parts</h1><h3>iPhone 16 Parts</h3>`, "iPhone Parts",
			"## Replacement parts for DIY iPhone repair and maintenance\n\niFixit's high-quality iPhone replacement parts are strictly tested.\n\n# iPhone Parts\n\n### iPhone 16 Parts\n"},
		{"a minor heading that says the title", `<p>Lead paragraph.</p><h3>Automatic Watches</h3><p>Text.</p>`, "Automatic Watches",
			"# Automatic Watches\n\nLead paragraph.\n\n### Automatic Watches\n\nText.\n"},
		{"title spelled differently", `<h2>The Income Penalty For Diabetes: $160,000</h2><p>Text.</p>`, "The Income Penalty For Diabetes: 0,000",
			"## The Income Penalty For Diabetes: $160,000\n\nText.\n"},
		{"a heading's text in a <div> beside a permalink (GitBook)", `<h3><div class="hash"><a aria-label="Direct link to heading" href="#read-it-online"><svg></svg></a></div><div class="flex-1">Read it Online</div></h3><p>Text.</p>`, "",
			"### Read it Online\n\nText.\n"},
		{"a heading's text in a <div><span> (Google Sites)", `<h1><div class="CjVfdc"><div><a href="#h.x" aria-label="Copy heading link"></a></div><span>Business App Pro</span></div></h1><p>Text.</p>`, "Business App Pro",
			"# Business App Pro\n\nText.\n"},
		{"an accordion's title in a <button><p>", `<h3><button aria-expanded="false"><div><span><img src="arrow.svg" alt=""></span></div><p>Weight</p></button></h3><div><p>7.9 oz.</p></div>`, "",
			"### Weight\n\n7.9 oz.\n"},
		{"an icon's SVG title beside the heading's <div>", `<h2><div>Installation</div><a href="#installation"><svg><title>Link</title></svg></a></h2><p>Text.</p>`, "",
			"## Installation\n\nText.\n"},
		{"a heading left open swallows paragraphs", `<h2>Summary<p>The first paragraph under the heading that was never closed.</p><p>The second one.</p></h2>`, "",
			"## Summary\n\nThe first paragraph under the heading that was never closed.\n\nThe second one.\n"},
		{"two <div>s in one heading", `<h4>pub fn is_ok_and(self) -&gt; bool<div class="where">where F: FnOnce(T) -&gt; bool</div></h4>`, "",
			"#### pub fn is\\_ok\\_and(self) -> bool\n\nwhere F: FnOnce(T) -> bool\n"},
		{"a long <div> in a heading", `<h2><div>` + strings.Repeat("word ", 21) + `</div></h2>`, "",
			strings.TrimSpace(strings.Repeat("word ", 21)) + "\n"},
		{"a list in a heading", `<h3><div>Steps</div><ul><li>one</li></ul></h3>`, "",
			"Steps\n\n- one\n"},
		{"the page's <h1>, not the title, first (wcxb 0714)", `<h1>Access Company Knowledge</h1><p>Answers from your documents.</p>`, "AI Assistants",
			"# Access Company Knowledge\n\nAnswers from your documents.\n"},
		{"the page's <h1> after a kicker", `<p>Case study</p><h1>Access Company Knowledge</h1><p>Text.</p>`, "AI Assistants",
			"Case study\n\n# Access Company Knowledge\n\nText.\n"},
		{"an <h1> third keeps the title", `<p>Case study</p><p>Lead.</p><h1>Access Company Knowledge</h1>`, "AI Assistants",
			"# AI Assistants\n\nCase study\n\nLead.\n\n# Access Company Knowledge\n"},
		{"a hidden <h1> keeps the title (wcxb 3016)", `<h1 class="display-none">InfoQ Homepage</h1><p>News.</p>`, "Software Development News",
			"# Software Development News\n\n# InfoQ Homepage\n\nNews.\n"},
		{"an <h1> that is the site's name keeps the title", `<h1><a href="/">Aliexpress Store</a></h1><p>Text.</p>`, "Valkyrie VK75 Keyboard",
			"# Valkyrie VK75 Keyboard\n\n# Aliexpress Store\n\nText.\n"},
		{"an <h1> of one word keeps the title", `<h1>News</h1><p>Text.</p>`, "Cancer-Stricken Women Lobby For A Bald Barbie",
			"# Cancer-Stricken Women Lobby For A Bald Barbie\n\n# News\n\nText.\n"},
	} {
		page := "<html><head><title>" + tt.title + "</title></head><body>" + tt.body + "</body></html>"
		res, err := keepAll.ExtractBytes(t.Context(), []byte(page), infer.Options{KeepHeadline: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := Markdown(res); got != tt.want {
			t.Errorf("%s:\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}
