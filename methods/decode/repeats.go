package decode

import (
	"bytes"
	"hash/maphash"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// The repeats steps: a page's text shown twice is read once.

// paragraph is a run of selected blocks of one paragraph, start to end
// (exclusive).
type paragraph struct{ start, end int }

// dropRepeats unselects selected paragraphs whose normalised text (case
// and spacing aside, at least minRepeatBytes long) equals that of an
// earlier selected paragraph, unless the repeat belongs where it stands:
// it is not hidden, its blocks sit in the same markup (tag path) as the
// first copy's, and the element that holds it (two levels up, as smooth's
// regions: the list of an item, the article of a paragraph) holds new
// text too. Copies of a page's text for other screen sizes,
// quick views and sliders sit elsewhere in the markup or fill an element
// of their own; the dish two meal plans share, or the step two recipes
// share, stands among the new text of its list. A heading that repeats a
// table of contents' entry (a link to "#…" before it) stays, and the entry
// goes instead.
func dropRepeats(blocks []tokenize.Block, selected []bool) {
	var paras []paragraph
	var first []int // for each paragraph, the index of its first copy's paragraph, or -1
	// index maps a key's hash to the first paragraph with that key; a hit
	// is confirmed on the keys themselves, so that no text is copied.
	index := make(map[uint64]int)
	var key, other []byte
	keyOf := func(dst []byte, p paragraph) []byte {
		for i := p.start; i < p.end; i++ {
			dst = appendKey(dst, blocks[i].Text)
		}
		return dst
	}
	for start, end := range selectedParagraphs(blocks, selected) {
		p := paragraph{start, end}
		key = keyOf(key[:0], p)
		f := -1
		if len(key) >= minRepeatBytes {
			h := maphash.Bytes(repeatSeed, key)
			if j, ok := index[h]; !ok {
				index[h] = len(paras)
			} else if other = keyOf(other[:0], paras[j]); bytes.Equal(key, other) {
				f = j
			}
		}
		paras = append(paras, p)
		first = append(first, f)
	}
	newText := make(map[*tokenize.Element]bool) // holders of a paragraph that repeats nothing
	for k, p := range paras {
		if first[k] < 0 {
			newText[region(blocks[p.start])] = true
		}
	}
	var shown map[int]bool // the first copies a visible repeat replaced
	for k, p := range paras {
		if first[k] < 0 {
			continue
		}
		hidden := hiddenRun(blocks, p)
		belongs := !hidden && newText[region(blocks[p.start])] &&
			slices.Equal(blocks[p.start].Path, blocks[paras[first[k]].start].Path)
		if belongs {
			continue
		}
		drop := p
		f := paras[first[k]]
		switch {
		case isHeading(blocks, p) && !isHeading(blocks, f) && allFragmentLinks(blocks, f):
			// A table of contents' entry before the heading it points
			// to: the entry goes, the heading stays.
			drop = f
		case !hidden && !shown[first[k]] && hiddenRun(blocks, f):
			// A hidden first copy (a quick view's, a collapsed teaser's)
			// goes, the copy a reader sees stays.
			drop = f
			if shown == nil {
				shown = make(map[int]bool)
			}
			shown[first[k]] = true
		}
		for i := drop.start; i < drop.end; i++ {
			selected[i] = false
		}
	}
}

// isHeading reports whether a block of paragraph p lies in a heading
// (<h1> to <h6>).
func isHeading(blocks []tokenize.Block, p paragraph) bool {
	return slices.ContainsFunc(blocks[p.start:p.end], inHeading)
}

// allFragmentLinks reports whether every block of paragraph p lies in a
// link to a place on the same page (href="#…"), as a table of contents'
// entries do.
func allFragmentLinks(blocks []tokenize.Block, p paragraph) bool {
	for _, b := range blocks[p.start:p.end] {
		if !b.InLink || b.Node == nil {
			return false
		}
		a := b.Node.Parent
		for a != nil && a.Data != "a" {
			a = a.Parent
		}
		if a == nil || !strings.HasPrefix(strings.TrimSpace(tokenize.Attr(a, "href")), "#") {
			return false
		}
	}
	return true
}

// repeatSeed seeds the hashes of dropRepeats' keys.
var repeatSeed = maphash.MakeSeed()

// appendKey appends text's words (strings.Fields) lowercased to key,
// each followed by a space, in one pass over its bytes.
func appendKey(key []byte, text string) []byte {
	inWord := false
	for j := 0; j < len(text); {
		c := text[j]
		if c < utf8.RuneSelf { // ASCII, without a call
			j++
			switch {
			case c == ' ' || '\t' <= c && c <= '\r':
				if inWord {
					key = append(key, ' ')
					inWord = false
				}
				continue
			case 'A' <= c && c <= 'Z':
				c += 'a' - 'A'
			}
			key = append(key, c)
			inWord = true
			continue
		}
		r, size := utf8.DecodeRuneInString(text[j:])
		j += size
		if unicode.IsSpace(r) {
			if inWord {
				key = append(key, ' ')
				inWord = false
			}
			continue
		}
		key = utf8.AppendRune(key, unicode.ToLower(r))
		inWord = true
	}
	if inWord {
		key = append(key, ' ')
	}
	return key
}

// hiddenRun reports whether a block of the paragraph is hidden.
func hiddenRun(blocks []tokenize.Block, p paragraph) bool {
	for _, b := range blocks[p.start:p.end] {
		if b.Hidden {
			return true
		}
	}
	return false
}

const (
	// copyWords is the fewest words of a paragraph that dropCopies checks.
	copyWords = 10
	// copyShare is the share of a paragraph's word trigrams that other
	// selected paragraphs must hold for it to be a copy.
	copyShare = 0.9
	// concatWords is the fewest words of a paragraph that copies several
	// others.
	concatWords = 40
	// commonGram is the most paragraphs that may hold a trigram for
	// dropCopies to count it as a sign of a copy.
	commonGram = 32
)

// dropCopies unselects the selected paragraphs of copyWords words or more
// that copy others: most (copyShare) of their word trigrams stand in other
// selected paragraphs, and they are
//   - hidden (a hidden element that repeats the article for a script),
//   - a pull quote (under an element whose class says so, see pullQuote)
//     or a figure's text (a caption, a standfirst; see restates) whose
//     words one other paragraph holds, or
//   - a concatenation of concatWords words or more: no other paragraph
//     holds half their trigrams, the others together do (the whole article
//     again as one paragraph).
//
// Paragraphs are checked from the longest down, and a dropped one no longer
// holds the words of the others, so that of two copies one stays. Items of
// a listing that share a sentence are none of these and stay.
func dropCopies(blocks []tokenize.Block, selected []bool) {
	buf := copyBuffers.Get().(*copyBuffer)
	defer buf.put()
	var paras []paragraph
	flat := buf.flat[:0] // every paragraph's distinct word trigrams, one after another
	var offs []int       // paragraph k's trigrams are flat[offs[k]:offs[k+1]]
	hashes := buf.hashes[:0]
	var firsts []uint64 // each paragraph's first trigram, as an index key
	var lasts []uint64  // each paragraph's last trigram
	for start, end := range selectedParagraphs(blocks, selected) {
		hashes = hashes[:0]
		for i := start; i < end; i++ {
			hashes = appendWordHashes(hashes, blocks[i].Text)
		}
		if len(paras) >= maxCopyParas {
			return // beyond what a key's paragraph bits hold; no page of text has so many
		}
		offs = append(offs, len(flat))
		from := len(flat)
		for i := 0; i+3 <= len(hashes); i++ {
			flat = append(flat, (hashes[i]^bits.RotateLeft64(hashes[i+1], 21)^bits.RotateLeft64(hashes[i+2], 42))>>paraBits)
		}
		lasts = append(lasts, 0)
		if len(flat)-from >= copyWords-2 { // a paragraph whose opening and end are its own
			firsts = append(firsts, flat[from]<<paraBits|uint64(len(paras)))
			lasts[len(paras)] = flat[len(flat)-1]
		}
		paras = append(paras, paragraph{start, end})
	}
	buf.flat, buf.hashes = flat, hashes
	offs = append(offs, len(flat))
	grams := func(k int) []uint64 { return flat[offs[k]:offs[k+1]] }
	if !mayCopy(blocks, paras, grams, firsts, lasts) {
		return
	}
	// Each paragraph's trigrams sorted, each once.
	w := 0
	for k := range paras {
		g := flat[offs[k]:offs[k+1]]
		slices.Sort(g)
		g = slices.Compact(g)
		offs[k] = w
		w += copy(flat[w:], g)
	}
	offs[len(paras)] = w
	flat = flat[:w]
	// index holds every paragraph's trigrams, each with its paragraph in
	// the low bits, sorted: a trigram's holders stand together.
	index := buf.index[:0]
	for k := range paras {
		for _, g := range grams(k) {
			index = append(index, g<<paraBits|uint64(k))
		}
	}
	slices.Sort(index)
	buf.index = index
	// shared counts, for each paragraph, its trigrams that another holds:
	// no paragraph that drops can make it more, so a paragraph whose share
	// is under copyShare is no copy.
	shared := make([]int, len(paras))
	for i := 0; i < len(index); {
		j := i + 1
		for j < len(index) && index[j]>>paraBits == index[i]>>paraBits {
			j++
		}
		if j-i > 1 {
			for _, e := range index[i:j] {
				shared[e&paraMask]++
			}
		}
		i = j
	}
	// A paragraph of n trigrams has n+2 words.
	type candidate struct {
		para          int
		hidden, quote bool
	}
	var order []candidate
	for k := range paras {
		g := grams(k)
		if n := len(g) + 2; len(g) == 0 || float64(shared[k]) < copyShare*float64(len(g)) || n < copyWords {
			continue
		}
		p := paras[k]
		c := candidate{k, hiddenRun(blocks, p), restates(blocks[p.start])}
		if len(g)+2 >= concatWords || c.hidden || c.quote {
			order = append(order, c)
		}
	}
	if len(order) == 0 {
		return
	}
	slices.SortStableFunc(order, func(a, b candidate) int { return len(grams(b.para)) - len(grams(a.para)) })
	dropped := make([]bool, len(paras))
	by := make(map[int]int) // trigrams of k each other paragraph holds
	for _, c := range order {
		k := c.para
		clear(by)
		heldBy, telling := 0, 0
		for _, h := range grams(k) {
			i, _ := slices.BinarySearch(index, h<<paraBits)
			j, _ := slices.BinarySearch(index[i:], (h+1)<<paraBits)
			if j > commonGram {
				// A phrase that many paragraphs hold ("one of the") tells
				// nothing of a copy: left out of the count, which also
				// keeps the pass linear on a page of few distinct words.
				continue
			}
			telling++
			any := false
			for _, e := range index[i : i+j] {
				if o := int(e & paraMask); o != k && !dropped[o] {
					by[o]++
					any = true
				}
			}
			if any {
				heldBy++
			}
		}
		n := float64(telling)
		if telling+2 < copyWords || float64(heldBy) < copyShare*n {
			continue
		}
		most := 0
		for _, c := range by {
			most = max(most, c)
		}
		p := paras[k]
		concatenation := float64(most) < n/2 && len(grams(k))+2 >= concatWords
		if !c.hidden && !(c.quote && float64(most) >= copyShare*n) && !concatenation {
			continue
		}
		dropped[k] = true
		for i := p.start; i < p.end; i++ {
			selected[i] = false
		}
	}
}

// mayCopy reports whether a paragraph may be a copy dropCopies drops,
// without the index of every trigram: one of copyWords words or more that
// is hidden or a pull quote, or one of concatWords words or more that
// holds the first and the last trigram of another paragraph of copyWords
// words or more (the article again as one paragraph holds its paragraphs
// whole). grams(k) are paragraph k's trigrams in order, firsts the first
// trigrams of the paragraphs that long as index keys, lasts their last
// trigrams.
func mayCopy(blocks []tokenize.Block, paras []paragraph, grams func(int) []uint64, firsts, lasts []uint64) bool {
	slices.Sort(firsts)
	var seen [16]uint64 // a bit for each first trigram's low 10 bits: most trigrams are no paragraph's first
	for _, f := range firsts {
		h := f >> paraBits
		seen[h>>6&15] |= 1 << (h & 63)
	}
	for k, p := range paras {
		g := grams(k)
		n := len(g) + 2
		if len(g) == 0 || n < copyWords {
			continue
		}
		if hiddenRun(blocks, p) || restates(blocks[p.start]) {
			return true
		}
		if n < concatWords {
			continue
		}
		for i, t := range g {
			if seen[t>>6&15]&(1<<(t&63)) == 0 {
				continue
			}
			j, _ := slices.BinarySearch(firsts, t<<paraBits)
			for ; j < len(firsts) && firsts[j]>>paraBits == t; j++ {
				if o := int(firsts[j] & paraMask); o != k && slices.Contains(g[i:], lasts[o]) {
					return true
				}
			}
		}
	}
	return false
}

// copyBuffer holds dropCopies' buffers between pages.
type copyBuffer struct{ flat, index, hashes []uint64 }

// copyBuffers are the copyBuffers of pages being decoded.
var copyBuffers = sync.Pool{New: func() any { return new(copyBuffer) }}

// maxKeptCopyBuffer is the most entries a buffer keeps for the next page:
// one grown on a huge page is left to the garbage collector.
const maxKeptCopyBuffer = 1 << 18

// put returns the buffer to copyBuffers, unless a huge page grew it.
func (b *copyBuffer) put() {
	if max(cap(b.flat), cap(b.index), cap(b.hashes)) <= maxKeptCopyBuffer {
		copyBuffers.Put(b)
	}
}

// A trigram key of dropCopies' index: the trigram's hash in the high bits,
// its paragraph in the low paraBits bits.
const (
	paraBits     = 24
	paraMask     = 1<<paraBits - 1
	maxCopyParas = 1 << paraBits
)

// restates reports whether a block lies where a page restates its
// article's words: a pull quote (see pullQuote) or a figure, whose caption
// or standfirst may repeat a paragraph of the story — but not a code
// listing in a figure, which may differ from another by a few words.
func restates(b tokenize.Block) bool {
	return pullQuote(b) || slices.Contains(b.Path, "figure") && !slices.Contains(b.Path, "pre")
}

// pullQuote reports whether a block lies under an element whose class or
// id names a pull quote ("pullquote", "pull-quote", "wp-block-pullquote").
func pullQuote(b tokenize.Block) bool {
	for _, el := range b.Ancestors {
		if slices.Contains(el.Attrs, "pullquote") || slices.Contains(el.Attrs, "pull") && slices.Contains(el.Attrs, "quote") {
			return true
		}
	}
	return false
}

// appendWordHashes appends to dst a hash of each word of text: runs of
// letters, digits and marks, ASCII letters lowercased (FNV-1a over the
// bytes, without allocating). Other characters, curly quotes and dashes
// too, part words: a pull quote in quotation marks has the words of the
// sentence it repeats.
func appendWordHashes(dst []uint64, text string) []uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h, inWord := uint64(offset), false
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			case 'A' <= c && c <= 'Z':
				c += 'a' - 'A'
			default:
				if inWord {
					dst = append(dst, h)
					h, inWord = offset, false
				}
				continue
			}
			h = (h ^ uint64(c)) * prime
			inWord = true
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) {
			if inWord {
				dst = append(dst, h)
				h, inWord = offset, false
			}
			i += size
			continue
		}
		for end := i + size; i < end; i++ {
			h = (h ^ uint64(text[i])) * prime
		}
		inWord = true
	}
	if inWord {
		dst = append(dst, h)
	}
	return dst
}

