// Package vocab holds the vocabularies of the BoilerNet features and encodes
// the text blocks of a page as sparse rows.
//
// A row has Dim() columns. The paper's feature set (Leonhardt et al., 2020)
// has a bag of words and a bag of ancestor tags: column 0 counts
// out-of-vocabulary words, columns 1..len(Words) count the vocabulary words,
// the next column counts out-of-vocabulary ancestor tags and the next
// len(Tags) columns count the vocabulary tags on the block's ancestor path.
// Richer feature sets add, after those, a bag of the ancestors' attribute
// tokens (class and id words, ARIA roles, microdata; an out-of-vocabulary
// column then len(Attrs) columns) and NumStats columns of block statistics
// (lengths, link density, punctuation, depth, position, visibility).
package vocab

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boilernet/boilernet/internal/boolset"
	"github.com/boilernet/boilernet/tokenize"
)

// Default vocabulary sizes: words and tags as in Leonhardt et al. (2020);
// attribute tokens chosen on the dev splits (200 generalized better to
// unseen sites than 1000).
const (
	DefaultWords = 1000
	DefaultTags  = 50
	DefaultAttrs = 200
)

// Features selects the parts of a row beyond the paper's words and tags.
type Features struct {
	Attrs   bool // the bag of ancestor attribute tokens
	Stats   bool // the block statistics columns
	Regions bool // the statistics of the block's enclosing elements
	Repeats bool // same-shaped siblings, link-led and heading counts of its enclosing elements
	Visible bool // whether the block is hidden from readers
	Topic   bool // the block's words shared with the headline and other paragraphs
}

// Paper is the paper's feature set: words and tags.
func Paper() Features { return Features{} }

// Rich adds attribute tokens and block statistics to the paper's features.
func Rich() Features { return Features{Attrs: true, Stats: true} }

// Default is the feature set of the embedded model, chosen on the dev
// splits: the paper's plus attribute tokens and region statistics.
func Default() Features { return Features{Attrs: true, Regions: true} }

// ParseFeatures reads a feature set name: "paper", "rich", or "paper+"
// followed by "+"-joined parts ("paper+attrs", "paper+stats",
// "paper+regions", "paper+attrs+regions").
func ParseFeatures(s string) (Features, error) {
	switch s {
	case "paper":
		return Paper(), nil
	case "rich":
		return Rich(), nil
	}
	rest, ok := strings.CutPrefix(s, "paper+")
	if !ok {
		return Features{}, fmt.Errorf("unknown feature set %q (paper, rich, or paper+ then parts joined by +: %s)", s, featurePartNames())
	}
	var f Features
	if name, ok := featureParts.Set(&f, strings.SplitSeq(rest, "+")); !ok {
		return Features{}, fmt.Errorf("unknown feature %q in %q (%s)", name, s, featurePartNames())
	}
	return f, nil
}

// String is the name ParseFeatures reads.
func (f Features) String() string {
	switch f {
	case Paper():
		return "paper"
	case Rich():
		return "rich"
	}
	return strings.Join(append([]string{"paper"}, featureParts.On(f)...), "+")
}

// featureParts are the parts of a feature set beyond the paper's, in the
// order of their names and columns; part i is bit i of the serialized
// vocabulary's flags.
var featureParts = boolset.Fields[Features]{
	{Name: "attrs", Of: func(f *Features) *bool { return &f.Attrs }},
	{Name: "stats", Of: func(f *Features) *bool { return &f.Stats }},
	{Name: "regions", Of: func(f *Features) *bool { return &f.Regions }},
	{Name: "repeats", Of: func(f *Features) *bool { return &f.Repeats }},
	{Name: "visible", Of: func(f *Features) *bool { return &f.Visible }},
	{Name: "topic", Of: func(f *Features) *bool { return &f.Topic }},
}

func featurePartNames() string { return strings.Join(featureParts.Names(), ", ") }

