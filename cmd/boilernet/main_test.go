package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/internal/modelfile"
)

func TestRun(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		status int
		stdout []string // pieces the output must contain
		stderr []string
	}{
		{"no args", nil, 2, nil, []string{"usage: boilernet"}},
		{"help", []string{"help"}, 0, []string{"data"}, nil},
		{"unknown", []string{"frobnicate"}, 2, nil, []string{`unknown command "frobnicate"`}},
		{"data without stats", []string{"data"}, 1, nil, []string{"usage: boilernet data stats"}},
		{"data with an unknown subcommand", []string{"data", "foo"}, 1, nil, []string{`unknown subcommand "foo" (the one there is: stats)`}},
		{"data -h", []string{"data", "-h"}, 0, nil, []string{"usage: boilernet data stats"}},
		{"data stats without dir", []string{"data", "stats"}, 1, nil, []string{"give at least one dataset folder"}},
		{"data stats bad dir", []string{"data", "stats", "-q", "testdata/nope"}, 1, nil, []string{"no html/ folder"}},
		{"data stats", []string{"data", "stats", "-q", "../../data/testdata/tiny"}, 0,
			[]string{"dataset tiny", "train       2", "test        1", "lowest coverage:", "train ce "}, nil},
		{"data stats one split", []string{"data", "stats", "-q", "-split", "test", "-worst", "0", "../../data/testdata/tiny"}, 0,
			[]string{"test        1"}, nil},
		{"data stats missing split", []string{"data", "stats", "-q", "-split", "dev", "../../data/testdata/tiny"}, 1, nil, []string{"has no dev split"}},
		{"data stats per group", []string{"data", "stats", "-q", "../../eval/testdata/groups"}, 0,
			[]string{"dataset groups\n(each split, then its pages by page_type)\nsplit       docs", "\ntest           4       28 ", "\n  article      2       14 ", "\n  forum        2       14 ",
				"\n  test  f1                                       coverage 1.000  gold tokens     37  blocks     7 (3 content)  forum\n"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, tt.args, tt.status, tt.stdout, tt.stderr) })
	}
}

func TestTrainCommand(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "m.model")
	var stdout, stderr bytes.Buffer
	args := []string{"train", "-q", "-data", "../../testdata/synth", "-out", model,
		"-epochs", "2", "-hidden", "4", "-dense", "8", "-layers", "1", "-words", "30", "-tags", "8"}
	if status := run(args, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if !strings.Contains(stdout.String(), "best epoch") {
		t.Errorf("stdout: %s", stdout.String())
	}
	m, err := modelfile.Read(model)
	if err != nil {
		t.Fatal(err)
	}
	if m.Config.Hidden != 4 || len(m.Vocab.Words) != 30 {
		t.Errorf("model config %+v, %d words", m.Config, len(m.Vocab.Words))
	}
	csv, err := os.ReadFile(model + ".csv")
	if err != nil || strings.Count(string(csv), "\n") != 3 {
		t.Errorf("log: %q %v", csv, err)
	}
	checkRun(t, []string{"train", "-data", "x"}, 1, nil, []string{"missing -out (the model file to write)"})
}

// tinyModel trains a small model on the synthetic pages and returns its path.
func tinyModel(t *testing.T) string {
	t.Helper()
	model := filepath.Join(t.TempDir(), "m.model")
	var stdout, stderr bytes.Buffer
	args := []string{"train", "-q", "-data", "../../testdata/synth", "-out", model,
		"-epochs", "6", "-hidden", "8", "-dense", "16", "-layers", "1", "-words", "60", "-tags", "12", "-lr", "0.01", "-seed", "3", "-dropout", "0.2", "-batch", "8"}
	if status := run(args, &stdout, &stderr); status != 0 {
		t.Fatalf("train: %s", stderr.String())
	}
	return model
}

