// Package decode turns block probabilities into content blocks: the
// decodings of the bilstm methods (Decoding; Default, Blocks, Structure,
// or steps read by Parse), their steps and rules (repeats, chrome, gaps,
// related links, frames, notices), the headline of a selection
// (Headline) and its expected F1 (Confidence). It reads any model's
// probabilities (see Decoding.Select).
package decode

import (
	"cmp"
	"fmt"
	"iter"
	"math"
	"slices"
	"strings"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/boolset"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/tokenize"
)

// Decoding says how block probabilities become content blocks. The zero
// value, Default(), selects on each page the blocks that maximize the
// page's expected token F1 (see Threshold for the paper's per-block
// threshold instead), drops repeated paragraphs and fills gaps in lines.
//
// The expected-F1 choice reads each probability as the chance that the
// block's words are content (after undoing the class weights of training,
// see f1Odds), sorts the blocks by it and keeps the k most probable, with
// k maximizing 2·E[kept content words] / (kept words + E[content words]).
// That is a threshold of its own for each page: low where the model is
// unsure of every block (a page unlike its training pages keeps its most
// likely text instead of nothing), high where a page has much text of
// middling probability. Before the choice, each block's probability is
// mixed with that of the text around it (see Unsmoothed).
type Decoding struct {
	// Threshold, when above 0, selects every block whose probability
	// reaches it, as Leonhardt et al. (2020) do, instead of the
	// expected-F1 choice (0). At most 1; the step "threshold" sets
	// DefaultThreshold.
	Threshold float64
	// Unsmoothed makes the expected-F1 choice from the probabilities as
	// the network gives them. By default each block's probability is
	// first mixed with the word-weighted mean probability of the blocks
	// under its grandparent element (smoothWeight of the latter), so that
	// a doubtful block inside text the model keeps leans towards being
	// kept, and one among boilerplate towards being dropped.
	Unsmoothed bool
	// Paragraphs keeps or drops each paragraph (blocks with no block-level
	// boundary between them, e.g. a sentence split by a link) whole, as if
	// it were one block with the word-weighted mean probability of its
	// blocks.
	Paragraphs bool
	// Hidden drops blocks hidden from readers (tokenize.Block.Hidden).
	Hidden bool
	// Isolated drops short selected paragraphs (fewer than isolatedWords
	// words) that lie more than isolatedGap blocks away from any selected
	// paragraph of at least isolatedWords words.
	Isolated bool
	// KeepRepeats keeps a selected paragraph whose text (case and spacing
	// aside, at least minRepeatBytes long) a selected paragraph before it
	// already has, and a paragraph whose words the other selected
	// paragraphs already have (a pull quote, a hidden copy of the whole
	// article). By default such repeats are dropped: pages repeat their
	// text for other screen sizes, quick views and sliders, and a reader
	// reads it once. A repeat in the same markup as its first copy whose
	// element holds new text too (meal plans that share a dish, recipes
	// that share a step) is not such a copy and stays (see dropRepeats),
	// unless it repeats the run of paragraphs right before it with no
	// text between them and in other markup, as a card's copies for three
	// screen sizes do (dropTandemCopies). A code listing's lines are
	// never repeats (dropProseRepeats); an element shown on phones only
	// whose text the rest holds is a copy (dropResponsiveCopies).
	KeepRepeats bool
	// KeepGaps leaves unselected the blocks inside a line of selected text
	// (a link or <code> in the middle of a sentence the model keeps), the
	// code listings between selected paragraphs and the list items and
	// table rows between selected siblings, and the lines whose selection
	// starts or stops mid-sentence as they are. By default such gaps are
	// selected (fillGaps, fillCode, fillItems) and such lines made whole
	// (wholeLines), so that no sentence loses a part, no tutorial its
	// listing and no table a row.
	KeepGaps bool
	// Bylines drops the bylines (metadata.IsByline) and the dates alone
	// (isDateLine) among the selected paragraphs before the body (the
	// first selected paragraph of bodyWords words or more).
	Bylines bool
	// KeepFrame keeps what the page's frame holds even when nothing else
	// is selected. By default (dropFrame) a page whose selection is only a
	// few words of links, navigation or copyright gives no content: it has
	// no article.
	KeepFrame bool
	// KeepNavigation keeps selected blocks inside navigation (<nav>,
	// role="navigation"): tables of contents, navboxes, menus. By default
	// they are dropped.
	KeepNavigation bool
	// KeepChrome keeps selected blocks that markup marks as site chrome:
	// the page's own footer (not an article's), MediaWiki's edit links, "Retrieved from" footer, category box, jump
	// links and navboxes, elements hidden from print; advertising labels
	// ("Advertisement", "Article continues below"), controls ("Share",
	// "Read more") and calls to action in buttons ("Book a demo"); and
	// a heading over related content ("Related posts", "Lesen Sie auch")
	// with the teaser links under it; and a section's label whose body is
	// not kept ("Table of contents" without its list, an empty "Recently
	// viewed" box). By default they are dropped (see dropChrome,
	// dropRelated, dropDanglingLabels).
	KeepChrome bool
	// Notices drops the copyright and reproduction notices that end the
	// selection ("© 2008 The Associated Press. All rights reserved. This
	// material may not be published ..."): the site's line under a story.
	// Not the default because the gold of L3S-GN1 and Dragnet keeps them
	// (train token F1 −0.003 and −0.001 there; docs/model-selection.md).
	Notices bool
	// Focus leans the choice towards precision or recall (Balanced, the
	// zero value: neither).
	Focus Focus
}

