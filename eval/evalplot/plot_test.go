package evalplot

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/eval"
	"gonum.org/v1/plot"
)

// report is a report of n methods on 50 pages with made-up scores.
func report(n int) *eval.Report {
	names := make([]string, n)
	for k := range names {
		names[k] = fmt.Sprintf("method-%d", k)
	}
	return reportOf(names...)
}

// reportOf is a report of the methods named on 50 pages with made-up
// scores.
func reportOf(names ...string) *eval.Report {
	r := &eval.Report{Dataset: "synth", Split: "test", Pages: 50}
	for k, name := range names {
		m := eval.MethodResult{Method: name}
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

// svgText is a text element of an SVG image.
type svgText struct {
	x    float64 // start
	text string
}

var (
	svgWidthRE = regexp.MustCompile(`<svg width="([0-9.]+)pt"`)
	svgTextRE  = regexp.MustCompile(`<text x="([-0-9.e+]+)"[^>]*>([^<]*)</text>`)
)

// readSVG returns the width of the SVG image at path, in points, and its
// text elements.
func readSVG(t *testing.T, path string) (float64, []svgText) {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := svgWidthRE.FindSubmatch(b)
	if m == nil {
		t.Fatalf("%s: no width", path)
	}
	width, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	var texts []svgText
	for _, m := range svgTextRE.FindAllSubmatch(b, -1) {
		x, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, svgText{x, html.UnescapeString(string(m[2]))})
	}
	return width, texts
}

// TestLegendFits draws plots with short, long and many legend labels and
// checks that from where each label starts to the right edge of the SVG
// image there is room for its generously estimated width (textWidth):
// no label is cut off, whatever font the viewer draws it in.
func TestLegendFits(t *testing.T) {
	cleaneval := []string{"bilstm", "bilstm+ancestor", "boilerpipe-numwords", "boilerpipe-numwords+main",
		"boilerpipe-densitometric", "boilerpipe-cleaneval", "newsfeed", "keep-all"}
	long := "boilerpipe-densitometric+ancestor+second-pass (threshold 0.35, no title, no metadata)"
	twelve := report(12)
	pts := points()
	for _, tc := range []struct {
		name string
		draw func(path string) error
		// legend tells the legend's labels from other text.
		legend func(text string) bool
		labels int // in the legend
	}{
		{"sorted F1, cleaneval's methods", func(path string) error { return SortedF1(reportOf(cleaneval...), path) }, isMethodLabel, 9},
		{"sorted F1, a long name", func(path string) error { return SortedF1(reportOf("bilstm", long), path) }, isMethodLabel, 3},
		{"sorted F1, 12 methods", func(path string) error { return SortedF1(twelve, path) }, isMethodLabel, 13},
		{"sorted F1, one method", func(path string) error { return SortedF1(reportOf("m"), path) }, isMethodLabel, 2},
		{"precision-recall", func(path string) error { return PR(pts, pts[9], "synth: bilstm over the threshold", path) },
			func(text string) bool { return strings.HasPrefix(text, "threshold") }, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "plot.svg")
			if err := tc.draw(path); err != nil {
				t.Fatal(err)
			}
			width, texts := readSVG(t, path)
			sty := plot.NewLegend().TextStyle
			labels := 0
			for _, txt := range texts {
				if !tc.legend(txt.text) {
					continue
				}
				labels++
				if room, need := width-txt.x, float64(textWidth(sty, txt.text)); room < need {
					t.Errorf("legend label %q: %.1fpt to the image's edge, %.1fpt wide", txt.text, room, need)
				}
			}
			if labels != tc.labels {
				t.Errorf("%d legend labels, want %d", labels, tc.labels)
			}
		})
	}
}

// isMethodLabel tells a label of SortedF1's legend, heading included.
func isMethodLabel(text string) bool {
	return strings.Contains(text, " (mean ")
}
