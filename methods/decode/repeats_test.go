package decode

import (
	"strings"
	"testing"
	"unicode"
)

// TestAppendKey: a paragraph's repeat key is its words (strings.Fields)
// lowercased, each followed by a space, whatever the spacing and script.
func TestAppendKey(t *testing.T) {
	fields := func(text string) string {
		var b strings.Builder
		for f := range strings.FieldsSeq(text) {
			for _, r := range f {
				b.WriteRune(unicode.ToLower(r))
			}
			b.WriteByte(' ')
		}
		return b.String()
	}
	for _, text := range []string{
		"", "   ", "Hello, World!", "\tTabs\nand\r\nlines\v\f", "non\u00a0breaking\u2003em space\u0085next",
		"ÉCOLE Straße İstanbul ΣΟΦΊΑ", "bad \xff\xfe utf-8", "trailing ", " leading", "日本語 のテキスト",
	} {
		if got, want := string(appendKey(nil, text)), fields(text); got != want {
			t.Errorf("appendKey(%q) = %q, want %q", text, got, want)
		}
	}
}