// Vocab maps words, tags and attribute tokens to columns.
type Vocab struct {
	Features Features
	Words    []string // the vocabulary words, most frequent first
	Tags     []string // the vocabulary tags, most frequent first
	Attrs    []string // the vocabulary attribute tokens (Features.Attrs)

	wordCol, tagCol, attrCol map[string]int32
}

// New returns a vocabulary of the paper's feature set with the given words
// and tags, in order. It fails on duplicates.
func New(words, tags []string) (*Vocab, error) { return NewFeatures(Paper(), words, tags, nil) }

// NewFeatures returns a vocabulary of feature set f with the given words,
// tags and attribute tokens (which must be empty unless f.Attrs). It fails
// on duplicates.
func NewFeatures(f Features, words, tags, attrs []string) (*Vocab, error) {
	if !f.Attrs && len(attrs) > 0 {
		return nil, &Error{fmt.Sprintf("feature set %v has no attribute tokens", f)}
	}
	for _, list := range []struct {
		what  string
		items []string
	}{{"word", words}, {"tag", tags}, {"attribute token", attrs}} {
		seen := make(map[string]bool, len(list.items))
		for _, s := range list.items {
			if seen[s] {
				return nil, &Error{"duplicate " + list.what + " " + quote(s)}
			}
			seen[s] = true
		}
	}
	return newVocab(f, words, tags, attrs), nil
}

// newVocab builds the column maps of lists without duplicates.
func newVocab(f Features, words, tags, attrs []string) *Vocab {
	v := &Vocab{Features: f, Words: words, Tags: tags, Attrs: attrs}
	v.wordCol = columns(words, 1)
	v.tagCol = columns(tags, int32(v.TagOOV()+1))
	v.attrCol = columns(attrs, int32(v.AttrOOV()+1))
	return v
}

func columns(items []string, first int32) map[string]int32 {
	m := make(map[string]int32, len(items))
	for i, s := range items {
		m[s] = first + int32(i)
	}
	return m
}

// Equal reports whether v and o encode every block alike: the same
// feature set and the same words, tags and attribute tokens in the same
// order (models trained on the same pages with different seeds).
func (v *Vocab) Equal(o *Vocab) bool {
	return v == o || v.Features == o.Features && slices.Equal(v.Words, o.Words) &&
		slices.Equal(v.Tags, o.Tags) && slices.Equal(v.Attrs, o.Attrs)
}

// Dim is the number of columns of an encoded row.
func (v *Vocab) Dim() int { return v.TopicStart() + v.numTopic() }

// WordOOV is the column counting words outside the vocabulary.
func (v *Vocab) WordOOV() int { return 0 }

// TagOOV is the column counting ancestor tags outside the vocabulary.
func (v *Vocab) TagOOV() int { return len(v.Words) + 1 }

// AttrOOV is the column counting attribute tokens outside the vocabulary
// (meaningful only with Features.Attrs).
func (v *Vocab) AttrOOV() int { return v.TagOOV() + 1 + len(v.Tags) }

// StatsStart is the first block statistics column (Features.Stats).
func (v *Vocab) StatsStart() int {
	if !v.Features.Attrs {
		return v.AttrOOV()
	}
	return v.AttrOOV() + 1 + len(v.Attrs)
}

func (v *Vocab) numStats() int {
	if v.Features.Stats {
		return NumStats
	}
	return 0
}

// RegionsStart is the first column of the region statistics
// (Features.Regions).
func (v *Vocab) RegionsStart() int { return v.StatsStart() + v.numStats() }

func (v *Vocab) numRegions() int {
	if v.Features.Regions {
		return NumRegionStats
	}
	return 0
}

// RepeatsStart is the first column of Features.Repeats.
func (v *Vocab) RepeatsStart() int { return v.RegionsStart() + v.numRegions() }

// VisibleStart is the column of Features.Visible.
func (v *Vocab) VisibleStart() int {
	return v.RepeatsStart() + count(v.Features.Repeats, NumRepeatStats)
}

// TopicStart is the first column of Features.Topic.
func (v *Vocab) TopicStart() int {
	return v.VisibleStart() + count(v.Features.Visible, NumVisibleStats)
}

