package infer_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"golang.org/x/net/html"
)

func ExampleExtract() {
	f, err := os.Open("../testdata/sample.html")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	res, err := infer.Extract(context.Background(), f, infer.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Title)
	fmt.Println(res.Blocks[0].Text, res.Blocks[0].Content, res.Blocks[0].Locator)
	// Output:
	// Night trains return to the Alps
	// The Valley Courier false /html[1]/body[1]/header[1]/a[1]/text()[1]
}

// A deadline for one extraction: past it, the extraction stops at its
// next step and returns the context's error.
func ExampleExtractor_Extract() {
	ex, err := infer.Default()
	if err != nil {
		panic(err)
	}
	f, err := os.Open("../testdata/sample.html")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := ex.Extract(ctx, f, infer.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Title)
	// Output:
	// Night trains return to the Alps
}

// A page parsed already, as package infer parses pages (scripting
// disabled, so that a <noscript> holds markup).
func ExampleExtractor_ExtractDocument() {
	ex, err := infer.Default()
	if err != nil {
		log.Fatal(err)
	}
	f, err := os.Open("../testdata/sample.html")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	doc, err := html.ParseWithOptions(f, html.ParseOptionEnableScripting(false))
	if err != nil {
		log.Fatal(err)
	}
	res, err := ex.ExtractDocument(context.Background(), doc, infer.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Title)
	fmt.Println(res.Blocks[0].Text, res.Blocks[0].Content, res.Blocks[0].Locator)
	// Output:
	// Night trains return to the Alps
	// The Valley Courier false /html[1]/body[1]/header[1]/a[1]/text()[1]
}

// The default model averages the probabilities of two networks (Nets).
// An Extractor of its first network alone runs faster, as the command
// line's -networks 1 does; NewEnsemble averages any networks, e.g. models
// of other seeds read with bilstm.ReadModel.
func ExampleNewEnsemble() {
	def, err := infer.Default()
	if err != nil {
		panic(err)
	}
	m := def.Model()
	fmt.Println(len(m.Nets()), "networks")
	ex, err := infer.NewEnsemble(m.Nets()[0])
	if err != nil {
		panic(err)
	}
	res, err := ex.ExtractBytes(context.Background(), []byte(`<nav><a href="/">Home</a> <a href="/news">News</a></nav><article><h1>Night trains</h1><p>After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna.</p></article><footer>© 2025 The Valley Courier</footer>`), infer.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Text)
	// Output:
	// 2 networks
	// After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna.
}

// The readers' comments come apart from the text (Options.Comments).
func ExampleResult_comments() {
	f, err := os.Open("testdata/comments-wordpress.html")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	res, err := infer.Extract(context.Background(), f, infer.Options{Comments: true})
	if err != nil {
		panic(err)
	}
	for _, c := range res.Comments {
		fmt.Printf("%s (%s): %s\n", c.Author, c.Date, c.Text)
	}
	// Output:
	// Ann (January 2, 2024): Great post, I agree with every word of it.
	// Bob (): Not me, I think the second paragraph is wrong.
}

// A Boilerpipe classifier with the Main Content Filter, by its spec.
func ExampleForMethod() {
	page := `<html><head><title>Night trains return - Courier</title></head><body>
<div><a href="/">Home</a> | <a href="/news">News</a></div>
<h1>Night trains return</h1>
<p>After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.</p>
<div><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a></div></body></html>`
	m, err := methods.Parse("boilerpipe-numwords+main", methods.Params{})
	if err != nil {
		log.Fatal(err)
	}
	ex, err := infer.ForMethod(methods.New(methods.Config{}), m)
	if err != nil {
		log.Fatal(err)
	}
	res, err := ex.Extract(context.Background(), strings.NewReader(page), infer.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Title)
	fmt.Println(res.Text)
	// Output:
	// Night trains return
	// After an absence of more than ten years, overnight passenger trains are running again between Zurich, Innsbruck and Vienna, and every compartment was sold.
}

// A block classifier of your own runs with any decoding and filter of a
// method: here one that rates a block by whether it is in a paragraph,
// thresholded at 0.5 and filtered by the ancestor filter.
func ExampleWithClassifier() {
	page := `<html><body><div><a href="/">Home</a> | <a href="/news">News</a></div>
<article><p>After an absence of more than ten years, overnight passenger trains are running again.</p>
<p>Every compartment of the first one was sold.</p></article></body></html>`
	inParagraph := classifierFunc(func(p methods.Page) (methods.Scores, error) {
		probs := make([]float32, len(p.Blocks))
		for i, b := range p.Blocks {
			if slices.Contains(b.Path, "p") {
				probs[i] = 0.9
			}
		}
		return methods.Scores{Probs: probs}, nil
	})
	m, err := methods.Parse("bilstm:blocks@0.5+ancestor", methods.Params{})
	if err != nil {
		log.Fatal(err)
	}
	ex := infer.WithClassifier(m, inParagraph)
	res, err := ex.Extract(context.Background(), strings.NewReader(page), infer.Options{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ex.Method())
	fmt.Println(res.Text)
	// Output:
	// bilstm:blocks@0.5+ancestor
	// After an absence of more than ten years, overnight passenger trains are running again.
	//
	// Every compartment of the first one was sold.
}

// classifierFunc is a methods.Classifier of a function.
type classifierFunc func(p methods.Page) (methods.Scores, error)

func (f classifierFunc) Classify(p methods.Page) (methods.Scores, error) { return f(p) }