// Focus is which way a decoding leans: the odds of content of every block
// are divided (Precision) or multiplied (Recall) by favorFactor before
// the choice (the expected-F1 choice's, or the threshold's), so that
// fewer or more doubtful blocks are kept, as trafilatura's
// favor_precision and favor_recall.
type Focus int

// The foci: the steps "precision" and "recall" of Parse.
const (
	Balanced Focus = iota
	Precision
	Recall
)

// String is the focus's step name ("precision", "recall"), "" for
// Balanced.
func (f Focus) String() string {
	switch f {
	case Precision:
		return "precision"
	case Recall:
		return "recall"
	}
	return ""
}

// Default makes the expected-F1 choice, drops repeated paragraphs
// and fills gaps in lines.
func Default() Decoding { return Decoding{} }

// Blocks thresholds each block and nothing else, as the paper.
func Blocks() Decoding {
	return Decoding{Threshold: DefaultThreshold, KeepRepeats: true, KeepGaps: true}
}

// Structure adds the paragraphs, hidden and isolated steps to the
// default.
func Structure() Decoding {
	return Decoding{Paragraphs: true, Hidden: true, Isolated: true}
}

// DefaultThreshold is the probability from which a block is content when
// a decoding thresholds each block (Decoding.Threshold) and is given no
// threshold: the paper's, bilstm.DefaultThreshold.
const DefaultThreshold = bilstm.DefaultThreshold

const (
	// f1Odds undoes, before the expected-F1 choice, the balanced class
	// weights of training (package train), which multiply the odds
	// of content, the rarer class, by n_boilerplate/n_content (3.9 over
	// the five datasets' train splits), and leans towards precision,
	// since networks trained with the soft F1 term rate content higher
	// than cross-entropy alone would. Chosen on the dev splits
	// (docs/model-selection.md, "Precision: structure, visibility, topic,
	// transplants").
	f1Odds = 0.35
	// f1Floor is the probability (odds scaled) below which the
	// expected-F1 choice keeps no block, however little else the page
	// has: a page the network reads as all boilerplate (a login form, an
	// error page) gives no content rather than its least unlikely line.
	f1Floor = 0.01
	// favorFactor is what Precision divides and Recall
	// multiplies the odds of content by: e, one unit of log-odds, the
	// largest step of half units at which favoring precision raised
	// precision on every dev split for less than 0.002 of mean token F1
	// (docs/model-selection.md, "Favoring precision or recall").
	favorFactor = math.E
	// smoothLevel and smoothWeight say which enclosing element's mean
	// probability a block's is mixed with (2: the grandparent) and how
	// much of it the mix takes (chosen on the dev splits).
	smoothLevel  = 2
	smoothWeight = 0.6

	minRepeatBytes = 15
	isolatedWords  = 10
	isolatedGap    = 20
)

// decodingNames are the named decodings Parse reads.
var decodingNames = []string{"default", "blocks", "structure"}

