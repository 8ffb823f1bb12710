package corpus_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/boilernet/boilernet/corpus"
	"github.com/boilernet/boilernet/infer"
)

// Two pages of one site end with the same paragraph: with Dedup, the
// second page keeps only its own.
func ExampleFilter() {
	f, err := corpus.New(corpus.Options{Dedup: true})
	if err != nil {
		panic(err)
	}
	ex, err := infer.Default()
	if err != nil {
		panic(err)
	}
	const footer = "<p>Our newsletter brings the week's stories to your inbox every Friday morning.</p>"
	for _, page := range []string{
		"<article><p>Night trains return to the Alps after ten years, with every compartment sold.</p>" + footer + "</article>",
		"<article><p>A new tunnel opens under the pass, cutting the journey by an hour each way.</p>" + footer + "</article>",
	} {
		res, err := ex.ExtractBytes(context.Background(), []byte(page), infer.Options{})
		if err != nil {
			panic(err)
		}
		res, v := f.Apply("page", res)
		fmt.Printf("%d paragraph(s), %d dropped: %s\n", len(res.Paragraphs()), v.Dropped, strings.Split(res.Text, ",")[0])
	}
	fmt.Println(f.Stats())
	// Output:
	// 2 paragraph(s), 0 dropped: Night trains return to the Alps after ten years
	// 1 paragraph(s), 1 dropped: A new tunnel opens under the pass
	// 2 pages: 0 skipped for their language, 0 duplicate pages, 1 repeated paragraphs dropped
}
