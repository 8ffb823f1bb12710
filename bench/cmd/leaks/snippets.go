package main

import (
	"fmt"
	"io"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/tokenize"
)

// leakedBlocks returns, for each must-exclude string of a page (without),
// the selected blocks that hold it whole, as eval's page labels match it
// (eval.PhraseWords in a block's eval.PhraseText).
func leakedBlocks(blocks []tokenize.Block, sel []bool, without []string) []int {
	var out []int
	texts := make(map[int]*eval.PhraseText)
	for _, w := range without {
		phrase := eval.PhraseWords(w)
		for i, b := range blocks {
			if !sel[i] {
				continue
			}
			t := texts[i]
			if t == nil {
				t = eval.NewPhraseText(b.Text)
				texts[i] = t
			}
			if t.Contains(phrase) {
				out = append(out, i)
			}
		}
	}
	return out
}

// snippetLeaks counts, over a split of a dataset with snippets/, the
// blocks that leak a must-exclude string, by the probability the default
// model gives them; with list it writes each (page, words, probability,
// text).
func snippetLeaks(ds *data.Dataset, split string, keep func(*data.Document) ([]bool, []float32, error), list bool, w io.Writer) error {
	var n, at9, at8, at7 int
	for _, id := range ds.IDs[split] {
		s, ok, err := ds.ReadSnippets(id)
		if err != nil {
			return err
		}
		if !ok || len(s.Without) == 0 {
			continue
		}
		d, err := ds.Load(id, data.Options{})
		if err != nil {
			return err
		}
		sel, probs, err := keep(d)
		if err != nil {
			return err
		}
		for _, i := range leakedBlocks(d.Page.Blocks, sel, s.Without) {
			p := probs[i]
			n++
			if p >= 0.9 {
				at9++
			}
			if p >= 0.8 {
				at8++
			}
			if p >= 0.7 {
				at7++
			}
			if list {
				b := d.Page.Blocks[i]
				fmt.Fprintf(w, "%s\t%d\t%.2f\t%.80s\n", id, b.Words, p, b.Text)
			}
		}
	}
	fmt.Fprintf(w, "%-10s %s: %d blocks leak a must-exclude string; P(content) >= 0.9: %d, >= 0.8: %d, >= 0.7: %d\n", ds.Name, split, n, at9, at8, at7)
	return nil
}