// decodingSteps are the steps Parse reads joined by "/" that switch a
// bool, in the order String writes them: after "threshold", before the
// focus.
var decodingSteps = boolset.Fields[Decoding]{
	{Name: "unsmoothed", Of: func(d *Decoding) *bool { return &d.Unsmoothed }},
	{Name: "paragraphs", Of: func(d *Decoding) *bool { return &d.Paragraphs }},
	{Name: "hidden", Of: func(d *Decoding) *bool { return &d.Hidden }},
	{Name: "isolated", Of: func(d *Decoding) *bool { return &d.Isolated }},
	{Name: "keep-repeats", Of: func(d *Decoding) *bool { return &d.KeepRepeats }},
	{Name: "keep-gaps", Of: func(d *Decoding) *bool { return &d.KeepGaps }},
	{Name: "bylines", Of: func(d *Decoding) *bool { return &d.Bylines }},
	{Name: "keep-frame", Of: func(d *Decoding) *bool { return &d.KeepFrame }},
	{Name: "keep-navigation", Of: func(d *Decoding) *bool { return &d.KeepNavigation }},
	{Name: "keep-chrome", Of: func(d *Decoding) *bool { return &d.KeepChrome }},
	{Name: "notices", Of: func(d *Decoding) *bool { return &d.Notices }},
}

// Names returns the named decodings Parse reads: default,
// blocks, structure.
func Names() []string { return slices.Clone(decodingNames) }

// Steps returns the steps Parse reads joined by "/".
func Steps() []string {
	return slices.Concat([]string{"threshold"}, decodingSteps.Names(), []string{Precision.String(), Recall.String()})
}

// Parse reads a decoding name: "default", "blocks", "structure",
// or steps joined by "/" (see Steps), each added to the default.
func Parse(s string) (Decoding, error) {
	switch s {
	case "default":
		return Default(), nil
	case "blocks":
		return Blocks(), nil
	case "structure":
		return Structure(), nil
	}
	var d Decoding
	var switches []string
	for step := range strings.SplitSeq(s, "/") {
		switch step {
		case "threshold":
			d.Threshold = DefaultThreshold
		case Precision.String(), Recall.String():
			f := Precision
			if step == Recall.String() {
				f = Recall
			}
			if d.Focus != Balanced && d.Focus != f {
				return Decoding{}, fmt.Errorf("decoding %q: precision and recall pull opposite ways; give one", s)
			}
			d.Focus = f
		default:
			switches = append(switches, step)
		}
	}
	if _, ok := decodingSteps.Set(&d, slices.Values(switches)); !ok {
		return Decoding{}, fmt.Errorf("unknown decoding %q (%s, or steps joined by /: %s)", s, strings.Join(decodingNames, ", "), strings.Join(Steps(), ", "))
	}
	return d, nil
}

// String is the name Parse reads.
func (d Decoding) String() string {
	switch d {
	case Default():
		return "default"
	case Blocks():
		return "blocks"
	case Structure():
		return "structure"
	}
	var steps []string
	if d.Threshold > 0 {
		steps = append(steps, "threshold") // its value: the method's (methods.Method.String)
	}
	steps = append(steps, decodingSteps.On(d)...)
	if d.Focus != Balanced {
		steps = append(steps, d.Focus.String())
	}
	return strings.Join(steps, "/")
}

