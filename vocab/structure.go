package vocab

import (
	"math"

	"github.com/boilernet/boilernet/tokenize"
)

// NumRepeatStats is the number of columns of Features.Repeats: for each of
// the block's enclosing elements at the levels of regionLevels (the root
// when the block is not that deep), how many of that element's siblings
// share its shape (its tag and attribute tokens; log(1+n)/3), the share of
// those same-shaped siblings whose first text lies inside a link, and the
// headings under the element (log(1+n)/2). A list of teaser cards is one
// element repeated with the same shape, each card starting with a link and
// holding a heading; an article's paragraphs are neither.
const NumRepeatStats = 3 * len(regionLevels)

// NumVisibleStats is the number of columns of Features.Visible: 1 when the
// block is hidden from readers (tokenize.Block.Hidden).
const NumVisibleStats = 1

// NumTopicStats is the number of columns of Features.Topic: the share of
// the block's words found in the page's first <h1> (its headline), and the
// share of its distinct words that recur in another paragraph of the page.
// The text of another article (a teaser, a promotion) shares few words with
// the headline and the rest of the page.
const NumTopicStats = 2

// repeatStats holds, by elementIndex, the same-shape sibling counts, their
// link-led share and the headings under each element of one page.
type repeatStats struct {
	index    elementIndex
	same     []int     // same-shaped siblings of the element, itself included
	linkLed  []float64 // share of those whose first block is in a link
	headings []int
}

func newRepeatStats(blocks []tokenize.Block, index elementIndex) repeatStats {
	rs := repeatStats{index: index, same: make([]int, index.n), linkLed: make([]float64, index.n), headings: make([]int, index.n)}
	seen := make([]bool, index.n)
	// An element's group: its parent and a hash of its shape (name and
	// attribute tokens), so that no key is built as a string.
	type groupKey struct {
		parent int
		shape  uint64
	}
	type count struct{ n, linked int }
	group := make([]int32, index.n) // index in counts
	groups := make(map[groupKey]int32, index.n/2)
	var counts []count
	for _, b := range blocks {
		for depth, el := range b.Ancestors {
			i := index.of(el)
			if seen[i] {
				continue
			}
			seen[i] = true
			if isHeading(el.Name) {
				for _, up := range b.Ancestors[:depth+1] {
					rs.headings[index.of(up)]++
				}
			}
			k := groupKey{parent: -1, shape: shapeHash(el)}
			if depth > 0 {
				k.parent = index.of(b.Ancestors[depth-1])
			}
			g, ok := groups[k]
			if !ok {
				g = int32(len(counts))
				groups[k] = g
				counts = append(counts, count{})
			}
			group[i] = g
			c := &counts[g]
			c.n++
			if b.InLink {
				c.linked++
			}
		}
	}
	for i, g := range group {
		if seen[i] {
			c := counts[g]
			rs.same[i] = c.n
			rs.linkLed[i] = float64(c.linked) / float64(c.n)
		}
	}
	return rs
}

// shapeHash is the FNV-1a hash of an element's name and attribute tokens.
func shapeHash(el *tokenize.Element) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	add := func(s string) {
		for i := 0; i < len(s); i++ {
			h = (h ^ uint64(s[i])) * prime
		}
		h = (h ^ 0xff) * prime // a separator no UTF-8 byte equals
	}
	add(el.Name)
	for _, a := range el.Attrs {
		add(a)
	}
	return h
}

func isHeading(name string) bool {
	return len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6'
}

func (rs repeatStats) append(row []Entry, first int32, b tokenize.Block) []Entry {
	if len(b.Ancestors) == 0 {
		return row
	}
	for k, level := range regionLevels {
		i := rs.index.of(b.Ancestors[max(0, len(b.Ancestors)-level)])
		x := [3]float64{
			math.Log1p(float64(rs.same[i]-1)) / 3,
			rs.linkLed[i],
			math.Log1p(float64(rs.headings[i])) / 2,
		}
		for j, val := range x {
			if val != 0 {
				row = append(row, Entry{first + int32(3*k+j), float32(val)})
			}
		}
	}
	return row
}

// topicStats holds the headline's words and, for each word, how many
// paragraphs of the page hold it (counted up to 2).
type topicStats struct {
	headline map[string]bool
	paras    map[string]int
	lastPara map[string]int
}

func newTopicStats(blocks []tokenize.Block, words [][]string) topicStats {
	ts := topicStats{headline: map[string]bool{}, paras: map[string]int{}, lastPara: map[string]int{}}
	h1 := -1
	for i, b := range blocks {
		if h1 < 0 && onPath(b.Path, "h1") {
			h1 = b.Para
		}
		if h1 >= 0 && b.Para == h1 {
			for _, w := range words[i] {
				if tokenize.IsWord(w) {
					ts.headline[w] = true
				}
			}
		}
		for _, w := range words[i] {
			if !tokenize.IsWord(w) {
				continue
			}
			if last, ok := ts.lastPara[w]; !ok || last != b.Para {
				ts.lastPara[w] = b.Para
				if ts.paras[w] < 2 {
					ts.paras[w]++
				}
			}
		}
	}
	return ts
}

func onPath(path []string, tag string) bool {
	for _, t := range path {
		if t == tag {
			return true
		}
	}
	return false
}

func (ts topicStats) append(row []Entry, first int32, words []string) []Entry {
	n, inHeadline, distinct, recurring := 0, 0, 0, 0
	seen := map[string]bool{}
	for _, w := range words {
		if !tokenize.IsWord(w) {
			continue
		}
		n++
		if ts.headline[w] {
			inHeadline++
		}
		if !seen[w] {
			seen[w] = true
			distinct++
			if ts.paras[w] > 1 {
				recurring++
			}
		}
	}
	if n == 0 {
		return row
	}
	if inHeadline > 0 {
		row = append(row, Entry{first, float32(inHeadline) / float32(n)})
	}
	if recurring > 0 {
		row = append(row, Entry{first + 1, float32(recurring) / float32(distinct)})
	}
	return row
}