// maxAttributionWords is the most words of a quote's attribution line
// ("MELso said:", "Originally posted by X:").
const maxAttributionWords = 8

// dropOrphanAttributions unselects what is left selected of a block quote
// when that is only its attribution, a short line ending in a colon,
// while more of the quote's words are unselected: a forum post that
// quotes an earlier one ("MELso said:" and the quoted text, dropped as a
// repeat) keeps no "MELso said:" with nothing said.
func dropOrphanAttributions(blocks []tokenize.Block, selected []bool) {
	type quote struct {
		sel, unsel int   // selected and unselected words
		blocks     []int // the selected blocks
	}
	quotes := map[*tokenize.Element]*quote{}
	var order []*tokenize.Element
	for i, b := range blocks {
		bq := nearest(b, "blockquote")
		if bq == nil {
			continue
		}
		q := quotes[bq]
		if q == nil {
			q = &quote{}
			quotes[bq] = q
			order = append(order, bq)
		}
		if selected[i] {
			q.sel += b.Words
			q.blocks = append(q.blocks, i)
		} else {
			q.unsel += b.Words
		}
	}
	for _, bq := range order {
		q := quotes[bq]
		if len(q.blocks) == 0 || q.sel > maxAttributionWords || q.unsel <= q.sel {
			continue
		}
		first, last := blocks[q.blocks[0]], blocks[q.blocks[len(q.blocks)-1]]
		if !sameLine(first, last) || !endsInColon(last.Text) {
			continue
		}
		for _, i := range q.blocks {
			selected[i] = false
		}
	}
}

