package evalplot

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/boilernet/boilernet/eval"
)

// report is a report of n methods on 50 pages with made-up scores.
func report(n int) *eval.Report {
	r := &eval.Report{Dataset: "synth", Split: "test", Pages: 50}
	for k := range n {
		m := eval.MethodResult{Method: fmt.Sprintf("method-%d", k)}
		for i := range 50 {
			f1 := float64((i*7+k*13)%50) / 50
			m.Pages = append(m.Pages, eval.PageResult{ID: fmt.Sprint(i), HasGold: i%10 != 0, Tokens: eval.PRF{F1: f1}})
			m.Tokens.F1 += f1 / 50
		}
		r.Methods = append(r.Methods, m)
	}
	return r
}

func points() []eval.PRPoint {
	var pts []eval.PRPoint
	for k, t := range eval.CurveThresholds() {
		pts = append(pts, eval.PRPoint{Threshold: t, Precision: 0.7 + 0.015*float64(k), Recall: 0.99 - 0.02*float64(k)})
	}
	return pts
}

// TestSave writes both plots in SVG and PNG; BOILERNET_PLOT_DIR keeps
// them in a folder to look at.
func TestSave(t *testing.T) {
	dir := os.Getenv("BOILERNET_PLOT_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	for _, ext := range []string{".svg", ".png"} {
		sorted := filepath.Join(dir, "sorted-f1"+ext)
		if err := SortedF1(report(12), sorted); err != nil {
			t.Fatal(err)
		}
		pr := filepath.Join(dir, "pr"+ext)
		pts := points()
		if err := PR(pts, pts[9], "synth: bilstm over the threshold", pr); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{sorted, pr} {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) < 1000 {
				t.Errorf("%s: %d bytes", f, len(b))
			}
			if ext == ".svg" && f == sorted && !bytes.Contains(b, []byte("method-11 (mean")) {
				t.Errorf("%s: no legend entry for the last method", f)
			}
		}
	}
	if err := SortedF1(report(1), filepath.Join(dir, "x.bmp")); err == nil {
		t.Error("unknown format accepted")
	}
	if err := PR(nil, eval.PRPoint{}, "empty", filepath.Join(dir, "empty.svg")); err != nil {
		t.Errorf("empty curve: %v", err)
	}
}