// decode labels blocks content from their probabilities.
func (d Decoding) decode(blocks []tokenize.Block, probs []float32) []bool {
	selected := make([]bool, len(blocks))
	var words []int // counted only for the steps that weigh blocks by them
	perBlock, threshold := d.Threshold > 0, d.Threshold
	words = make([]int, len(blocks))
	for i, b := range blocks {
		words[i] = b.Words
	}
	if !perBlock && !d.Unsmoothed {
		probs = smooth(blocks, probs, words)
	}
	start, prob, weight := d.units(blocks, probs, words, !perBlock)
	var keep []bool
	favor := d.favor()
	if perBlock {
		keep = make([]bool, len(prob))
		for k, p := range prob {
			keep[k] = scaleOdds(p, favor) >= threshold
		}
	} else {
		keep = expectedF1Choice(prob, weight, f1Odds*favor)
	}
	for k, on := range keep {
		for i := start[k]; i < start[k+1]; i++ {
			selected[i] = on
		}
	}
	for i, b := range blocks {
		if d.Hidden && b.Hidden || !d.KeepNavigation && b.Navigation || b.Words == 0 && tokenize.Invisible(b.Text) {
			selected[i] = false
		}
	}
	if d.Isolated {
		dropIsolated(blocks, words, selected)
	}
	if !d.KeepRepeats {
		dropResponsiveCopies(blocks, selected)
		dropProseRepeats(blocks, selected)
		dropCopies(blocks, selected)
		dropTruncatedCopies(blocks, selected)
		dropTandemCopies(blocks, selected)
		dropOrphanAttributions(blocks, selected)
	}
	if !d.KeepGaps {
		fillGaps(blocks, selected)
		fillCode(blocks, selected)
		fillAnswers(blocks, selected)
		fillItems(blocks, selected)
		wholeLines(blocks, selected)
		wholeWords(blocks, selected)
		if !d.KeepRepeats {
			dropProseRepeats(blocks, selected)
		}
	}
	if d.Bylines {
		dropBylines(blocks, selected)
	}
	if !d.KeepNavigation {
		dropBracketLabels(blocks, selected)
	}
	if !d.KeepChrome {
		dropChrome(blocks, selected)
		dropSignupBoxes(blocks, selected)
		dropHiddenDialogs(blocks, selected)
		dropRelated(blocks, selected)
		dropTablesOfContents(blocks, selected)
		dropDanglingLabels(blocks, selected)
	}
	if d.Notices {
		dropTrailingNotices(blocks, selected)
	}
	if !d.KeepFrame {
		dropFrame(blocks, words, selected)
	}
	return selected
}

// favor is the factor the focus puts on the odds of content: 1 for
// Balanced.
func (d Decoding) favor() float64 {
	switch d.Focus {
	case Precision:
		return 1 / favorFactor
	case Recall:
		return favorFactor
	}
	return 1
}

// units groups the blocks into the units kept or dropped whole: each
// block, or with Paragraphs each paragraph, and in any case the blocks of
// one atomic element (see atoms) together. Unit k is blocks
// start[k]..start[k+1]-1 with probability prob[k] (a paragraph's is the
// word-weighted mean of its blocks'); withWords also gives each unit's
// words, for the expected-F1 choice.
func (d Decoding) units(blocks []tokenize.Block, probs []float32, words []int, withWords bool) (start []int, prob, weight []float64) {
	start = make([]int, 0, len(blocks)+1)
	prob = make([]float64, 0, len(blocks))
	atom := atoms(blocks)
	for i := 0; i < len(blocks); {
		end := i + 1
		for end < len(blocks) && (d.Paragraphs && blocks[end].Para == blocks[end-1].Para ||
			atom[end] != nil && atom[end] == atom[end-1]) {
			end++
		}
		p := float64(probs[i])
		if end > i+1 {
			var sum, w float64
			for j := i; j < end; j++ {
				wj := float64(max(words[j], 1))
				sum += wj * float64(probs[j])
				w += wj
			}
			p = sum / w
		}
		start = append(start, i)
		prob = append(prob, p)
		if withWords {
			n := 0
			for _, c := range words[i:end] {
				n += c
			}
			weight = append(weight, float64(n))
		}
		i = end
	}
	return append(start, len(blocks)), prob, weight
}

// atoms returns, for each block, the element whose blocks are kept or
// dropped together whatever their probabilities, or nil: the outermost
// <pre> above the block (a code listing whose syntax highlighting makes
// one block of every token), else the innermost <li>, <tr>, <dt> or <dd>
// when it is a leaf item: no block-level container (div, p, table, list,
// section, ...) lies between it and any of its blocks, so a layout table's
// row or a list item holding a whole region stays divisible.
func atoms(blocks []tokenize.Block) []*tokenize.Element {
	atom := make([]*tokenize.Element, len(blocks))
	divisible := map[*tokenize.Element]bool{}
	for i, b := range blocks {
		item := -1
		for d, el := range b.Ancestors {
			if el.Name == "pre" {
				atom[i] = el
				item = -1
				break
			}
			switch el.Name {
			case "li", "tr", "dt", "dd":
				item = d
			}
		}
		if atom[i] != nil || item < 0 {
			continue
		}
		el := b.Ancestors[item]
		for _, below := range b.Ancestors[item+1:] {
			if containerTags[below.Name] {
				divisible[el] = true
			}
		}
		atom[i] = el
	}
	for i, el := range atom {
		if divisible[el] {
			atom[i] = nil
		}
	}
	return atom
}