// Truncated copies: dropTruncatedCopies.
const (
	minTruncatedBytes  = 40 // the shortest key of a cut copy that counts
	truncatedLookahead = 4  // the paragraphs after a cut copy searched for the whole
)

// dropTruncatedCopies unselects a selected paragraph cut short with an
// ellipsis ("… auctions ..", "the details and …") whose words start one of
// the next few selected paragraphs: a teaser's cut copy of the text that
// follows it whole (a seller's bio, a condition note).
func dropTruncatedCopies(blocks []tokenize.Block, selected []bool) {
	paras := keyedParagraphs(blocks, selected)
	for k, p := range paras {
		last := strings.TrimRight(blocks[p.end-1].Text, " ")
		if !strings.HasSuffix(last, "…") && !strings.HasSuffix(last, "..") {
			continue
		}
		cut := bytes.TrimRight(p.key, " .…")
		if i := bytes.LastIndexByte(cut, ' '); i > 0 {
			cut = cut[:i+1] // the last word may be cut too
		}
		if len(cut) < minTruncatedBytes {
			continue
		}
		for _, q := range paras[k+1 : min(len(paras), k+1+truncatedLookahead)] {
			if len(q.key) > len(cut) && bytes.HasPrefix(q.key, cut) {
				for i := p.start; i < p.end; i++ {
					selected[i] = false
				}
				break
			}
		}
	}
}

