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
			for _, w := range Words(b.Text) {
				if w == "" || !utf8.ValidString(w) {
					t.Fatalf("bad word %q", w)
				}
			}
		}
	})
}
