package eval

import (
	"fmt"
	"io"
	"strconv"
)

// labelColumns are the columns WriteCSV adds when a report has page
// labels: a page's counts (LabelCounts), empty for a page without them.
var labelColumns = []string{"with", "with_found", "without", "without_leaked", "with_found_substring", "without_leaked_substring",
	"code", "code_whole", "headings", "heading_lines", "heading_marks"}

// anyLabeled reports whether a report has page labels.
func anyLabeled(reports []*Report) bool {
	for _, r := range reports {
		if r.Labeled {
			return true
		}
	}
	return false
}

// labelCells returns a page's cells of labelColumns (heading_marks empty
// for a method without Markdown).
func labelCells(p PageResult, m MethodResult) []string {
	if !p.HasLabels {
		return make([]string, len(labelColumns))
	}
	c := p.Labels
	cells := []string{}
	for _, n := range []int{c.With, c.Found, c.Without, c.Leaked, c.FoundSubstring, c.LeakedSubstring, c.Code, c.CodeWhole, c.Headings, c.HeadingLines} {
		cells = append(cells, strconv.Itoa(n))
	}
	marks := ""
	if m.Markdown {
		marks = strconv.Itoa(c.HeadingMarks)
	}
	return append(cells, marks)
}

// labelTotals describes what the page labels of a set of pages hold.
func labelTotals(c LabelCounts) string {
	return fmt.Sprintf("%d must-include and %d must-exclude snippets, %d code blocks, %d headings", c.With, c.Without, c.Code, c.Headings)
}

// labelTotalsOf describes the page labels of the pages methods were
// scored on.
func labelTotalsOf(methods []MethodResult) string {
	t, pages := totalsOf(methods)
	return fmt.Sprintf("%d pages, %s", pages, labelTotals(t))
}

// totalsOf returns the labels' totals over the pages of a report or a
// group and the number of those pages with labels: those of its first
// method (every method sees the same pages).
func totalsOf(methods []MethodResult) (LabelCounts, int) {
	if len(methods) == 0 {
		return LabelCounts{}, 0
	}
	return methods[0].Labels, methods[0].LabelPages
}

// labelCell formats the rate n/d to three decimals, or "-" when d is
// zero (nothing to find).
func labelCell(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f", ratio(n, d))
}

// labelRates are a method's rates on the page labels, formatted.
type labelRates struct {
	found, foundSubstring, leaked, leakedSubstring, code, headingLines, headingMarks string
}

// ratesOf formats the rates of m's outcome on the page labels; the
// heading marks are "n/a" for a method without Markdown.
func ratesOf(m MethodResult) labelRates {
	c := m.Labels
	marks := "n/a"
	if m.Markdown {
		marks = labelCell(c.HeadingMarks, c.Headings)
	}
	return labelRates{
		found: labelCell(c.Found, c.With), foundSubstring: labelCell(c.FoundSubstring, c.With),
		leaked: labelCell(c.Leaked, c.Without), leakedSubstring: labelCell(c.LeakedSubstring, c.Without),
		code: labelCell(c.CodeWhole, c.Code), headingLines: labelCell(c.HeadingLines, c.Headings), headingMarks: marks,
	}
}

// labelHeader is the header of WriteMarkdown's tables of page labels,
// after the method column, and labelSep its separator cells.
const (
	labelHeader = "must-include found | must-exclude leaked | code blocks whole | headings as lines | headings as headings |"
	labelSep    = "---|---|---|---|---|"
)

// markdownCells returns the cells of labelHeader, each followed by " |".
func (r labelRates) markdownCells() string {
	return fmt.Sprintf("%s | %s | %s | %s | %s |", r.found, r.leaked, r.code, r.headingLines, r.headingMarks)
}

// writeLabelsMarkdown writes the tables of r's page labels: overall,
// with the rates by the benchmark's own rule, and, for a dataset with
// groups, per group.
func writeLabelsMarkdown(w io.Writer, r *Report) {
	fmt.Fprintf(w, "### %s: page labels (micro: every snippet, code block and heading of the pages counts once)\n\n", r.Dataset)
	fmt.Fprintf(w, "%s. Snippets match as phrases on word boundaries, the benchmark's own rule (a lower-case substring) in the last two columns; headings as headings: n/a for a method without Markdown; -: nothing to find.\n\n",
		labelTotalsOf(r.Methods))
	fmt.Fprintf(w, "| method | %s found (substring) | leaked (substring) |\n|---|%s---|---|\n", labelHeader, labelSep)
	for _, m := range r.Methods {
		rates := ratesOf(m)
		fmt.Fprintf(w, "| %s | %s %s | %s |\n", m.Method, rates.markdownCells(), rates.foundSubstring, rates.leakedSubstring)
	}
	fmt.Fprintln(w)
	if r.Groups == nil {
		return
	}
	by := groupLabel(r.GroupBy)
	fmt.Fprintf(w, "### %s page labels by %s\n\n", r.Dataset, by)
	fmt.Fprintf(w, "| %s | pages | must-include | must-exclude | code blocks | headings | method | %s\n|---|---|---|---|---|---|---|%s\n", by, labelHeader, labelSep)
	for _, g := range r.Groups {
		t, pages := totalsOf(g.Methods)
		counts := fmt.Sprintf("| %s | %d | %d | %d | %d | %d |", groupName(g.Group), pages, t.With, t.Without, t.Code, t.Headings)
		for k, m := range g.Methods {
			if k > 0 {
				counts = "| | | | | | |" // the group's counts on its first row only
			}
			fmt.Fprintf(w, "%s %s | %s\n", counts, m.Method, ratesOf(m).markdownCells())
		}
	}
	fmt.Fprintln(w)
}

// writeLabelsTable writes WriteTable's table of r's page labels.
func writeLabelsTable(w io.Writer, r *Report) {
	fmt.Fprintf(w, "%s, %s split, page labels (micro) of %s: must-include found and must-exclude leaked (phrases; [the benchmark's substring rule]), gold code blocks found whole, gold headings found as lines of the text and as Markdown headings\n",
		r.Dataset, r.Split, labelTotalsOf(r.Methods))
	fmt.Fprintf(w, "%-30s %6s %7s | %6s %7s | %6s | %6s %6s\n", "method", "found", "[subst]", "leaked", "[subst]", "code", "hd.ln", "hd.md")
	for _, m := range r.Methods {
		labelRow(w, m, "")
	}
	for _, g := range r.Groups {
		fmt.Fprintf(w, "%s %s: %s\n", groupLabel(r.GroupBy), groupName(g.Group), labelTotalsOf(g.Methods))
		for _, m := range g.Methods {
			labelRow(w, m, "  ")
		}
	}
}

// labelRow writes one method's line of writeLabelsTable, its name
// indented.
func labelRow(w io.Writer, m MethodResult, indent string) {
	r := ratesOf(m)
	fmt.Fprintf(w, "%-30s %6s [%5s] | %6s [%5s] | %6s | %6s %6s\n", indent+m.Method,
		r.found, r.foundSubstring, r.leaked, r.leakedSubstring, r.code, r.headingLines, r.headingMarks)
}