// Tandem copies: dropTandemCopies.
const maxTandemUnit = 8 // the most paragraphs of a unit that dropTandemCopies compares

// dropTandemCopies unselects a run of selected paragraphs that repeats,
// word for word (case and spacing aside, at least minRepeatBytes in all),
// the run right before it, with no other text between the two: a page's
// copies of one card for other screen sizes ("Ankle / Comfy coverage that
// protects ankles." three times in one link, one shown at a time) and a
// slider's cloned slides. The copies sit in elements of different
// attributes under the element they share (div.large and div.medium;
// .slide and .slide.clone): a paragraph or a list item that a page writes
// twice in the same markup shows twice (sameMarkup), and so do a table's
// cells, which are left alone. dropRepeats lets such copies stand when they
// sit in the same markup as the first; text that belongs twice (a
// refrain, the dish two meal plans share) has other text between its
// copies.
func dropTandemCopies(blocks []tokenize.Block, selected []bool) {
	paras := keyedParagraphs(blocks, selected)
	wordsBefore := make([]int, len(blocks)+1) // the words of the blocks before each
	for i, b := range blocks {
		wordsBefore[i+1] = wordsBefore[i] + b.Words
	}
	// textBetween reports whether a block with words lies between
	// paragraphs a and b (a before b).
	textBetween := func(a, b keyedParagraph) bool { return wordsBefore[b.start] > wordsBefore[a.end] }
	dropped := make([]bool, len(paras))
	for j := range paras {
		for k := 1; k <= maxTandemUnit && j+2*k <= len(paras); k++ {
			if dropped[j+k] || textBetween(paras[j+k-1], paras[j+k]) {
				continue
			}
			n, same := 0, true
			for u := 0; u < k && same; u++ {
				same = bytes.Equal(paras[j+u].key, paras[j+k+u].key) && (u == 0 || !textBetween(paras[j+k+u-1], paras[j+k+u]))
				n += len(paras[j+u].key)
			}
			if !same || n < minRepeatBytes || inTableCell(blocks[paras[j+k].start]) || sameMarkup(blocks[paras[j].start], blocks[paras[j+k].start]) {
				continue
			}
			for u := j + k; u < j+2*k; u++ {
				dropped[u] = true
				for i := paras[u].start; i < paras[u].end; i++ {
					selected[i] = false
				}
			}
			break
		}
	}
}

