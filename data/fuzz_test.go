package data

import (
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

// FuzzGoldAndLabel feeds arbitrary bytes to the gold parsers and aligns an
// arbitrary page to the result: nothing may panic, labels must cover every
// block and coverage must stay within [0, 1].
func FuzzGoldAndLabel(f *testing.F) {
	f.Add([]byte("URL: http://a\n<p>Some text\n<l>item"), []byte("<p>Some text</p><li>item</li>"))
	f.Add([]byte("Body\n!@#$%^&*()  COMMENTS\nNice"), []byte("<p>Body</p><p>Nice</p>"))
	f.Add([]byte(`<span class="x-nc-sel2">a <span class="x-nc-sel0">b</span></span>`), []byte("<p>a b</p>"))
	f.Fuzz(func(t *testing.T, goldRaw, pageRaw []byte) {
		page, err := tokenize.Parse(pageRaw, tokenize.Options{})
		if err != nil {
			return
		}
		text := tokenize.DecodeText(goldRaw)
		golds := []Gold{ParseCleanEval(text), ParsePlain(text, false)}
		if g, err := ParseAnnotated(goldRaw); err == nil {
			golds = append(golds, g)
		}
		for _, g := range golds {
			l := Label(page.Blocks, g)
			if len(l.Labels) != len(page.Blocks) {
				t.Fatalf("%d labels for %d blocks", len(l.Labels), len(page.Blocks))
			}
			if c := l.Coverage(); c < 0 || c > 1 {
				t.Fatalf("coverage %v", c)
			}
		}
	})
}
