package infer

import (
	"github.com/boilernet/boilernet/methods"
	"html"
	"slices"
	"strings"
	"testing"
)

// keepAllBut labels every block content except those containing "drop".
var keepAllBut = verdicts(func(p methods.Page) ([]bool, error) {
	s := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		s[i] = !strings.Contains(b.Text, "drop")
	}
	return s, nil
})

const linkPage = `<html><head><title>T</title></head><body>
<p>drop <a href="/nav">menu drop</a></p>
<p>Read <a href="/a/b?x=1">the <b>report</b></a> and <a href="https://other.example/(x)">this</a>. <a href="javascript:void(0)">js</a></p>
<figure><img src="fig.png" alt="A [figure]"><figcaption>Caption</figcaption></figure>
<div><img src="data:image/gif;base64,R0l" data-src="lazy.jpg" alt="lazy"></div>
<p>More text.</p>
<img src="pixel.gif" width="1" height="1">
<div><p>drop</p><img src="ad.png"><p>drop</p></div>
</body></html>`

func TestLinksAndImages(t *testing.T) {
	tests := []struct {
		name       string
		opts       Options
		wantLinks  []string // text -> href
		wantImages []string // alt -> src
	}{
		{"with a URL", Options{URL: "https://site.example/dir/page.html", Links: true, Images: true},
			[]string{"the report -> https://site.example/a/b?x=1", "this -> https://other.example/(x)"},
			[]string{"A [figure] -> https://site.example/dir/fig.png", "lazy -> https://site.example/dir/lazy.jpg"}},
		{"without a URL", Options{Links: true, Images: true},
			[]string{"the report -> /a/b?x=1", "this -> https://other.example/(x)"},
			[]string{"A [figure] -> fig.png", "lazy -> lazy.jpg"}},
		{"not asked", Options{}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := keepAllBut.ExtractBytes(t.Context(), []byte(linkPage), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			var links, images []string
			for _, l := range res.Links {
				links = append(links, l.Text+" -> "+l.Href)
			}
			for _, im := range res.Images {
				images = append(images, im.Alt+" -> "+im.Src)
			}
			if !slices.Equal(links, tt.wantLinks) {
				t.Errorf("links %q, want %q", links, tt.wantLinks)
			}
			if !slices.Equal(images, tt.wantImages) {
				t.Errorf("images %q, want %q", images, tt.wantImages)
			}
		})
	}
}

