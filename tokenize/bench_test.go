package tokenize

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// loadPages reads the pages of a dataset split from ../shared/data, or skips.
func loadPages(b *testing.B, dataset, split string) [][]byte {
	dir := filepath.Join("..", "..", "shared", "data", dataset)
	ids, err := os.ReadFile(filepath.Join(dir, split+".txt"))
	if err != nil {
		b.Skipf("dataset not available: %v", err)
	}
	var pages [][]byte
	for _, id := range splitLines(string(ids)) {
		raw, err := os.ReadFile(filepath.Join(dir, "html", id+".html"))
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, raw)
	}
	return pages
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '\n' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}

// BenchmarkParse measures decoding, parsing and segmentation over the
// CleanEval train pages (MB/s and pages/s).
func BenchmarkParse(b *testing.B) {
	benchPages(b, func(raw []byte) {
		if _, err := Parse(raw, Options{}); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkHTMLParse is html.Parse of the same pages and nothing else:
// tokenizing and tree construction, the floor for any segmentation that
// builds the DOM.
func BenchmarkHTMLParse(b *testing.B) {
	benchPages(b, func(raw []byte) {
		if _, err := html.Parse(bytes.NewReader(raw)); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkHTMLTokenize runs html.Tokenizer over the same pages, reading
// every token's name, attributes and text, without building a tree: the
// floor for a segmentation that skips the DOM (issue 29).
func BenchmarkHTMLTokenize(b *testing.B) {
	benchPages(b, func(raw []byte) {
		z := html.NewTokenizer(bytes.NewReader(raw))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				return
			}
			if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
				_, more := z.TagName()
				for more {
					_, _, more = z.TagAttr()
				}
			} else {
				_ = z.Text()
			}
		}
	})
}

// BenchmarkParseWords adds word tokenization of every block to Parse.
func BenchmarkParseWords(b *testing.B) {
	benchPages(b, func(raw []byte) {
		p, err := Parse(raw, Options{})
		if err != nil {
			b.Fatal(err)
		}
		var words []string
		for _, blk := range p.Blocks {
			words = AppendWords(words[:0], blk.Text)
		}
	})
}

func benchPages(b *testing.B, fn func([]byte)) {
	pages := loadPages(b, "cleaneval", "train")
	var size int64
	for _, p := range pages {
		size += int64(len(p))
	}
	b.SetBytes(size)
	b.ResetTimer()
	for b.Loop() {
		for _, p := range pages {
			fn(p)
		}
	}
	b.ReportMetric(float64(len(pages))*float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkScanTagsComments measures the pre-parse tag count on a page of
// 20,000 comments between paragraphs (pages with many comments once made
// it quadratic).
func BenchmarkScanTagsComments(b *testing.B) {
	page := strings.Repeat("<!-- a comment --><p class=x>text</p>\n", 20000)
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		if tags, _, _ := scanTags(page, 1<<30, 1<<30); tags != 20000 {
			b.Fatalf("%d tags", tags)
		}
	}
}

// BenchmarkCountWords counts the words of every block of the CleanEval
// train pages, parsed beforehand (MB/s of block text).
func BenchmarkCountWords(b *testing.B) {
	var texts []string
	var size int64
	for _, raw := range loadPages(b, "cleaneval", "train") {
		p, err := Parse(raw, Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, blk := range p.Blocks {
			texts = append(texts, blk.Text)
			size += int64(len(blk.Text))
		}
	}
	b.SetBytes(size)
	n := 0
	for b.Loop() {
		for _, t := range texts {
			n += CountWords(t)
		}
	}
	if n == 0 {
		b.Fatal("no words")
	}
}
