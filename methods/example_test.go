package methods_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
)

// A method from its spec, with parts given apart as the command's flags
// and the server's parameters give them.
func ExampleParse() {
	for _, tc := range []struct {
		spec string
		p    methods.Params
	}{
		{"bilstm", methods.Params{}},
		{"bilstm:structure+ancestor", methods.Params{}},
		{"bilstm", methods.Params{Decoding: "blocks", Threshold: 0.7}},
		{"boilerpipe-numwords", methods.Params{Filter: "main"}},
		{"newsfeed+main", methods.Params{}},
	} {
		m, err := methods.Parse(tc.spec, tc.p)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(m, m.BlockThreshold())
	}
	// Output:
	// bilstm 0.5
	// bilstm:structure+ancestor 0.5
	// bilstm:blocks 0.7
	// boilerpipe-numwords+main 0.5
	// method "newsfeed+main": filter main works after the boilerpipe methods and tree only
}

// A Boilerpipe classifier with the Main Content Filter, by its spec.
func ExampleExtractor() {
	page := `<html><head><title>Night trains return - Courier</title></head><body>
<div><a href="/">Home</a> | <a href="/news">News</a></div>
<h1>Night trains return</h1>
<p>After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.</p>
<div><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></div></body></html>`
	m, err := methods.Parse("boilerpipe-numwords+main", methods.Params{})
	if err != nil {
		log.Fatal(err)
	}
	ex, err := methods.Extractor(m)
	if err != nil {
		log.Fatal(err)
	}
	res, err := ex.Extract(strings.NewReader(page), infer.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Title)
	fmt.Println(res.Text)
	// Output:
	// Night trains return
	// After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.
}