// containerTags are the elements that make a list item or table row
// divisible when they lie inside it.
var containerTags = map[string]bool{
	"div": true, "p": true, "table": true, "ul": true, "ol": true, "dl": true, "section": true,
	"article": true, "aside": true, "nav": true, "header": true, "footer": true, "form": true,
	"blockquote": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
}

// smooth returns, in a new slice, each block's probability mixed with the
// mean probability of the blocks under the same element smoothLevel
// levels above it (the highest it has when it is not that deep), each
// weighed by its words (at least one).
func smooth(blocks []tokenize.Block, probs []float32, words []int) []float32 {
	type sums struct{ prob, words float64 }
	regions := make(map[*tokenize.Element]*sums)
	of := make([]*sums, len(blocks)) // each block's region
	for i, b := range blocks {
		el := region(b)
		s := regions[el]
		if s == nil {
			s = &sums{}
			regions[el] = s
		}
		w := float64(max(words[i], 1))
		s.prob += w * float64(probs[i])
		s.words += w
		of[i] = s
	}
	out := make([]float32, len(probs))
	for i, s := range of {
		out[i] = float32((1-smoothWeight)*float64(probs[i]) + smoothWeight*s.prob/s.words)
	}
	return out
}

// region returns the element smoothLevel levels above a block (the
// highest it has when it is not that deep; nil for a block without
// ancestors): the region whose mean probability smooth mixes in, and the
// element whose new text lets a repeat stay (dropRepeats).
func region(b tokenize.Block) *tokenize.Element {
	if n := len(b.Ancestors); n > 0 {
		return b.Ancestors[max(0, n-smoothLevel)]
	}
	return nil
}

// expectedF1Choice returns which units to keep, given each unit's
// probability of being content (as the network gives it) and its words:
// the most probable units that maximize the expected F1 of the kept words,
// 2·Σ_kept q·w / (Σ_kept w + Σ_all q·w), with q the probability with its
// odds scaled by scale (f1Odds, times the favor factor), and none below
// f1Floor.
func expectedF1Choice(prob, words []float64, scale float64) []bool {
	q := make([]float64, len(prob))
	var gold float64 // expected content words of the page
	for k, p := range prob {
		q[k] = scaleOdds(p, scale)
		gold += q[k] * words[k]
	}
	order := make([]int, len(prob))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(q[b], q[a]) })
	var best, tp, kept float64
	n := 0
	for k, u := range order {
		if q[u] < f1Floor {
			break
		}
		tp += q[u] * words[u]
		kept += words[u]
		if f := 2 * tp / (kept + gold); f > best {
			best, n = f, k+1
		}
	}
	keep := make([]bool, len(prob))
	for _, u := range order[:n] {
		keep[u] = true
	}
	return keep
}

// scaleOdds returns probability p with its odds multiplied by s: p
// itself when s is 1, and 1 when p is.
func scaleOdds(p, s float64) float64 {
	switch {
	case p >= 1:
		return 1
	case s == 1:
		return p
	}
	odds := s * p / (1 - p)
	return odds / (1 + odds)
}

// selectedParagraphs yields the runs of selected blocks of one paragraph
// each, as start and end (exclusive) indices; the caller may unselect the
// blocks of the run it is given.
func selectedParagraphs(blocks []tokenize.Block, selected []bool) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for start := 0; start < len(blocks); {
			if !selected[start] {
				start++
				continue
			}
			end := start + 1
			for end < len(blocks) && selected[end] && blocks[end].Para == blocks[start].Para {
				end++
			}
			if !yield(start, end) {
				return
			}
			start = end
		}
	}
}

// dropIsolated unselects short selected paragraphs far from any long
// selected paragraph.
func dropIsolated(blocks []tokenize.Block, words []int, selected []bool) {
	type para struct{ start, end, words int }
	var paras []para
	for i := range blocks {
		if !selected[i] {
			continue
		}
		if n := len(paras); n > 0 && blocks[paras[n-1].end-1].Para == blocks[i].Para {
			paras[n-1].end = i + 1
			paras[n-1].words += words[i]
			continue
		}
		paras = append(paras, para{i, i + 1, words[i]})
	}
	var anchors []para
	for _, p := range paras {
		if p.words >= isolatedWords {
			anchors = append(anchors, p)
		}
	}
	if len(anchors) == 0 {
		return
	}
	k := 0 // first anchor ending after the paragraph's start
	for _, p := range paras {
		if p.words >= isolatedWords {
			continue
		}
		for k < len(anchors) && anchors[k].end <= p.start {
			k++
		}
		near := false
		if k > 0 && p.start-anchors[k-1].end < isolatedGap {
			near = true
		}
		if k < len(anchors) && anchors[k].start-p.end < isolatedGap {
			near = true
		}
		if !near {
			for i := p.start; i < p.end; i++ {
				selected[i] = false
			}
		}
	}
}

