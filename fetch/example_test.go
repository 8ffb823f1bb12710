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
