package data_test

import (
	"fmt"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
)

func ExampleLabel() {
	page, err := tokenize.Parse([]byte(`<nav><a href="/">Home</a></nav><h1>Rain today</h1><p>Expect rain all day.</p><footer>© News Co</footer>`), tokenize.Options{})
	if err != nil {
		panic(err)
	}
	gold := data.ParseCleanEval("URL: http://example.org\n<h>Rain today\n<p>Expect rain all day.")
	l := data.Label(page.Blocks, gold)
	for i, b := range page.Blocks {
		fmt.Println(l.Labels[i], b.Text)
	}
	fmt.Println("coverage", l.Coverage())
	// Output:
	// false Home
	// true Rain today
	// true Expect rain all day.
	// false © News Co
	// coverage 1
}

func ExampleDataset_Load() {
	ds, err := data.Open("testdata/tiny")
	if err != nil {
		panic(err)
	}
	doc, err := ds.Load(ds.IDs["test"][0], data.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(doc.ID, len(doc.Page.Blocks), "blocks, coverage", doc.Coverage())
	fmt.Println(doc.Gold.Text())
	// Output:
	// dn 9 blocks, coverage 1
	// A story about trains
	// Trains run on time when the signals work. The old signals were replaced last year.
	// Passengers noticed the difference within a week.
}
