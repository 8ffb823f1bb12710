package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSiteOf(t *testing.T) {
	for id, want := range map[string]string{
		"20111101_www.express.gr_6648058818bdb924":  "express.gr",
		"20111103_www2.rizospastis.gr_00432316609d": "rizospastis.gr",
		"20111103_www1.rizospastis.gr_b790b5da5f6a": "rizospastis.gr",
		"20111103_rus.ruvr.ru_c61012b55d72":         "rus.ruvr.ru",
		"20111103_www.com_c61012b55d72":             "www.com",
		"01ccc7c5-a1d1-46e1-a5f7-43310df16575":      "",
		"p00":                                       "",
	} {
		if got := siteOf(id); got != want {
			t.Errorf("siteOf(%q) = %q, want %q", id, got, want)
		}
	}
}

func TestChooseSitesAndHoldOut(t *testing.T) {
	pool := bySite([]string{"20110101_www.a.gr_1", "20110101_www.b.gr_1", "20110101_www.b.gr_2", "20110101_c.pl_1", "20110101_c.pl_2", "x"})
	if got, want := chooseSites(pool, 2), []string{"b.gr", "c.pl"}; !reflect.DeepEqual(got, want) {
		t.Errorf("sites %q, want %q", got, want)
	}
	for k, want := range map[int][2]int{5: {4, 1}, 10: {8, 2}, 20: {16, 4}, 1: {0, 1}} {
		ids := make([]string, k)
		tr, dev := holdOut(ids)
		if len(tr) != want[0] || len(dev) != want[1] {
			t.Errorf("k=%d: %d trained, %d held out, want %v", k, len(tr), len(dev), want)
		}
	}
}

// siteDataset writes a dataset of the synthetic pages whose ids carry
// sites: site a.gr with train pages, b.gr with others, test pages of
// both.
func siteDataset(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "sites")
	synth := filepath.Join("..", "..", "..", "testdata", "synth")
	splits := map[string][]string{}
	for i := range 12 {
		site, split := "www.a.gr", "train"
		switch {
		case i >= 10:
			site, split = []string{"www.a.gr", "www.b.gr"}[i-10], "test"
		case i >= 7:
			site = "www.b.gr"
		}
		id := fmt.Sprintf("20111101_%s_%02d", site, i)
		splits[split] = append(splits[split], id)
		for _, f := range [][2]string{{"html", ".html"}, {"gold", ".txt"}} {
			b, err := os.ReadFile(filepath.Join(synth, f[0], fmt.Sprintf("p%02d%s", i, f[1])))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(dir, f[0]), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f[0], id+f[1]), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	splits["dev"] = nil
	for split, ids := range splits {
		text := strings.Join(ids, "\n")
		if text != "" {
			text += "\n"
		}
		if err := os.WriteFile(filepath.Join(dir, split+".txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A run fine-tunes the embedded model on the site with enough pages and
// writes a row per k, the other sites' test pages scored too.
func TestRun(t *testing.T) {
	var out, errOut bytes.Buffer
	args := []string{"-data", siteDataset(t), "-min", "5", "-k", "0,5", "-epochs", "1"}
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[2], "| a.gr | 1 | 0 (embedded) |") || !strings.HasPrefix(lines[3], "| a.gr | 1 | 5 (4 + 1) |") ||
		!strings.HasPrefix(lines[4], "k=5: mean ΔF1 ") || strings.Count(lines[3], "|") != 12 {
		t.Errorf("output:\n%s", out.String())
	}
	if err := run([]string{"-data", siteDataset(t), "-min", "50"}, &out, &errOut); err == nil || !strings.Contains(err.Error(), "no site with 50") {
		t.Errorf("no site: error %v", err)
	}
}

// -keep-last trains on all k pages (none held out) and keeps the last
// epoch; -init-pull reaches the fine-tune.
func TestRunKeepLastInitPull(t *testing.T) {
	var out, errOut bytes.Buffer
	args := []string{"-data", siteDataset(t), "-min", "5", "-k", "5", "-epochs", "2", "-keep-last", "-init-pull", "0.01", "-rest=false"}
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[2], "| a.gr | 1 | 5 (5 + 0) |") || !strings.Contains(lines[2], "| 2 |") {
		t.Errorf("output:\n%s", out.String())
	}
}

// TestRunFolds: with -folds the epochs are chosen by cross-validation over
// the k pages (0 to -epochs, shown as the kept epoch) and all k trained on.
func TestRunFolds(t *testing.T) {
	var out, errOut bytes.Buffer
	args := []string{"-data", siteDataset(t), "-min", "5", "-k", "5", "-epochs", "2", "-folds", "3", "-rest=false"}
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[2], "| a.gr | 1 | 5 (5 + 0) |") || strings.Count(lines[2], "|") != 11 {
		t.Fatalf("output:\n%s", out.String())
	}
	epoch := strings.TrimSpace(strings.Split(lines[2], "|")[8])
	if epoch != "0" && epoch != "1" && epoch != "2" {
		t.Errorf("kept epoch %q, want 0 to 2:\n%s", epoch, out.String())
	}
}
