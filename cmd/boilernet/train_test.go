package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/modelfile"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/train"
)

// Without -q and off a terminal, train writes no bars but a line at every
// tenth of the pages loaded, a progress line every -progress-every batches
// and a line per epoch; the CSV log has a header naming the dev sets and
// a row per epoch.
func TestTrainReport(t *testing.T) {
	model := filepath.Join(t.TempDir(), "m.model")
	var stdout, stderr bytes.Buffer
	args := []string{"train", "-data", "../../testdata/synth", "-out", model,
		"-epochs", "2", "-hidden", "4", "-dense", "8", "-layers", "1", "-words", "30", "-tags", "8", "-batch", "8", "-progress-every", "2"}
	if status := run(args, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	// 30 training pages in batches of 8: 4 batches an epoch, a line after
	// the second (none after the last: the epoch's line follows). The
	// loading reads the training pages twice and the dev pages once: 70
	// pages, a line every 7 but the last.
	var loading, batches, lines []string
	for _, l := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
		switch {
		case strings.HasPrefix(l, "loading pages: "):
			loading = append(loading, l)
		case strings.Contains(l, ": batch "):
			batches = append(batches, l)
		default:
			lines = append(lines, l)
		}
	}
	if len(loading) != 9 || !strings.HasPrefix(loading[0], "loading pages: 7/70 (") {
		t.Errorf("loading lines %q", loading)
	}
	if len(batches) != 2 || !strings.HasPrefix(batches[0], "epoch 1/2: batch 2/4, ") || !strings.HasPrefix(batches[1], "epoch 2/2: batch 2/4, ") ||
		!strings.Contains(batches[0], " blocks (") || !strings.Contains(batches[0], "%), loss ") || !strings.HasSuffix(batches[0], " blocks/s") {
		t.Errorf("batch lines %q", batches)
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "epoch 1: loss ") || !strings.HasPrefix(lines[1], "epoch 2: loss ") ||
		!strings.Contains(lines[0], "word F1 synth ") || !strings.HasSuffix(lines[0], " *") || strings.Contains(stderr.String(), "\r") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
	log, err := os.ReadFile(model + ".csv")
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(string(log)), "\n")
	header := "epoch,loss,content_p,content_r,content_f1,boilerplate_p,boilerplate_r,boilerplate_f1,mean_f1,synth_mean_f1,synth_word_f1,selection,seconds,blocks_per_s,best"
	if len(rows) != 3 || rows[0] != header || !strings.HasPrefix(rows[1], "1,") || !strings.HasSuffix(rows[1], ",true") {
		t.Errorf("log:\n%s", log)
	}
}

// -dropout 0 trains without dropout (train.NoDropout: 0 is the library's
// default rate), and -seed 0 is refused (the library's 0 is seed 1).
func TestTrainDropoutAndSeedFlags(t *testing.T) {
	model := filepath.Join(t.TempDir(), "m.model")
	args := []string{"train", "-q", "-data", "../../testdata/synth", "-out", model,
		"-epochs", "1", "-hidden", "4", "-dense", "8", "-layers", "1", "-words", "30", "-tags", "8", "-dropout", "0"}
	checkRun(t, args, 0, []string{"best epoch 1"}, nil)
	m, err := modelfile.Read(model)
	if err != nil {
		t.Fatal(err)
	}
	if m.Config.Dropout != 0 {
		t.Errorf("-dropout 0: model dropout %v", m.Config.Dropout)
	}
	checkRun(t, []string{"train", "-seed", "0", "-data", "x", "-out", model}, 1, nil, []string{"-seed 0: must be at least 1"})
}

