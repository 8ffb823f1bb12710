package tokenize

import "testing"

func TestCloseNoscriptRawText(t *testing.T) {
	tests := []struct{ name, page, want string }{
		{"a self-closed iframe in noscript", `<noscript><iframe src="gtm" /></noscript><p>text</p>`, `<noscript><iframe src="gtm" /></iframe></noscript><p>text</p>`},
		{"a closed iframe", `<noscript><iframe src="gtm"></iframe></noscript><p>text</p>`, `<noscript><iframe src="gtm"></iframe></noscript><p>text</p>`},
		{"an iframe outside noscript", `<iframe src="x" /><p>text</p>`, `<iframe src="x" /><p>text</p>`},
		{"two noscripts, the second open", `<NOSCRIPT><img src=a></NOSCRIPT><p>a</p><NOSCRIPT><textarea>x</NOSCRIPT>b`, `<NOSCRIPT><img src=a></NOSCRIPT><p>a</p><NOSCRIPT><textarea></textarea>x</NOSCRIPT>b`},
		{"a longer tag name is not the tag", `<noscript><iframes></noscript>`, `<noscript><iframes></noscript>`},
		{"no end of noscript", `<noscript><iframe src=x>`, `<noscript><iframe src=x>`},
	}
	for _, tt := range tests {
		if got := closeNoscriptRawText(tt.page); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
