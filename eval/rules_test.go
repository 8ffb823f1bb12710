package eval_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/tokenize"
)

// snippetRule is one way of deciding whether a snippet is in an output.
type snippetRule struct {
	name string
	in   func(out, gold *eval.PhraseText, lower, snippet string) bool
}

// withRules and withoutRules are the rules TestSnippetRules compares;
// the last of each is the one eval applies.
var (
	withRules = []snippetRule{
		{"substring (the benchmark's)", func(_, _ *eval.PhraseText, lower, s string) bool { return strings.Contains(lower, strings.ToLower(s)) }},
		{"phrase", func(out, _ *eval.PhraseText, _, s string) bool { return out.Contains(eval.PhraseWords(s)) }},
		{"phrase, last word may be cut (eval)", func(out, _ *eval.PhraseText, _, s string) bool { return out.ContainsCut(eval.PhraseWords(s)) }},
	}
	withoutRules = []snippetRule{
		withRules[0],
		withRules[1],
		{"phrase; up to 3 words: a whole line", func(out, _ *eval.PhraseText, _, s string) bool {
			w := eval.PhraseWords(s)
			if len(w) > 3 {
				return out.Contains(w)
			}
			return wholeLine(out, w)
		}},
		{"phrase, more often than in the gold (eval)", func(out, gold *eval.PhraseText, _, s string) bool {
			w := eval.PhraseWords(s)
			return out.Count(w) > gold.Count(w)
		}},
	}
)

// wholeLine reports whether a line of t has exactly the words w.
func wholeLine(t *eval.PhraseText, w []string) bool {
	for _, l := range t.Lines() {
		if l == strings.Join(w, " ") {
			return true
		}
	}
	return false
}

// TestSnippetRules prints, for the dataset in $BOILERNET_SNIPPETS_DATA
// (a folder with snippets/, such as ../shared/data/wcxb) and the split
// in $BOILERNET_SNIPPETS_SPLIT (dev by default), the must-include found
// and must-exclude leaked rates of three outputs (the gold text itself,
// every block, the default model) under each rule compared in
// docs/evaluation.md:
//
//	BOILERNET_SNIPPETS_DATA=../../shared/data/wcxb go test ./eval -run SnippetRules -v
//
// Without the variable it is skipped.
func TestSnippetRules(t *testing.T) {
	dir := os.Getenv("BOILERNET_SNIPPETS_DATA")
	if dir == "" {
		t.Skip("BOILERNET_SNIPPETS_DATA not set")
	}
	split := os.Getenv("BOILERNET_SNIPPETS_SPLIT")
	if split == "" {
		split = "dev"
	}
	ds, err := data.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	outputs := []string{"gold", "keep-all", "bilstm"}
	found := map[string][]int{}  // output → with found per rule
	leaked := map[string][]int{} // output → without leaked per rule
	with, without := 0, 0
	for _, id := range ds.IDs[split] {
		d, err := ds.Load(id, data.Options{})
		if err != nil {
			continue // as eval skips it
		}
		s, _, err := ds.ReadSnippets(id)
		if err != nil {
			t.Fatal(err)
		}
		texts, err := ruleOutputs(d, ex)
		if err != nil {
			t.Fatal(err)
		}
		gold := eval.NewPhraseText(d.Gold.Text())
		with, without = with+len(s.With), without+len(s.Without)
		for k, text := range texts {
			out, lower := eval.NewPhraseText(text), strings.ToLower(text)
			found[outputs[k]] = addFound(found[outputs[k]], withRules, out, gold, lower, s.With)
			leaked[outputs[k]] = addFound(leaked[outputs[k]], withoutRules, out, gold, lower, s.Without)
		}
	}
	fmt.Printf("%s %s: %d must-include, %d must-exclude snippets\n\n| rule | %s |\n|---|---|---|---|\n", ds.Name, split, with, without, strings.Join(outputs, " | "))
	printRules(withRules, "must-include found", found, outputs, with)
	printRules(withoutRules, "must-exclude leaked", leaked, outputs, without)
	if n := leaked["gold"][len(withoutRules)-1]; n != 0 {
		t.Errorf("the gold leaks %d must-exclude snippets by eval's rule", n)
	}
}

// ruleOutputs returns the texts of the outputs TestSnippetRules
// compares on d: its gold, every block, the default model's blocks.
func ruleOutputs(d *data.Document, ex *infer.Extractor) ([]string, error) {
	_, sel, err := ex.Method().Label(ex.Classifier(), methods.Page{Page: d.Page, Title: metadata.Read(d.Page.Root, "").Title()})
	if err != nil {
		return nil, err
	}
	return []string{d.Gold.Text(), tokenize.Text(d.Page.Blocks),
		tokenize.Text(tokenize.Selected(d.Page.Blocks, func(i int) bool { return sel[i] }))}, nil
}

// addFound adds to counts (one per rule) the snippets each rule finds.
func addFound(counts []int, rules []snippetRule, out, gold *eval.PhraseText, lower string, snippets []string) []int {
	if counts == nil {
		counts = make([]int, len(rules))
	}
	for k, r := range rules {
		for _, s := range snippets {
			if r.in(out, gold, lower, s) {
				counts[k]++
			}
		}
	}
	return counts
}

// printRules prints a row of rates per rule.
func printRules(rules []snippetRule, what string, counts map[string][]int, outputs []string, total int) {
	for k, r := range rules {
		row := "| " + what + ": " + r.name
		for _, o := range outputs {
			row += fmt.Sprintf(" | %.3f", float64(counts[o][k])/float64(max(1, total)))
		}
		fmt.Println(row + " |")
	}
}
