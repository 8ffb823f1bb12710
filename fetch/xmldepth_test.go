package fetch

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"golang.org/x/net/html/charset"
)

func TestCheckXMLDepth(t *testing.T) {
	nest := func(n int) string { return strings.Repeat("<a>", n) + strings.Repeat("</a>", n) }
	tests := []struct {
		name string
		doc  string
		max  int
		deep bool // refused
	}{
		{name: "at the cap", doc: nest(5), max: 5},
		{name: "past the cap", doc: nest(6), max: 5, deep: true},
		{name: "unclosed past the cap", doc: strings.Repeat("<a>", 6), max: 5, deep: true},
		{name: "siblings", doc: strings.Repeat(nest(3), 100), max: 3},
		{name: "self-closing", doc: "<r>" + strings.Repeat("<a/>", 100) + "</r>", max: 2},
		{name: "names mismatched", doc: "<r>" + strings.Repeat("<a></b>", 100) + "</r>", max: 2},
		{name: "end tags without a start", doc: strings.Repeat("</a>", 10) + nest(6), max: 5, deep: true},
		{name: "tags in comments, CDATA, instructions", doc: "<r><!--" + strings.Repeat("<a>", 10) + "--><![CDATA[" +
			strings.Repeat("<a>", 10) + "]]><?pi " + strings.Repeat("<a>", 10) + "?></r>", max: 1},
		{name: "a slash in an attribute", doc: strings.Repeat(`<a href="/>">`, 6), max: 5, deep: true},
		{name: "a syntax error first", doc: "<r><a =></a>" + strings.Repeat("<a>", 10), max: 5},
		{name: "latin-1", doc: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + "<r>\xe9" + nest(5) + "</r>", max: 5, deep: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckXMLDepth([]byte(tt.doc), tt.max)
			if got := errors.Is(err, ErrXMLTooDeep); got != tt.deep || (err != nil && !got) {
				t.Errorf("error %v, want refused %v", err, tt.deep)
			}
		})
	}
}

// deepFeed is issue 39's feed: an RSS item holding n <x:a> nested, the
// recursion of gofeed's extension parser.
func deepFeed(n int) string {
	return `<?xml version="1.0"?><rss version="2.0" xmlns:x="urn:x"><channel><title>T</title>` +
		`<item><title>Deep</title><link>{{site}}/deep</link>` + strings.Repeat("<x:a>", n) + strings.Repeat("</x:a>", n) +
		`</item></channel></rss>`
}

func TestParseDeepXML(t *testing.T) {
	doc := []byte(strings.ReplaceAll(deepFeed(MaxXMLDepth+1), "{{site}}", "https://example.com"))
	if _, err := ParseFeed(doc, ""); !errors.Is(err, ErrXMLTooDeep) {
		t.Errorf("ParseFeed: error %v, want ErrXMLTooDeep", err)
	}
	if _, err := ParseSitemap(doc); !errors.Is(err, ErrXMLTooDeep) {
		t.Errorf("ParseSitemap: error %v, want ErrXMLTooDeep", err)
	}
	// At the cap (the <x:a> under rss, channel and item), it is read.
	doc = []byte(strings.ReplaceAll(deepFeed(MaxXMLDepth-3), "{{site}}", "https://example.com"))
	if links, err := ParseFeed(doc, ""); err != nil || len(links) != 1 {
		t.Errorf("ParseFeed at the cap: %q, %v", links, err)
	}
	// A JSON feed is not read as XML: markup in its strings is text.
	doc = []byte(`{"version": "https://jsonfeed.org/version/1.1", "title": "T", "items": [{"id": "1", "url": "https://example.com/j",
"content_html": "` + strings.Repeat("<p>", MaxXMLDepth+1) + `"}]}`)
	if links, err := ParseFeed(doc, ""); err != nil || len(links) != 1 {
		t.Errorf("JSON feed with deep markup: %q, %v", links, err)
	}
}

