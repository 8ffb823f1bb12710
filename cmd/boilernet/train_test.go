package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/infer"
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
	f, err := os.Open(model)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := bilstm.ReadModel(f)
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
	f, err := os.Open(model)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := bilstm.ReadModel(f)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	md, _ := ex.Model()
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

func TestTuneTrainGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tt := range []struct {
		gogc string
		want int
	}{{"", trainGCPercent}, {"100", 100}, {"off", 100}} {
		t.Setenv("GOGC", tt.gogc)
		debug.SetGCPercent(100)
		if old := tuneTrainGC(); old != 100 {
			t.Errorf("GOGC=%q: replaced %d, want 100", tt.gogc, old)
		}
		if got := debug.SetGCPercent(100); got != tt.want {
			t.Errorf("GOGC=%q: GC percent %d, want %d", tt.gogc, got, tt.want)
		}
	}
}
