package eval

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
)

// openGroups opens the fixture dataset with page types.
func openGroups(t *testing.T) *data.Dataset {
	t.Helper()
	ds, err := data.Open(filepath.Join("testdata", "groups"))
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// copyDataset writes a dataset named name into a temporary folder with
// the test split of the groups fixture (same ids), for tests that need
// two datasets sharing ids.
func copyDataset(t *testing.T, name string) *data.Dataset {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	for _, sub := range []string{"html", "gold"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{"test.txt": "a1\nz9\n", "html/a1.html": "<p>Other page.</p>", "gold/a1.txt": "Other page.",
		"html/z9.html": "<p>Only here.</p>", "gold/z9.txt": "Only here."}
	for f, s := range files {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ds, err := data.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestParseExternalFlag(t *testing.T) {
	tests := []struct {
		flag string
		want []ExternalFile
		err  string
	}{
		{"traf=a.jsonl", []ExternalFile{{"traf", "a.jsonl"}}, ""},
		{"traf=a.jsonl, read=b.jsonl,traf=c.jsonl", []ExternalFile{{"traf", "a.jsonl"}, {"read", "b.jsonl"}, {"traf", "c.jsonl"}}, ""},
		{" traf = a.jsonl ", []ExternalFile{{"traf", "a.jsonl"}}, ""},
		{"traf", nil, `bad external output "traf"`},
		{"traf= ", nil, "want NAME=FILE"},
		{"=a.jsonl", nil, "want NAME=FILE"},
		{"traf=", nil, "want NAME=FILE"},
		{"traf=a.jsonl,", nil, `bad external output ""`},
	}
	for _, tt := range tests {
		got, err := ParseExternalFlag(tt.flag)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.flag, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%q: %v %v, want %v", tt.flag, got, err, tt.want)
		}
	}
}

func TestReadExternalErrors(t *testing.T) {
	ds := openGroups(t)
	other := copyDataset(t, "other")
	tests := []struct {
		name     string
		datasets []*data.Dataset
		input    string
		err      string // "" when the input is valid
	}{
		{"valid", nil, `{"id":"a1","text":"x"}` + "\n\n" + `{"id":"f2","text":"y"}`, ""},
		{"no final newline, other fields", nil, `{"id":"a1","text":"x","title":"t","lang":null}`, ""},
		{"malformed", nil, `{"id":"a1","text":"x"}` + "\n" + `{"id":"a2",`, `x.jsonl:2: malformed JSON line`},
		{"not an object", nil, `["a1","x"]`, `x.jsonl:1: malformed JSON line`},
		{"trailing data", nil, `{"id":"a1","text":"x"} {"id":"a2","text":"y"}`, `x.jsonl:1: malformed JSON line`},
		{"id not a string", nil, `{"id":1,"text":"x"}`, `x.jsonl:1: malformed JSON line`},
		{"no id", nil, `{"text":"x"}`, `x.jsonl:1: no "id"`},
		{"no text", nil, `{"id":"a1"}`, `x.jsonl:1: page "a1" has no "text"`},
		{"error without text", nil, `{"id":"a1","error":"crashed"}`, ""},
		{"unknown id", nil, `{"id":"a1","text":"x"}` + "\n" + `{"id":"zz","text":"x"}`, `x.jsonl:2: unknown id "zz": not a page of the test split of groups`},
		{"id of another split", nil, `{"id":"d1","text":"x"}`, `x.jsonl:1: unknown id "d1"`},
		{"duplicate", nil, `{"id":"a1","text":"x"}` + "\n" + `{"id":"a2","text":"x"}` + "\n" + `{"id":"a1","text":"y"}`,
			`x.jsonl:3: duplicate id "a1" of groups (first at x.jsonl:1)`},
		{"dataset not evaluated", nil, `{"dataset":"wcxb","id":"a1","text":"x"}`, `x.jsonl:1: dataset "wcxb" is not evaluated (datasets: groups)`},
		{"ambiguous id", []*data.Dataset{ds, other}, `{"id":"a1","text":"x"}`, `x.jsonl:1: id "a1" is a page of groups and other: add a "dataset" field`},
		{"dataset field decides", []*data.Dataset{ds, other}, `{"dataset":"other","id":"a1","text":"x"}` + "\n" + `{"dataset":"groups","id":"a1","text":"x"}` + "\n" + `{"id":"z9","text":"x"}`, ""},
		{"id not in the named dataset", []*data.Dataset{ds, other}, `{"dataset":"groups","id":"z9","text":"x"}`, `x.jsonl:1: unknown id "z9": not a page of the test split of groups`},
		{"duplicate with and without dataset", []*data.Dataset{ds, other}, `{"id":"z9","text":"x"}` + "\n" + `{"dataset":"other","id":"z9","text":"x"}`, `x.jsonl:2: duplicate id "z9" of other (first at x.jsonl:1)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			datasets := tt.datasets
			if datasets == nil {
				datasets = []*data.Dataset{ds}
			}
			e, err := NewExternal("tool", "test", datasets)
			if err != nil {
				t.Fatal(err)
			}
			err = e.Read(strings.NewReader(tt.input), "x.jsonl")
			if tt.err == "" && err != nil {
				t.Errorf("error %v", err)
			}
			if tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Errorf("error %v, want %q", err, tt.err)
			}
		})
	}
	if _, err := NewExternal("tool", "train", []*data.Dataset{ds}); err == nil || !strings.Contains(err.Error(), "has no train split") {
		t.Errorf("missing split: %v", err)
	}
	if _, err := NewExternal("tool", "test", []*data.Dataset{ds, ds}); err == nil || !strings.Contains(err.Error(), "two datasets are named groups") {
		t.Errorf("same dataset twice: %v", err)
	}
	if _, err := ReadExternal("tool", "test", []*data.Dataset{ds}, filepath.Join("testdata", "nope.jsonl")); err == nil || !strings.Contains(err.Error(), "nope.jsonl") {
		t.Errorf("missing file: %v", err)
	}
}

func TestReadExternalsAcrossFiles(t *testing.T) {
	ds := openGroups(t)
	dir := t.TempDir()
	first, second := filepath.Join(dir, "1.jsonl"), filepath.Join(dir, "2.jsonl")
	os.WriteFile(first, []byte(`{"id":"a1","text":"x"}`+"\n"), 0o644)
	os.WriteFile(second, []byte(`{"id":"a2","text":"x"}`+"\n"+`{"id":"a1","text":"x"}`+"\n"), 0o644)
	_, err := ReadExternals([]ExternalFile{{"t", first}, {"u", first}, {"t", second}}, "test", []*data.Dataset{ds})
	if want := second + `:2: duplicate id "a1" of groups (first at ` + first + ":1)"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
	exts, err := ReadExternals([]ExternalFile{{"t", first}, {"u", second}}, "test", []*data.Dataset{ds})
	if err != nil || len(exts) != 2 || exts[0].Name != "t" || exts[1].Name != "u" {
		t.Fatalf("%v %v", exts, err)
	}
	if got := exts[0].Missing(ds); !slices.Equal(got, []string{"a2", "f1", "f2"}) {
		t.Errorf("missing %v", got)
	}
}

func TestCompareExternal(t *testing.T) {
	ds := openGroups(t)
	e, err := ReadExternal("tool", "test", []*data.Dataset{ds}, filepath.Join("testdata", "external", "tool.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if got := e.Missing(ds); !slices.Equal(got, []string{"f2"}) {
		t.Errorf("missing %v", got)
	}
	if got := e.Failed(ds); !slices.Equal(got, []string{"f1"}) {
		t.Errorf("failed %v", got)
	}
	r, err := Compare(ds, "test", []Method{oracleMethod, e.Method(ds)}, data.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := r.Methods[1]
	if !m.TextOnly || m.NoOutput != 2 || m.TokenPages != 4 || m.Seconds != 0 || m.Blocks != (BlockScores{}) {
		t.Errorf("external result %+v", m)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	// a1 is the gold text; f1 (failed) and f2 (missing) score 0.
	pages := map[string]float64{}
	for _, p := range m.Pages {
		pages[p.ID] = p.Tokens.F1
	}
	if !near(pages["a1"], 1) || pages["f1"] != 0 || pages["f2"] != 0 || !(pages["a2"] > 0.3 && pages["a2"] < 1) {
		t.Errorf("per-page token F1 %v", pages)
	}
	if !near(m.Tokens.F1, (1+pages["a2"])/4) {
		t.Errorf("mean token F1 %v", m.Tokens.F1)
	}
	if len(r.Groups) != 2 {
		t.Fatalf("groups %+v", r.Groups)
	}
	if art := r.Groups[0].Methods[1]; art.NoOutput != 0 || !near(art.Tokens.F1, (1+pages["a2"])/2) || !art.TextOnly {
		t.Errorf("article group %+v", art)
	}
	if forum := r.Groups[1].Methods[1]; forum.NoOutput != 2 || forum.Tokens.F1 != 0 || forum.Shingles.Recall != 0 {
		t.Errorf("forum group %+v", forum)
	}
}
