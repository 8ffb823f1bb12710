package trainrun

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/train"
)

// TestTuneGC: GOGC is GCPercent unless the environment sets it; the
// percent replaced is returned.
func TestTuneGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, tt := range []struct {
		gogc string
		want int
	}{{"", GCPercent}, {"100", 100}, {"off", 100}} {
		t.Setenv("GOGC", tt.gogc)
		debug.SetGCPercent(100)
		if old := TuneGC(); old != 100 {
			t.Errorf("GOGC=%q: replaced %d, want 100", tt.gogc, old)
		}
		if got := debug.SetGCPercent(100); got != tt.want {
			t.Errorf("GOGC=%q: GC percent %d, want %d", tt.gogc, got, tt.want)
		}
	}
}

// TestReport: off a terminal, a Report writes progress lines every few
// batches (none at an epoch's end), a line per epoch, and the CSV log
// with a header naming the dev sets and a row per epoch.
func TestReport(t *testing.T) {
	var lines, log bytes.Buffer
	r := &Report{Epochs: 1, Lines: &lines, Every: 2, Log: &log}
	for b := 0; b <= 4; b++ {
		r.Progress(train.Progress{Epoch: 1, Batch: b, Batches: 4, Done: 10 * b, Total: 40, Loss: 0.5})
	}
	ep := train.Epoch{Epoch: 1, Loss: 0.5, Improved: true, DevSets: []train.SetScores{{Name: "synth", WordF1: 0.9}}}
	if err := r.Epoch(ep); err != nil {
		t.Fatal(err)
	}
	r.End()
	got := strings.Split(strings.TrimSpace(lines.String()), "\n")
	if len(got) != 2 || !strings.HasPrefix(got[0], "epoch 1/1: batch 2/4, 20/40 blocks (50%), loss 0.5000, ") ||
		got[1] != "epoch 1: loss 0.5000, dev mean F1 0.0000 (content P 0.000 R 0.000 F1 0.000), word F1 synth 0.9000 *" {
		t.Errorf("lines:\n%s", lines.String())
	}
	rows := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(rows) != 2 || !strings.HasSuffix(rows[0], ",synth_mean_f1,synth_word_f1,selection,seconds,blocks_per_s,best") || !strings.HasPrefix(rows[1], "1,0.50000,") {
		t.Errorf("log:\n%s", log.String())
	}
}