func (v *Vocab) numTopic() int { return count(v.Features.Topic, NumTopicStats) }

func count(on bool, n int) int {
	if on {
		return n
	}
	return 0
}

// Entry is one non-zero column of a sparse row.
type Entry struct {
	Col   int32
	Count float32
}

// Encode appends to dst the bag columns of a block — its word counts
// (tokenize.Words of its text), the counts of the tags on its ancestor path
// and, with Features.Attrs, of its ancestors' attribute tokens — sorted by
// column, and returns it. For the paper's feature set this is the whole
// row; EncodePage gives whole rows of any feature set.
func (v *Vocab) Encode(dst []Entry, b tokenize.Block) []Entry {
	return v.encode(dst, b, tokenize.Words(b.Text), newBag(v.Dim()))
}

// bag accumulates the counts of one row by column, so that a row is sorted
// by sorting its distinct columns only.
type bag struct {
	count   []float32 // by column; zero outside touched
	touched []int32
}

func newBag(dim int) *bag { return &bag{count: make([]float32, dim)} }

func (g *bag) add(col int32) {
	if g.count[col] == 0 {
		g.touched = append(g.touched, col)
	}
	g.count[col]++
}

// appendTo appends the bag's entries sorted by column to dst and empties
// the bag.
func (g *bag) appendTo(dst []Entry) []Entry {
	slices.Sort(g.touched)
	for _, c := range g.touched {
		dst = append(dst, Entry{c, g.count[c]})
		g.count[c] = 0
	}
	g.touched = g.touched[:0]
	return dst
}

func (v *Vocab) encode(dst []Entry, b tokenize.Block, words []string, g *bag) []Entry {
	for _, w := range words {
		g.add(v.wordCol[w]) // 0, the OOV column, when missing
	}
	addBag(g, v.tagCol, int32(v.TagOOV()), b.Path)
	if v.Features.Attrs {
		oov := int32(v.AttrOOV())
		for _, el := range b.Ancestors {
			addBag(g, v.attrCol, oov, el.Attrs)
		}
	}
	return g.appendTo(dst)
}

// elementColumns caches, by elementIndex, the tag column and the
// attribute token columns of a page's elements: blocks share their
// ancestors, so each element's columns are looked up once per page rather
// than once per block below it.
type elementColumns struct {
	index elementIndex
	span  []colSpan // by index: the element's columns in flat
	flat  []int32
}

// colSpan locates an element's columns in elementColumns.flat; end 0 means
// not looked up yet (an element has at least its tag column).
type colSpan struct{ start, end int32 }

func newElementColumns(index elementIndex) *elementColumns {
	return &elementColumns{index: index, span: make([]colSpan, index.n), flat: make([]int32, 0, 4*index.n)}
}

// elementIndex numbers the elements above a page's blocks for slices
// indexed by element: their tokenize.Element.Index when those are distinct
// (a parsed page), else (blocks put together by hand) numbers of its own.
type elementIndex struct {
	n     int
	byPtr map[*tokenize.Element]int // nil: Element.Index
}

func newElementIndex(blocks []tokenize.Block) elementIndex {
	n, refs := 0, 0
	valid := true
	for _, b := range blocks {
		refs += len(b.Ancestors)
		for _, el := range b.Ancestors {
			n = max(n, el.Index+1)
			valid = valid && el.Index >= 0
		}
	}
	// Distinct elements are at most the references to them: a larger
	// Index was not given by the parser, and must not size a slice.
	valid = valid && n <= refs
	if valid {
		owner := make([]*tokenize.Element, n)
		for _, b := range blocks {
			for _, el := range b.Ancestors {
				if o := owner[el.Index]; o == nil {
					owner[el.Index] = el
				} else if o != el {
					valid = false
				}
			}
		}
	}
	if valid {
		return elementIndex{n: n}
	}
	x := elementIndex{byPtr: map[*tokenize.Element]int{}}
	for _, b := range blocks {
		for _, el := range b.Ancestors {
			if _, ok := x.byPtr[el]; !ok {
				x.byPtr[el] = len(x.byPtr)
			}
		}
	}
	x.n = len(x.byPtr)
	return x
}

