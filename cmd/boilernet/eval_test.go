package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalLabels: on a dataset with snippets and gold Markdown, eval
// reports the page labels of its methods (headings as headings from
// render's Markdown) and of external outputs (without Markdown).
func TestEvalLabels(t *testing.T) {
	const labels, tool = "../../eval/testdata/labels", "../../eval/testdata/external/labels.jsonl"
	out := filepath.Join(t.TempDir(), "report")
	checkRun(t, []string{"eval", "-q", "-data", labels, "-methods", "keep-all,oracle", "-external", "tool=" + tool, "-out", out}, 0,
		[]string{
			"labels, test split, page labels (micro) of 3 pages, 4 must-include and 6 must-exclude snippets, 2 code blocks, 5 headings",
			// render gives "grep", "Feeding the starter", "Options" and the
			// kept headline as headings; "Install" is bold text.
			"\nkeep-all                        1.000 [0.500] |  0.833 [0.833] |  1.000 |  1.000  0.800\n",
			"\noracle                          1.000 [0.500] |  0.000 [0.333] |  1.000 |  1.000  0.800\n",
			// p1 only, with two of its must-include sentences (its quotes
			// and dashes are not the snippets'), Home a second time (the
			// title has "at home"), the code block and both headings.
			"\ntool                            0.500 [0.000] |  0.167 [0.333] |  0.500 |  0.400    n/a\n",
			"\npage_type documentation: 1 pages, 1 must-include and 2 must-exclude snippets, 1 code blocks, 3 headings\n",
		}, []string{"warning: tool: 1 of 3 labels test pages missing from its output"})
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil || !strings.Contains(string(md), "| tool | 0.500 | 0.167 | 0.500 | 0.400 | n/a | 0.000 | 0.333 |") {
		t.Errorf("report.md: %v\n%s", err, md)
	}
	csv, err := os.ReadFile(filepath.Join(out, "pages.csv"))
	if err != nil || !strings.Contains(string(csv), "\nlabels,test,tool,p2,documentation,,,,,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,1.0000,1,0,2,0,0,0,1,0,3,0,\n") {
		t.Errorf("pages.csv: %v\n%s", err, csv)
	}
}