// With no flag but -data and -out, train trains the embedded model's
// recipe: the flags' defaults are train.DefaultOptions().
func TestTrainDefaultsAreTheEmbeddedRecipe(t *testing.T) {
	model := filepath.Join(t.TempDir(), "m.model")
	checkRun(t, []string{"train", "-q", "-data", "../../testdata/synth", "-out", model, "-epochs", "1"}, 0, []string{"best epoch 1"}, nil)
	m, err := modelfile.Read(model)
	if err != nil {
		t.Fatal(err)
	}
	md, err := defaultmodel.Load()
	if err != nil {
		t.Fatal(err)
	}
	embedded := md.Nets()[0]
	if got, want := m.Config, embedded.Config; got.Hidden != want.Hidden || got.Dense != want.Dense || got.Layers != want.Layers ||
		got.Dropout != want.Dropout || len(got.Pool) != len(want.Pool) {
		t.Errorf("config %+v, want the embedded model's %+v", got, want)
	}
	for _, key := range []string{"f1_loss", "features", "batch", "learn_rate", "word_weights", "input_dropout", "average"} {
		if m.Meta[key] != embedded.Meta[key] {
			t.Errorf("meta %s = %q, want the embedded model's %q", key, m.Meta[key], embedded.Meta[key])
		}
	}
	if def := train.DefaultOptions(); def.Epochs != 20 || strconv.Itoa(def.Epochs) != embedded.Meta["epochs"] {
		t.Errorf("default epochs %d, the embedded model's %s", def.Epochs, embedded.Meta["epochs"])
	}
}