func (x elementIndex) of(el *tokenize.Element) int {
	if x.byPtr != nil {
		return x.byPtr[el]
	}
	return el.Index
}

// of returns el's columns.
func (c *elementColumns) of(v *Vocab, el *tokenize.Element) []int32 {
	i := c.index.of(el)
	if sp := c.span[i]; sp.end > 0 {
		return c.flat[sp.start:sp.end]
	}
	start := len(c.flat)
	col, ok := v.tagCol[el.Name]
	if !ok {
		col = int32(v.TagOOV())
	}
	c.flat = append(c.flat, col)
	if v.Features.Attrs {
		for _, a := range el.Attrs {
			col, ok := v.attrCol[a]
			if !ok {
				col = int32(v.AttrOOV())
			}
			c.flat = append(c.flat, col)
		}
	}
	c.span[i] = colSpan{int32(start), int32(len(c.flat))}
	return c.flat[start:]
}

// encodeCached is encode with the ancestors' columns from c, for blocks
// whose Ancestors match their Path (those of a parsed page).
func (v *Vocab) encodeCached(dst []Entry, b tokenize.Block, words []string, g *bag, c *elementColumns) []Entry {
	if len(b.Ancestors) != len(b.Path) {
		return v.encode(dst, b, words, g)
	}
	for _, w := range words {
		g.add(v.wordCol[w]) // 0, the OOV column, when missing
	}
	for _, el := range b.Ancestors {
		for _, col := range c.of(v, el) {
			g.add(col)
		}
	}
	return g.appendTo(dst)
}

func addBag(g *bag, cols map[string]int32, oov int32, items []string) {
	for _, s := range items {
		col, ok := cols[s]
		if !ok {
			col = oov
		}
		g.add(col)
	}
}

// The block statistics, in column order from StatsStart.
const (
	StatWords        = iota // log(1 + words of the block) / 4
	StatParaWords           // log(1 + words of its paragraph) / 6
	StatInLink              // 1 inside a link
	StatParaLinkDens        // share of its paragraph's words inside links
	StatPunct               // share of its tokens that are punctuation
	StatSentenceEnd         // 1 when its text ends a sentence (. ! ? …)
	StatDepth               // ancestors / 32
	StatPosition            // share of the page's words before it
	StatHidden              // 1 when hidden from readers
	StatDigits              // share of its letters and digits that are digits
	StatParaBlocks          // log(1 + blocks of its paragraph) / 3
	NumStats
)

// EncodePage encodes every block of one page in order and calls emit with
// each whole row (the bag columns of Encode, then the block and region
// statistics when the feature set has them). The row is only valid during
// the call.
func (v *Vocab) EncodePage(blocks []tokenize.Block, emit func(i int, row []Entry)) {
	var row []Entry
	g := newBag(v.Dim())
	index := newElementIndex(blocks)
	cache := newElementColumns(index)
	if !v.Features.Stats && !v.Features.Topic {
		// Block by block, in one buffer of words; the region and repeat
		// statistics, which need the whole page, are counted first.
		var rs regionStats
		if v.Features.Regions {
			wordCount := make([]int, len(blocks))
			for i, b := range blocks {
				wordCount[i] = b.Words
			}
			rs = newRegionStats(blocks, wordCount, index)
		}
		var reps repeatStats
		if v.Features.Repeats {
			reps = newRepeatStats(blocks, index)
		}
		var words []string
		for i, b := range blocks {
			words = tokenize.AppendWords(words[:0], b.Text)
			row = v.encodeCached(row[:0], b, words, g, cache)
			row = v.appendStructure(row, b, rs, reps)
			emit(i, row)
		}
		return
	}
	words := make([][]string, len(blocks))
	for i, b := range blocks {
		words[i] = tokenize.Words(b.Text)
	}
	ps := newPageStats(blocks, words)
	var rs regionStats
	if v.Features.Regions {
		rs = newRegionStats(blocks, ps.wordCount, index)
	}
	var reps repeatStats
	if v.Features.Repeats {
		reps = newRepeatStats(blocks, index)
	}
	var ts topicStats
	if v.Features.Topic {
		ts = newTopicStats(blocks, words)
	}
	for i, b := range blocks {
		row = v.encodeCached(row[:0], b, words[i], g, cache)
		if v.Features.Stats {
			row = ps.append(row, int32(v.StatsStart()), blocks, words, i)
		}
		row = v.appendStructure(row, b, rs, reps)
		if v.Features.Topic {
			row = ts.append(row, int32(v.TopicStart()), words[i])
		}
		emit(i, row)
	}
}

