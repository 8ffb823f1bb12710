package eval

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
)

// WriteCSV writes one row per dataset, method and page: the page's block
// counts, token and character precision, recall and F1 (empty without
// gold text) and shingle outcome.
func WriteCSV(w io.Writer, reports []*Report) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"dataset", "split", "method", "page", "tp_blocks", "fp_blocks", "fn_blocks", "tn_blocks",
		"token_p", "token_r", "token_f1", "char_p", "char_r", "char_f1", "shingle_tp", "shingle_fp", "shingle_fn"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for _, r := range reports {
		for _, m := range r.Methods {
			for _, p := range m.Pages {
				row := []string{r.Dataset, r.Split, m.Method, p.ID,
					strconv.Itoa(p.Blocks.TP), strconv.Itoa(p.Blocks.FP), strconv.Itoa(p.Blocks.FN), strconv.Itoa(p.Blocks.TN)}
				if p.HasGold {
					row = append(row, f(p.Tokens.Precision), f(p.Tokens.Recall), f(p.Tokens.F1), f(p.Chars.Precision), f(p.Chars.Recall), f(p.Chars.F1))
				} else {
					row = append(row, "", "", "", "", "", "")
				}
				cw.Write(append(row, f(p.Shingles.TP), f(p.Shingles.FP), f(p.Shingles.FN)))
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteMarkdown writes one table per report: every method with its block,
// token (with the 95% interval), character and shingle scores and pages/s.
func WriteMarkdown(w io.Writer, reports []*Report) error {
	for _, r := range reports {
		fmt.Fprintf(w, "## %s, %s split (%d pages)\n\n", r.Dataset, r.Split, r.Pages)
		fmt.Fprintln(w, "| method | content P | content R | content F1 | block mean F1 | token P | token R | token F1 [95% CI] | char F1 [95% CI] | shingle P | shingle R | shingle F1 | pages/s |")
		fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|")
		for _, m := range r.Methods {
			b := m.Blocks
			fmt.Fprintf(w, "| %s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f [%.3f, %.3f] | %.3f [%.3f, %.3f] | %.3f | %.3f | %.3f | %.1f |\n",
				m.Method, b.Content.Precision, b.Content.Recall, b.Content.F1, b.MeanF1,
				m.Tokens.Precision, m.Tokens.Recall, m.Tokens.F1, m.TokenF1.Low, m.TokenF1.High, m.Chars.F1, m.CharF1.Low, m.CharF1.High,
				m.Shingles.Precision, m.Shingles.Recall, m.Shingles.F1, m.PagesPerSecond(r.Pages))
		}
		if _, err := fmt.Fprintln(w); err != nil {
			return err
		}
	}
	return nil
}
