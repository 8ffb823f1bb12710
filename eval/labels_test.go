package eval

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"golang.org/x/net/html"
)

func TestScoreLabels(t *testing.T) {
	snippets := data.Snippets{
		With:    []string{"We didn't stop.", "The council approved the budget for a footbri", "Lost sentence.", "—"},
		Without: []string{"Home", "Sign up", "Privacy Policy", "Newsletter"},
	}
	gold := "Title\n\nWe didn't stop. Sign up for the course.\n\nThe council approved the budget for a footbridge."
	md := "# Title\n\n## Budget\n\n## Budget\n\n```\nx := 1\n```\n\n```\nnot kept\n```\n"
	l := NewPageLabels(snippets, md, gold)
	if len(l.With) != 3 || len(l.Without) != 4 || !slices.Equal(l.InGold, []int{0, 1, 0, 0}) {
		t.Fatalf("labels %+v", l)
	}
	markdown := func(s string) func() (string, error) { return func() (string, error) { return s, nil } }
	tests := []struct {
		name     string
		text     string
		markdown func() (string, error)
		want     LabelCounts
	}{
		{"the gold", gold + "\n\nBudget\n\nx := 1", nil,
			LabelCounts{Found: 2, FoundSubstring: 2, LeakedSubstring: 1, CodeWhole: 1, HeadingLines: 2}},
		{"menu, curly quotes, homepage", "Home About\nWe didn’t stop. Sign up for the course. Sign up\nOur homepage\nBudget\nBudget\nBudget", nil,
			LabelCounts{Found: 1, Leaked: 2, LeakedSubstring: 2, HeadingLines: 2}},
		{"Markdown headings", "Title\nBudget\nBudget", markdown("# Title\n## Budget\n\nBudget\n"),
			LabelCounts{HeadingLines: 3, HeadingMarks: 2}},
		{"code spaced out by highlighting", "x\n:=\n1", nil, LabelCounts{CodeWhole: 1}},
		{"nothing", "", markdown(""), LabelCounts{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := l.Score(tt.text, tt.markdown)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			want.With, want.Without, want.Code, want.Headings = 3, 4, 2, 3
			if got != want {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
		})
	}
	if _, err := l.Score("", func() (string, error) { return "", errors.New("no page") }); err == nil {
		t.Error("a Markdown error was dropped")
	}
	noHeadings := NewPageLabels(snippets, "", gold)
	if _, err := noHeadings.Score("", func() (string, error) { panic("Markdown asked for without a gold heading") }); err != nil {
		t.Error(err)
	}
}

func TestLabelCountsAdd(t *testing.T) {
	var sum LabelCounts
	sum.Add(LabelCounts{With: 3, Found: 2, Without: 4, Leaked: 1, FoundSubstring: 1, LeakedSubstring: 2, Code: 1, CodeWhole: 1, Headings: 5, HeadingLines: 4, HeadingMarks: 3})
	sum.Add(LabelCounts{With: 1, Found: 1, Without: 4, Leaked: 0, Code: 1, Headings: 5, HeadingLines: 1, HeadingMarks: 1})
	want := LabelCounts{With: 4, Found: 3, Without: 8, Leaked: 1, FoundSubstring: 1, LeakedSubstring: 2, Code: 2, CodeWhole: 1, Headings: 10, HeadingLines: 5, HeadingMarks: 4}
	if sum != want {
		t.Fatalf("sum %+v", sum)
	}
	rates := []float64{sum.FoundRate(), sum.LeakRate(), sum.CodeRate(), sum.HeadingLineRate(), sum.HeadingMarkRate(), sum.FoundSubstringRate(), sum.LeakSubstringRate()}
	if !slices.Equal(rates, []float64{0.75, 0.125, 0.5, 0.5, 0.4, 0.25, 0.25}) {
		t.Errorf("rates %v", rates)
	}
	if (LabelCounts{}).LeakRate() != 0 {
		t.Error("a rate of nothing is not 0")
	}
}

// headingsMarkdown gives the selected blocks as Markdown, those in an
// <h1>-<h6> as headings: enough Markdown for the tests.
func headingsMarkdown(d *data.Document, sel []bool) (string, error) {
	var sb strings.Builder
	for i, b := range d.Page.Blocks {
		if !sel[i] {
			continue
		}
		if p := b.Node.Parent; p != nil && p.Type == html.ElementNode && len(p.Data) == 2 && p.Data[0] == 'h' && p.Data[1] >= '1' && p.Data[1] <= '6' {
			sb.WriteString("## ")
		}
		sb.WriteString(b.Text + "\n\n")
	}
	return sb.String(), nil
}

// labelMethods are the methods the tests on testdata/labels compare:
// the gold labels, every block, and the gold text as a text-only method.
func labelMethods() []Method {
	oracle := Method{Name: "oracle", Select: func(d *data.Document) ([]bool, error) { return slices.Clone(d.Labels), nil }, Markdown: headingsMarkdown}
	keepAll := Method{Name: "keep-all", Select: func(d *data.Document) ([]bool, error) {
		s := make([]bool, len(d.Labels))
		for i := range s {
			s[i] = true
		}
		return s, nil
	}, Markdown: headingsMarkdown}
	gold := Method{Name: "gold", Text: func(d *data.Document) (string, bool) { return d.Gold.Text(), true }}
	return []Method{oracle, keepAll, gold}
}

func TestCompareLabels(t *testing.T) {
	ds, err := data.Open(filepath.Join("testdata", "labels"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Compare(ds, "test", labelMethods(), data.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Labeled || len(r.Groups) != 3 {
		t.Fatalf("labeled %v, %d groups", r.Labeled, len(r.Groups))
	}
	// p1: 3 must-include, 4 must-exclude ("Sign up" also in the gold), 1
	// code block, 2 headings; p2: 1, 2, 1, 3 ("Install" is bold text on
	// the page, a heading in the gold); p3 has no labels.
	totals := LabelCounts{With: 4, Without: 6, Code: 2, Headings: 5}
	want := map[string]LabelCounts{
		"oracle":   {Found: 4, FoundSubstring: 2, LeakedSubstring: 2, CodeWhole: 2, HeadingLines: 5, HeadingMarks: 4},
		"keep-all": {Found: 4, FoundSubstring: 2, Leaked: 5, LeakedSubstring: 5, CodeWhole: 2, HeadingLines: 5, HeadingMarks: 4},
		"gold":     {Found: 4, FoundSubstring: 4, LeakedSubstring: 2, CodeWhole: 2, HeadingLines: 5},
	}
	for _, m := range r.Methods {
		w := want[m.Method]
		w.With, w.Without, w.Code, w.Headings = totals.With, totals.Without, totals.Code, totals.Headings
		if m.Labels != w || m.LabelPages != 3 {
			t.Errorf("%s on %d pages:\n got %+v\nwant %+v", m.Method, m.LabelPages, m.Labels, w)
		}
		if m.Markdown != (m.Method != "gold") {
			t.Errorf("%s: Markdown %v", m.Method, m.Markdown)
		}
	}
	// The groups split the pages' counts.
	for _, g := range r.Groups {
		var sum LabelCounts
		for _, p := range r.Methods[1].Pages {
			if p.Group == g.Group {
				sum.Add(p.Labels)
			}
		}
		if got := g.Methods[1].Labels; got != sum {
			t.Errorf("group %s: %+v, its pages sum to %+v", g.Group, got, sum)
		}
	}
	if forum := r.Groups[2]; forum.Group != "forum" || forum.Methods[0].Labels != (LabelCounts{}) || forum.Methods[0].LabelPages != 1 {
		t.Errorf("forum group %+v", forum.Methods[0])
	}
}

func TestLabelReports(t *testing.T) {
	ds, err := data.Open(filepath.Join("testdata", "labels"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Compare(ds, "test", labelMethods(), data.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var table, md, csvOut strings.Builder
	if err := WriteTable(&table, r); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"labels, test split, page labels (micro) of 3 pages, 4 must-include and 6 must-exclude snippets, 2 code blocks, 5 headings:",
		"\noracle                          1.000 [0.500] |  0.000 [0.333] |  1.000 |  1.000  0.800\n",
		"\ngold                            1.000 [1.000] |  0.000 [0.333] |  1.000 |  1.000    n/a\n",
		"\npage_type forum: 1 pages, 0 must-include and 0 must-exclude snippets, 0 code blocks, 0 headings\n  oracle                            - [    -] |      - [    -] |      - |      -      -\n",
	} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
	if err := WriteMarkdown(&md, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"### labels: page labels (micro: every snippet, code block and heading of the pages counts once)\n\n3 pages, 4 must-include",
		"| keep-all | 1.000 | 0.833 | 1.000 | 1.000 | 0.800 | 0.500 | 0.833 |\n",
		"| gold | 1.000 | 0.000 | 1.000 | 1.000 | n/a | 1.000 | 0.333 |\n",
		"| article | 1 | 3 | 4 | 1 | 2 | oracle | 1.000 | 0.000 | 1.000 | 1.000 | 1.000 |\n| | | | | | | keep-all | 1.000 | 0.750 |",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("report.md lacks %q:\n%s", want, md.String())
		}
	}
	if err := WriteCSV(&csvOut, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(csvOut.String(), "\n")
	if !strings.HasSuffix(lines[0], ",shingle_fn,with,with_found,without,without_leaked,with_found_substring,without_leaked_substring,code,code_whole,headings,heading_lines,heading_marks") ||
		!strings.HasPrefix(lines[1], "labels,test,oracle,p1,article,") || !strings.HasSuffix(lines[1], ",3,3,4,0,1,2,1,1,2,2,2") ||
		!strings.HasSuffix(lines[9], ",0,0,0,0,0,0,0,0,0,0,") {
		t.Errorf("pages.csv:\n%s", csvOut.String())
	}
}

// TestNoLabels: a dataset without snippets or Markdown reports as before.
func TestNoLabels(t *testing.T) {
	ds, err := data.Open(filepath.Join("testdata", "groups"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Compare(ds, "test", labelMethods(), data.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var table, md, csvOut strings.Builder
	WriteTable(&table, r)
	WriteMarkdown(&md, []*Report{r})
	WriteCSV(&csvOut, []*Report{r})
	if r.Labeled || strings.Contains(table.String()+md.String(), "page labels") || strings.Contains(csvOut.String(), "with_found") {
		t.Errorf("labels reported without labels:\n%s\n%s\n%s", table.String(), md.String(), csvOut.String())
	}
}
