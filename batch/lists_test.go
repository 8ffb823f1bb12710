package batch

import (
	"testing"

	"github.com/boilernet/boilernet/fetch"
)

// TestSummarizeListing: a listing's summary counts its pages and every
// kind of page left out.
func TestSummarizeListing(t *testing.T) {
	for _, tc := range []struct {
		ls   fetch.Listing
		want string
	}{
		{fetch.Listing{Pages: []string{"a"}, Documents: 1}, "1 page"},
		{fetch.Listing{Pages: []string{"a", "b"}, Documents: 3, Unread: 1}, "2 pages from 3 sitemaps; 1 sitemap not read"},
		{fetch.Listing{Skipped: []fetch.Skip{{URL: "x"}, {URL: "y", Forbidden: true}}, Duplicates: 2, NotHTTP: 1, OverLimit: 4},
			"0 pages; left out: 1 skipped for robots.txt, 1 on an address not allowed, 2 listed twice, 1 without an http(s) URL, 4 past -max-pages 10"},
	} {
		if got := summarizeListing(&tc.ls, 10); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
