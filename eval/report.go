package eval

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteCSV writes one row per dataset, method and page: the page's group,
// block counts (empty for a text-only method), token and character
// precision, recall and F1 (empty without gold text) and shingle outcome;
// when a dataset has page labels, also the page's counts on them
// (LabelCounts; empty for the pages of other datasets).
func WriteCSV(w io.Writer, reports []*Report) error {
	cw := csv.NewWriter(w)
	labeled := anyLabeled(reports)
	header := []string{"dataset", "split", "method", "page", "group", "tp_blocks", "fp_blocks", "fn_blocks", "tn_blocks",
		"token_p", "token_r", "token_f1", "char_p", "char_r", "char_f1", "shingle_tp", "shingle_fp", "shingle_fn"}
	if labeled {
		header = append(header, labelColumns...)
	}
	cw.Write(header)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for _, r := range reports {
		for _, m := range r.Methods {
			for _, p := range m.Pages {
				row := []string{r.Dataset, r.Split, m.Method, p.ID, p.Group}
				if m.TextOnly {
					row = append(row, "", "", "", "")
				} else {
					row = append(row, strconv.Itoa(p.Blocks.TP), strconv.Itoa(p.Blocks.FP), strconv.Itoa(p.Blocks.FN), strconv.Itoa(p.Blocks.TN))
				}
				if p.HasGold {
					row = append(row, f(p.Tokens.Precision), f(p.Tokens.Recall), f(p.Tokens.F1), f(p.Chars.Precision), f(p.Chars.Recall), f(p.Chars.F1))
				} else {
					row = append(row, "", "", "", "", "", "")
				}
				row = append(row, f(p.Shingles.TP), f(p.Shingles.FP), f(p.Shingles.FN))
				if labeled {
					row = append(row, labelCells(p, m)...)
				}
				cw.Write(row)
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteMarkdown writes one table per report: every method with its block
// (n/a for a text-only method), token (with the 95% interval), character
// and shingle scores and pages/s; for a dataset with groups, a second
// table gives the same per group; for a dataset with page labels, two
// more give the outcomes on them (LabelCounts) likewise.
func WriteMarkdown(w io.Writer, reports []*Report) error {
	const cols = "content P | content R | content F1 | block mean F1 | token P | token R | token F1 [95% CI] | char F1 [95% CI] | shingle P | shingle R | shingle F1 | pages/s |"
	sep := strings.Repeat("---|", 12)
	for _, r := range reports {
		fmt.Fprintf(w, "## %s, %s split (%d pages)\n\n", r.Dataset, r.Split, r.Pages)
		fmt.Fprintf(w, "| method | %s\n|---|%s\n", cols, sep)
		for _, m := range r.Methods {
			fmt.Fprintf(w, "| %s | %s\n", m.Method, markdownCells(m, r.Pages))
		}
		fmt.Fprintln(w)
		if r.Groups != nil {
			by := groupLabel(r.GroupBy)
			fmt.Fprintf(w, "### %s by %s\n\n", r.Dataset, by)
			fmt.Fprintf(w, "| %s | pages | method | %s\n|---|---|---|%s\n", by, cols, sep)
			for _, g := range r.Groups {
				for _, m := range g.Methods {
					fmt.Fprintf(w, "| %s | %d | %s | %s\n", groupName(g.Group), g.Pages, m.Method, markdownCells(m, g.Pages))
				}
			}
			fmt.Fprintln(w)
		}
		if r.Labeled {
			writeLabelsMarkdown(w, r)
		}
		if writeNoOutput(w, r, "- ") {
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
	}
	return nil
}

// markdownCells formats a method's scores as the cells after the method
// name, each followed by " |".
func markdownCells(m MethodResult, pages int) string {
	b := m.Blocks
	blocks := fmt.Sprintf("%.3f | %.3f | %.3f | %.3f", b.Content.Precision, b.Content.Recall, b.Content.F1, b.MeanF1)
	speed := fmt.Sprintf("%.1f", m.PagesPerSecond(pages))
	if m.TextOnly {
		blocks, speed = "n/a | n/a | n/a | n/a", "n/a"
	}
	return fmt.Sprintf("%s | %.3f | %.3f | %.3f [%.3f, %.3f] | %.3f [%.3f, %.3f] | %.3f | %.3f | %.3f | %s |",
		blocks, m.Tokens.Precision, m.Tokens.Recall, m.Tokens.F1, m.TokenF1.Low, m.TokenF1.High,
		m.Chars.F1, m.CharF1.Low, m.CharF1.High, m.Shingles.Precision, m.Shingles.Recall, m.Shingles.F1, speed)
}

// writeNoOutput notes, one line each prefixed by prefix, the text-only
// methods that had no output for some pages of r, and reports whether it
// wrote any.
func writeNoOutput(w io.Writer, r *Report, prefix string) bool {
	noted := false
	for _, m := range r.Methods {
		if m.NoOutput > 0 {
			fmt.Fprintf(w, "%s%s: no output for %d of %d pages (scored as empty)\n", prefix, m.Method, m.NoOutput, r.Pages)
			noted = true
		}
	}
	return noted
}

// groupLabel names what groups a report's pages.
func groupLabel(by string) string {
	if by == "" {
		return "group"
	}
	return by
}

// groupName shows a group's name ("(none)" for pages without a group).
func groupName(g string) string {
	if g == "" {
		return "(none)"
	}
	return g
}

// WriteTable writes a report as a plain-text table for a terminal: a line
// per method with its block scores (n/a for a text-only method), token
// scores with the token F1's 95% interval, character and shingle scores
// and pages/s; for a dataset with groups, the same rows under a heading
// per group; for a dataset with page labels, a second table of the
// outcomes on them (LabelCounts), overall and per group.
func WriteTable(w io.Writer, r *Report) error {
	tokenPages := 0
	if len(r.Methods) > 0 {
		tokenPages = r.Methods[0].TokenPages
	}
	fmt.Fprintf(w, "%s, %s split, %d pages: blocks (all blocks), tokens and characters (mean over %d pages with gold text; token F1 with a bootstrap 95%% interval), 4-token shingles (all pages)\n",
		r.Dataset, r.Split, r.Pages, tokenPages)
	fmt.Fprintf(w, "%-30s %6s %6s %6s %7s | %6s %6s %19s | %6s %6s %6s | %6s %6s %6s | %8s\n", "method",
		"cont.P", "cont.R", "cont.F", "mean.F", "tok.P", "tok.R", "tok.F1 [95% CI]", "chr.P", "chr.R", "chr.F", "shg.P", "shg.R", "shg.F", "pages/s")
	for _, m := range r.Methods {
		tableRow(w, m, "", r.Pages)
	}
	for _, g := range r.Groups {
		tokenPages := 0
		if len(g.Methods) > 0 {
			tokenPages = g.Methods[0].TokenPages
		}
		fmt.Fprintf(w, "%s %s: %d pages (%d with gold text)\n", groupLabel(r.GroupBy), groupName(g.Group), g.Pages, tokenPages)
		for _, m := range g.Methods {
			tableRow(w, m, "  ", g.Pages)
		}
	}
	if r.Labeled {
		writeLabelsTable(w, r)
	}
	writeNoOutput(w, r, "note: ")
	_, err := fmt.Fprintln(w)
	return err
}

// tableRow writes one method's line of WriteTable, its name indented.
func tableRow(w io.Writer, m MethodResult, indent string, pages int) {
	b, tk, ch, sh := m.Blocks, m.Tokens, m.Chars, m.Shingles
	blocks := fmt.Sprintf("%6.3f %6.3f %6.3f %7.3f", b.Content.Precision, b.Content.Recall, b.Content.F1, b.MeanF1)
	speed := fmt.Sprintf("%8.1f", m.PagesPerSecond(pages))
	if m.TextOnly {
		blocks, speed = fmt.Sprintf("%6s %6s %6s %7s", "n/a", "n/a", "n/a", "n/a"), fmt.Sprintf("%8s", "n/a")
	}
	fmt.Fprintf(w, "%-30s %s | %6.3f %6.3f %5.3f [%5.3f,%5.3f] | %6.3f %6.3f %6.3f | %6.3f %6.3f %6.3f | %s\n", indent+m.Method,
		blocks, tk.Precision, tk.Recall, tk.F1, m.TokenF1.Low, m.TokenF1.High,
		ch.Precision, ch.Recall, ch.F1, sh.Precision, sh.Recall, sh.F1, speed)
}
