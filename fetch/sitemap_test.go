package fetch

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseSitemap(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		index   bool
		want    []string
		wantErr error // nil: success
	}{
		{name: "urlset", doc: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url><loc> https://example.com/a </loc><lastmod>2025-01-01</lastmod></url>
  <url><loc>https://example.com/b?x=1&amp;y=2</loc>
    <image:image><image:loc>https://example.com/b.jpg</image:loc></image:image></url>
</urlset>`, want: []string{"https://example.com/a", "https://example.com/b?x=1&y=2"}},
		{name: "index", doc: `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.com/s1.xml.gz</loc></sitemap><sitemap><loc>/s2.xml</loc></sitemap></sitemapindex>`,
			index: true, want: []string{"https://example.com/s1.xml.gz", "/s2.xml"}},
		{name: "no namespace, unescaped ampersand", doc: `<urlset><url><loc>https://example.com/?a=1&b=2</loc></url></urlset>`,
			want: []string{"https://example.com/?a=1&b=2"}},
		{name: "latin-1", doc: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><urlset><url><loc>https://example.com/caf\xe9</loc></url></urlset>",
			want: []string{"https://example.com/café"}},
		{name: "CDATA and a BOM", doc: "\xef\xbb\xbf<urlset><url><loc><![CDATA[https://example.com/c]]></loc></url></urlset>",
			want: []string{"https://example.com/c"}},
		{name: "what follows the root is not read", doc: `<urlset><url><loc>https://example.com/a</loc></url></urlset><urlset><url><loc>https://example.com/b</loc></url></urlset>`,
			want: []string{"https://example.com/a"}},
		{name: "empty urlset", doc: `<urlset/>`, want: nil},
		{name: "text sitemap", doc: "https://example.com/a\r\n\n  https://example.com/b  \n", want: []string{"https://example.com/a", "https://example.com/b"}},
		{name: "rss", doc: `<rss version="2.0"><channel></channel></rss>`, wantErr: ErrNotSitemap},
		{name: "html", doc: `<!DOCTYPE html><html><body>Not found</body></html>`, wantErr: ErrNotSitemap},
		{name: "comments only", doc: `<!-- nothing -->`, wantErr: ErrNotSitemap},
		{name: "plain text", doc: "hello\nworld\n", wantErr: ErrNotSitemap},
		{name: "empty", doc: "", wantErr: ErrNotSitemap},
		{name: "cut short", doc: `<urlset><url><loc>https://example.com/a</loc></url><url><loc>https://exa`, wantErr: errors.New("sitemap: XML syntax error")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sm, err := ParseSitemap([]byte(tt.doc))
			if tt.wantErr != nil {
				if err == nil || !errors.Is(err, tt.wantErr) && !strings.HasPrefix(err.Error(), tt.wantErr.Error()) {
					t.Fatalf("error %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sm.Index != tt.index || !slices.Equal(sm.URLs, tt.want) {
				t.Errorf("got index %v %q, want %v %q", sm.Index, sm.URLs, tt.index, tt.want)
			}
		})
	}
}
