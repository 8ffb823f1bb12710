package evalrun

import (
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/methods"
)

const labels = "../testdata/labels"

// TestCompare: the methods of specs, with the dataset's Markdown and an
// external output's gaps, compared on a split.
func TestCompare(t *testing.T) {
	datasets, err := OpenSplit([]string{labels}, "test")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := OpenSplit([]string{labels}, "train"); err == nil || !strings.Contains(err.Error(), "has no train split") {
		t.Errorf("a missing split: %v", err)
	}
	ds := datasets[0]
	m, err := methods.Parse("keep-all", methods.Params{})
	if err != nil {
		t.Fatal(err)
	}
	chosen, curve, _, err := Methods(methods.New(methods.Config{}), []string{"keep-all"}, []methods.Method{m}, true)
	if err != nil || len(chosen) != 1 || curve != nil {
		t.Fatalf("methods %v, curve %v: %v", chosen, curve, err)
	}
	externals, err := Externals("tool=../testdata/external/labels.jsonl", "test", datasets, []string{"keep-all"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Externals("keep-all=../testdata/external/labels.jsonl", "test", datasets, []string{"keep-all"}); err == nil {
		t.Error("an external output named as a method")
	}
	if gaps := Gaps(externals[0], ds, "test"); len(gaps) != 1 || !strings.HasPrefix(gaps[0], "tool: 1 of 3 labels test pages missing from its output, scored as empty output: ") {
		t.Errorf("gaps %q", gaps)
	}
	all := ForDataset(ds, chosen, externals)
	if len(all) != 2 || all[0].Markdown == nil || all[1].Name != "tool" {
		t.Fatalf("methods for the dataset: %+v", all)
	}
	r, err := eval.Compare(ds, "test", all, data.Options{}, nil)
	if err != nil || r.Pages != 3 {
		t.Fatalf("report of %d pages: %v", r.Pages, err)
	}
	if err := Plots(t.TempDir(), r, nil, 0.5); err != nil {
		t.Error(err)
	}
}

// TestMetadata: a split's metadata read from the parsed pages (no
// rounds), paired with its annotation and scored.
func TestMetadata(t *testing.T) {
	ds, err := data.Open(labels)
	if err != nil {
		t.Fatal(err)
	}
	run, err := Metadata(ds, ds.IDs["test"], MetadataOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Pages) != 3 || run.Skipped != 0 || run.Pages[0].Annotated["title"] != "Baking sourdough at home" || run.Pages[0].Metadata == nil || run.Pages[0].HasResult {
		t.Fatalf("run %+v", run)
	}
	var out strings.Builder
	if err := run.Write(&out, nil, "labels test"); err != nil || !strings.HasPrefix(out.String(), "labels test split: 3 pages\n\n") {
		t.Errorf("%v:\n%s", err, out.String())
	}
}