// inTableCell reports whether b lies in a table's cell.
func inTableCell(b tokenize.Block) bool {
	return slices.ContainsFunc(b.Ancestors, func(el *tokenize.Element) bool { return el.Name == "td" || el.Name == "th" })
}

// keyedParagraph is a selected paragraph (blocks start to end, exclusive)
// with its words' key (appendKey).
type keyedParagraph struct {
	start, end int
	key        []byte
}

// keyedParagraphs returns the selected paragraphs with their keys, which
// share one buffer.
func keyedParagraphs(blocks []tokenize.Block, selected []bool) []keyedParagraph {
	var paras []keyedParagraph
	var ends []int
	n := 0
	for i, b := range blocks {
		if selected[i] {
			n += len(b.Text) + 1
		}
	}
	buf := make([]byte, 0, n) // a key is about as long as its text
	for start, end := range selectedParagraphs(blocks, selected) {
		for i := start; i < end; i++ {
			buf = appendKey(buf, blocks[i].Text)
		}
		paras = append(paras, keyedParagraph{start: start, end: end})
		ends = append(ends, len(buf))
	}
	from := 0
	for k, to := range ends {
		paras[k].key = buf[from:to:to]
		from = to
	}
	return paras
}

// sameMarkup reports whether blocks a and b (a before b) lie in the same
// element, or in children of the element they share that have the same
// name and attributes (two <p class="body">, two <li>).
func sameMarkup(a, b tokenize.Block) bool {
	k := 0
	for k < len(a.Ancestors) && k < len(b.Ancestors) && a.Ancestors[k] == b.Ancestors[k] {
		k++
	}
	if k == len(a.Ancestors) || k == len(b.Ancestors) {
		return true
	}
	ca, cb := a.Ancestors[k], b.Ancestors[k]
	return ca.Name == cb.Name && slices.Equal(ca.Attrs, cb.Attrs)
}

