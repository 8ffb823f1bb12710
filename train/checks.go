package train

import (
	"slices"
	"strings"
	"unicode"

	"github.com/boilernet/boilernet/data"
)

// weighChecks gives weight w in the loss to the blocks of the training
// page d that hold a word of an occurrence of one of its snippets (the
// strings a reader checks, snippets/<id>.json of ds), where the block's
// label agrees with the snippet: must-exclude strings in boilerplate
// blocks, must-include ones in content blocks. A page without a snippet
// file is left as it is.
func weighChecks(s *sequence, ds *data.Dataset, d *data.Document, w float64) error {
	sn, ok, err := ds.ReadSnippets(d.ID)
	if err != nil || !ok {
		return err
	}
	marks := checkedBlocks(d, sn)
	if len(marks) == 0 {
		return nil
	}
	if s.Weights == nil {
		s.Weights = make([]float32, len(d.Page.Blocks))
		for j := range s.Weights {
			s.Weights[j] = 1
		}
	}
	for j := range marks {
		s.Weights[j] *= float32(w)
	}
	return nil
}

// checkedBlocks returns the blocks of d that hold a word of an occurrence
// of a snippet of sn (words compared in lower case, punctuation aside)
// and whose label agrees with it.
func checkedBlocks(d *data.Document, sn data.Snippets) map[int]bool {
	var words []string
	var owner []int // the block of each word
	for j, b := range d.Page.Blocks {
		for _, w := range snippetWords(b.Text) {
			words = append(words, w)
			owner = append(owner, j)
		}
	}
	marks := make(map[int]bool)
	mark := func(snippets []string, content bool) {
		for _, sn := range snippets {
			q := snippetWords(sn)
			if len(q) == 0 {
				continue
			}
			for at := 0; at+len(q) <= len(words); at++ {
				if !slices.Equal(words[at:at+len(q)], q) {
					continue
				}
				for k := at; k < at+len(q); k++ {
					if j := owner[k]; d.Labels[j] == content {
						marks[j] = true
					}
				}
			}
		}
	}
	mark(sn.Without, false)
	mark(sn.With, true)
	return marks
}

// snippetWords splits s into lower-case runs of letters and digits.
func snippetWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
