package train_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/train"
)

// ExampleFit trains a tiny model on toy pages built in memory, a
// navigation list, a story of two paragraphs and a footer each, and
// extracts an unseen one with it.
func ExampleFit() {
	story := func(i int) string { return fmt.Sprint("Story ", i, ": the river rose.\nBoats waited.") }
	page := func(i int) []byte {
		return fmt.Appendf(nil, `<ul><li><a href="/">Home</a><li><a href="/%d">More</a></ul><p>%s</p><footer>Contact us</footer>`, i, strings.Replace(story(i), "\n", "</p><p>", 1))
	}
	var docs []*data.Document
	for i := range 40 {
		p, _ := tokenize.Parse(page(i), tokenize.Options{})
		gold := data.ParsePlain(story(i), false)
		docs = append(docs, &data.Document{Page: p, Gold: gold, Labeling: data.Label(p.Blocks, gold)})
	}
	opts := train.Options{Epochs: 3, Batch: 2, Network: bilstm.Config{Dense: 8, Hidden: 4, Layers: 1}, LearnRate: 0.05}
	res, err := train.Fit(context.Background(), docs[:32], []train.DevSet{{Name: "toy", Docs: docs[32:]}}, opts)
	if err != nil {
		panic(err)
	}
	r, _ := infer.New(res.Model).ExtractBytes(context.Background(), page(99), infer.Options{})
	for _, b := range r.Blocks {
		fmt.Println(b.Content, b.Text)
	}
	// Output:
	// false Home
	// false More
	// true Story 99: the river rose.
	// true Boats waited.
	// false Contact us
}
