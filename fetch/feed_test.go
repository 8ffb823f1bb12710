package fetch

import (
	"slices"
	"testing"
)

func TestParseFeed(t *testing.T) {
	const base = "https://news.example/feeds/main.xml"
	tests := []struct {
		name    string
		doc     string
		want    []string
		wantErr bool
	}{
		{name: "rss 2.0", doc: `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>
<item><title>A</title><link>https://news.example/a</link></item>
<item><title>B</title><link>/b</link></item>
<item><title>C</title><guid isPermaLink="true">https://news.example/c</guid></item>
<item><title>No link</title><description>x</description></item>
</channel></rss>`, want: []string{"https://news.example/a", "https://news.example/b", "https://news.example/c", ""}},
		{name: "rss 1.0 (rdf)", doc: `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
<channel rdf:about="https://news.example/"><title>News</title><link>https://news.example/</link></channel>
<item rdf:about="https://news.example/r1"><title>R1</title><link>https://news.example/r1</link></item></rdf:RDF>`,
			want: []string{"https://news.example/r1"}},
		{name: "atom", doc: `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>News</title>
<entry><title>A</title><link rel="alternate" type="text/html" href="https://news.example/atom/a"/><id>urn:a</id></entry>
<entry><title>B</title><link rel="enclosure" href="https://news.example/b.mp3"/><link href="items/b"/><id>urn:b</id></entry>
</feed>`, want: []string{"https://news.example/atom/a", "https://news.example/feeds/items/b"}},
		{name: "json feed", doc: `{"version": "https://jsonfeed.org/version/1.1", "title": "News", "items": [
{"id": "1", "url": "https://news.example/j1"}, {"id": "2", "external_url": "https://other.example/x", "url": "j2"}]}`,
			want: []string{"https://news.example/j1", "https://news.example/feeds/j2"}},
		{name: "empty channel", doc: `<rss version="2.0"><channel><title>t</title></channel></rss>`, want: nil},
		{name: "html", doc: `<!DOCTYPE html><html><body>not a feed</body></html>`, wantErr: true},
		{name: "sitemap", doc: `<urlset><url><loc>https://example.com/</loc></url></urlset>`, wantErr: true},
		{name: "garbage", doc: "\x00\x01binary", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseFeed([]byte(tt.doc), base)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("no error, links %q", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("links %q, want %q", got, tt.want)
			}
		})
	}
}