// appendStructure appends the block's region, repeat and visibility
// columns, those of the feature set's parts.
func (v *Vocab) appendStructure(row []Entry, b tokenize.Block, rs regionStats, reps repeatStats) []Entry {
	if v.Features.Regions {
		row = rs.append(row, int32(v.RegionsStart()), b)
	}
	if v.Features.Repeats {
		row = reps.append(row, int32(v.RepeatsStart()), b)
	}
	if v.Features.Visible && b.Hidden {
		row = append(row, Entry{int32(v.VisibleStart()), 1})
	}
	return row
}

// regionLevels are the enclosing elements the region statistics describe,
// counted from the block's parent (1) upwards.
var regionLevels = [...]int{1, 2, 3, 4, 6, 8}

// NumRegionStats is the number of region statistics columns: for each of
// the block's enclosing elements at the levels above it in regionLevels
// (the root when the block is not that deep), the share of the page's words
// under it, the share of its words inside links, and the share of the
// page's blocks under it.
const NumRegionStats = 3 * len(regionLevels)

// regionStats holds the words, linked words and blocks under each element,
// by elementIndex.
type regionStats struct {
	index               elementIndex
	under               []regionCount
	totalWords, nblocks int
}

type regionCount struct{ words, linked, blocks int }

// newRegionStats sums the blocks' words (wordCount: tokens with a letter
// or digit) under each element.
func newRegionStats(blocks []tokenize.Block, wordCount []int, index elementIndex) regionStats {
	rs := regionStats{index: index, under: make([]regionCount, index.n), nblocks: len(blocks)}
	for i, b := range blocks {
		words := wordCount[i]
		rs.totalWords += words
		for _, el := range b.Ancestors {
			c := &rs.under[index.of(el)]
			c.words += words
			c.blocks++
			if b.InLink {
				c.linked += words
			}
		}
	}
	return rs
}

func (rs regionStats) append(row []Entry, first int32, b tokenize.Block) []Entry {
	if len(b.Ancestors) == 0 {
		return row
	}
	for k, level := range regionLevels {
		c := rs.under[rs.index.of(b.Ancestors[max(0, len(b.Ancestors)-level)])]
		var x [3]float64
		if rs.totalWords > 0 {
			x[0] = float64(c.words) / float64(rs.totalWords)
		}
		if c.words > 0 {
			x[1] = float64(c.linked) / float64(c.words)
		}
		x[2] = float64(c.blocks) / float64(rs.nblocks)
		for j, val := range x {
			if val != 0 {
				row = append(row, Entry{first + int32(3*k+j), float32(val)})
			}
		}
	}
	return row
}

// pageStats holds the per-paragraph and per-page counts the statistics
// need.
type pageStats struct {
	wordCount  []int // words (tokens with a letter or digit) of each block
	before     []int // words of the page before each block
	total      int
	paraWords  map[int]int
	paraLinked map[int]int
	paraBlocks map[int]int
}

