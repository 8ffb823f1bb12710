package methods_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
)

// A Boilerpipe classifier with the Main Content Filter, by name.
func ExampleExtractor() {
	page := `<html><head><title>Night trains return - Courier</title></head><body>
<div><a href="/">Home</a> | <a href="/news">News</a></div>
<h1>Night trains return</h1>
<p>After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.</p>
<div><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></div></body></html>`
	ex, opts, err := methods.Extractor("boilerpipe-numwords+main", infer.Options{})
	if err != nil {
		log.Fatal(err)
	}
	res, err := ex.Extract(strings.NewReader(page), opts)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Title)
	fmt.Println(res.Text)
	// Output:
	// Night trains return
	// After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.
}
