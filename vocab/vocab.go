// Package vocab holds the word and tag vocabularies of the BoilerNet
// features and encodes a text block as a sparse row of counts.
//
// A row has Dim() columns: column 0 counts out-of-vocabulary words, columns
// 1..len(Words) count the vocabulary words, the next column counts
// out-of-vocabulary ancestor tags and the last len(Tags) columns count the
// vocabulary tags on the block's ancestor path.
package vocab

import (
	"cmp"
	"slices"

	"github.com/boilernet/boilernet/tokenize"
)

// Default vocabulary sizes (Leonhardt et al., 2020).
const (
	DefaultWords = 1000
	DefaultTags  = 50
)

// Vocab maps words and tags to columns.
type Vocab struct {
	Words []string // the vocabulary words, most frequent first
	Tags  []string // the vocabulary tags, most frequent first

	wordCol map[string]int32
	tagCol  map[string]int32
}

// New returns a vocabulary of the given words and tags, in order. It fails
// on duplicates.
func New(words, tags []string) (*Vocab, error) {
	for _, list := range []struct {
		what  string
		items []string
	}{{"word", words}, {"tag", tags}} {
		seen := make(map[string]bool, len(list.items))
		for _, s := range list.items {
			if seen[s] {
				return nil, &Error{"duplicate " + list.what + " " + quote(s)}
			}
			seen[s] = true
		}
	}
	return newVocab(words, tags), nil
}

// newVocab builds the column maps of lists without duplicates.
func newVocab(words, tags []string) *Vocab {
	v := &Vocab{Words: words, Tags: tags, wordCol: make(map[string]int32, len(words)), tagCol: make(map[string]int32, len(tags))}
	for i, w := range words {
		v.wordCol[w] = int32(1 + i)
	}
	for i, t := range tags {
		v.tagCol[t] = int32(len(words) + 2 + i)
	}
	return v
}

// Dim is the number of columns of an encoded row.
func (v *Vocab) Dim() int { return len(v.Words) + len(v.Tags) + 2 }

// WordOOV is the column counting words outside the vocabulary.
func (v *Vocab) WordOOV() int { return 0 }

// TagOOV is the column counting ancestor tags outside the vocabulary.
func (v *Vocab) TagOOV() int { return len(v.Words) + 1 }

// Entry is one non-zero column of a sparse row.
type Entry struct {
	Col   int32
	Count float32
}

// Encode appends to dst the sparse row of a block — its word counts
// (tokenize.Words of its text) and the counts of the tags on its ancestor
// path — sorted by column, and returns it.
func (v *Vocab) Encode(dst []Entry, b tokenize.Block) []Entry {
	start := len(dst)
	for _, w := range tokenize.Words(b.Text) {
		col, ok := v.wordCol[w]
		if !ok {
			col = 0
		}
		dst = append(dst, Entry{col, 1})
	}
	oov := int32(v.TagOOV())
	for _, t := range b.Path {
		col, ok := v.tagCol[t]
		if !ok {
			col = oov
		}
		dst = append(dst, Entry{col, 1})
	}
	row := dst[start:]
	slices.SortFunc(row, func(a, b Entry) int { return cmp.Compare(a.Col, b.Col) })
	// Merge equal columns into counts.
	out := start
	for _, e := range row {
		if out > start && dst[out-1].Col == e.Col {
			dst[out-1].Count += e.Count
			continue
		}
		dst[out] = e
		out++
	}
	return dst[:out]
}

// Builder counts words and tags over training pages.
type Builder struct {
	words, tags map[string]int
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	return &Builder{words: map[string]int{}, tags: map[string]int{}}
}

// Add counts the words and ancestor tags of blocks, as Encode sees them.
func (b *Builder) Add(blocks []tokenize.Block) {
	var words []string
	for _, blk := range blocks {
		words = tokenize.AppendWords(words[:0], blk.Text)
		for _, w := range words {
			b.words[w]++
		}
		for _, t := range blk.Path {
			b.tags[t]++
		}
	}
}

// Build returns the vocabulary of the maxWords most frequent words and the
// maxTags most frequent tags; ties are broken by the string, so the result
// depends only on the counts.
func (b *Builder) Build(maxWords, maxTags int) *Vocab {
	return newVocab(top(b.words, maxWords), top(b.tags, maxTags))
}

func top(counts map[string]int, k int) []string {
	keys := make([]string, 0, len(counts))
	for s := range counts {
		keys = append(keys, s)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return keys[:min(k, len(keys))]
}
