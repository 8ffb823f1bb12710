package vocab

import (
	"math/bits"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// NumTitleStats is the number of title columns (Features.Title): the share
// of the title's words the block has, the share of the block's words that
// are title words, and for each of the block's enclosing elements at the
// levels in regionLevels, the share of the title's words under it. The
// title is the page's (tokenize.Title, site name dropped); its words are
// its word tokens outside the vocabulary's titleStopWords most frequent
// words. Teasers of other articles and site menus share few words with a
// page's title; its own article shares many.
const NumTitleStats = 2 + len(regionLevels)

const (
	// titleStopWords is how many of the most frequent vocabulary words
	// (function words of the training languages) never count as title
	// words.
	titleStopWords = 100
	// maxTitleWords bounds the distinct title words matched (one bit each).
	maxTitleWords = 64
)

// titleStats matches the blocks of one page against its title.
type titleStats struct {
	index elementIndex
	word  map[string]uint8 // title word → its bit
	n     int              // distinct title words
	mask  []uint64         // by block: the title words it has
	share []float32        // by block: the share of its words in the title
	under []uint64         // by element: the title words under it
}

// newTitleStats prepares the matching of blocks against the title of the
// document their nodes belong to (none when no block has a node).
func (v *Vocab) newTitleStats(blocks []tokenize.Block, index elementIndex) *titleStats {
	ts := &titleStats{index: index, mask: make([]uint64, len(blocks)), share: make([]float32, len(blocks))}
	root := documentOf(blocks)
	if root == nil {
		return ts
	}
	stop := v.Words[:min(titleStopWords, len(v.Words))]
	ts.word = map[string]uint8{}
	for _, w := range tokenize.Words(tokenize.Title(root)) {
		if ts.n == maxTitleWords {
			break
		}
		if _, ok := ts.word[w]; ok || !tokenize.IsWord(w) || isStop(stop, w) {
			continue
		}
		ts.word[w] = uint8(ts.n)
		ts.n++
	}
	return ts
}

func isStop(stop []string, w string) bool {
	for _, s := range stop {
		if s == w {
			return true
		}
	}
	return false
}

// documentOf returns the root of the tree the first block with a node
// belongs to.
func documentOf(blocks []tokenize.Block) *html.Node {
	for _, b := range blocks {
		if n := b.Node; n != nil {
			for n.Parent != nil {
				n = n.Parent
			}
			return n
		}
	}
	return nil
}

// add matches block i's tokens (words: its word count).
func (ts *titleStats) add(i int, tokens []string, words int) {
	if ts.n == 0 || words == 0 {
		return
	}
	hits := 0
	for _, w := range tokens {
		if bit, ok := ts.word[w]; ok {
			ts.mask[i] |= 1 << bit
			hits++
		}
	}
	ts.share[i] = float32(hits) / float32(words)
}

// sum gathers the title words under each element, once every block was
// added.
func (ts *titleStats) sum(blocks []tokenize.Block) {
	if ts.n == 0 {
		return
	}
	ts.under = make([]uint64, ts.index.n)
	for i, b := range blocks {
		if m := ts.mask[i]; m != 0 {
			for _, el := range b.Ancestors {
				ts.under[ts.index.of(el)] |= m
			}
		}
	}
}

func (ts *titleStats) append(row []Entry, first int32, i int, b tokenize.Block) []Entry {
	if ts.under == nil { // no title words
		return row
	}
	cover := func(m uint64) float32 { return float32(bits.OnesCount64(m)) / float32(ts.n) }
	if m := ts.mask[i]; m != 0 {
		row = append(row, Entry{first, cover(m)}, Entry{first + 1, ts.share[i]})
	}
	if len(b.Ancestors) == 0 {
		return row
	}
	for k, level := range regionLevels {
		if m := ts.under[ts.index.of(b.Ancestors[max(0, len(b.Ancestors)-level)])]; m != 0 {
			row = append(row, Entry{first + 2 + int32(k), cover(m)})
		}
	}
	return row
}
