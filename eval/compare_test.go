package eval

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
)

func TestCompare(t *testing.T) {
	ds, err := data.Open(filepath.Join("..", "testdata", "synth"))
	if err != nil {
		t.Fatal(err)
	}
	oracle := Method{Name: "oracle", Select: func(d *data.Document) ([]bool, error) { return slices.Clone(d.Labels), nil }}
	keepAll := Method{Name: "keep-all", Select: func(d *data.Document) ([]bool, error) {
		s := make([]bool, len(d.Labels))
		for i := range s {
			s[i] = true
		}
		return s, nil
	}}
	pages := 0
	r, err := Compare(ds, "test", []Method{oracle, keepAll}, data.Options{}, func() { pages++ })
	if err != nil {
		t.Fatal(err)
	}
	if r.Pages != 10 || pages != 10 || len(r.Methods) != 2 {
		t.Fatalf("report %+v", r)
	}
	if got := r.Methods[0].Blocks.MeanF1; got != 1 {
		t.Errorf("oracle mean F1 %v", got)
	}
	if tok := r.Methods[0].Tokens; tok.F1 < 0.99 || r.Methods[0].TokenPages != 10 {
		t.Errorf("oracle token scores %v on %d pages", tok, r.Methods[0].TokenPages)
	}
	if tok := r.Methods[1].Tokens; tok.Recall < 0.99 || tok.Precision > 0.9 {
		t.Errorf("keep-all token scores %v", tok)
	}
	all := r.Methods[1].Blocks
	if all.Content.Recall != 1 || all.Boilerplate.F1 != 0 || math.Abs(all.MeanF1-all.Content.F1/2) > 1e-12 {
		t.Errorf("keep-all scores %+v", all)
	}
	short := Method{Name: "short", Select: func(d *data.Document) ([]bool, error) { return nil, nil }}
	if _, err := Compare(ds, "test", []Method{short}, data.Options{}, nil); err == nil {
		t.Error("a method returning too few labels was accepted")
	}
	if _, err := Compare(ds, "nope", nil, data.Options{}, nil); err == nil {
		t.Error("missing split accepted")
	}
}

