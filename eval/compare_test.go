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
	oracle := Method{"oracle", func(d *data.Document) ([]bool, error) { return d.Labels, nil }}
	keepAll := Method{"keep-all", func(d *data.Document) ([]bool, error) {
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
	short := Method{"short", func(d *data.Document) ([]bool, error) { return nil, nil }}
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
	oracle := Method{"oracle", func(d *data.Document) ([]bool, error) { return d.Labels, nil }}
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
