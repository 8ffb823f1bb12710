package boilernet_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/boilernet/boilernet"
	"github.com/boilernet/boilernet/methods"
	"golang.org/x/net/html"
)

// The main content of a page, and what the page says about itself, with
// the defaults.
func ExampleExtract() {
	f, err := os.Open("testdata/sample.html")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	res, err := boilernet.Extract(context.Background(), f, boilernet.Options{Name: f.Name()})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Title)
	fmt.Println(res.Metadata.Authors, res.Metadata.Published, res.Metadata.Language)
	fmt.Println(strings.Split(res.Text, "\n")[4])
	// Output:
	// Night trains return to the Alps
	// [Marta Keller] 2025-03-14 en
	// After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna. The first service left Zurich at a quarter past nine on Friday evening with every sleeping compartment sold.
}

// The parts of a page besides its text: here its readers' comments and
// the content's images, with their addresses resolved against the
// page's.
func ExampleParts() {
	f, err := os.Open("testdata/parts.html")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	opts := boilernet.Options{URL: "https://courier.example/travel/night-trains", Parts: boilernet.Comments | boilernet.Images}
	res, err := boilernet.Extract(context.Background(), f, opts)
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range res.Comments {
		fmt.Printf("%s (%s): %s\n", c.Author, c.Date, c.Text)
	}
	for _, im := range res.Images {
		fmt.Println(im.Src, im.Alt)
	}
	fmt.Println(res.Metadata == nil)
	// Output:
	// Ann (March 15, 2025): Finally! I took this train years ago and missed it ever since.
	// Bob (): Are dogs allowed in the compartments, does anyone know?
	// https://courier.example/img/train.jpg A sleeper train at dawn
	// true
}

// Errors name the page.
func ExampleExtract_error() {
	_, err := boilernet.Extract(context.Background(), strings.NewReader(" \n"), boilernet.Options{URL: "https://example.org/blank"})
	fmt.Println(err)
	// Output:
	// https://example.org/blank: empty page
}

// A page parsed already, with another method: Kohlschütter et al.'s
// word-count classifier and the Main Content Filter, and the content's
// links in place of the metadata.
func ExampleExtractDocument() {
	page := `<html><head><title>Night trains return - Courier</title></head><body>
<div><a href="/">Home</a> | <a href="/news">News</a></div>
<h1>Night trains return</h1>
<p>After an absence of more than ten years, overnight passenger trains are running again between Zurich,
Innsbruck and <a href="/vienna">Vienna</a>, and every compartment was sold.</p>
<div><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></div></body></html>`
	doc, err := html.ParseWithOptions(strings.NewReader(page), html.ParseOptionEnableScripting(false))
	if err != nil {
		log.Fatal(err)
	}
	m, err := methods.Parse("boilerpipe-numwords+main", methods.Params{})
	if err != nil {
		log.Fatal(err)
	}
	opts := boilernet.Options{Method: m, URL: "https://courier.example/travel/", Parts: boilernet.Links}
	res, err := boilernet.ExtractDocument(context.Background(), doc, opts)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Title)
	fmt.Println(res.Text)
	for _, l := range res.Links {
		fmt.Println(l.Text, l.Href)
	}
	fmt.Println(res.Metadata == nil)
	// Output:
	// Night trains return
	// After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.
	// Vienna https://courier.example/vienna
	// true
}

// A block classifier of your own with any decoding and filter: here one
// that rates a paragraph of an article by its length, with the default
// decoding and with the precision focus, then the ancestor filter.
func ExampleOptions_classifier() {
	inArticle := classifierFunc(func(p methods.Page) (methods.Scores, error) {
		probs := make([]float32, len(p.Blocks))
		for i, b := range p.Blocks {
			if slices.Contains(b.Path, "article") {
				probs[i] = min(0.95, float32(b.Words)/40)
			}
		}
		return methods.Scores{Probs: probs}, nil
	})
	raw, err := os.ReadFile("testdata/sample.html")
	if err != nil {
		log.Fatal(err)
	}
	for _, decoding := range []string{"", "precision"} {
		m, err := methods.Parse("bilstm", methods.Params{Decoding: decoding, Filter: "ancestor"})
		if err != nil {
			log.Fatal(err)
		}
		opts := boilernet.Options{Method: m, Classifier: inArticle, Parts: boilernet.NoParts}
		res, err := boilernet.Extract(context.Background(), bytes.NewReader(raw), opts)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %d words\n", m, len(strings.Fields(res.Text)))
	}
	// Output:
	// bilstm+ancestor: 128 words
	// bilstm:precision+ancestor: 103 words
}

// classifierFunc is a methods.Classifier of a function.
type classifierFunc func(p methods.Page) (methods.Scores, error)

func (f classifierFunc) Classify(p methods.Page) (methods.Scores, error) { return f(p) }