func TestReports(t *testing.T) {
	ds, err := data.Open(filepath.Join("..", "testdata", "synth"))
	if err != nil {
		t.Fatal(err)
	}
	oracle := Method{Name: "oracle", Select: func(d *data.Document) ([]bool, error) { return slices.Clone(d.Labels), nil }}
	r, err := Compare(ds, "dev", []Method{oracle}, data.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var csvOut, md strings.Builder
	if err := WriteCSV(&csvOut, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(csvOut.String()), "\n")
	if len(lines) != 11 || !strings.HasPrefix(lines[1], "synth,dev,oracle,p30,") || !strings.Contains(lines[1], ",1.0000,1.0000,1.0000,") {
		t.Errorf("CSV:\n%s", csvOut.String())
	}
	if err := WriteMarkdown(&md, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "## synth, dev split (10 pages)") || !strings.Contains(md.String(), "| oracle | 1.000 | 1.000 | 1.000 | 1.000 |") {
		t.Errorf("Markdown:\n%s", md.String())
	}
}

func TestPRCurve(t *testing.T) {
	probs := [][]float32{{0.9, 0.6, 0.2}, {0.4}}
	labels := [][]bool{{true, false, true}, {false}}
	got := PRCurve(probs, labels, []float64{0.5, 0.1})
	// At 0.5: predicted 0.9 (TP), 0.6 (FP); gold content 0.9, 0.2 → P 1/2, R 1/2.
	// At 0.1: all predicted: TP 2, FP 2 → P 1/2, R 1.
	want := []PRPoint{{0.5, 0.5, 0.5}, {0.1, 0.5, 1}}
	if !slices.Equal(got, want) {
		t.Errorf("PRCurve = %v, want %v", got, want)
	}
}

// oracleMethod selects the gold-labeled blocks; keepAllMethod every block.
var (
	oracleMethod  = Method{Name: "oracle", Select: func(d *data.Document) ([]bool, error) { return d.Labels, nil }}
	keepAllMethod = Method{Name: "keep-all", Select: func(d *data.Document) ([]bool, error) {
		return slices.Repeat([]bool{true}, len(d.Labels)), nil
	}}
)

func TestCompareGroups(t *testing.T) {
	tests := []struct {
		dataset, split string
		groupBy        string
		groups         []string
		pages          []int
	}{
		{"groups", "test", "page_type", []string{"article", "forum"}, []int{2, 2}},
		{"groups", "dev", "page_type", []string{"article"}, []int{1}},
		{"synth", "test", "", nil, nil},
	}
	for _, tt := range tests {
		dir := filepath.Join("testdata", tt.dataset)
		if tt.dataset == "synth" {
			dir = filepath.Join("..", "testdata", "synth")
		}
		ds, err := data.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Compare(ds, tt.split, []Method{oracleMethod, keepAllMethod}, data.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.GroupBy != tt.groupBy || len(r.Groups) != len(tt.groups) {
			t.Fatalf("%s %s: grouped by %q into %d groups, want %q, %d", tt.dataset, tt.split, r.GroupBy, len(r.Groups), tt.groupBy, len(tt.groups))
		}
		var blocks [2]Counts
		tokenPages := 0
		for i, g := range r.Groups {
			if g.Group != tt.groups[i] || g.Pages != tt.pages[i] || len(g.Methods) != 2 {
				t.Errorf("%s %s: group %d: %q, %d pages, %d methods", tt.dataset, tt.split, i, g.Group, g.Pages, len(g.Methods))
			}
			for k, m := range g.Methods {
				if m.Method != r.Methods[k].Method || len(m.Pages) != g.Pages {
					t.Errorf("group %s: method %d is %s on %d pages", g.Group, k, m.Method, len(m.Pages))
				}
				for _, p := range m.Pages {
					if p.Group != g.Group {
						t.Errorf("group %s holds page %s of group %s", g.Group, p.ID, p.Group)
					}
					blocks[k].Merge(p.Blocks)
				}
			}
			if o := g.Methods[0]; o.Blocks.MeanF1 != 1 || o.Tokens.F1 < 0.99 {
				t.Errorf("group %s: oracle scores %+v", g.Group, o)
			}
			tokenPages += g.Methods[0].TokenPages
		}
		if r.Groups != nil {
			for k := range 2 {
				if got := blocks[k].Scores(); got != r.Methods[k].Blocks {
					t.Errorf("%s: block scores of the groups' pages %+v, overall %+v", r.Methods[k].Method, got, r.Methods[k].Blocks)
				}
			}
			if tokenPages != r.Methods[0].TokenPages {
				t.Errorf("groups have %d pages with gold, the split %d", tokenPages, r.Methods[0].TokenPages)
			}
		}
	}
}

func TestGroupReports(t *testing.T) {
	ds, err := data.Open(filepath.Join("testdata", "groups"))
	if err != nil {
		t.Fatal(err)
	}
	ext, err := ReadExternal("tool", "test", []*data.Dataset{ds}, filepath.Join("testdata", "external", "tool.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Compare(ds, "test", []Method{oracleMethod, ext.Method(ds)}, data.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var table, md, csvOut strings.Builder
	if err := WriteTable(&table, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteMarkdown(&md, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(&csvOut, []*Report{r}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		output, text string
		want         []string
	}{
		{"table", table.String(), []string{
			"groups, test split, 4 pages",
			"\noracle                          1.000  1.000  1.000   1.000 |  1.000  1.000 1.000 [1.000,1.000]",
			"\ntool                              n/a    n/a    n/a     n/a |",
			"\npage_type article: 2 pages (2 with gold text)\n  oracle   ",
			"\npage_type forum: 2 pages (2 with gold text)\n  oracle ",
			"\n  tool                            n/a    n/a    n/a     n/a |  0.000  0.000 0.000 [0.000,0.000] |",
			"note: tool: no output for 2 of 4 pages (scored as empty)\n",
		}},
		{"markdown", md.String(), []string{
			"## groups, test split (4 pages)",
			"| tool | n/a | n/a | n/a | n/a | ",
			"### groups by page_type\n\n| page_type | pages | method | content P |",
			"| article | 2 | oracle | 1.000 | 1.000 | 1.000 | 1.000 |",
			"| forum | 2 | tool | n/a | n/a | n/a | n/a | 0.000 | 0.000 | 0.000 [0.000, 0.000] |",
			"- tool: no output for 2 of 4 pages (scored as empty)",
		}},
		{"csv", csvOut.String(), []string{
			"dataset,split,method,page,group,tp_blocks,",
			"\ngroups,test,oracle,a1,article,",
			"\ngroups,test,tool,a1,article,,,,,1.0000,1.0000,1.0000,",
			"\ngroups,test,tool,f2,forum,,,,,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,0.0000,1.0000\n",
		}},
	}
	for _, tt := range tests {
		for _, w := range tt.want {
			if !strings.Contains(tt.text, w) {
				t.Errorf("%s lacks %q:\n%s", tt.output, w, tt.text)
			}
		}
	}
}
