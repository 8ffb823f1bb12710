package labelset_test

import (
	"fmt"
	"os"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/data/labelset"
)

// A page labeled by hand, saved into a new folder that package data then
// reads with the labels given.
func ExampleDir_Save() {
	dir, err := os.MkdirTemp("", "labels-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	d, err := labelset.Open(dir)
	if err != nil {
		panic(err)
	}
	defer d.Close()
	page := `<nav><a href="/">Home</a></nav><h1>Rain today</h1><p>Expect rain all day.</p><footer>© News Co</footer>`
	s, err := d.Save(labelset.Request{
		URL:    "https://news.example/rain.html",
		HTML:   []byte(page),
		Labels: []labelset.Label{labelset.Boilerplate, labelset.Headline, labelset.Content, labelset.Boilerplate},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(s.ID, s.Split, s.Files)
	fmt.Print(s.Gold)

	ds, err := data.Open(dir)
	if err != nil {
		panic(err)
	}
	doc, err := ds.Load(s.ID, data.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(doc.Labels)
	// Output:
	// news.example-rain train [html/news.example-rain.html gold/news.example-rain.txt labels/news.example-rain.json meta.tsv train.txt]
	// Rain today
	// Expect rain all day.
	// [false true true false]
}
