package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// doc is a document a test site serves.
type doc struct {
	typ    string // Content-Type ("" : text/html for a page)
	body   string // "{{site}}" stands for the site's URL
	status int    // 0: 200
	// gzipFile serves the body as a gzip file (sitemap.xml.gz);
	// gzipTransfer with Content-Encoding: gzip.
	gzipFile, gzipTransfer bool
}

// site is a loopback test server of docs, by path (a path it lacks is a
// 404), that counts the requests for each path.
type site struct {
	*httptest.Server
	mu     sync.Mutex
	hits   map[string]int
	bodies map[string][]byte // served, by path
}

func newSite(t *testing.T, docs map[string]doc) *site {
	t.Helper()
	s := &site{hits: map[string]int{}, bodies: map[string][]byte{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := r.URL.RequestURI()
		d, ok := docs[path]
		s.mu.Lock()
		s.hits[path]++
		body := s.bodies[path]
		if ok && body == nil {
			body = []byte(strings.ReplaceAll(d.body, "{{site}}", s.URL))
			if d.gzipFile || d.gzipTransfer {
				body = gzipped(t, body)
			}
			s.bodies[path] = body
		}
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		if d.typ != "" {
			w.Header().Set("Content-Type", d.typ)
		}
		if d.gzipTransfer {
			w.Header().Set("Content-Encoding", "gzip")
		}
		w.WriteHeader(cmpOr(d.status, http.StatusOK))
		w.Write(body)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *site) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

func cmpOr(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// urlset is a sitemap of the paths on the test site.
func urlset(paths ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for _, p := range paths {
		fmt.Fprintf(&b, "<url><loc>{{site}}%s</loc></url>\n", p)
	}
	return b.String() + "</urlset>"
}

// sitemapIndex is a sitemap index of the paths on the test site.
func sitemapIndex(paths ...string) string {
	var b strings.Builder
	b.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
	for _, p := range paths {
		fmt.Fprintf(&b, "<sitemap><loc>{{site}}%s</loc></sitemap>\n", p)
	}
	return b.String() + "</sitemapindex>"
}

const rssOf3 = `<?xml version="1.0"?><rss version="2.0"><channel><title>Rail News</title>
<item><title>Night trains</title><link>{{site}}/news/night-trains</link></item>
<item><title>Tunnels</title><link>/news/tunnels</link></item>
<item><title>Timetables</title><link>{{site}}/news/timetables</link></item>
<item><title>Tunnels again</title><link>{{site}}/news/tunnels#comments</link></item>
<item><title>Letters</title><link>mailto:editor@example.com</link></item>
</channel></rss>`

// lister returns a Lister whose two clients reach loopback.
func lister(opts ListOptions) *Lister { return NewLister(New(Options{}), nil, opts) }

// want checks a listing's pages (paths on s) and counts.
func checkListing(t *testing.T, s *site, ls *Listing, paths []string, dup, notHTTP int) {
	t.Helper()
	var got []string
	for _, p := range ls.Pages {
		got = append(got, strings.TrimPrefix(p, s.URL))
	}
	if !slices.Equal(got, paths) {
		t.Errorf("pages %q, want %q", got, paths)
	}
	if ls.Duplicates != dup || ls.NotHTTP != notHTTP {
		t.Errorf("%d duplicates, %d not http(s); want %d, %d", ls.Duplicates, ls.NotHTTP, dup, notHTTP)
	}
}

func TestListFeed(t *testing.T) {
	s := newSite(t, map[string]doc{
		"/feed.xml":   {typ: "application/rss+xml", body: rssOf3},
		"/atom":       {typ: "application/atom+xml", gzipTransfer: true, body: `<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="{{site}}/news/atom-1"/></entry></feed>`},
		"/feed.json":  {typ: "application/feed+json", body: `{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","url":"/news/json-1"}]}`},
		"/robots.txt": {typ: "text/plain", body: "User-agent: *\nDisallow: /admin/\n"},
		"/page.html":  {body: "<p>not a feed</p>"},
	})
	l := lister(ListOptions{})
	ls, err := l.Feed(context.Background(), s.URL+"/feed.xml")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/news/night-trains", "/news/tunnels", "/news/timetables"}, 1, 1)
	if ls.Documents != 1 || len(ls.Skipped) != 0 {
		t.Errorf("%d documents, skipped %v", ls.Documents, ls.Skipped)
	}
	for _, tt := range []struct{ feed, page string }{{"/atom", "/news/atom-1"}, {"/feed.json", "/news/json-1"}} {
		ls, err := l.Feed(context.Background(), s.URL+tt.feed)
		if err != nil {
			t.Fatal(err)
		}
		checkListing(t, s, ls, []string{tt.page}, 0, 0)
	}
	// The same feed again: every page listed already.
	ls, err = l.Feed(context.Background(), s.URL+"/feed.xml")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, nil, 4, 1)
	if n := s.count("/robots.txt"); n != 1 {
		t.Errorf("robots.txt read %d times, want 1", n)
	}
	for _, tt := range []struct {
		path string
		want error
	}{{"/page.html", errors.New("feed: ")}, {"/missing.xml", ErrStatus}} {
		if _, err := l.Feed(context.Background(), s.URL+tt.path); err == nil || !errors.Is(err, tt.want) && !strings.Contains(err.Error(), tt.want.Error()) {
			t.Errorf("%s: error %v, want %v", tt.path, err, tt.want)
		} else if !strings.HasPrefix(err.Error(), s.URL+tt.path+": ") {
			t.Errorf("%s: error %q does not name the feed", tt.path, err)
		}
	}
}

func TestListSitemapIndexGzip(t *testing.T) {
	s := newSite(t, map[string]doc{
		"/sitemap_index.xml": {typ: "application/xml", body: sitemapIndex("/sitemap-news.xml.gz", "/sitemap-pages.xml", "/sitemap-feed.xml")},
		"/sitemap-news.xml.gz": {typ: "application/gzip", gzipFile: true,
			body: urlset("/news/1", "/news/2", "/news/1")},
		"/sitemap-pages.xml": {typ: "text/xml", gzipTransfer: true, body: urlset("/about", "/news/2")},
		"/sitemap-feed.xml":  {typ: "application/rss+xml", body: rssOf3}, // a feed as a sitemap
	})
	ls, err := lister(ListOptions{}).Sitemap(context.Background(), s.URL+"/sitemap_index.xml")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/news/1", "/news/2", "/about", "/news/night-trains", "/news/tunnels", "/news/timetables"}, 3, 1)
	if ls.Documents != 4 || len(ls.Problems) != 0 {
		t.Errorf("%d documents, problems %v", ls.Documents, ls.Problems)
	}
}

func TestListRobots(t *testing.T) {
	docs := map[string]doc{
		"/robots.txt":   {typ: "text/plain", body: "Sitemap: {{site}}/maps/one.xml\nsitemap: /maps/two.xml\n\nUser-agent: *\nDisallow: /private/\n\nUser-agent: otherbot\nDisallow: /\n"},
		"/maps/one.xml": {typ: "application/xml", body: urlset("/a", "/private/b")},
		"/maps/two.xml": {typ: "application/xml", body: urlset("/c")},
	}
	s := newSite(t, docs)
	for _, root := range []string{s.URL, s.URL + "/", s.URL + "/robots.txt"} {
		ls, err := lister(ListOptions{}).Sitemap(context.Background(), root)
		if err != nil {
			t.Fatal(err)
		}
		checkListing(t, s, ls, []string{"/a", "/c"}, 0, 0)
		want := []Skip{{URL: s.URL + "/private/b", Reason: "disallowed by " + s.URL + "/robots.txt for boilernet"}}
		if !slices.Equal(ls.Skipped, want) {
			t.Errorf("%s: skipped %+v, want %+v", root, ls.Skipped, want)
		}
	}
	// -ignore-robots lists the page robots.txt disallows, and still reads
	// its Sitemap lines.
	ls, err := lister(ListOptions{IgnoreRobots: true}).Sitemap(context.Background(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/a", "/private/b", "/c"}, 0, 0)
	// For another user agent the site is closed.
	ls, err = NewLister(New(Options{UserAgent: "OtherBot/2"}), nil, ListOptions{}).Sitemap(context.Background(), s.URL)
	if err != nil {
		t.Fatal(err)
	}
	if len(ls.Pages) != 0 || len(ls.Skipped) != 3 || !strings.HasSuffix(ls.Skipped[0].Reason, "for otherbot") {
		t.Errorf("otherbot: pages %q, skipped %+v", ls.Pages, ls.Skipped)
	}
}

func TestListSiteWithoutSitemapLines(t *testing.T) {
	s := newSite(t, map[string]doc{
		"/sitemap.xml": {typ: "application/xml", body: urlset("/only")},
	}) // and no robots.txt: every page allowed
	ls, err := lister(ListOptions{}).Sitemap(context.Background(), s.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/only"}, 0, 0)
	// A robots.txt that cannot be read closes the site, unless
	// IgnoreRobots, which reads its /sitemap.xml.
	down := newSite(t, map[string]doc{"/robots.txt": {status: 503}, "/sitemap.xml": {body: urlset("/x")}})
	if _, err := lister(ListOptions{}).Sitemap(context.Background(), down.URL); err == nil || !strings.Contains(err.Error(), "/robots.txt unreachable, so the site is taken as disallowed: ") {
		t.Errorf("robots.txt down: error %v", err)
	}
	ls, err = lister(ListOptions{IgnoreRobots: true}).Sitemap(context.Background(), down.URL)
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, down, ls, []string{"/x"}, 0, 0)
	empty := newSite(t, nil)
	if _, err := lister(ListOptions{}).Sitemap(context.Background(), empty.URL); !errors.Is(err, ErrStatus) || !strings.Contains(err.Error(), "/sitemap.xml: ") {
		t.Errorf("a site without sitemaps: error %v", err)
	}
}

func TestListRobotsStatus(t *testing.T) {
	tests := []struct {
		name    string
		robots  doc
		skipped string // the reason, "" when the page is listed
	}{
		{"missing", doc{status: 404}, ""},
		{"forbidden", doc{status: 403}, ""},
		{"server error", doc{status: 503}, "robots.txt unreachable, so the site is taken as disallowed: "},
		{"too many requests", doc{status: 429}, "robots.txt unreachable"},
		{"html", doc{typ: "text/html", body: "<html><body>Welcome</body></html>"}, ""},
		{"gzip transfer", doc{typ: "text/plain", gzipTransfer: true, body: "User-agent: *\nDisallow: /p\n"}, "disallowed by "},
		{"past 512 KiB: cut, not refused", doc{typ: "text/plain", body: "User-agent: *\nDisallow: /p\n#" + strings.Repeat("x", 600<<10)}, "disallowed by "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, map[string]doc{"/robots.txt": tt.robots, "/map.xml": {body: urlset("/p", "/q/")}})
			ls, err := lister(ListOptions{}).Sitemap(context.Background(), s.URL+"/map.xml")
			if err != nil {
				t.Fatal(err)
			}
			if tt.skipped == "" {
				checkListing(t, s, ls, []string{"/p", "/q/"}, 0, 0)
				return
			}
			if len(ls.Skipped) == 0 || !strings.Contains(ls.Skipped[0].Reason, tt.skipped) {
				t.Errorf("skipped %+v, want a reason with %q", ls.Skipped, tt.skipped)
			}
			if n := s.count("/robots.txt"); n != 1 {
				t.Errorf("robots.txt read %d times", n)
			}
		})
	}
}

func TestListBomb(t *testing.T) {
	bomb := strings.Repeat("\x00", 17<<20) // 17 MiB, past the 16 MiB limit: gzipped, 17 KiB
	s := newSite(t, map[string]doc{
		"/bomb.xml.gz":     {typ: "application/gzip", gzipFile: true, body: bomb},
		"/bomb-transfer":   {typ: "application/xml", gzipTransfer: true, body: bomb},
		"/big.xml":         {typ: "application/xml", body: urlset("/a", "/b", "/c", "/d", "/e", "/f")},
		"/index.xml":       {typ: "application/xml", body: sitemapIndex("/bomb.xml.gz", "/ok.xml")},
		"/ok.xml":          {typ: "application/xml", body: urlset("/fine")},
		"/feed-bomb.xml":   {typ: "application/rss+xml", gzipFile: true, body: bomb},
		"/feed-bomb2.json": {typ: "application/feed+json", gzipTransfer: true, body: bomb},
	})
	for _, path := range []string{"/bomb.xml.gz", "/bomb-transfer"} {
		if _, err := lister(ListOptions{}).Sitemap(context.Background(), s.URL+path); !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: error %v, want ErrTooLarge", path, err)
		}
	}
	for _, path := range []string{"/feed-bomb.xml", "/feed-bomb2.json"} {
		if _, err := lister(ListOptions{}).Feed(context.Background(), s.URL+path); !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: error %v, want ErrTooLarge", path, err)
		}
	}
	// The size limit is the option's.
	if _, err := lister(ListOptions{MaxDocumentBytes: 200}).Sitemap(context.Background(), s.URL+"/big.xml"); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a 200-byte limit: error %v, want ErrTooLarge", err)
	}
	// A bomb in an index is a problem of the listing; the rest is read.
	ls, err := lister(ListOptions{}).Sitemap(context.Background(), s.URL+"/index.xml")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/fine"}, 0, 0)
	if len(ls.Problems) != 1 || !errors.Is(ls.Problems[0], ErrTooLarge) || !strings.Contains(ls.Problems[0].Error(), "/bomb.xml.gz: ") {
		t.Errorf("problems %v, want the bomb's", ls.Problems)
	}
}

