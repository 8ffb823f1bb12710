package urlref

import (
	"net/url"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/sanitize"
	"golang.org/x/net/html"
)

func TestResolve(t *testing.T) {
	base, _ := url.Parse("https://news.example/a/b.html")
	for _, tc := range []struct {
		base *url.URL
		ref  string
		want string
	}{
		{base, "pic.png", "https://news.example/a/pic.png"},
		{base, " /story.html\n", "https://news.example/story.html"},
		{base, "//cdn.example/x.png", "https://cdn.example/x.png"},
		{base, "HTTP://Other.example/", "http://Other.example/"},
		{base, "#top", ""},
		{base, "", ""},
		{base, "javascript:alert(1)", ""},
		{base, " JaVaScRiPt:alert(1)", ""},
		{base, "java\tscript:alert(1)", ""},
		{base, "java\x01script:alert(1)", ""},
		{base, "vbscript:msgbox", ""},
		{base, "data:image/png;base64,AAAA", ""},
		{base, "mailto:a@b.example", ""},
		{base, "%zz", "%zz"}, // does not parse: as written
		{base, "https://a.example%2Fb", "https://a.example%2Fb"},
		{nil, "https:///paths/17", "https:///paths/17"},
		{nil, "pic.png", "pic.png"},
		{nil, "What are the different types of wine?", "What are the different types of wine?"},
		{nil, "https://x.example/a b", "https://x.example/a b"},
		{nil, "javascript:alert(1)", ""},
		{nil, "data:text/html,<script>", ""},
		// A base that is no web URL is no base.
		{&url.URL{Scheme: "javascript", Opaque: "alert(1)//"}, "pic.png", "pic.png"},
		{&url.URL{Scheme: "https"}, "pic.png", "pic.png"},
	} {
		if got := Resolve(tc.base, tc.ref); got != tc.want {
			t.Errorf("Resolve(%v, %q) = %q, want %q", tc.base, tc.ref, got, tc.want)
		}
	}
}

// TestHostileBase resolves references against the base sanitize.BaseURL
// finds in pages whose <base href> is hostile: a base that is not an http
// or https URL is ignored, for the page's URL (or none).
func TestHostileBase(t *testing.T) {
	for _, tc := range []struct {
		href, pageURL, want string
	}{
		{"javascript:alert(1)//", "", "pic.png"},
		{"javascript:alert(1)//", "https://news.example/a/", "https://news.example/a/pic.png"},
		{" JavaScript:alert(1)//", "https://news.example/a/", "https://news.example/a/pic.png"},
		{"java\tscript:alert(1)//", "https://news.example/a/", "https://news.example/a/pic.png"},
		{"data:text/html,x/", "https://news.example/a/", "https://news.example/a/pic.png"},
		{"data:text/html,x/", "", "pic.png"},
		{"vbscript:msgbox//", "https://news.example/a/", "https://news.example/a/pic.png"},
		{"VBScript:msgbox//", "", "pic.png"},
		{"ftp://files.example/", "https://news.example/a/", "https://news.example/a/pic.png"},
		{"/static/", "https://news.example/a/", "https://news.example/static/pic.png"},
		{"/static/", "", "pic.png"}, // relative base, no page URL: no base
		{"//cdn.example/img/", "https://news.example/a/", "https://cdn.example/img/pic.png"},
		{"//cdn.example/img/", "", "pic.png"},
		{"  HTTPS://CDN.example/img/  ", "", "https://CDN.example/img/pic.png"},
		{"https://cdn.example/img/", "javascript:alert(1)", "https://cdn.example/img/pic.png"},
		{"", "https://news.example/a/", "https://news.example/a/pic.png"},
		{"https:///nohost/", "", "pic.png"},
	} {
		doc, err := html.Parse(strings.NewReader(`<html><head><base href="` + html.EscapeString(tc.href) + `"></head><body></body></html>`))
		if err != nil {
			t.Fatal(err)
		}
		base := sanitize.BaseURL(doc, tc.pageURL)
		if got := Resolve(base, "pic.png"); got != tc.want {
			t.Errorf("base %q, page %q: pic.png resolves to %q, want %q", tc.href, tc.pageURL, got, tc.want)
		}
		if got := Resolve(base, "javascript:alert(2)"); got != "" {
			t.Errorf("base %q, page %q: javascript: resolves to %q", tc.href, tc.pageURL, got)
		}
	}
}

func FuzzResolve(f *testing.F) {
	for _, s := range [][2]string{{"https://a.example/", "b"}, {"", "javascript:x"}, {"javascript:alert(1)//", "pic.png"},
		{"https://a.example/", " java\tscript:x"}, {"//x", "//y"}, {"data:,", "%zz"}, {"https://a.example/", "HTTP://b"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, href, ref string) {
		doc, err := html.Parse(strings.NewReader(`<base href="` + html.EscapeString(href) + `">`))
		if err != nil {
			return
		}
		for _, page := range []string{"", "https://page.example/dir/"} {
			base := sanitize.BaseURL(doc, page)
			if base != nil && (base.Scheme != "http" && base.Scheme != "https" || base.Host == "") {
				t.Fatalf("base %q, page %q: BaseURL %v", href, page, base)
			}
			got := Resolve(base, ref)
			if got == "" {
				continue
			}
			if s := sanitize.Scheme(got); s != "" && s != "http" && s != "https" {
				t.Fatalf("base %q, page %q, ref %q: %q has scheme %q", href, page, ref, got, s)
			}
			if u, err := url.Parse(got); err == nil && u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
				t.Fatalf("base %q, page %q, ref %q: %q has scheme %q", href, page, ref, got, u.Scheme)
			}
		}
	})
}
