package tokenize

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// blockTexts returns the texts of a page's blocks.
func blockTexts(p *Page) []string {
	var out []string
	for _, b := range p.Blocks {
		out = append(out, b.Text)
	}
	return out
}

func TestPaperSkipTags(t *testing.T) {
	p, err := Parse([]byte(`<body><noscript><p>n</p></noscript><p>x</p>`), Options{SkipTags: PaperSkipTags()})
	if err != nil {
		t.Fatal(err)
	}
	if got := blockTexts(p); !slices.Equal(got, []string{"x"}) {
		t.Errorf("blocks %q, want [x]", got)
	}
}

func TestHiddenAndAttrs(t *testing.T) {
	page := `<body class="single postPage"><div hidden><p>a</p></div><div aria-hidden="true">b</div>
<div style="color: red; DISPLAY : none !important">c</div><div style="visibility:hidden">d</div>
<div aria-hidden="false" style="display:block" id="main-content2"><article role="main" itemprop="articleBody" itemtype="https://schema.org/NewsArticle">e</article></div></body>`
	p, err := Parse([]byte(page), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		text   string
		hidden bool
	}{{"a", true}, {"b", true}, {"c", true}, {"d", true}, {"e", false}}
	if len(p.Blocks) != len(want) {
		t.Fatalf("blocks %q", blockTexts(p))
	}
	for i, w := range want {
		if b := p.Blocks[i]; b.Text != w.text || b.Hidden != w.hidden {
			t.Errorf("block %d: %q hidden %v, want %q hidden %v", i, b.Text, b.Hidden, w.text, w.hidden)
		}
	}
	last := p.Blocks[4]
	var names []string
	var attrs [][]string
	for _, el := range last.Ancestors {
		names = append(names, el.Name)
		attrs = append(attrs, el.Attrs)
	}
	if !slices.Equal(names, last.Path) {
		t.Errorf("ancestor names %v, want the path %v", names, last.Path)
	}
	wantAttrs := [][]string{nil, {"single", "post", "page"}, {"main", "content"}, {"role=main", "itemprop=articlebody", "itemtype=newsarticle"}}
	if !slices.EqualFunc(attrs, wantAttrs, func(a, b []string) bool { return slices.Equal(a, b) }) {
		t.Errorf("attribute tokens %q, want %q", attrs, wantAttrs)
	}
}