func TestExtractCommand(t *testing.T) {
	model := tinyModel(t)
	page := "../../testdata/synth/html/p45.html"
	gold, err := os.ReadFile("../../testdata/synth/gold/p45.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(gold), "\n")
	headline, firstLine := lines[0], lines[1]
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "bad.html"), []byte{0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0}, 0o644)
	os.WriteFile(filepath.Join(dir, "good.html"), gold, 0o644)
	tests := []struct {
		name   string
		args   []string
		status int
		stdout []string
		stderr []string
	}{
		{"text", []string{"extract", "-model", model, page}, 0, []string{firstLine}, nil},
		{"text with the headline", []string{"extract", "-model", model, "-keep-headline", page}, 0, []string{headline + "\n\n" + firstLine}, nil},
		{"structure decoding", []string{"extract", "-model", model, "-decode", "structure", page}, 0, []string{firstLine}, nil},
		{"bad decoding", []string{"extract", "-model", model, "-decode", "magic", page}, 1, nil, []string{`unknown decoding "magic"`}},
		{"json", []string{"extract", "-model", model, "-format", "json", page}, 0, []string{`"title": "` + headline, `"headline": true`, `"locator": "/html[1]/body[1]/`, `"prob": `}, nil},
		{"jsonl in order", []string{"extract", "-q", "-model", model, "-format", "jsonl", page, dir}, 0,
			[]string{`{"file":"` + page + `","title":"` + headline + `","text":"` + firstLine, `"error":"` + filepath.Join(dir, "bad.html") + `: binary content`}, []string{"1 of 3 pages failed"}},
		{"boilerpipe with the main content filter", []string{"extract", "-method", "boilerpipe-numwords", "-filter=main", page}, 0, []string{firstLine}, nil},
		{"boilerpipe with the ancestor filter", []string{"extract", "-method", "boilerpipe-densitometric", "-filter", "-format", "json", page}, 0, []string{`"prob": 1`}, nil},
		{"main filter after bilstm", []string{"extract", "-filter=main", page}, 1, nil, []string{"boilerpipe methods and tree only"}},
		{"unknown method", []string{"extract", "-method", "magic", page}, 1, nil, []string{`unknown method "magic"`}},
		{"unknown filter", []string{"extract", "-filter=magic", page}, 1, nil, []string{`unknown filter "magic"`}},
		{"newsfeed", []string{"extract", "-method", "newsfeed", "../../testdata/sample.html"}, 0, []string{"overnight passenger trains"}, nil},
		{"newsfeed title", []string{"extract", "-method", "newsfeed", "-format", "jsonl", "../../testdata/sample.html"}, 0, []string{`"title":"Night trains return to the Alps"`}, nil},
		{"newsfeed with main", []string{"extract", "-method", "newsfeed", "-filter=main", page}, 1, nil, []string{"boilerpipe methods and tree only"}},
		{"markdown", []string{"extract", "-model", model, "-format", "markdown", page}, 0, []string{firstLine + "\n\n"}, nil},
		{"tei", []string{"extract", "-format", "tei", "../../testdata/sample.html"}, 0, []string{`<TEI xmlns="http://www.tei-c.org/ns/1.0">`, "<author>Marta Keller</author>", "<head>What changes for passengers</head>", "<item>Zurich to Vienna: daily, departing 21:15</item>"}, nil},
		{"xml", []string{"extract", "-format", "xml", "../../testdata/sample.html"}, 0, []string{`<doc title="Night trains return to the Alps" author="Marta Keller"`, `<head rend="h2">What changes for passengers</head>`}, nil},
		{"html", []string{"extract", "-model", model, "-format", "html", page}, 0, []string{`<mark class="boilernet-headline">` + headline, `<mark class="boilernet-content">` + firstLine}, nil},
		{"several pages in text", []string{"extract", "-q", "-model", model, page, page}, 0, []string{"==> " + page + " <=="}, nil},
		{"only bad pages", []string{"extract", "-q", "-model", model, filepath.Join(dir, "bad.html")}, 1, nil, []string{"no page could be extracted"}},
		{"embedded model", []string{"extract", "../../testdata/sample.html"}, 0, []string{"overnight passenger trains are running again"}, nil},
		{"foreign model", []string{"extract", "-model", page, page}, 1, nil, []string{"bad model file"}},
		{"bad format", []string{"extract", "-model", model, "-format", "pdf", page}, 1, nil, []string{"-format pdf: unknown format (valid: "}},
		{"no pages", []string{"extract"}, 1, nil, []string{"no pages given", "usage: boilernet extract"}},
		{"missing file", []string{"extract", "-model", model, "nope.html"}, 1, nil, []string{"nope.html"}},
		{"ensemble", []string{"extract", "-model", model + "," + model, page}, 0, []string{firstLine}, nil},
		{"ensemble with a missing model", []string{"extract", "-model", model + ",nope.model", page}, 1, nil, []string{"nope.model"}},
		{"ensemble with an empty name", []string{"extract", "-model", model + ",", page}, 1, nil, []string{"an empty file name"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, tt.args, tt.status, tt.stdout, tt.stderr) })
	}
}