// TestListDeepXML is issue 39's repro, gzipped, fetched as a feed, as a
// sitemap and from a sitemap index: an error naming it, the rest read.
func TestListDeepXML(t *testing.T) {
	const n = 50_000 // past the cap; the was 3,000,000
	s := newSite(t, map[string]doc{
		"/deep.xml.gz": {typ: "application/gzip", gzipFile: true, body: deepFeed(n)},
		"/deep-urlset.xml": {typ: "application/xml", gzipTransfer: true,
			body: "<urlset><url><loc>{{site}}/a</loc>" + strings.Repeat("<x>", n) + "</url></urlset>"},
		"/index.xml": {typ: "application/xml", body: sitemapIndex("/deep.xml.gz", "/deep-urlset.xml", "/ok.xml")},
		"/ok.xml":    {typ: "application/xml", body: urlset("/fine")},
		"/feed.xml":  {typ: "application/rss+xml", body: rssOf3},
	})
	ctx := context.Background()
	l := lister(ListOptions{})
	if _, err := l.Feed(ctx, s.URL+"/deep.xml.gz"); !errors.Is(err, ErrXMLTooDeep) || !strings.Contains(err.Error(), "/deep.xml.gz: ") {
		t.Errorf("feed: error %v, want ErrXMLTooDeep naming the URL", err)
	}
	for _, path := range []string{"/deep.xml.gz", "/deep-urlset.xml"} {
		if _, err := l.Sitemap(ctx, s.URL+path); !errors.Is(err, ErrXMLTooDeep) || !strings.Contains(err.Error(), path+": ") {
			t.Errorf("sitemap %s: error %v, want ErrXMLTooDeep naming the URL", path, err)
		}
	}
	// The same Lister goes on with the other inputs.
	ls, err := l.Feed(ctx, s.URL+"/feed.xml")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/news/night-trains", "/news/tunnels", "/news/timetables"}, 1, 1)
	ls, err = lister(ListOptions{}).Sitemap(ctx, s.URL+"/index.xml")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/fine"}, 0, 0)
	if len(ls.Problems) != 2 {
		t.Fatalf("problems %v, want the two deep sitemaps'", ls.Problems)
	}
	for _, p := range ls.Problems {
		if !errors.Is(p, ErrXMLTooDeep) {
			t.Errorf("problem %v, want ErrXMLTooDeep", p)
		}
	}
}

// FuzzXMLDepth checks CheckXMLDepth against the depth encoding/xml's
// Token builds, read as the parsers read: it never panics, never passes a
// document the parser would nest past the cap, and on a document the
// strict decoder reads whole it refuses exactly those deeper than the cap.
func FuzzXMLDepth(f *testing.F) {
	for _, s := range []string{
		"<a><b><c></c></b></a>", "<a><b><c><d></d></c></b></a>", "<a><b><c><d/></c></b></a>",
		"<a><!-- <b><c><d> --></a>", "<a><![CDATA[<b><c><d>]]></a>", `<a x="/>"><b><c><d>`,
		"<a><b></x><c><d></d></c></a>", "</a></a><a><b><c><d>", "<?xml version=\"1.0\"?><a><b/><b><c/></b></a>",
		"<!DOCTYPE a [<!ENTITY e \"</a></a>\">]><a><b><c><d></d></c></b></a>", "<a:b xmlns:a=\"u\"><a:c><a:d><a:e/></a:d></a:c></a:b>",
	} {
		f.Add([]byte(s))
	}
	const max = 3
	f.Fuzz(func(t *testing.T, data []byte) {
		err := CheckXMLDepth(data, max)
		if err != nil && !errors.Is(err, ErrXMLTooDeep) {
			t.Fatalf("an error other than ErrXMLTooDeep: %v", err)
		}
		parsed, _ := tokenDepth(data, false)
		if err == nil && parsed > max {
			t.Fatalf("passed, but the parser nests %d deep", parsed)
		}
		if strict, ok := tokenDepth(data, true); ok && (err != nil) != (strict > max) {
			t.Fatalf("a well-formed document %d deep: error %v", strict, err)
		}
	})
}

// tokenDepth is the deepest a decoder's Token goes in data (as the feed
// and sitemap parsers read it when not strict), and whether it reads data
// to its end without an error.
func tokenDepth(data []byte, strict bool) (deepest int, whole bool) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = strict
	d.CharsetReader = charset.NewReaderLabel
	depth := 0
	for {
		tok, err := d.Token()
		if err != nil {
			return deepest, errors.Is(err, io.EOF)
		}
		switch tok.(type) {
		case xml.StartElement:
			depth++
			deepest = max(deepest, depth)
		case xml.EndElement:
			depth--
		}
	}
}