func TestParseBlocks(t *testing.T) {
	tests := []struct {
		name   string
		html   string
		blocks []string
		text   string
	}{
		{"inline tags join without space", `<p>foo<b>bar</b>baz</p>`, []string{"foo", "bar", "baz"}, "foobarbaz"},
		{"inline tags keep source spacing", `<p>foo <i>bar</i> baz</p>`, []string{"foo", "bar", "baz"}, "foo bar baz"},
		{"whitespace-only node between inline tags", "<p><b>a</b>\n  <i>b</i></p>", []string{"a", "b"}, "a b"},
		{"paragraphs", `<p>a</p><p>b</p>`, []string{"a", "b"}, "a\n\nb"},
		{"line break", `<p>a<br>b<br/>c</p>`, []string{"a", "b", "c"}, "a\nb\nc"},
		{"entities", `<p>a &amp; b &lt;c&gt; &eacute;t&eacute; &#8212; &nbsp;x</p>`, []string{"a & b <c> été — x"}, "a & b <c> été — x"},
		{"whitespace collapses", "<p>  a \t\n b  </p>", []string{"a b"}, "a b"},
		{"nested divs", `<div><div><div>deep</div></div>x</div>`, []string{"deep", "x"}, "deep\n\nx"},
		{"table cells", `<table><tr><td>a</td><td>b</td></tr><tr><th>c</th></tr></table>`, []string{"a", "b", "c"}, "a\n\nb\n\nc"},
		{"list items", `<ul><li>one</li><li>two <a href="#">link</a></li></ul>`, []string{"one", "two", "link"}, "one\n\ntwo link"},
		{"scripts, styles and comments are skipped", `<p>a<script>var x="<p>no</p>";</script><style>p{}</style><!-- hidden -->b</p>`, []string{"a", "b"}, "ab"},
		{"head, button, input, iframe, template, svg skipped", `<head><title>T</title></head><body><button>b</button><input value=v><iframe>i</iframe><template><p>t</p></template><svg><title>icon</title><text>s</text></svg><p>x</p></body>`, []string{"x"}, "x"},
		{"select and datalist skipped", `<body><label>Size <select><option>XS</option><optgroup label="big"><option>XL</option></optgroup></select></label><datalist><option>d</option></datalist></body>`, []string{"Size"}, "Size"},
		{"noscript content is recovered as markup", `<body><noscript><div class="post"><p>thread <b>text</b></p></div></noscript></body>`, []string{"thread", "text"}, "thread text"},
		{"pre keeps lines", "<pre>line 1\n   line 2\n\nline 3</pre>", []string{"line 1\nline 2\nline 3"}, "line 1\nline 2\nline 3"},
		{"malformed: unclosed tags", `<div><p>a<b>b<p>c</div>d`, []string{"a", "b", "c", "d"}, "ab\n\nc\n\nd"},
		{"malformed: stray end tags", `</b></p><p>a</i></span>b`, []string{"ab"}, "ab"},
		{"unclosed title does not swallow the page", "<html><head><title>Broken\n<script>x</script></head><body><p>text</p></body>", []string{"text"}, "text"},
		{"corrupted title end tag", "<title>Broken</titleval\n<p>text</p>", []string{"text"}, "text"},
		{"no text", `<html><body><img src=x></body></html>`, nil, ""},
		{"an image between words separates them", `<p>Great for day hikes<img src=stars.png alt="5 stars">Rated by 12 people</p>`, []string{"Great for day hikes", "Rated by 12 people"}, "Great for day hikes Rated by 12 people"},
		{"skipped controls between words separate them", `<p><label>Name</label><input name=n><label>Email</label><button>Go</button>next<svg><path/></svg>icon</p>`, []string{"Name", "Email", "next", "icon"}, "Name Email next icon"},
		{"a sentence ends before a capital in the next element", `<div><a href="/e">Edit this page</a><span>Last updated on <b>March 3</b></span></div>`, []string{"Edit this page", "Last updated on", "March 3"}, "Edit this page Last updated on March 3"},
		{"a rating's stars after a word", `<div><span>Great for day hikes</span><span class="stars">★★★★★</span><span>5</span></div>`, []string{"Great for day hikes", "★★★★★", "5"}, "Great for day hikes ★★★★★ 5"},
		{"a price after a price, a post's number after its time", `<div><s>€89</s><b>€98</b></div><div><span>2 years ago</span><span>#2</span></div><p>US<b>$</b>5 and 4<i>€</i></p>`, []string{"€89", "€98", "2 years ago", "#2", "US", "$", "5 and 4", "€"}, "€89 €98\n\n2 years ago #2\n\nUS $5 and 4 €"},
		{"a number after a number, a count after its label", `<div><span>4.9</span><span class="divider"></span><span>339 reviews</span></div><div><span>March 29, 2017</span><span>7:31am</span></div><div><a href="/f">Accessories</a><span>3</span></div>`,
			[]string{"4.9", "339 reviews", "March 29, 2017", "7:31am", "Accessories", "3"}, "4.9 339 reviews\n\nMarch 29, 2017 7:31am\n\nAccessories 3"},
		{"parts of a number, exponents and formulas stay one", `<p>"3<b>0 Jahre</b>", 308<b>0万吨</b>, 10<sup>6</sup>, CO<sub>2</sub>, video.mp<span>4</span>, E<span>2</span>J, 行业<span>9</span></p>`,
			[]string{"\"3", "0 Jahre", "\", 308", "0万吨", ", 10", "6", ", CO", "2", ", video.mp", "4", ", E", "2", "J, 行业", "9"}, "\"30 Jahre\", 3080万吨, 106, CO2, video.mp4, E2 J, 行业9"},
		{"parts of a word stay one word", `<p><b>H</b>ello, foo<i>bar</i>, <span>Java</span><span>script</span>, <a href="x">link</a>s, end<!-- -->Of</p>`, []string{"H", "ello, foo", "bar", ",", "Java", "script", ",", "link", "s, end", "Of"}, "Hello, foobar, Javascript, links, endOf"},
		{"hidden input and scripts do not", `<p>one<input type=hidden value=x>word<script>x</script>s</p>`, []string{"one", "word", "s"}, "onewords"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse([]byte(tt.html), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := blockTexts(p); !slices.Equal(got, tt.blocks) {
				t.Errorf("blocks %q, want %q", got, tt.blocks)
			}
			if got := Text(p.Blocks); got != tt.text {
				t.Errorf("Text = %q, want %q", got, tt.text)
			}
		})
	}
}