// readModel reads a model file the test wrote.
func readModel(t *testing.T, path string) *bilstm.Model {
	t.Helper()
	m, err := modelfile.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// -init FILE and -init default fine-tune a model: the result keeps its
// vocabulary and network, and extract and eval load it with -model.
func TestTrainInit(t *testing.T) {
	dir := t.TempDir()
	base, tuned, fromDefault := filepath.Join(dir, "base.model"), filepath.Join(dir, "tuned.model"), filepath.Join(dir, "default.model")
	checkRun(t, []string{"train", "-q", "-data", "../../testdata/synth", "-out", base,
		"-epochs", "1", "-hidden", "4", "-dense", "8", "-layers", "1", "-words", "30", "-tags", "8", "-lr", "1e-4"}, 0, nil, nil)
	// The init model's own value of a shape flag is accepted.
	checkRun(t, []string{"train", "-q", "-data", "../../testdata/synth", "-init", base, "-out", tuned, "-epochs", "2", "-lr", "0.01", "-hidden", "4"},
		0, []string{"trained on 30 pages (10 dev, 0 without text skipped, 0 that could not be loaded skipped), 2 epochs", "wrote " + tuned}, nil)
	b, m := readModel(t, base), readModel(t, tuned)
	if !m.Vocab.Equal(b.Vocab) || !reflect.DeepEqual(m.Config, b.Config) {
		t.Errorf("fine-tuned config %+v, vocabulary equal %v; the init model's config %+v", m.Config, m.Vocab.Equal(b.Vocab), b.Config)
	}
	log, err := os.ReadFile(tuned + ".csv")
	if err != nil || !strings.Contains(string(log), "\n0,") {
		t.Errorf("the log has no epoch 0 (the init weights): %v\n%s", err, log)
	}
	checkRun(t, []string{"train", "-q", "-data", "../../testdata/synth", "-init", "default", "-out", fromDefault, "-epochs", "1"}, 0, []string{"wrote " + fromDefault}, nil)
	md, err := defaultmodel.Load()
	if err != nil {
		t.Fatal(err)
	}
	if d := readModel(t, fromDefault); !d.Vocab.Equal(md.Net().Vocab) || !reflect.DeepEqual(d.Config, md.Net().Config) {
		t.Errorf("-init default: config %+v, want the embedded first network's %+v and its vocabulary", d.Config, md.Net().Config)
	}
	checkRun(t, []string{"extract", "-model", fromDefault, "../../testdata/sample.html"}, 0, []string{"A sleeper train waits"}, nil)
	checkRun(t, []string{"eval", "-q", "-methods", "bilstm", "-model", tuned, "-split", "dev", "-data", "../../testdata/synth"}, 0, []string{"bilstm"}, nil)
}

// -init is refused with a clear error: a shape or vocabulary flag other
// than the init model's (naming the flag), a file that is missing or not
// a model, a list of files, and method tree.
func TestTrainInitRefused(t *testing.T) {
	dir := t.TempDir()
	base, out, junk := filepath.Join(dir, "base.model"), filepath.Join(dir, "out.model"), filepath.Join(dir, "junk.model")
	checkRun(t, []string{"train", "-q", "-data", "../../testdata/synth", "-out", base,
		"-epochs", "1", "-hidden", "4", "-dense", "8", "-layers", "1", "-words", "30", "-tags", "8"}, 0, nil, nil)
	if err := os.WriteFile(junk, []byte("not a model\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{[]string{"-init", base, "-hidden", "16"}, "-hidden 16: -init keeps the init model's network and vocabulary (its hidden is 4); leave -hidden out"},
		{[]string{"-init", base, "-layers", "2"}, "-layers 2: -init keeps"},
		{[]string{"-init", base, "-words", "1000"}, "-words 1000: -init keeps"},
		{[]string{"-init", base, "-features", "paper"}, "-features paper: -init keeps the init model's network and vocabulary (its features is paper+attrs+regions)"},
		{[]string{"-init", base, "-pool", "1"}, "-pool 1: -init keeps"},
		{[]string{"-init", "default", "-hidden", "16"}, "-hidden 16: -init keeps the init model's network and vocabulary (its hidden is 32)"},
		{[]string{"-init", filepath.Join(dir, "missing.model")}, "-init: open " + filepath.Join(dir, "missing.model") + ": no such file"},
		{[]string{"-init", junk}, "-init: " + junk + ": bad model file"},
		{[]string{"-init", dir}, "is a directory, not a model file"},
		{[]string{"-init", base + "," + base}, "not a list"},
		{[]string{"-init", base, "-method", "tree"}, "-init " + base + ": method tree does not use it"},
	} {
		args := append([]string{"train", "-q", "-data", "../../testdata/synth", "-out", out, "-epochs", "1"}, tc.flags...)
		checkRun(t, args, 1, nil, []string{tc.want})
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused -init left %s: %v", out, err)
	}
}

// -init-pull and -keep-last reach the fine-tune (the model's metadata
// says so); -init-pull without -init, or below zero, is refused.
func TestTrainInitPullKeepLast(t *testing.T) {
	dir := t.TempDir()
	base, tuned := filepath.Join(dir, "base.model"), filepath.Join(dir, "tuned.model")
	checkRun(t, []string{"train", "-q", "-data", "../../testdata/synth", "-out", base,
		"-epochs", "1", "-hidden", "4", "-dense", "8", "-layers", "1", "-words", "30", "-tags", "8", "-lr", "1e-4"}, 0, nil, nil)
	checkRun(t, []string{"train", "-q", "-data", "../../testdata/synth", "-init", base, "-out", tuned, "-epochs", "2", "-lr", "0.01",
		"-init-pull", "0.01", "-keep-last"}, 0, []string{"wrote " + tuned}, nil)
	if m := readModel(t, tuned); m.Meta["init_pull"] != "0.01" || m.Meta["keep_last"] != "true" || m.Meta["best_epoch"] != "2" {
		t.Errorf("meta init_pull %q, keep_last %q, best_epoch %q; want 0.01, true, 2", m.Meta["init_pull"], m.Meta["keep_last"], m.Meta["best_epoch"])
	}
	out := filepath.Join(dir, "out.model")
	checkRun(t, []string{"train", "-q", "-data", "../../testdata/synth", "-out", out, "-epochs", "1", "-init-pull", "0.1"}, 1, nil, []string{"-init-pull 0.1: needs -init"})
	checkRun(t, []string{"train", "-q", "-data", "../../testdata/synth", "-init", base, "-out", out, "-epochs", "1", "-init-pull", "-1"}, 1, nil, []string{"-init-pull"})
}