// dropProseRepeats runs dropRepeats on the text outside code listings and
// formulas: two examples of a tutorial share lines ("java -cp …" for Linux
// and again for Windows, an environment's two variables), and a listing
// that lost them as repeats read as its line numbers alone. The decoding
// runs it before the gap steps and again after them, for a copy whose
// lines those steps made whole again (a story's print copy, its source's
// link unselected at first in one copy and not the other).
func dropProseRepeats(blocks []tokenize.Block, selected []bool) {
	outside := slices.Clone(selected)
	for i, b := range blocks {
		if inFlowBlock(b) {
			outside[i] = false
		}
	}
	dropRepeats(blocks, outside)
	for i, b := range blocks {
		if !inFlowBlock(b) {
			selected[i] = outside[i]
		}
	}
}

// mobileClasses are class names that show an element on small screens
// only (Bootstrap, Tailwind, Foundation and common hand-made names): a
// page that lays out a grid for desktops and a list for phones ships both.
var mobileClasses = map[string]bool{
	"d-md-none": true, "d-lg-none": true, "d-xl-none": true, "md:hidden": true, "lg:hidden": true, "xl:hidden": true,
	"visible-xs": true, "visible-sm": true, "hidden-desktop": true, "mobile-only": true, "only-mobile": true, "show-mobile": true,
	"hide-for-large": true, "hide-for-medium": true, "show-for-small-only": true,
}