// dropFrame unselects every block when fewer than frameWords words are
// selected and each selected paragraph is a copyright line or lies wholly
// inside links or the page's frame (nav, header, footer, aside, or an
// element with a navigation role): a page with no article gives no
// content, not its menu or its copyright line. Copyright lines among an
// article's text stay (some datasets' gold keeps them).
func dropFrame(blocks []tokenize.Block, words []int, selected []bool) {
	total := 0
	for i, on := range selected {
		if on {
			total += words[i]
		}
	}
	if total >= frameWords {
		return
	}
	frameOnly := true
	for start, end := range selectedParagraphs(blocks, selected) {
		var text strings.Builder
		n, inFrame := 0, true
		for i := start; i < end; i++ {
			text.WriteString(blocks[i].Text)
			text.WriteByte(' ')
			n += words[i]
			inFrame = inFrame && (blocks[i].InLink || inPageFrame(blocks[i]))
		}
		frameOnly = frameOnly && (inFrame || n <= copyrightWords && isCopyright(text.String()))
	}
	if frameOnly {
		clear(selected)
	}
}

const (
	// copyrightWords is the most words a copyright line has.
	copyrightWords = 30
	// frameWords is the fewest words of links and navigation that can
	// be a page's content (a list of links that is the article).
	frameWords = 20
)

// dropBracketLabels unselects selected paragraphs that are one bracketed
// label of at most three words: the "[edit]" after a wiki's headings,
// "[show]", "[The Verge]" source labels.
func dropBracketLabels(blocks []tokenize.Block, selected []bool) {
	for start, end := range selectedParagraphs(blocks, selected) {
		if !strings.HasPrefix(strings.TrimSpace(blocks[start].Text), "[") {
			continue
		}
		text := strings.TrimSpace(tokenize.Text(blocks[start:end]))
		if inner, ok := strings.CutPrefix(text, "["); ok {
			if inner, ok = strings.CutSuffix(inner, "]"); ok && !strings.ContainsAny(inner, "[]") && tokenize.CountWords(inner) <= 3 {
				for i := start; i < end; i++ {
					selected[i] = false
				}
			}
		}
	}
}

// inPageFrame reports whether a block lies inside the page's navigation,
// header, footer or aside.
func inPageFrame(b tokenize.Block) bool {
	for _, el := range b.Ancestors {
		switch el.Name {
		case "nav", "header", "footer", "aside":
			return true
		}
		for _, a := range el.Attrs {
			switch a {
			case "role=navigation", "role=contentinfo", "role=banner", "footer", "nav", "navbar", "menu":
				return true
			}
		}
	}
	return false
}

// copyrightMarks are the phrases of copyright lines, lowercase.
var copyrightMarks = []string{
	"©", "(c) 1", "(c) 2", "copyright ", "all rights reserved", "tous droits réservés",
	"alle rechte vorbehalten", "todos los derechos reservados", "tutti i diritti riservati",
	"wszelkie prawa zastrzeżone", "все права защищены", "版权所有", "版權所有",
	"με επιφύλαξη παντός δικαιώματος",
}

// isCopyright reports whether a short text is a copyright line.
func isCopyright(text string) bool { return containsAny(strings.ToLower(text), copyrightMarks) }

// containsAny reports whether t holds one of the marks.
func containsAny(t string, marks []string) bool {
	return slices.ContainsFunc(marks, func(m string) bool { return strings.Contains(t, m) })
}

// dropBylines unselects the selected paragraphs before the body (the first
// selected paragraph of bodyWords words or more) whose text is a byline,
// or a date alone (isDateLine: the byline's date without its name).
func dropBylines(blocks []tokenize.Block, selected []bool) {
	leadParagraphs(blocks, selected, func(idx []int, text string, body bool) bool {
		if !body && (metadata.IsByline(text) || isDateLine(text)) {
			for _, i := range idx {
				selected[i] = false
			}
		}
		return true
	})
}
