package train

import (
	"math/rand/v2"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
)

// Limits of the boilerplate regions Transplant moves between pages: an
// element all of whose blocks are labeled boilerplate, holding at least
// regionMinBlocks blocks and regionMinWords to regionMaxWords words (a
// teaser list, a navbox, a share row with its labels, a cookie banner),
// the largest such element on its branch.
const (
	regionMinBlocks = 3
	regionMinWords  = 12
	regionMaxWords  = 400
)

// region is a run of a page's blocks under one element, at depth (its
// index in the blocks' Ancestors).
type region struct {
	doc               *data.Document
	start, end, depth int
}

// boilerplateRegions lists the largest all-boilerplate elements of a
// labeled page within the limits above.
func boilerplateRegions(d *data.Document) []region {
	type span struct {
		start, end, words int
		content           bool
	}
	spans := map[*tokenize.Element]*span{}
	for i, b := range d.Page.Blocks {
		n := tokenize.CountWords(b.Text)
		for _, el := range b.Ancestors {
			s := spans[el]
			if s == nil {
				s = &span{start: i}
				spans[el] = s
			}
			s.end = i + 1
			s.words += n
			s.content = s.content || d.Labels[i]
		}
	}
	fits := func(s *span) bool {
		return !s.content && s.end-s.start >= regionMinBlocks && s.words >= regionMinWords && s.words <= regionMaxWords
	}
	var out []region
	for i, b := range d.Page.Blocks {
		// The outermost fitting element above the block, once per region.
		for depth, el := range b.Ancestors {
			if s := spans[el]; fits(s) {
				if s.start == i {
					out = append(out, region{d, s.start, s.end, depth})
				}
				break
			}
		}
	}
	return out
}

// transplant returns n new training pages: each a copy of a training page
// with content, into which a boilerplate region of another training page
// is inserted, labeled boilerplate, at a paragraph boundary between its
// first content block and just after its last. The page learns that text
// like an article's (teasers, blurbs, link lists) is not content when it
// sits in a region of its own: a precision lesson the datasets give only
// as often as their pages hold such regions. Deterministic for a seed.
func transplant(docs []*data.Document, n int, seed uint64) []*data.Document {
	var donors []region
	var hosts []*data.Document
	for _, d := range docs {
		donors = append(donors, boilerplateRegions(d)...)
		for _, c := range d.Labels {
			if c {
				hosts = append(hosts, d)
				break
			}
		}
	}
	if len(donors) == 0 || len(hosts) == 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x7a17))
	out := make([]*data.Document, 0, n)
	for range n {
		host := hosts[rng.IntN(len(hosts))]
		r := donors[rng.IntN(len(donors))]
		if r.doc == host {
			continue
		}
		out = append(out, insertRegion(host, r, rng))
	}
	return out
}

// commonAncestors returns the ancestors (and their names) that blocks a
// and b share, from the root down.
func commonAncestors(a, b tokenize.Block) ([]*tokenize.Element, []string) {
	n := 0
	for n < len(a.Ancestors) && n < len(b.Ancestors) && a.Ancestors[n] == b.Ancestors[n] {
		n++
	}
	return a.Ancestors[:n], a.Path[:n]
}

// insertRegion copies host with region r's blocks inserted.
func insertRegion(host *data.Document, r region, rng *rand.Rand) *data.Document {
	blocks, labels := host.Page.Blocks, host.Labels
	first, last := -1, -1
	for i, c := range labels {
		if c {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	var cuts []int // paragraph boundaries from the first content block to after the last
	for i := first + 1; i <= last+1 && i <= len(blocks); i++ {
		if i == len(blocks) || blocks[i].Para != blocks[i-1].Para {
			cuts = append(cuts, i)
		}
	}
	at := last + 1
	if len(cuts) > 0 {
		at = cuts[rng.IntN(len(cuts))]
	}
	paraBase, lineBase := 0, 0
	for _, b := range blocks {
		paraBase, lineBase = max(paraBase, b.Para+1), max(lineBase, b.Line+1)
	}
	// The region hangs from the host's element that holds the blocks on
	// both sides of the cut, so that its enclosing elements are the
	// host's and only the region's own subtree is the donor's.
	var anc []*tokenize.Element
	var path []string
	switch {
	case at > 0 && at < len(blocks):
		anc, path = commonAncestors(blocks[at-1], blocks[at])
	case at > 0 && len(blocks[at-1].Ancestors) > 0:
		prev := blocks[at-1]
		anc, path = prev.Ancestors[:len(prev.Ancestors)-1], prev.Path[:len(prev.Path)-1]
	}
	moved := r.doc.Page.Blocks[r.start:r.end]
	n := len(blocks) + len(moved)
	nb := make([]tokenize.Block, 0, n)
	nl := make([]bool, 0, n)
	nb = append(nb, blocks[:at]...)
	nl = append(nl, labels[:at]...)
	for _, b := range moved {
		b.Para += paraBase
		b.Line += lineBase
		b.Ancestors = append(anc[:len(anc):len(anc)], b.Ancestors[r.depth:]...)
		b.Path = append(path[:len(path):len(path)], b.Path[r.depth:]...)
		nb = append(nb, b)
		nl = append(nl, false)
	}
	nb = append(nb, blocks[at:]...)
	nl = append(nl, labels[at:]...)
	for i := range nb {
		nb[i].Index = i
	}
	page := *host.Page
	page.Blocks = nb
	return &data.Document{
		ID:       host.ID + "+" + r.doc.ID,
		Dataset:  host.Dataset,
		Page:     &page,
		Labeling: data.Labeling{Labels: nl},
	}
}
