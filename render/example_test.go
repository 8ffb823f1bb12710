package render_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/render"
)

// page is a small article with a menu around it.
const page = `<html><head><title>Night trains</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Night trains</h1>
<p>The sleeper to Vienna runs again, with <a href="/timetable">a new timetable</a>.</p>
<h2>Fares</h2>
<table><tr><th>Class</th><th>Price</th></tr><tr><td>Seat</td><td>29 €</td></tr><tr><td>Couchette</td><td>59 €</td></tr></table>
<ul><li>Book early</li><li>Bring a <code>*</code> card</li></ul>
</article>
<footer>© 2026 The Courier</footer></body></html>`

// inArticle labels content the blocks inside <article>: a fixed selection,
// so that the example does not depend on a model.
var inArticle = infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
	sel := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		for n := b.Node.Parent; n != nil; n = n.Parent {
			if n.Data == "article" {
				sel[i] = true
			}
		}
	}
	return sel, nil
}))

// The content as Markdown: the headline is the title, the rest keeps its
// headings, links, table and list, and text that Markdown would read as
// markup is escaped.
func ExampleMarkdown() {
	res, err := inArticle.ExtractBytes(context.Background(), []byte(page), infer.Options{URL: "https://courier.example/travel/night-trains", Links: true})
	if err != nil {
		panic(err)
	}
	fmt.Println("title:", res.Title)
	fmt.Print(render.Markdown(res))
	// Output:
	// title: Night trains
	// # Night trains
	//
	// The sleeper to Vienna runs again, with [a new timetable](https://courier.example/timetable).
	//
	// ## Fares
	//
	// | Class | Price |
	// | --- | --- |
	// | Seat | 29 € |
	// | Couchette | 59 € |
	//
	// - Book early
	// - Bring a `*` card
}

// A TEI P5 document of the content, its header from the page's metadata.
func ExampleTEI() {
	f, err := os.Open("../testdata/sample.html")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	res, err := inArticle.Extract(context.Background(), f, infer.Options{Metadata: true})
	if err != nil {
		panic(err)
	}
	var sb strings.Builder
	if err := render.TEI(&sb, res); err != nil {
		panic(err)
	}
	lines := strings.Split(sb.String(), "\n")
	fmt.Println(strings.Join(lines[1:7], "\n"))
	// Output:
	// <TEI xmlns="http://www.tei-c.org/ns/1.0">
	//   <teiHeader>
	//     <fileDesc>
	//       <titleStmt>
	//         <title>Night trains return to the Alps</title>
	//         <author>Marta Keller</author>
}

// A page's JSON record, as boilernet extract -format jsonl writes it.
func ExampleNewRecord() {
	res, err := inArticle.ExtractBytes(context.Background(), []byte(page), infer.Options{URL: "https://courier.example/travel/night-trains"})
	if err != nil {
		panic(err)
	}
	line, err := json.Marshal(render.NewRecord("night-trains.html", res))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(line))
	// Output:
	// {"file":"night-trains.html","url":"https://courier.example/travel/night-trains","title":"Night trains","text":"The sleeper to Vienna runs again, with a new timetable.\n\nFares\n\nClass\n\nPrice\n\nSeat\n\n29 €\n\nCouchette\n\n59 €\n\nBook early\n\nBring a * card"}
}
