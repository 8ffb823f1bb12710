package methods_test

import (
	"fmt"
	"log"
	"os"
	"slices"

	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/tokenize"
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
		{"bilstm:structure@0.9+ancestor:3", methods.Params{}},
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
	// bilstm:blocks@0.7 0.7
	// boilerpipe-numwords+main 0.5
	// bilstm:structure@0.9+ancestor:3 0.9
	// method "newsfeed+main": filter main works after the boilerpipe methods and tree only
}

// A block classifier of your own with any decoding and filter: here one
// that rates a paragraph by its words and any other block 0.4, decoded
// by the default decoding and with the precision focus (boilernet
// extract -decode precision), then filtered by the ancestor filter.
// infer.WithClassifier and boilernet.Options.Classifier run such a
// method on pages.
func ExampleMethod_Label() {
	byParagraph := classifierFunc(func(p methods.Page) (methods.Scores, error) {
		probs := make([]float32, len(p.Blocks))
		for i, b := range p.Blocks {
			probs[i] = 0.4
			if slices.Contains(b.Path, "p") {
				probs[i] = min(0.95, float32(b.Words)/30)
			}
		}
		return methods.Scores{Probs: probs}, nil
	})
	raw, err := os.ReadFile("../testdata/methods-page.html")
	if err != nil {
		log.Fatal(err)
	}
	page, err := tokenize.Parse(raw, tokenize.Options{})
	if err != nil {
		log.Fatal(err)
	}
	for _, decoding := range []string{"", "precision"} {
		m, err := methods.Parse("bilstm", methods.Params{Decoding: decoding, Filter: "ancestor"})
		if err != nil {
			log.Fatal(err)
		}
		_, content, err := m.Label(byParagraph, methods.Page{Page: page})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(m)
		for i, b := range page.Blocks {
			if content[i] {
				fmt.Printf("\t%.40s…\n", b.Text)
			}
		}
	}
	// Output:
	// bilstm+ancestor
	// 	Night trains return to the Alps…
	// 	After an absence of more than ten years,…
	// 	The operators say demand has grown stead…
	// 	I took this train in 2009 and have misse…
	// bilstm:precision+ancestor
	// 	After an absence of more than ten years,…
	// 	The operators say demand has grown stead…
	// 	I took this train in 2009 and have misse…
}

// classifierFunc is a methods.Classifier of a function.
type classifierFunc func(p methods.Page) (methods.Scores, error)

func (f classifierFunc) Classify(p methods.Page) (methods.Scores, error) { return f(p) }