func TestBlockFields(t *testing.T) {
	p, err := Parse([]byte(`<html><body><div id=m><p>Hello <a href="/x">big <b>world</b></a></p></div></body></html>`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		text   string
		path   string
		inLink bool
	}{
		{"Hello", "html body div p", false},
		{"big", "html body div p a", true},
		{"world", "html body div p a b", true},
	}
	if len(p.Blocks) != len(want) {
		t.Fatalf("%d blocks, want %d", len(p.Blocks), len(want))
	}
	for i, w := range want {
		b := p.Blocks[i]
		if b.Text != w.text || strings.Join(b.Path, " ") != w.path || b.InLink != w.inLink || b.Index != i {
			t.Errorf("block %d = %q %v inLink=%v index=%d, want %q [%s] %v", i, b.Text, b.Path, b.InLink, b.Index, w.text, w.path, w.inLink)
		}
		if b.Node == nil || b.Node.Parent == nil || b.Node.Parent.Data != b.Path[len(b.Path)-1] {
			t.Errorf("block %d: node does not sit under its path", i)
		}
	}
}

// TestSharedPaths checks that blocks under one parent element share their
// Path and Ancestors, and that blocks under others have their own, right
// ones: the parent's text around a child, a sibling of the same name, and
// a parent met again after a deeper block.
func TestSharedPaths(t *testing.T) {
	p, err := Parse([]byte(`<body><div class=main><p>one<br>two <i>three</i> four</p><p class="intro lead">five</p>six</div><div>seven</div></body>`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		text, path, attrs string
		parent            string // blocks share their slices when they have the same parent
	}{
		{"one", "html body div p", "main/", "p1"},
		{"two", "html body div p", "main/", "p1"},
		{"three", "html body div p i", "main//", "i"},
		{"four", "html body div p", "main/", "p1"},
		{"five", "html body div p", "main/intro lead", "p2"},
		{"six", "html body div", "main", "div1"},
		{"seven", "html body div", "", "div2"},
	}
	if len(p.Blocks) != len(want) {
		t.Fatalf("%d blocks, want %d", len(p.Blocks), len(want))
	}
	for i, tt := range want {
		b := p.Blocks[i]
		var attrs []string
		for _, el := range b.Ancestors[2:] { // below html and body
			attrs = append(attrs, strings.Join(el.Attrs, " "))
		}
		if got := strings.Join(b.Path, " "); b.Text != tt.text || got != tt.path || strings.Join(attrs, "/") != tt.attrs {
			t.Errorf("block %d: %q, path %q, attributes %q; want %q, %q, %q", i, b.Text, got, strings.Join(attrs, "/"), tt.text, tt.path, tt.attrs)
		}
		for j, other := range p.Blocks[:i] {
			same := &other.Path[0] == &b.Path[0] && &other.Ancestors[0] == &b.Ancestors[0]
			if w := want[j].parent == tt.parent; same != w {
				t.Errorf("%q and %q: share their slices %v, want %v", tt.text, other.Text, same, w)
			}
		}
	}
}

// TestAttrsOfRepeatedClasses checks that the walk's elements, whose class
// and id words are split once per page, have the tokens AttrTokens gives
// their nodes: classes repeated, in other orders, shared between class
// and id, and past the limit of 24 tokens.
func TestAttrsOfRepeatedClasses(t *testing.T) {
	many := "a1 bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq rr ss tt uu vv ww xx yy zz"
	page := `<div class="postBody mainNav" id="postBody"><p class="mainNav postBody" role="Main">one</p>` +
		`<p class="postBody" id="mainNav">two</p><p class="` + many + `" id="extra">three</p><p class="` + many + `">four</p></div>`
	p, err := Parse([]byte(page), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Blocks) != 4 {
		t.Fatalf("%d blocks, want 4", len(p.Blocks))
	}
	for _, b := range p.Blocks {
		n := b.Node.Parent
		for i := len(b.Ancestors) - 1; i >= 0; i, n = i-1, n.Parent {
			if got, want := b.Ancestors[i].Attrs, AttrTokens(n); !slices.Equal(got, want) {
				t.Errorf("%q, <%s>: attributes %q, AttrTokens %q", b.Text, n.Data, got, want)
			}
		}
	}
}

func TestTextOfSubset(t *testing.T) {
	p, err := Parse([]byte(`<p>one<b>two</b>three</p><p>four</p><p>five<br>six</p>`), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := p.Blocks
	tests := []struct {
		pick []int
		want string
	}{
		{[]int{0, 2}, "one three"}, // the left-out "two" leaves a space
		{[]int{0, 1}, "onetwo"},
		{[]int{2, 4}, "three\n\nfive"},
		{[]int{4, 5}, "five\nsix"},
		{[]int{0, 5}, "one\n\nsix"},
		{nil, ""},
	}
	for _, tt := range tests {
		var sub []Block
		for _, i := range tt.pick {
			sub = append(sub, b[i])
		}
		if got := Text(sub); got != tt.want {
			t.Errorf("Text(%v) = %q, want %q", tt.pick, got, tt.want)
		}
	}
}

func TestSkipTagsOption(t *testing.T) {
	// The defaults read an accordion's title, a <button> in a heading, and
	// no other button.
	page := []byte(`<body><nav>menu</nav><script>s</script><h3><button aria-expanded="false">Kit Contents</button></h3>` +
		`<button>Add to cart</button><p>text</p></body>`)
	tests := []struct {
		skip []string
		want []string
	}{
		{nil, []string{"menu", "Kit Contents", "text"}},
		{[]string{}, []string{"menu", "s", "Kit Contents", "Add to cart", "text"}},
		{[]string{"NAV", "script"}, []string{"Kit Contents", "Add to cart", "text"}},
		{DefaultSkipTags(), []string{"menu", "text"}},
	}
	for _, tt := range tests {
		p, err := Parse(page, Options{SkipTags: tt.skip})
		if err != nil {
			t.Fatal(err)
		}
		if got := blockTexts(p); !slices.Equal(got, tt.want) {
			t.Errorf("SkipTags %q: blocks %q, want %q", tt.skip, got, tt.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name string
		raw  []byte
		want error
	}{
		{"empty", nil, ErrEmpty},
		{"whitespace", []byte(" \n\t "), ErrEmpty},
		{"gzip", []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0}, ErrGzip},
		{"binary", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"), ErrBinary},
	}
	for _, tt := range tests {
		if _, err := Parse(tt.raw, Options{}); !errors.Is(err, tt.want) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.want)
		}
	}
}

func TestParseToleratesStrayNUL(t *testing.T) {
	p, err := Parse([]byte("<p>a\x00b</p><p>\xff\xfe broken \xc3</p>"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Blocks) != 2 {
		t.Fatalf("blocks %q", blockTexts(p))
	}
}

func TestDeepNesting(t *testing.T) {
	const depth = 100_000
	for _, tag := range []string{"div", "b", "span", "table", "p"} {
		page := strings.Repeat("<"+tag+">x", depth)
		p, err := Parse([]byte(page), Options{})
		if err != nil {
			t.Fatalf("%s: %v", tag, err)
		}
		if len(p.Blocks) == 0 {
			t.Fatalf("%s: no blocks", tag)
		}
		var n int
		for _, b := range p.Blocks {
			n += strings.Count(b.Text, "x")
		}
		if n != depth {
			t.Errorf("%s: %d x's in the blocks, want %d", tag, n, depth)
		}
	}
}

// TestRandomBytesAreBinary: random bytes (about 10% control bytes, 1 in 5
// files under the 10% line) are refused, while a page with as many stray
// NULs but markup is read.
func TestRandomBytesAreBinary(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		raw := make([]byte, 5000)
		for k := range raw {
			raw[k] = byte(rng.Uint32())
		}
		if _, err := Parse(raw, Options{}); !errors.Is(err, ErrBinary) {
			t.Fatalf("random file %d: %v, want ErrBinary", i, err)
		}
	}
	page := []byte(strings.Repeat("<p>Some words\x00\x00 of <b>text</b>\x00.</p>\n", 100))
	if _, err := Parse(page, Options{}); err != nil {
		t.Errorf("a page with 8%% NUL bytes: %v", err)
	}
}

// TestTextNFC: a block's text is in Unicode's composed form (NFC), so that
// a letter typed with a combining accent greps, counts and reads to the
// model as the composed letter; its words are counted after composing.
func TestTextNFC(t *testing.T) {
	tests := []struct{ page, want string }{
		{"<p>gepru\u0308ft und fu\u0308r gut befunden</p>", "geprüft und für gut befunden"},
		{"<p>Cafe\u0301 crème</p>", "Café crème"},
		{"<p>plain ASCII stays</p>", "plain ASCII stays"},
		{"<p>한국어 \u1100\u1161</p>", "한국어 가"},
	}
	for _, tt := range tests {
		p, err := Parse([]byte(tt.page), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Blocks) != 1 || p.Blocks[0].Text != tt.want || p.Blocks[0].Words != CountWords(tt.want) {
			t.Errorf("%q: blocks %+v, want one with text %q", tt.page, p.Blocks, tt.want)
		}
	}
}
