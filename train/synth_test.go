package train

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
)

// contextWords are the words of the context task's text blocks, content
// and boilerplate alike.
var contextWords = strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango")

// contextPages returns n pages of the context task. A page is a few
// segments, each a block that opens it ("open yes" or "open no"), two to
// six text blocks of words drawn from contextWords, and a block that
// closes it ("close yes" or "close no"), every block a <p>. A segment's
// text blocks are content when both its opener and its closer say yes,
// except that each is boilerplate with probability noise. So only the
// blocks before a block and those after it together tell its label (a
// network needs both of its directions), and the noise caps the F1 any
// model can reach below 1.
func contextPages(t testing.TB, n int, seed uint64, noise float64) []*data.Document {
	rng := rand.New(rand.NewPCG(seed, 42))
	yesNo := func() string { return []string{"yes", "no"}[rng.IntN(2)] }
	docs := make([]*data.Document, n)
	for i := range docs {
		var html strings.Builder
		var labels []bool
		html.WriteString("<html><body>")
		for range 2 + rng.IntN(3) {
			open, close := yesNo(), yesNo()
			fmt.Fprintf(&html, "<p>open %s</p>", open)
			labels = append(labels, false)
			for range 2 + rng.IntN(5) {
				words := make([]string, 2+rng.IntN(4))
				for w := range words {
					words[w] = contextWords[rng.IntN(len(contextWords))]
				}
				fmt.Fprintf(&html, "<p>%s</p>", strings.Join(words, " "))
				labels = append(labels, open == "yes" && close == "yes" && rng.Float64() >= noise)
			}
			fmt.Fprintf(&html, "<p>close %s</p>", close)
			labels = append(labels, false)
		}
		page, err := tokenize.Parse([]byte(html.String()), tokenize.Options{})
		if err != nil || len(page.Blocks) != len(labels) {
			t.Fatalf("page %d: %d blocks for %d paragraphs, error %v", i, len(page.Blocks), len(labels), err)
		}
		docs[i] = &data.Document{ID: fmt.Sprint(i), Dataset: "context", Page: page, Labeling: data.Labeling{Labels: labels}}
	}
	return docs
}