func TestListIndexLoops(t *testing.T) {
	s := newSite(t, map[string]doc{
		// A loop: a → b → a.
		"/loop/a.xml": {body: sitemapIndex("/loop/b.xml", "/pages.xml")},
		"/loop/b.xml": {body: sitemapIndex("/loop/a.xml")},
		"/pages.xml":  {body: urlset("/p1", "/p2")},
		// A chain of distinct indexes: 1 → 2 → 3 → …
		"/chain/1.xml": {body: sitemapIndex("/chain/2.xml", "/pages.xml")},
		"/chain/2.xml": {body: sitemapIndex("/chain/3.xml")},
		"/chain/3.xml": {body: sitemapIndex("/chain/4.xml")},
		"/chain/4.xml": {body: sitemapIndex("/chain/5.xml")},
		"/chain/5.xml": {body: sitemapIndex("/chain/6.xml")},
		// Wide: more sitemaps than MaxDocuments.
		"/wide.xml": {body: sitemapIndex("/w1.xml", "/w2.xml", "/w3.xml", "/w4.xml", "/w5.xml")},
		"/w1.xml":   {body: urlset("/w/1")},
		"/w2.xml":   {body: urlset("/w/2")},
		"/w3.xml":   {body: urlset("/w/3")},
	})
	ls, err := lister(ListOptions{}).Sitemap(context.Background(), s.URL+"/loop/a.xml")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/p1", "/p2"}, 0, 0)
	if len(ls.Problems) != 1 || !strings.Contains(ls.Problems[0].Error(), "/loop/a.xml: read already") || s.count("/loop/a.xml") != 1 {
		t.Errorf("loop: problems %v, a.xml read %d times", ls.Problems, s.count("/loop/a.xml"))
	}

	ls, err = lister(ListOptions{}).Sitemap(context.Background(), s.URL+"/chain/1.xml")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/p1", "/p2"}, 0, 0)
	if len(ls.Problems) != 1 || !strings.Contains(ls.Problems[0].Error(), "/chain/4.xml: a sitemap index nested deeper than 3") || s.count("/chain/5.xml") != 0 {
		t.Errorf("chain: problems %v", ls.Problems)
	}

	ls, err = lister(ListOptions{MaxDocuments: 3}).Sitemap(context.Background(), s.URL+"/wide.xml")
	if err != nil {
		t.Fatal(err)
	}
	checkListing(t, s, ls, []string{"/w/1", "/w/2"}, 0, 0)
	if ls.Unread != 3 || len(ls.Problems) != 1 || !strings.Contains(ls.Problems[0].Error(), "more than 3 sitemaps") {
		t.Errorf("wide: %d unread, problems %v", ls.Unread, ls.Problems)
	}
}

