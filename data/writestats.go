package data

import (
	"fmt"
	"io"
	"math"
)

// WriteStats writes the statistics of ds's splits (stats, from
// Dataset.Stats) as boilernet data stats prints them: a row per split
// (pages, blocks, content share, alignment coverage, pages with empty
// gold), under it a row per group for a dataset with groups, then the
// pages skipped, and the worst pages by coverage (none for worst 0).
func WriteStats(w io.Writer, ds *Dataset, stats []SplitStats, worst int) {
	// A dataset with groups gets a row per group under each split's row.
	width := 6
	for _, st := range stats {
		for _, g := range st.Groups() {
			width = max(width, 2+len(groupName(g.Group)))
		}
	}
	row := func(label string, st SplitStats) {
		fmt.Fprintf(w, "%-*s %6d %8d %s %s %s %6d\n", width, label, st.Docs, st.Blocks, ratio(st.ContentShare(), 8), ratio(st.CoverageMean, 9), ratio(st.CoverageMedian, 9), st.EmptyGold)
	}
	fmt.Fprintf(w, "dataset %s\n", ds.Name)
	if by := ds.GroupColumn(); by != "" {
		fmt.Fprintf(w, "(each split, then its pages by %s)\n", by)
	}
	fmt.Fprintf(w, "%-*s %6s %8s %8s %9s %9s %6s\n", width, "split", "docs", "blocks", "content", "cov.mean", "cov.med", "empty")
	for _, st := range stats {
		row(st.Split, st)
		for _, g := range st.Groups() {
			row("  "+groupName(g.Group), g.SplitStats)
		}
	}
	for _, st := range stats {
		if st.Skipped > 0 {
			fmt.Fprintf(w, "%s: %d of %d documents skipped (could not be loaded)\n", st.Split, st.Skipped, st.Skipped+st.Docs)
		}
	}
	if worst > 0 {
		fmt.Fprintf(w, "lowest coverage:\n")
		var docs []DocStats
		for _, st := range stats {
			docs = append(docs, st.PerDoc...)
		}
		for _, d := range Worst(docs, worst) {
			group := ""
			if d.Group != "" {
				group = "  " + d.Group
			}
			fmt.Fprintf(w, "  %-5s %-40s coverage %.3f  gold tokens %6d  blocks %5d (%d content)%s\n", d.Split, d.ID, d.Coverage, d.GoldTokens, d.Blocks, d.ContentBlocks, group)
		}
	}
}

// ratio shows a ratio with three decimals, or "-" when it is undefined
// (NaN: no document to average over).
func ratio(x float64, width int) string {
	if math.IsNaN(x) {
		return fmt.Sprintf("%*s", width, "-")
	}
	return fmt.Sprintf("%*.3f", width, x)
}

// groupName shows a group's name ("(none)" for pages without a group).
func groupName(g string) string {
	if g == "" {
		return "(none)"
	}
	return g
}
