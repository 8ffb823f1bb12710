package sanitize

import (
	"reflect"
	"testing"
)

func TestScheme(t *testing.T) {
	for _, tt := range []struct{ url, want string }{
		{"https://example.com/", "https"},
		{"JavaScript:alert(1)", "javascript"},
		{" \x01java\tscr\nipt:alert(1)", "javascript"},
		{"/path:x", ""},
		{"page.html", ""},
		{"#top", ""},
		{"mailto:a@example.com", "mailto"},
		{"data:image/png;base64,x", "data"},
		{"ｊavascript:alert(1)", ""}, // not a scheme to a browser either
	} {
		if got := Scheme(tt.url); got != tt.want {
			t.Errorf("Scheme(%q) = %q, want %q", tt.url, got, tt.want)
		}
	}
}

func TestSplitSrcset(t *testing.T) {
	for _, tt := range []struct {
		srcset string
		want   []candidate
	}{
		{"a.png", []candidate{{"a.png", ""}}},
		{"a.png 1x, b.png 2x", []candidate{{"a.png", "1x"}, {"b.png", "2x"}}},
		{" a.png, b.png 2x ", []candidate{{"a.png", ""}, {"b.png", "2x"}}},
		{"a.png,b.png 2x", []candidate{{"a.png,b.png", "2x"}}}, // a URL runs to whitespace
		{"a,b.png 100w, c.png 200w", []candidate{{"a,b.png", "100w"}, {"c.png", "200w"}}},
		{"data:image/png;base64,iVBO= 1x", []candidate{{"data:image/png;base64,iVBO=", "1x"}}},
		{"", nil},
	} {
		if got := splitSrcset(tt.srcset); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitSrcset(%q) = %q, want %q", tt.srcset, got, tt.want)
		}
	}
}