func TestListMaxPages(t *testing.T) {
	s := newSite(t, map[string]doc{
		"/index.xml":  {body: sitemapIndex("/one.xml", "/two.xml")},
		"/one.xml":    {body: urlset("/1", "/2", "/3", "/4", "/5", "/6")},
		"/two.xml":    {body: urlset("/7")},
		"/feed.xml":   {body: rssOf3},
		"/robots.txt": {typ: "text/plain", body: "User-agent: *\nDisallow: /2\n"},
	})
	l := lister(ListOptions{MaxPages: 4})
	ls, err := l.Sitemap(context.Background(), s.URL+"/index.xml")
	if err != nil {
		t.Fatal(err)
	}
	// /2 is disallowed and does not take a place.
	checkListing(t, s, ls, []string{"/1", "/3", "/4", "/5"}, 0, 0)
	if ls.OverLimit != 1 || ls.Unread != 1 || len(ls.Skipped) != 1 || s.count("/two.xml") != 0 {
		t.Errorf("%d over the limit, %d unread, skipped %+v", ls.OverLimit, ls.Unread, ls.Skipped)
	}
	// The limit is for the Lister's whole run.
	ls, err = l.Feed(context.Background(), s.URL+"/feed.xml")
	if err != nil {
		t.Fatal(err)
	}
	if len(ls.Pages) != 0 || ls.OverLimit != 3 {
		t.Errorf("feed after the limit: pages %q, %d over", ls.Pages, ls.OverLimit)
	}
}

