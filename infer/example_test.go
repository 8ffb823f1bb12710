package infer_test

import (
	"fmt"
	"os"

	"github.com/boilernet/boilernet/infer"
)

func ExampleExtract() {
	f, err := os.Open("../testdata/sample.html")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	res, err := infer.Extract(f, infer.Options{Filter: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Title)
	fmt.Println(res.Blocks[0].Text, res.Blocks[0].Content, res.Blocks[0].Locator)
	// Output:
	// Night trains return to the Alps
	// The Valley Courier false /html[1]/body[1]/header[1]/a[1]/text()[1]
}
