package tokenize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse feeds arbitrary bytes through decoding, parsing, block
// segmentation, Text and Words: none may panic, and all text must come out
// as valid UTF-8.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "enc", "*.html"))
	for _, s := range seeds {
		if raw, err := os.ReadFile(s); err == nil {
			f.Add(raw, "")
		}
	}
	f.Add([]byte(`<p>a<b>b</b><br>c &amp; <title>x`), "iso-8859-1")
	f.Add([]byte(strings.Repeat("<div>", 600)+"deep"), "")
	f.Add([]byte("\xef\xbb\xbf<p>\xff\xfe\x00</p>"), "shift_jis")
	f.Add([]byte(`<body class="postBody x2Y" id="main-nav" role="navigation main"><noscript><div hidden itemprop="articleBody" itemtype="https://schema.org/NewsArticle/"><p style="display : none !important">t</p></div></noscript><template><p>u</p></template></body>`), "")
	f.Add([]byte(`<main><!--$?--><template id="B:0"></template><p>Loading</p><!--/$--></main><div hidden id="S:0"><p>x</p><template id="P:1"></template></div>`+
		`<div hidden id="S:1"><!--$?--><template id="B:0"></template><!--/$--></div><script>$RS("S:1","P:1");$RC("B:0","S:0");$RC("B:0","S:1")</script>`+
		`<noscript><iframe src="gtm" /></noscript><NOSCRIPT><textarea>t</NOSCRIPT><p>after</p>`), "")
	f.Fuzz(func(t *testing.T, raw []byte, label string) {
		p, err := Parse(raw, Options{Charset: label})
		if err != nil {
			return
		}
		text := Text(p.Blocks)
		if !utf8.ValidString(text) {
			t.Fatalf("Text is not UTF-8: %q", text)
		}
		for _, b := range p.Blocks {
			if b.Text == "" {
				t.Fatal("empty block")
			}
			if len(b.Ancestors) != len(b.Path) {
				t.Fatalf("%d ancestors for a path of %d", len(b.Ancestors), len(b.Path))
			}
			for _, el := range b.Ancestors {
				if len(el.Attrs) > maxAttrTokens {
					t.Fatalf("%d attribute tokens", len(el.Attrs))
				}
				for _, a := range el.Attrs {
					if a == "" || !utf8.ValidString(a) {
						t.Fatalf("bad attribute token %q", a)
					}
				}
			}
			for _, w := range Words(b.Text) {
				if w == "" || !utf8.ValidString(w) {
					t.Fatalf("bad word %q", w)
				}
			}
		}
	})
}

// FuzzDecode feeds arbitrary bytes to Decode: the text is valid UTF-8,
// and a page decoded twice (ReasonTwice) was valid UTF-8 and is shorter
// than its bytes.
func FuzzDecode(f *testing.F) {
	f.Add([]byte("A DIY Investor\xc3\xa2\xe2\x82\xac\xe2\x84\xa2s Guide"), "")
	f.Add([]byte("Investor\xc3\xa2\xc2\x80\xc2\x99s, \xc3\x83\xc2\xb3smy"), "iso-8859-2")
	f.Add([]byte("S\xc3\x83O PAULO \xc3\x82me"), "")
	f.Add([]byte("\xc3\x83\xc2\x83\xc3\x82\xc2\xa9"), "")
	f.Fuzz(func(t *testing.T, raw []byte, label string) {
		d := Decode(raw, label)
		if !utf8.ValidString(d.Text) {
			t.Fatalf("text is not UTF-8: %q", d.Text)
		}
		if d.Reason == ReasonTwice && (!utf8.Valid(raw) || len(d.Text) >= len(raw)) {
			t.Fatalf("decoded twice from %q: %q", raw, d.Text)
		}
	})
}