// TestListGuard: what documents name is fetched with the second client,
// here guarded, which refuses loopback addresses.
func TestListGuard(t *testing.T) {
	s := newSite(t, map[string]doc{
		"/index.xml": {body: sitemapIndex("/one.xml")},
		"/one.xml":   {body: urlset("/1")},
		"/feed.xml":  {body: rssOf3},
	})
	l := NewLister(New(Options{}), New(Options{DenyPrivate: true}), ListOptions{})
	ls, err := l.Sitemap(context.Background(), s.URL+"/index.xml")
	if err != nil {
		t.Fatal(err)
	}
	if len(ls.Pages) != 0 || len(ls.Problems) != 1 || !errors.Is(ls.Problems[0], ErrForbiddenAddress) {
		t.Errorf("pages %q, problems %v; want the nested sitemap refused", ls.Pages, ls.Problems)
	}
	ls, err = l.Feed(context.Background(), s.URL+"/feed.xml")
	if err != nil {
		t.Fatal(err)
	}
	if len(ls.Pages) != 0 || len(ls.Skipped) != 3 || !ls.Skipped[0].Forbidden || !strings.HasPrefix(ls.Skipped[0].Reason, "address not allowed: 127.0.0.1 is not a public address") {
		t.Errorf("pages %q, skipped %+v; want every page's robots.txt refused", ls.Pages, ls.Skipped)
	}
}

func TestPageKey(t *testing.T) {
	same := []string{"HTTP://Example.COM:80", "http://example.com/", "http://example.com/#top"}
	for _, s := range same {
		u, _ := CheckURL(s)
		u.Fragment = ""
		if got := pageKey(u); got != "http://example.com/" {
			t.Errorf("pageKey(%q) = %q", s, got)
		}
	}
	a, _ := CheckURL("https://example.com/a?x=1")
	b, _ := CheckURL("https://example.com/a?x=2")
	if pageKey(a) == pageKey(b) {
		t.Error("queries merged")
	}
}