func TestExtractToDirectory(t *testing.T) {
	model := tinyModel(t)
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if status := run([]string{"extract", "-q", "-model", model, "-o", out, "../../testdata/synth/html/p45.html", "../../testdata/synth/html/p46.html"}, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.txt"))
	if len(files) != 2 || filepath.Base(files[0]) != "p45.txt" {
		t.Errorf("files %v", files)
	}
}

func TestEvalCommand(t *testing.T) {
	model := tinyModel(t)
	tests := []struct {
		name   string
		args   []string
		status int
		stdout []string
		stderr []string
	}{
		{"all methods", []string{"eval", "-q", "-data", "../../testdata/synth", "-model", model}, 0,
			[]string{"synth, test split, 10 pages", "bilstm ", "bilstm+ancestor ", "boilerpipe-numwords+main ", "boilerpipe-cleaneval ", "keep-all "}, nil},
		{"largest filter", []string{"eval", "-q", "-data", "../../testdata/synth", "-methods", "boilerpipe-numwords+largest"}, 0, []string{"boilerpipe-numwords+largest "}, nil},
		{"keep-all needs no model", []string{"eval", "-q", "-data", "../../testdata/synth", "-methods", "keep-all", "-split", "dev"}, 0,
			[]string{"synth, dev split"}, nil},
		{"embedded model", []string{"eval", "-q", "-data", "../../testdata/synth", "-methods", "bilstm"}, 0, []string{"bilstm "}, nil},
		{"oracle", []string{"eval", "-q", "-data", "../../testdata/synth", "-methods", "oracle,keep-all"}, 0,
			[]string{"oracle                          1.000  1.000  1.000   1.000 |", "keep-all "}, nil},
		{"threshold oracle", []string{"eval", "-q", "-data", "../../testdata/synth", "-model", model, "-methods", "bilstm:oracle"}, 0,
			[]string{"bilstm:oracle "}, nil},
		{"threshold oracle, bad model", []string{"eval", "-q", "-data", "../../testdata/synth", "-model", "main_test.go", "-methods", "bilstm:oracle"}, 1, nil, []string{"main_test.go"}},
		{"unknown method", []string{"eval", "-q", "-data", "../../testdata/synth", "-methods", "magic"}, 1, nil, []string{`unknown method "magic"`}},
		{"no data", []string{"eval"}, 1, nil, []string{"missing -data (the labeled dataset folders"}},
		{"an argument", []string{"eval", "-data", "x", "y"}, 1, nil, []string{`unexpected argument "y"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, tt.args, tt.status, tt.stdout, tt.stderr) })
	}
}

// checkRun runs the command line args and checks the exit status and that
// stdout and stderr contain the given pieces.
func checkRun(t *testing.T, args []string, status int, stdout, stderr []string) {
	t.Helper()
	var out, errOut bytes.Buffer
	if got := run(args, &out, &errOut); got != status {
		t.Errorf("status %d, want %d\nstdout: %s\nstderr: %s", got, status, out.String(), errOut.String())
	}
	for _, want := range stdout {
		if !strings.Contains(out.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, out.String())
		}
	}
	for _, want := range stderr {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut.String())
		}
	}
}

func TestEvalReports(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report")
	checkRun(t, []string{"eval", "-q", "-data", "../../testdata/synth", "-methods", "keep-all,newsfeed", "-out", out}, 0, []string{"keep-all "}, nil)
	for _, f := range []string{"sorted-f1-synth.svg"} {
		if svg, err := os.ReadFile(filepath.Join(out, f)); err != nil || !strings.Contains(string(svg), "<svg") {
			t.Errorf("%s: %v", f, err)
		}
	}
	model := tinyModel(t)
	out2 := filepath.Join(t.TempDir(), "report")
	checkRun(t, []string{"eval", "-q", "-data", "../../testdata/synth", "-methods", "bilstm", "-model", model, "-out", out2}, 0, nil, nil)
	if svg, err := os.ReadFile(filepath.Join(out2, "pr-bilstm-synth.svg")); err != nil || !strings.Contains(string(svg), "0.50") {
		t.Errorf("PR curve: %v", err)
	}
	csv, err := os.ReadFile(filepath.Join(out, "pages.csv"))
	if err != nil || strings.Count(string(csv), "\n") != 21 {
		t.Errorf("pages.csv: %v\n%s", err, csv)
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil || !strings.Contains(string(md), "| newsfeed |") {
		t.Errorf("report.md: %v\n%s", err, md)
	}
}

func TestEvalExternal(t *testing.T) {
	const groups, tool = "../../eval/testdata/groups", "../../eval/testdata/external/tool.jsonl"
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(`{"id":"a1","text":"x"}`+"\n"+`{"id":"a2" "text":"x"}`+"\n"), 0o644)
	unknown := filepath.Join(dir, "unknown.jsonl")
	os.WriteFile(unknown, []byte(`{"id":"a1","text":"x"}`+"\n"+`{"id":"p45","text":"x"}`+"\n"), 0o644)
	rest := filepath.Join(dir, "rest.jsonl")
	os.WriteFile(rest, []byte(`{"id":"f2","text":"Reply: that smell means it is hungry"}`+"\n"), 0o644)
	tests := []struct {
		name   string
		args   []string
		status int
		stdout []string
		stderr []string
	}{
		{"with methods and groups", []string{"eval", "-q", "-data", groups, "-methods", "keep-all", "-external", "tool=" + tool}, 0,
			[]string{"groups, test split, 4 pages", "\nkeep-all ", "\ntool                              n/a    n/a    n/a     n/a | ",
				"\npage_type article: 2 pages (2 with gold text)\n  keep-all ", "\npage_type forum: 2 pages (2 with gold text)\n  keep-all ", "\n  tool  ",
				"note: tool: no output for 2 of 4 pages (scored as empty)"},
			[]string{"warning: tool: 1 of 4 groups test pages missing from its output, scored as empty output: f2\n",
				`warning: tool: 1 of 4 groups test pages failed (an "error" line), scored as empty output: f1`}},
		{"external only, two files of one name", []string{"eval", "-q", "-data", groups, "-methods", "", "-external", "tool=" + tool + ",tool=" + rest}, 0,
			[]string{"\ntool ", "note: tool: no output for 1 of 4 pages"}, []string{"1 of 4 groups test pages failed"}},
		{"no method at all", []string{"eval", "-q", "-data", groups, "-methods", ""}, 1, nil, []string{"no method to score"}},
		{"malformed line", []string{"eval", "-q", "-data", groups, "-methods", "keep-all", "-external", "tool=" + tool + ",bad=" + bad}, 1,
			nil, []string{bad + ":2: malformed JSON line"}},
		{"unknown id", []string{"eval", "-q", "-data", groups, "-methods", "keep-all", "-external", "x=" + unknown}, 1,
			nil, []string{unknown + `:2: unknown id "p45": not a page of the test split of groups`}},
		{"duplicate id across files", []string{"eval", "-q", "-data", groups, "-methods", "keep-all", "-external", "t=" + tool + ",t=" + tool}, 1,
			nil, []string{tool + `:1: duplicate id "a1" of groups (first at ` + tool + ":1)"}},
		{"missing file", []string{"eval", "-q", "-data", groups, "-external", "t=" + filepath.Join(dir, "nope.jsonl")}, 1, nil, []string{"nope.jsonl"}},
		{"bad flag", []string{"eval", "-q", "-data", groups, "-external", "tool"}, 1, nil, []string{`bad external output "tool": want NAME=FILE`}},
		{"name of a method", []string{"eval", "-q", "-data", groups, "-methods", "keep-all", "-external", "keep-all=" + tool}, 1, nil, []string{"has the name of a method"}},
		{"split without pages in the file", []string{"eval", "-q", "-data", groups, "-split", "dev", "-methods", "keep-all", "-external", "tool=" + tool}, 1,
			nil, []string{tool + `:1: unknown id "a1": not a page of the dev split of groups`}},
		{"missing split", []string{"eval", "-q", "-data", groups, "-split", "train", "-methods", "keep-all"}, 1, nil, []string{"has no train split"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, tt.args, tt.status, tt.stdout, tt.stderr) })
	}
	out := filepath.Join(t.TempDir(), "report")
	checkRun(t, []string{"eval", "-q", "-data", groups, "-methods", "keep-all", "-external", "tool=" + tool, "-out", out}, 0, nil, nil)
	for file, want := range map[string][]string{
		"pages.csv": {"dataset,split,method,page,group,", "\ngroups,test,keep-all,f1,forum,", "\ngroups,test,tool,a2,article,,,,,"},
		"report.md": {"### groups by page_type", "| forum | 2 | tool | n/a |", "- tool: no output for 2 of 4 pages"},
	} {
		got, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(string(got), w) {
				t.Errorf("%s lacks %q:\n%s", file, w, got)
			}
		}
	}
}

func TestTreeCommands(t *testing.T) {
	tree := filepath.Join(t.TempDir(), "t.tree")
	checkRun(t, []string{"train", "-method", "tree", "-data", "../../testdata/synth", "-out", tree, "-min-leaf", "2,10"}, 0,
		[]string{"min leaf    2", "min leaf   10", "kept min leaf", "wrote " + tree}, nil)
	checkRun(t, []string{"extract", "-method", "tree", "-tree", tree, "-filter=main", "../../testdata/synth/html/p45.html"}, 0, []string{"."}, nil)
	checkRun(t, []string{"eval", "-q", "-data", "../../testdata/synth", "-methods", "tree,tree+largest", "-tree", tree}, 0, []string{"tree ", "tree+largest "}, nil)
	checkRun(t, []string{"extract", "-method", "tree", "../../testdata/synth/html/p45.html"}, 1, nil, []string{"needs -tree FILE"})
	checkRun(t, []string{"train", "-method", "forest", "-data", "x", "-out", tree}, 1, nil, []string{`unknown method "forest"`})
	checkRun(t, []string{"train", "-method", "tree", "-data", "../../testdata/synth", "-out", tree, "-min-leaf", "0"}, 1, nil, []string{"bad -min-leaf"})
}

func TestTrainWithTeachers(t *testing.T) {
	teacher := tinyModel(t)
	out := filepath.Join(t.TempDir(), "student.model")
	base := []string{"train", "-q", "-data", "../../testdata/synth", "-out", out, "-epochs", "2", "-hidden", "8", "-dense", "16", "-layers", "1", "-words", "60", "-tags", "12"}
	tests := []struct {
		name   string
		extra  []string
		status int
		stderr string
	}{
		{"two teachers", []string{"-teachers", teacher + "," + teacher, "-distill", "0.5"}, 0, ""},
		{"share out of range", []string{"-teachers", teacher, "-distill", "2"}, 1, "-distill 2"},
		{"missing teacher", []string{"-teachers", teacher + ",nope.model"}, 1, "nope.model"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(append(slices.Clone(base), tt.extra...), &stdout, &stderr)
		if status != tt.status || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("%s: status %d, stderr %q", tt.name, status, stderr.String())
		}
	}
}
