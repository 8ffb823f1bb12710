package tokenize_test

import (
	"fmt"

	"github.com/boilernet/boilernet/tokenize"
)

func ExampleParse() {
	page := []byte(`<html><body><nav><a href="/">Home</a></nav>
<article><h1>Title</h1><p>First <b>bold</b> words.<br>Next line.</p></article></body></html>`)
	p, err := tokenize.Parse(page, tokenize.Options{})
	if err != nil {
		panic(err)
	}
	for _, b := range p.Blocks {
		fmt.Printf("%-10q in link: %-5v %v\n", b.Text, b.InLink, b.Path)
	}
	fmt.Println(p.Encoding)
	// Output:
	// "Home"     in link: true  [html body nav a]
	// "Title"    in link: false [html body article h1]
	// "First"    in link: false [html body article p]
	// "bold"     in link: false [html body article p b]
	// "words."   in link: false [html body article p]
	// "Next line." in link: false [html body article p]
	// utf-8
}

func ExampleText() {
	p, err := tokenize.Parse([]byte(`<p>Keep <a href="#">this</a>, drop <i>that</i>.</p><p>Second paragraph.</p>`), tokenize.Options{})
	if err != nil {
		panic(err)
	}
	b := p.Blocks
	fmt.Printf("%q\n", tokenize.Text(b))
	fmt.Printf("%q\n", tokenize.Text([]tokenize.Block{b[0], b[1], b[2], b[5]}))
	// Output:
	// "Keep this, drop that.\n\nSecond paragraph."
	// "Keep this, drop\n\nSecond paragraph."
}

func ExampleWords() {
	fmt.Printf("%q\n", tokenize.Words("Don't panic: it's 3.14 — 東京!"))
	// Output:
	// ["do" "n't" "panic" ":" "it" "'s" "3.14" "—" "東" "京" "!"]
}

func ExampleDecode() {
	// A page that declares ISO-8859-1 but is UTF-8, as many real pages do.
	d := tokenize.Decode([]byte(`<meta charset="iso-8859-1"><p>café</p>`), "")
	fmt.Println(d.Encoding, d.Reason)
	// Output:
	// utf-8 utf8
}
