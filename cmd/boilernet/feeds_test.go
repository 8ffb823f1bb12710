package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// feedSite is a loopback news site with a feed of three articles, a
// sitemap index pointing to a gzipped sitemap, a robots.txt naming the
// index and disallowing one page, a gzip bomb and a loop of sitemap
// indexes. It counts the requests for /news/private.
func feedSite(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var private atomic.Int32
	article := func(title string) string {
		return `<html lang="en"><head><title>` + title + ` | Rail News</title></head><body><h1>` + title + `</h1>
<p>Overnight passenger trains are running again between Zurich and Vienna, the operator said on Friday.</p>
<p>The first service left Zurich in the evening with every compartment sold.</p></body></html>`
	}
	gz := func(s string) []byte {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(s))
		zw.Close()
		return b.Bytes()
	}
	bomb := gz(strings.Repeat(" ", 17<<20)) // 17 MiB of spaces, past the 16 MiB limit
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		site := srv.URL
		switch p := r.URL.Path; {
		case strings.HasPrefix(p, "/news/"):
			if p == "/news/private" {
				private.Add(1)
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, article(strings.TrimPrefix(p, "/news/")))
		case p == "/feed.xml":
			w.Header().Set("Content-Type", "application/rss+xml")
			fmt.Fprintf(w, `<?xml version="1.0"?><rss version="2.0"><channel><title>Rail News</title>
<item><title>Night trains</title><link>%[1]s/news/night-trains</link></item>
<item><title>Tunnels</title><link>/news/tunnels</link></item>
<item><title>Timetables</title><link>%[1]s/news/timetables#top</link></item>
</channel></rss>`, site)
		case p == "/robots.txt":
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprintf(w, "User-agent: *\nDisallow: /news/private\n\nSitemap: %s/sitemap_index.xml\n", site)
		case p == "/sitemap_index.xml":
			w.Header().Set("Content-Type", "application/xml")
			fmt.Fprintf(w, `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>%s/sitemap-news.xml.gz</loc></sitemap></sitemapindex>`, site)
		case p == "/sitemap-news.xml.gz":
			w.Header().Set("Content-Type", "application/gzip")
			w.Write(gz(fmt.Sprintf(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>%[1]s/news/night-trains</loc></url><url><loc>%[1]s/news/private</loc></url><url><loc>%[1]s/news/tunnels</loc></url></urlset>`, site)))
		case p == "/many.xml": // 30 pages on the loopback address
			var urls strings.Builder
			for i := range 30 {
				fmt.Fprintf(&urls, "<url><loc>%s/news/n%d</loc></url>", site, i)
			}
			fmt.Fprintf(w, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">%s</urlset>`, urls.String())
		case p == "/bomb.xml.gz":
			w.Header().Set("Content-Type", "application/gzip")
			w.Write(bomb)
		case p == "/loop-a.xml", p == "/loop-b.xml":
			next := map[string]string{"/loop-a.xml": "/loop-b.xml", "/loop-b.xml": "/loop-a.xml"}[p]
			fmt.Fprintf(w, `<sitemapindex><sitemap><loc>%s%s</loc></sitemap><sitemap><loc>%s/sitemap-news.xml.gz</loc></sitemap></sitemapindex>`, site, next, site)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &private
}

func TestExtractFeedsAndSitemaps(t *testing.T) {
	srv, private := feedSite(t)
	site := srv.URL
	base := []string{"extract", "-q", "-method", "keep-all", "-format", "jsonl", "-allow-private"}
	args := func(more ...string) []string { return append(append([]string{}, base...), more...) }
	tests := []struct {
		name   string
		args   []string
		status int
		stdout []string
		stderr []string
		// Lines neither output may hold.
		absent []string
	}{
		{"a feed of three articles", args("-feed", site+"/feed.xml"), 0,
			[]string{`{"file":"` + site + `/news/night-trains","url":"` + site + `/news/night-trains","title":"night-trains"`,
				`"file":"` + site + `/news/tunnels"`, `"file":"` + site + `/news/timetables"`},
			[]string{"-feed " + site + "/feed.xml: 3 pages\n"}, nil},
		{"a site's robots.txt, its sitemap index and a gzipped sitemap", args("-sitemap", site+"/"), 0,
			[]string{`"file":"` + site + `/news/night-trains"`, `"file":"` + site + `/news/tunnels"`},
			[]string{site + "/news/private: skipped: disallowed by " + site + "/robots.txt for boilernet\n",
				"-sitemap " + site + "/: 2 pages from 2 sitemaps; left out: 1 skipped for robots.txt\n"},
			[]string{`/news/private"`}},
		{"robots.txt named", args("-sitemap", site+"/robots.txt"), 0, []string{`/news/tunnels"`},
			[]string{"/news/private: skipped: disallowed by"}, []string{`/news/private"`}},
		{"-ignore-robots", args("-ignore-robots", "-sitemap", site+"/sitemap_index.xml"), 0,
			[]string{`"file":"` + site + `/news/private"`}, []string{": 3 pages from 2 sitemaps\n"}, []string{"skipped"}},
		{"a feed and a sitemap: each page once", args("-feed", site+"/feed.xml", "-sitemap", site+"/sitemap_index.xml"), 0,
			[]string{`/news/timetables"`},
			[]string{"-feed " + site + "/feed.xml: 3 pages\n", "-sitemap " + site + "/sitemap_index.xml: 0 pages from 2 sitemaps; left out: 1 skipped for robots.txt, 2 listed twice\n"}, nil},
		{"-max-pages", args("-max-pages", "2", "-feed", site+"/feed.xml"), 0, []string{`/news/tunnels"`},
			[]string{": 2 pages; left out: 1 past -max-pages 2\n"}, []string{`/news/timetables"`}},
		{"URLs, a list and a feed together", args(site+"/news/first", "-feed", site+"/feed.xml"), 0,
			[]string{`{"file":"` + site + `/news/first"`, `"file":"` + site + `/news/timetables"`}, nil, nil},
		{"a gzip bomb", args("-sitemap", site+"/bomb.xml.gz"), 1, nil,
			[]string{"-sitemap " + site + "/bomb.xml.gz: page too large: more than 16777216 bytes once decompressed\n", "no pages found"}, nil},
		{"a loop of sitemap indexes", args("-sitemap", site+"/loop-a.xml"), 0, []string{`/news/tunnels"`},
			[]string{site + "/loop-a.xml: read already (a loop of sitemap indexes, or one listed twice)\n", ": 2 pages from 3 sitemaps; left out: 1 skipped for robots.txt\n"}, nil},
		{"a feed that is not one", args("-feed", site+"/news/x", site+"/news/first"), 0, []string{`/news/first"`},
			[]string{"-feed " + site + "/news/x: feed: failed to detect feed type\n"}, nil},
		{"a missing feed alone", args("-feed", site+"/nope.xml"), 1, nil,
			[]string{"-feed " + site + "/nope.xml: HTTP status not 2xx: 404 Not Found\n", "no pages found"}, nil},
		// Without -allow-private, what a feed lists may not reach loopback.
		{"the guard", []string{"extract", "-q", "-method", "keep-all", "-feed", site + "/feed.xml"}, 1, nil,
			[]string{site + "/news/night-trains: skipped: address not allowed: 127.0.0.1 is not a public address (-allow-private lets feeds and sitemaps reach it)\n",
				": 0 pages; left out: 3 on an address not allowed\n", "no pages found"}, nil},
		// Past 20 pages left out, one line counts the rest.
		{"many pages refused", []string{"extract", "-q", "-method", "keep-all", "-sitemap", site + "/many.xml"}, 1, nil,
			[]string{site + "/news/n19: skipped: address not allowed", "-sitemap " + site + "/many.xml: 10 more pages skipped (counted below)\n",
				": 0 pages; left out: 30 on an address not allowed\n"}, []string{"/news/n20:"}},
		{"-max-pages 0", args("-max-pages", "0", "-feed", site+"/feed.xml"), 1, nil, []string{"-max-pages 0: must be at least 1"}, nil},
		{"not a URL", args("-feed", "feed.xml"), 1, nil, []string{`invalid value "feed.xml" for flag -feed: not an absolute http or https URL`}, nil},
		{"with a corpus file", args("-feed", site+"/feed.xml", "testdata/none.warc.gz"), 1, nil,
			[]string{"the corpus file testdata/none.warc.gz and the pages of -feed or -sitemap: corpus files", "boilernet extract testdata/none.warc.gz"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			private.Store(0)
			checkRun(t, tt.args, tt.status, tt.stdout, tt.stderr)
			if !strings.Contains(strings.Join(tt.args, " "), "-ignore-robots") && private.Load() != 0 {
				t.Errorf("/news/private fetched %d times", private.Load())
			}
			if len(tt.absent) > 0 {
				var out, errOut bytes.Buffer
				run(tt.args, &out, &errOut)
				for _, s := range tt.absent {
					if strings.Contains(out.String()+errOut.String(), s) {
						t.Errorf("output has %q:\n%s\n%s", s, out.String(), errOut.String())
					}
				}
			}
		})
	}
}

// TestExtractFeedToDir: -o DIR/ names each fetched page after its URL.
func TestExtractFeedToDir(t *testing.T) {
	srv, _ := feedSite(t)
	dir := t.TempDir() + "/"
	checkRun(t, []string{"extract", "-q", "-method", "keep-all", "-allow-private", "-o", dir, "-feed", srv.URL + "/feed.xml"}, 0, nil, nil)
	host := strings.TrimPrefix(srv.URL, "http://")
	for _, name := range []string{"night-trains", "tunnels", "timetables"} {
		b, err := os.ReadFile(filepath.Join(dir, strings.ReplaceAll(host, ":", "_"), "news", name+".txt"))
		if err != nil || !strings.Contains(string(b), "Overnight passenger trains") {
			t.Errorf("%s: %q %v", name, b, err)
		}
	}
}
