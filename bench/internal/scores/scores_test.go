package scores

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
)

// tinyDataset writes a dataset folder of one dev page of two paragraphs
// (six words, then four) with the gold text given.
func tinyDataset(t *testing.T, name, gold string) string {
	dir := filepath.Join(t.TempDir(), name)
	files := map[string]string{
		"html/a.html": "<html><body><p>the article text of the page</p><p>menu links home about</p></body></html>",
		"gold/a.txt":  gold,
		"dev.txt":     "a\n",
	}
	for path, text := range files {
		path = filepath.Join(dir, path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestWrite(t *testing.T) {
	keepAll := eval.Method{Name: "keep-all", Select: func(d *data.Document) ([]bool, error) {
		sel := make([]bool, len(d.Page.Blocks))
		for i := range sel {
			sel[i] = true
		}
		return sel, nil
	}}
	first := eval.Method{Name: "first block", Select: func(d *data.Document) ([]bool, error) {
		sel := make([]bool, len(d.Page.Blocks))
		sel[0] = true
		return sel, nil
	}}
	var out strings.Builder
	done := 0
	dirs := []string{
		tinyDataset(t, "one", "the article text of the page\n"),
		tinyDataset(t, "two", "the article text of the page\nmenu links home about\n"),
	}
	if err := Write(&out, dirs, "dev", []eval.Method{keepAll, first}, func() { done++ }); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"one        keep-all     0.600 / 1.000 / 0.750",
		"one        first block  1.000 / 1.000 / 1.000",
		"two        keep-all     1.000 / 1.000 / 1.000",
		"two        first block  1.000 / 0.600 / 0.750",
		"mean       keep-all     0.8000 / 1.0000 / 0.8750",
		"mean       first block  1.0000 / 0.8000 / 0.8750",
	}, "\n") + "\n"
	if out.String() != want {
		t.Errorf("output:\n%s\nwant:\n%s", out.String(), want)
	}
	if done != 2 {
		t.Errorf("done called %d times, want once per dataset (2)", done)
	}
	if err := Write(&out, []string{filepath.Join(t.TempDir(), "missing")}, "dev", []eval.Method{keepAll}, nil); err == nil {
		t.Error("a missing dataset folder: no error")
	}
}
