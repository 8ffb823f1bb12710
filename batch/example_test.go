package batch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
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

// The pages of a directory as a stream, each with the name of its output
// file under an output directory: the never-overwrite-an-input rule is
// checked before anything is written (Checked), and the names are made
// unique as the pages are emitted (Names.Next).
func ExampleSource() {
	ctx := context.Background()
	src, err := batch.NewSource([]string{"../testdata"}, "", nil, nil)
	if err != nil {
		panic(err)
	}
	names, pages, total, err := src.Checked(ctx, "out/", ".txt", false, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("known:", total)
	for p := range pages {
		if p.Name == filepath.Join("..", "testdata", "sample.html") {
			fmt.Println(p.Name, "->", names.Next()+".txt")
			continue
		}
		names.Next()
	}
	fmt.Println(batch.URLOutName("https://example.com/news/a.html"), batch.UniqueNames([]string{"a", "A", "a"}))
	fmt.Println(batch.RefuseOverwrite("../testdata/sample.html", []string{"../testdata/./sample.html"}, nil, ""))
	// Output:
	// known: -1
	// ../testdata/sample.html -> sample.txt
	// example.com/news/a [a A-2 a-3]
	// -o ../testdata/sample.html: the output ../testdata/sample.html is the input ../testdata/./sample.html; it would be overwritten
}

// An Output writes a run's pages in a format: here two pages' records,
// one of which failed, as one JSON line each.
func ExampleOutput() {
	out, err := batch.NewOutput("", "jsonl", os.Stdout, true)
	if err != nil {
		panic(err)
	}
	out.Write("a", nil, render.Record{File: "a.html", Title: "A", Text: "The text."})
	out.Write("b", nil, render.Record{File: "b.html", Error: "b.html: binary content"})
	if err := out.Close(); err != nil {
		panic(err)
	}
	// Output:
	// {"file":"a.html","title":"A","text":"The text."}
	// {"file":"b.html","text":"","error":"b.html: binary content"}
}
