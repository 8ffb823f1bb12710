package vocab_test

import (
	"fmt"

	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/vocab"
)

func Example() {
	page, err := tokenize.Parse([]byte(`<div><p>The news of the day.</p><a href="/">Home</a></div>`), tokenize.Options{})
	if err != nil {
		panic(err)
	}
	b := vocab.NewBuilder()
	b.Add(page.Blocks)
	v := b.Build(vocab.Sizes{Features: vocab.Paper(), Words: 3, Tags: 2}) // tiny, for the example
	fmt.Println(v.Words, v.Tags, v.Dim())
	for _, e := range v.Encode(nil, page.Blocks[0]) {
		fmt.Printf("col %d: %g\n", e.Col, e.Count)
	}
	// Output:
	// [the . day] [body div] 7
	// col 0: 2
	// col 1: 2
	// col 2: 1
	// col 3: 1
	// col 4: 2
	// col 5: 1
	// col 6: 1
}
