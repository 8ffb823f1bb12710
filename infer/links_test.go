package infer

import (
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

// keepAllBut labels every block content except those containing "drop".
var keepAllBut = WithSelector(func(p *tokenize.Page, _ string) ([]bool, error) {
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
			res, err := keepAllBut.ExtractBytes([]byte(linkPage), tt.opts)
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
		res, err := keepAllBut.ExtractBytes([]byte(page), Options{URL: "https://site.example/a/b", Links: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Links) != 1 || res.Links[0].Href != tt.want {
			t.Errorf("%s: links %+v, want one to %s", tt.head, res.Links, tt.want)
		}
	}
}

func TestMetadataOption(t *testing.T) {
	page := `<html lang="fr"><head><meta name="author" content="Ann"></head><body><p>Texte</p></body></html>`
	res, err := keepAllBut.ExtractBytes([]byte(page), Options{})
	if err != nil || res.Metadata != nil {
		t.Fatalf("metadata without asking: %+v, %v", res.Metadata, err)
	}
	res, err = keepAllBut.ExtractBytes([]byte(page), Options{Metadata: true})
	if err != nil || res.Metadata == nil || res.Metadata.Language != "fr" || !slices.Equal(res.Metadata.Authors, []string{"Ann"}) {
		t.Fatalf("metadata %+v, %v", res.Metadata, err)
	}
}