// minResponsiveShare is the share of the words of a mobile copy's
// selected blocks that must stand in the selected text outside mobile
// copies for dropResponsiveCopies to drop it.
const minResponsiveShare = 0.8

// dropResponsiveCopies unselects the selected blocks of an element shown
// on small screens only (mobileClasses) when the selected text outside
// such elements holds most of their words (minResponsiveShare): a short
// block as a whole block's text, a longer one by its word pairs. Such a
// copy is the phone layout of a grid or table the page also lays out for
// desktops. It runs before the repeats step, which would otherwise drop
// the copy's repeated paragraphs and leave its headings and odd lines.
func dropResponsiveCopies(blocks []tokenize.Block, selected []bool) {
	known := make(map[*html.Node]*html.Node) // each parent's nearest mobile-only element, nil for none
	copyOf := make([]*html.Node, len(blocks))
	any := false
	for i, b := range blocks {
		if selected[i] && b.Node != nil {
			copyOf[i] = mobileElement(b.Node.Parent, known)
			any = any || copyOf[i] != nil
		}
	}
	if !any {
		return
	}
	outside := make(map[uint64]bool)     // the word pairs of the selected text outside mobile copies
	outsideText := make(map[string]bool) // its blocks' keys (appendKey)
	var hashes []uint64
	var key []byte
	for i, b := range blocks {
		if selected[i] && copyOf[i] == nil {
			hashes = appendPairHashes(hashes[:0], b.Text)
			for _, h := range hashes {
				outside[h] = true
			}
			if b.Words < minPairedWords {
				key = appendKey(key[:0], b.Text)
				outsideText[string(key)] = true
			}
		}
	}
	held, words := make(map[*html.Node]int), make(map[*html.Node]int)
	for i, b := range blocks {
		m := copyOf[i]
		if m == nil {
			continue
		}
		words[m] += b.Words
		if b.Words < minPairedWords {
			if key = appendKey(key[:0], b.Text); outsideText[string(key)] {
				held[m] += b.Words
			}
			continue
		}
		hashes = appendPairHashes(hashes[:0], b.Text)
		n := 0
		for _, h := range hashes {
			if outside[h] {
				n++
			}
		}
		held[m] += b.Words * n / max(len(hashes), 1)
	}
	for i, m := range copyOf {
		if m != nil && float64(held[m]) >= minResponsiveShare*float64(words[m]) {
			selected[i] = false
		}
	}
}

// minPairedWords is the fewest words of a block of a mobile copy that
// dropResponsiveCopies finds elsewhere by its word pairs; a shorter one
// (a heading, a price) must stand elsewhere whole.
const minPairedWords = 8

// appendPairHashes appends to dst a hash of each pair of neighbouring
// words of text (appendWordHashes), or of its word when it has one.
func appendPairHashes(dst []uint64, text string) []uint64 {
	start := len(dst)
	dst = appendWordHashes(dst, text)
	words := dst[start:]
	if len(words) < 2 {
		return dst
	}
	for k := 0; k+1 < len(words); k++ {
		words[k] = words[k]*31 ^ bits.RotateLeft64(words[k+1], 17)
	}
	return dst[:len(dst)-1]
}

// mobileElement returns the nearest element at or above n whose class is
// one of mobileClasses, or nil. known caches the answers of the nodes
// asked about (the blocks' parents: blocks share them).
func mobileElement(n *html.Node, known map[*html.Node]*html.Node) *html.Node {
	if m, ok := known[n]; ok {
		return m
	}
	var found *html.Node
	for p := n; p != nil && found == nil; p = p.Parent {
		for _, a := range p.Attr {
			if a.Key != "class" {
				continue
			}
			for c := range strings.FieldsSeq(a.Val) {
				if mobileClasses[c] {
					found = p
					break
				}
			}
		}
	}
	known[n] = found
	return found
}