func newPageStats(blocks []tokenize.Block, words [][]string) pageStats {
	ps := pageStats{
		wordCount: make([]int, len(blocks)), before: make([]int, len(blocks)),
		paraWords: map[int]int{}, paraLinked: map[int]int{}, paraBlocks: map[int]int{},
	}
	for i, b := range blocks {
		n := 0
		for _, w := range words[i] {
			if tokenize.IsWord(w) {
				n++
			}
		}
		ps.wordCount[i] = n
		ps.before[i] = ps.total
		ps.total += n
		ps.paraWords[b.Para] += n
		ps.paraBlocks[b.Para]++
		if b.InLink {
			ps.paraLinked[b.Para] += n
		}
	}
	return ps
}

func (ps *pageStats) append(row []Entry, first int32, blocks []tokenize.Block, words [][]string, i int) []Entry {
	b := blocks[i]
	var st [NumStats]float64
	n := ps.wordCount[i]
	st[StatWords] = math.Log1p(float64(n)) / 4
	pw := ps.paraWords[b.Para]
	st[StatParaWords] = math.Log1p(float64(pw)) / 6
	if b.InLink {
		st[StatInLink] = 1
	}
	if pw > 0 {
		st[StatParaLinkDens] = float64(ps.paraLinked[b.Para]) / float64(pw)
	}
	if len(words[i]) > 0 {
		st[StatPunct] = float64(len(words[i])-n) / float64(len(words[i]))
	}
	if r, _ := utf8.DecodeLastRuneInString(strings.TrimRight(b.Text, `"'”’»)] `)); strings.ContainsRune(".!?…。！？", r) {
		st[StatSentenceEnd] = 1
	}
	st[StatDepth] = float64(len(b.Path)) / 32
	if ps.total > 0 {
		st[StatPosition] = float64(ps.before[i]) / float64(ps.total)
	}
	if b.Hidden {
		st[StatHidden] = 1
	}
	letters, digits := 0, 0
	for _, r := range b.Text {
		switch {
		case unicode.IsDigit(r):
			digits++
		case unicode.IsLetter(r):
			letters++
		}
	}
	if letters+digits > 0 {
		st[StatDigits] = float64(digits) / float64(letters+digits)
	}
	st[StatParaBlocks] = math.Log1p(float64(ps.paraBlocks[b.Para])) / 3
	for k, x := range st {
		if x != 0 {
			row = append(row, Entry{first + int32(k), float32(x)})
		}
	}
	return row
}

// Builder counts words, tags and attribute tokens over training pages.
type Builder struct {
	words, tags map[string]int
	// attrs counts the pages an attribute token is on: class and id
	// words that one site repeats on every element count once per page.
	attrs map[string]int
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	return &Builder{words: map[string]int{}, tags: map[string]int{}, attrs: map[string]int{}}
}

// Add counts the words and ancestor tags of the blocks of one page, as
// Encode sees them, and the page for each attribute token of their
// ancestors.
func (b *Builder) Add(blocks []tokenize.Block) {
	var words []string
	onPage := map[string]bool{}
	seen := map[*tokenize.Element]bool{}
	for _, blk := range blocks {
		words = tokenize.AppendWords(words[:0], blk.Text)
		for _, w := range words {
			b.words[w]++
		}
		for _, t := range blk.Path {
			b.tags[t]++
		}
		for _, el := range blk.Ancestors {
			if seen[el] {
				continue
			}
			seen[el] = true
			for _, a := range el.Attrs {
				onPage[a] = true
			}
		}
	}
	for a := range onPage {
		b.attrs[a]++
	}
}

// Sizes are the vocabulary sizes and feature set of Build.
type Sizes struct {
	Features           Features
	Words, Tags, Attrs int // Attrs is used with Features.Attrs only
}

// Build returns the vocabulary of the most frequent words and tags and
// (with s.Features.Attrs) the attribute tokens on the most pages; ties are
// broken by the string, so the result depends only on the counts.
func (b *Builder) Build(s Sizes) *Vocab {
	var attrs []string
	if s.Features.Attrs {
		attrs = top(b.attrs, s.Attrs)
	}
	return newVocab(s.Features, top(b.words, s.Words), top(b.tags, s.Tags), attrs)
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
