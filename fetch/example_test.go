package fetch_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/boilernet/boilernet/fetch"
)

func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=iso-8859-1")
		fmt.Fprint(w, "<p>Hello</p>")
	}))
	defer srv.Close()

	c := fetch.New(fetch.Options{}) // a server would set DenyPrivate: true
	page, err := c.Get(context.Background(), srv.URL+"/a")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(page.Status, page.MediaType, page.Charset, string(page.Body))

	guarded := fetch.New(fetch.Options{DenyPrivate: true})
	_, err = guarded.Get(context.Background(), srv.URL+"/a")
	fmt.Println(errors.Is(err, fetch.ErrForbiddenAddress))
	// Output:
	// 200 text/html iso-8859-1 <p>Hello</p>
	// true
}

func ExampleReadURLs() {
	urls, err := fetch.ReadURLs(strings.NewReader("# news\nhttps://example.com/a\n\nhttps://example.org/b\n"), "urls.txt")
	fmt.Println(urls, err)
	_, err = fetch.ReadURLs(strings.NewReader("https://example.com/\nexample.org\n"), "urls.txt")
	fmt.Println(err)
	// Output:
	// [https://example.com/a https://example.org/b] <nil>
	// urls.txt:2: not an absolute http or https URL: "example.org"
}

func ExampleLister() {
	var site string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /drafts/\n\nSitemap: /sitemap.xml\n")
		case "/sitemap.xml":
			fmt.Fprintf(w, `<urlset><url><loc>%[1]s/a</loc></url><url><loc>%[1]s/drafts/b</loc></url><url><loc>%[1]s/a#top</loc></url></urlset>`, site)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	site = srv.URL

	// A command-line tool reaching its own loopback test site: no guard
	// (a crawler of the internet would pass c.Guarded() as the second).
	c := fetch.New(fetch.Options{})
	l := fetch.NewLister(c, c, fetch.ListOptions{MaxPages: 100})
	ls, err := l.Sitemap(context.Background(), site+"/") // the site: its robots.txt's Sitemap lines
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range ls.Pages {
		fmt.Println("page", strings.TrimPrefix(p, site))
	}
	for _, s := range ls.Skipped {
		fmt.Println("skipped", strings.TrimPrefix(s.URL, site), strings.ReplaceAll(s.Reason, site, ""))
	}
	fmt.Println(ls.Duplicates, "duplicate")
	// Output:
	// page /a
	// skipped /drafts/b disallowed by /robots.txt for boilernet
	// 1 duplicate
}
