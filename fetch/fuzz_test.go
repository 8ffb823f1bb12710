package fetch

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// The parsers of what servers send: none may panic or hang, whatever the
// input. go test -fuzz FuzzParseFeed (FuzzParseSitemap, FuzzParseRobots)
// ./fetch runs them on generated inputs.

// slow is how long one parse of a fuzz input may take: inputs are small,
// so anything near it is a blow-up.
const slow = 2 * time.Second

func FuzzParseFeed(f *testing.F) {
	for _, seed := range []string{
		strings.ReplaceAll(rssOf3, "{{site}}", "https://news.example"),
		`<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="/a"/></entry></feed>`,
		`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item><link>x</link></item></rdf:RDF>`,
		`{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","url":"/j"}]}`,
		`<rss version="2.0"><channel><item><guid>https://g.example/</guid><link>::bad</link></item></channel></rss>`,
		`<?xml version="1.0" encoding="windows-1252"?><rss><channel><item><link>/caf` + "\xe9" + `</link></item></channel></rss>`,
		"",
	} {
		f.Add([]byte(seed), "https://news.example/feed.xml")
	}
	f.Fuzz(func(t *testing.T, data []byte, base string) {
		start := time.Now()
		links, err := ParseFeed(data, base)
		if d := time.Since(start); d > slow {
			t.Errorf("%v for %d bytes", d, len(data))
		}
		if err != nil && links != nil {
			t.Errorf("links %q with the error %v", links, err)
		}
		if err != nil && strings.Contains(err.Error(), "the parser failed") {
			t.Errorf("the feed parser panicked: %v", err)
		}
	})
}

func FuzzParseSitemap(f *testing.F) {
	for _, seed := range []string{
		strings.ReplaceAll(urlset("/a", "/b"), "{{site}}", "https://example.com"),
		strings.ReplaceAll(sitemapIndex("/s1.xml.gz"), "{{site}}", "https://example.com"),
		`<urlset><url><loc>https://example.com/?a=1&b=2</loc><image:image><image:loc>x</image:loc></image:image></url></urlset>`,
		"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><urlset><url><loc>https://example.com/caf\xe9</loc></url></urlset>",
		"https://example.com/a\nhttps://example.com/b\n",
		`<rss version="2.0"></rss>`,
		`<urlset><url><loc><![CDATA[https://example.com/c]]></loc></url>`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		start := time.Now()
		sm, err := ParseSitemap(data)
		if d := time.Since(start); d > slow {
			t.Errorf("%v for %d bytes", d, len(data))
		}
		if (sm == nil) == (err == nil) {
			t.Fatalf("sitemap %v and error %v", sm, err)
		}
		if sm == nil {
			return
		}
		for _, u := range sm.URLs {
			if u != strings.TrimSpace(u) {
				t.Errorf("URL %q not trimmed", u)
			}
		}
	})
}

func FuzzParseRobots(f *testing.F) {
	for _, seed := range []string{
		robotsExample,
		"User-agent: *\nDisallow: /*a*b$\nAllow: /%7e\n",
		"user-agent:boilernet\rdisallow:/\rsitemap: /s.xml",
		"\uFEFFUser-agent: *\nDisallow: /caf\xc3\xa9\n",
		"Disallow: /x\nUser-agent *\n",
	} {
		f.Add([]byte(seed), "boilernet/1", "/a/b?c=d")
	}
	f.Fuzz(func(t *testing.T, data []byte, agent, path string) {
		start := time.Now()
		r := ParseRobots(data)
		allowed := r.Allowed(agent, path)
		if d := time.Since(start); d > slow {
			t.Errorf("%v for %d bytes", d, len(data))
		}
		if !r.Allowed(agent, "/robots.txt") {
			t.Error("/robots.txt disallowed")
		}
		// Normalising is idempotent, so a path and its normal form get
		// the same answer.
		n := normalizePath(path)
		if normalizePath(n) != n {
			t.Errorf("normalizePath(%q) = %q, again %q", path, n, normalizePath(n))
		}
		if path != "" && r.Allowed(agent, n) != allowed {
			t.Errorf("Allowed(%q) = %v, but %v for its normal form %q", path, allowed, !allowed, n)
		}
		for _, s := range r.Sitemaps {
			if s == "" || (utf8.ValidString(s) && s != strings.TrimSpace(s)) {
				t.Errorf("sitemap %q", s)
			}
		}
	})
}
