package filter_test

import (
	"fmt"

	"github.com/boilernet/boilernet/filter"
	"github.com/boilernet/boilernet/tokenize"
)

func ExampleAncestor() {
	page, err := tokenize.Parse([]byte(`<body>
<div id="main"><div id="story"><p>The storm reached the coast at night.</p><p>Power returned by noon.</p></div></div>
<div id="side"><ul><li>Most read: ten storms</li></ul></div></body>`), tokenize.Options{})
	if err != nil {
		panic(err)
	}
	// Suppose a classifier selected every block.
	selected := []bool{true, true, true}
	kept := filter.Ancestor(page.Blocks, selected, filter.DefaultDepth)
	for i, b := range page.Blocks {
		fmt.Println(kept[i], b.Text)
	}
	// Output:
	// true The storm reached the coast at night.
	// true Power returned by noon.
	// false Most read: ten storms
}
