package batch_test

import (
	"context"
	"fmt"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/infer"
)

// A batch of a file and two pages in memory, extracted on two workers:
// the outcomes come in input order, and a page that fails does not stop
// the others (its error names it).
func ExampleRun() {
	ex, err := infer.Default()
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	pages, err := batch.Files(ctx, []string{"../testdata/sample.html"})
	if err != nil {
		panic(err)
	}
	pages = append(pages,
		batch.Bytes("empty", nil, "", ""),
		batch.Bytes("record 2", []byte("<html><body><p>Hello.</p></body></html>"), "utf-8", "https://example.com/a"),
	)
	err = batch.Run(ctx, ex, pages, batch.Options{Workers: 2}, func(o batch.Outcome) {
		if o.Err != nil {
			fmt.Printf("%d %s: error: %v\n", o.Index, o.Page.Name, o.Err)
			return
		}
		fmt.Printf("%d %s: %d blocks, URL %q\n", o.Index, o.Page.Name, len(o.Result.Blocks), o.Result.URL)
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// 0 ../testdata/sample.html: 45 blocks, URL ""
	// 1 empty: error: empty: empty page
	// 2 record 2: 1 blocks, URL "https://example.com/a"
}