// TestBaseHref: links resolve against the page's first <base href> (one
// without href is not the base), resolved against Options.URL; a base
// that is not http or https is ignored. The highlighted page resolves its
// links alike (both use sanitize.BaseURL).
func TestBaseHref(t *testing.T) {
	for _, tt := range []struct{ head, want string }{
		{`<base href="/root/">`, "https://site.example/root/x"},
		{`<base target="_blank"><base href="/root/">`, "https://site.example/root/x"},
		{`<base href="javascript:alert(1)//">`, "https://site.example/a/x"},
		{``, "https://site.example/a/x"},
	} {
		page := `<html><head>` + tt.head + `</head><body><p><a href="x">link</a></p></body></html>`
		res, err := keepAllBut.ExtractBytes(t.Context(), []byte(page), Options{URL: "https://site.example/a/b", Links: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Links) != 1 || res.Links[0].Href != tt.want {
			t.Errorf("%s: links %+v, want one to %s", tt.head, res.Links, tt.want)
		}
	}
}

// TestLinkSchemes: content links keep http, https, mailto: and tel:, and
// drop the schemes that run or embed something (javascript:, vbscript:,
// data:, however spelled), with the page's base or without one.
func TestLinkSchemes(t *testing.T) {
	for _, tt := range []struct{ href, want string }{
		{"x.html", "https://site.example/a/x.html"},
		{"mailto:ann@site.example", "mailto:ann@site.example"},
		{"tel:+41441234567", "tel:+41441234567"},
		{"vbscript:msgbox(1)", ""},
		{" JaVa\tScript:alert(1)", ""},
		{"data:text/html,<b>x</b>", ""},
	} {
		page := `<html><body><p>Write to <a href="` + html.EscapeString(tt.href) + `">the desk</a> today.</p></body></html>`
		res, err := keepAllBut.ExtractBytes(t.Context(), []byte(page), Options{URL: "https://site.example/a/b", Links: true})
		if err != nil {
			t.Fatal(err)
		}
		var got string
		if len(res.Links) > 0 {
			got = res.Links[0].Href
		}
		if got != tt.want {
			t.Errorf("%q: link %q, want %q", tt.href, got, tt.want)
		}
	}
}

func TestMetadataOption(t *testing.T) {
	page := `<html lang="fr"><head><meta name="author" content="Ann"></head><body><p>Texte</p></body></html>`
	res, err := keepAllBut.ExtractBytes(t.Context(), []byte(page), Options{})
	if err != nil || res.Metadata != nil {
		t.Fatalf("metadata without asking: %+v, %v", res.Metadata, err)
	}
	res, err = keepAllBut.ExtractBytes(t.Context(), []byte(page), Options{Metadata: true})
	if err != nil || res.Metadata == nil || res.Metadata.Language != "fr" || !slices.Equal(res.Metadata.Authors, []string{"Ann"}) {
		t.Fatalf("metadata %+v, %v", res.Metadata, err)
	}
}

// TestImageMarkup: the image reader on the markup of real pages, written
// after them: the largest srcset candidate (by w, else x), a <picture>'s
// <source srcset>, lazy loaders' attributes, the lead <figure> above the
// text, the page's og:image as the lead image when the content has none,
// and relative sources resolved against <base href> or, without a URL,
// the canonical address.
func TestImageMarkup(t *testing.T) {
	const text = `<p>First paragraph of the story.</p><p>Second paragraph of the story.</p>`
	for _, tc := range []struct {
		name, head, body string
		want             []string // alt -> src (lead marked "lead:")
	}{{
		name: "srcset by width",
		body: `<p>Intro.</p><img alt="w" src="s.jpg" srcset="s.jpg 300w, https://cdn.example/l.jpg 1200w, m.jpg 800w">` + text,
		want: []string{"w -> https://cdn.example/l.jpg"},
	}, {
		name: "srcset by density, commas in a URL",
		body: `<p>Intro.</p><img alt="x" src="a.jpg" srcset="https://img.example/w_600,h_400/a.jpg 1x, https://img.example/w_1200,h_800/a.jpg 2x">` + text,
		want: []string{"x -> https://img.example/w_1200,h_800/a.jpg"},
	}, {
		name: "picture sources",
		body: `<figure><picture><source type="image/webp" srcset="https://n.example/p-640.webp 640w, https://n.example/p-1280.webp 1280w"><img alt="p" src="https://n.example/p-320.jpg"></picture></figure>` + text,
		want: []string{"p -> https://n.example/p-1280.webp"},
	}, {
		name: "lazy loaders",
		body: `<p>Intro.</p><img alt="a" src="https://s.example/img/blank.gif" data-lazy-src="https://s.example/real.jpg">
<p>Middle.</p><img alt="b" src="data:image/gif;base64,R0l" data-srcset="https://s.example/b-400.jpg 400w, https://s.example/b-900.jpg 900w">` + text,
		want: []string{"a -> https://s.example/real.jpg", "b -> https://s.example/b-900.jpg"},
	}, {
		name: "og:image as the lead image",
		head: `<meta property="og:image" content="/media/lead.jpg"><link rel="canonical" href="https://news.example/2024/story">`,
		body: text,
		want: []string{"lead: -> https://news.example/media/lead.jpg"},
	}, {
		name: "JSON-LD image as the lead image",
		head: `<script type="application/ld+json">{"@type":"NewsArticle","headline":"Story","image":{"@type":"ImageObject","url":"https://news.example/ld.jpg"}}</script>`,
		body: text,
		want: []string{"lead: -> https://news.example/ld.jpg"},
	}, {
		name: "relative src against base href",
		head: `<base href="https://static.example/site/">`,
		body: `<p>Intro.</p><img alt="r" src="img/r.png">` + text,
		want: []string{"r -> https://static.example/site/img/r.png"},
	}, {
		name: "relative src against og:url",
		head: `<meta property="og:url" content="https://blog.example/posts/one/">`,
		body: `<p>Intro.</p><img alt="o" src="../../img/o.png">` + text,
		want: []string{"o -> https://blog.example/img/o.png"},
	}, {
		name: "javascript base href is no base",
		head: `<base href="javascript:alert(1)//">`,
		body: `<p>Intro.</p><img alt="j" src="img/j.png">` + text,
		want: []string{"j -> img/j.png"},
	}, {
		// Each image asks whether its paragraph holds kept text: the
		// paragraph is walked once, not once per image.
		name: "a paragraph of 20,000 images and no text",
		body: `<p>` + strings.Repeat(`<img src="i.png">`, 20000) + `</p>` + text,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			page := `<html><head><title>T</title>` + tc.head + `</head><body>` + tc.body + `<div><p>drop</p><img src="teaser.png"><p>drop</p></div></body></html>`
			res, err := keepAllBut.ExtractBytes(t.Context(), []byte(page), Options{Images: true})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, im := range res.Images {
				alt := im.Alt
				if im.Lead {
					alt = "lead:" + alt
				}
				got = append(got, alt+" -> "+im.Src)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("images %q, want %q", got, tc.want)
			}
		})
	}
}
