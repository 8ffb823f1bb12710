// Package evalplot draws the plots of an evaluation (eval.Report): the
// sorted per-page F1 of every method and the precision–recall curve of
// the model over the threshold. It is apart from eval so that programs
// that score (training) do not link the plotting library.
package evalplot

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/boilernet/boilernet/eval"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// SortedF1 draws, for every method of a report, the per-page token F1
// sorted from best to worst against the page's rank (as Kohlschütter et
// al., 2010, Figure 2), and saves it to path (the extension picks the
// format: .svg, .png, .pdf).
func SortedF1(r *eval.Report, path string) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s, %s split: token F1 per page, sorted", r.Dataset, r.Split)
	p.X.Label.Text = "pages (share, best first)"
	p.Y.Label.Text = "token F1"
	p.Y.Min, p.Y.Max = 0, 1
	p.Legend.Top, p.Legend.Left = false, true
	var lines []any
	for _, m := range r.Methods {
		var f1 []float64
		for _, pg := range m.Pages {
			if pg.HasGold {
				f1 = append(f1, pg.Tokens.F1)
			}
		}
		slices.Sort(f1)
		slices.Reverse(f1)
		pts := make(plotter.XYs, len(f1))
		for i, v := range f1 {
			pts[i] = plotter.XY{X: float64(i) / float64(max(1, len(f1)-1)), Y: v}
		}
		lines = append(lines, m.Method, pts)
	}
	if err := plotutil.AddLines(p, lines...); err != nil {
		return err
	}
	return p.Save(7*vg.Inch, 5*vg.Inch, path)
}

// PR draws a precision–recall curve with the thresholds marked and
// saves it to path.
func PR(points []eval.PRPoint, title, path string) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "content recall (blocks)"
	p.Y.Label.Text = "content precision (blocks)"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	pts := make(plotter.XYs, len(points))
	labels := make([]string, len(points))
	for i, pt := range points {
		pts[i] = plotter.XY{X: pt.Recall, Y: pt.Precision}
		labels[i] = fmt.Sprintf("%.2f", pt.Threshold)
	}
	line, err := plotter.NewLine(pts)
	if err != nil {
		return err
	}
	line.Color = color.RGBA{B: 200, A: 255}
	marks, err := plotter.NewLabels(plotter.XYLabels{XYs: pts, Labels: labels})
	if err != nil {
		return err
	}
	p.Add(line, marks)
	return p.Save(6*vg.Inch, 6*vg.Inch, path)
}
