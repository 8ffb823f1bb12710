package data

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
)

// DocStats is what Stats measures on one document.
type DocStats struct {
	Split         string
	ID            string
	Group         string // the page's reporting group (Dataset.Group)
	Blocks        int
	ContentBlocks int
	GoldTokens    int
	Coverage      float64 // NaN when the gold has no content
}

// SplitStats summarizes one split of a dataset.
type SplitStats struct {
	Split         string
	Docs          int
	Blocks        int
	ContentBlocks int
	// EmptyGold counts documents whose gold has no content token; they are
	// left out of the coverage mean and median.
	EmptyGold      int
	CoverageMean   float64
	CoverageMedian float64
	// PerDoc holds every document, in split order.
	PerDoc []DocStats
	// Skipped counts the documents that could not be loaded and were
	// left out (see Options.Strict).
	Skipped int
}

// ContentShare is the share of blocks labeled content.
func (s SplitStats) ContentShare() float64 {
	if s.Blocks == 0 {
		return 0
	}
	return float64(s.ContentBlocks) / float64(s.Blocks)
}

// Worst returns the n documents of the split with the lowest coverage
// (empty gold excluded), lowest first.
func (s SplitStats) Worst(n int) []DocStats { return Worst(s.PerDoc, n) }

// Worst returns the n documents of per with the lowest coverage (empty gold
// excluded), lowest first.
func Worst(per []DocStats, n int) []DocStats {
	var docs []DocStats
	for _, d := range per {
		if !math.IsNaN(d.Coverage) {
			docs = append(docs, d)
		}
	}
	sort.SliceStable(docs, func(i, j int) bool { return docs[i].Coverage < docs[j].Coverage })
	return docs[:min(n, len(docs))]
}

// Stats loads and labels every document of a split, using all cores, and
// summarizes the labels and the alignment coverage. done, if not nil, is
// called once per document (from any goroutine). A document that cannot
// be loaded is reported, left out and counted (Options.Skip), or with
// Options.Strict stops the run with an error naming it.
func (d *Dataset) Stats(split string, opts Options, done func()) (SplitStats, error) {
	ids, ok := d.IDs[split]
	if !ok {
		return SplitStats{}, fmt.Errorf("dataset %s has no %s split", d.Dir, split)
	}
	per := make([]DocStats, len(ids))
	loaded := make([]bool, len(ids))
	err := d.LoadEach(ids, opts, func(i int, doc *Document) {
		loaded[i] = true
		per[i] = DocStats{Split: split, ID: ids[i], Group: d.Group(ids[i]), Blocks: len(doc.Labels), GoldTokens: doc.GoldTokens, Coverage: doc.Coverage()}
		for _, c := range doc.Labels {
			if c {
				per[i].ContentBlocks++
			}
		}
		if done != nil {
			done()
		}
	})
	if err != nil {
		return SplitStats{}, err
	}
	var kept []DocStats
	for i, ok := range loaded {
		if ok {
			kept = append(kept, per[i])
		} else if done != nil {
			done() // a page left out counts as done
		}
	}
	s := summarize(split, kept)
	s.Skipped = len(ids) - len(kept)
	return s, nil
}

// summarize computes the statistics of the documents per of a split.
func summarize(split string, per []DocStats) SplitStats {
	s := SplitStats{Split: split, Docs: len(per), PerDoc: per}
	var cov []float64
	for _, p := range per {
		s.Blocks += p.Blocks
		s.ContentBlocks += p.ContentBlocks
		if math.IsNaN(p.Coverage) {
			s.EmptyGold++
			continue
		}
		cov = append(cov, p.Coverage)
	}
	s.CoverageMean, s.CoverageMedian = meanMedian(cov)
	return s
}

// GroupStats summarizes the documents of one reporting group of a split.
type GroupStats struct {
	Group string
	SplitStats
}

// Groups splits the statistics by the documents' reporting group (page
// type, language; see Dataset.Group): one entry per group, in
// alphabetical order, documents without a group under "". It returns nil
// when no document has a group.
func (s SplitStats) Groups() []GroupStats {
	byGroup := map[string][]DocStats{}
	grouped := false
	for _, d := range s.PerDoc {
		byGroup[d.Group] = append(byGroup[d.Group], d)
		grouped = grouped || d.Group != ""
	}
	if !grouped {
		return nil
	}
	names := slices.Sorted(maps.Keys(byGroup))
	out := make([]GroupStats, len(names))
	for i, g := range names {
		out[i] = GroupStats{Group: g, SplitStats: summarize(s.Split, byGroup[g])}
	}
	return out
}

// GroupColumn returns the meta.tsv column that Group reads (page_type,
// language), or "" when the dataset does not group its pages.
func (d *Dataset) GroupColumn() string {
	for _, c := range groupColumns {
		for _, row := range d.Meta {
			if row[c] != "" {
				return c
			}
		}
	}
	return ""
}

func meanMedian(xs []float64) (mean, median float64) {
	if len(xs) == 0 {
		return math.NaN(), math.NaN()
	}
	xs = slices.Clone(xs)
	slices.Sort(xs)
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	mid := len(xs) / 2
	if len(xs)%2 == 1 {
		return mean, xs[mid]
	}
	return mean, (xs[mid-1] + xs[mid]) / 2
}
