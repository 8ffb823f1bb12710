// Package evalplot draws the plots of an evaluation (eval.Report): the
// sorted per-page F1 of every method and the precision–recall curve of
// the model over the threshold. It is apart from eval so that programs
// that only score (training) do not link the plotting library.
//
// Each plot keeps its legend in a column to the right of the data, so it
// never covers a curve, and makes that column wide enough for its labels
// even in a viewer's wider fallback font (the image widens for long
// labels), so none is cut off. Every method gets its own colour (and,
// past ten methods, its own dash pattern).
package evalplot

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/boilernet/boilernet/eval"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// palette is Tableau's ten colours: distinct, also in grey print.
var palette = []color.RGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff}, {0xd6, 0x27, 0x28, 0xff},
	{0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff}, {0xe3, 0x77, 0xc2, 0xff}, {0x7f, 0x7f, 0x7f, 0xff},
	{0xbc, 0xbd, 0x22, 0xff}, {0x17, 0xbe, 0xcf, 0xff},
}

// dashes are the line patterns of the methods after the first ten.
var dashes = [][]vg.Length{nil, {vg.Points(6), vg.Points(3)}, {vg.Points(2), vg.Points(2)}, {vg.Points(8), vg.Points(3), vg.Points(2), vg.Points(3)}}

// style returns the colour and dash pattern of the i-th method.
func style(i int) (color.Color, []vg.Length) {
	return palette[i%len(palette)], dashes[(i/len(palette))%len(dashes)]
}

// SortedF1 draws, for every method of a report, the per-page token F1
// sorted from best to worst against the page's rank (as Kohlschütter et
// al., 2010, Figure 2), the legend naming each method with its mean token
// F1, and saves it to path (the extension picks the format: .svg, .png,
// .pdf).
func SortedF1(r *eval.Report, path string) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s, %s split: token F1 per page, sorted", r.Dataset, r.Split)
	p.X.Label.Text = "pages (share, best first)"
	p.Y.Label.Text = "token F1"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	p.Add(plotter.NewGrid())
	var legend []entry
	for k, m := range r.Methods {
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
		line, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		line.Color, line.Dashes = style(k)
		line.Width = vg.Points(1.5)
		p.Add(line)
		legend = append(legend, entry{fmt.Sprintf("%s (mean %.3f)", m.Method, m.Tokens.F1), []plot.Thumbnailer{line}})
	}
	return save(p, legend, "methods (mean token F1)", 9*vg.Inch, 5*vg.Inch, path)
}

// PR draws a model's block-level precision–recall curve over the threshold
// (points, e.g. from eval.Curve), labels every other threshold from 0.1
// on, marks the point at, the threshold the model runs at, and saves it
// to path. The axes span the curve, not all of [0, 1].
func PR(points []eval.PRPoint, at eval.PRPoint, title, path string) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "content recall (blocks)"
	p.Y.Label.Text = "content precision (blocks)"
	p.Add(plotter.NewGrid())
	pts := make(plotter.XYs, len(points))
	var marks plotter.XYLabels
	for i, pt := range points {
		pts[i] = plotter.XY{X: pt.Recall, Y: pt.Precision}
		if t := math.Round(pt.Threshold * 100); int(t)%20 == 10 { // 0.1, 0.3, 0.5, ...
			marks.XYs = append(marks.XYs, pts[i])
			marks.Labels = append(marks.Labels, fmt.Sprintf("%.1f", pt.Threshold))
		}
	}
	line, points2, err := plotter.NewLinePoints(pts)
	if err != nil {
		return err
	}
	line.Color, points2.Color = palette[0], palette[0]
	line.Width = vg.Points(1.5)
	points2.Shape, points2.Radius = draw.CircleGlyph{}, vg.Points(2)
	labels, err := plotter.NewLabels(marks)
	if err != nil {
		return err
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].Font.Size = vg.Points(9)
	}
	labels.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(2)}
	current, err := plotter.NewScatter(plotter.XYs{{X: at.Recall, Y: at.Precision}})
	if err != nil {
		return err
	}
	current.Color, current.Shape, current.Radius = palette[3], draw.RingGlyph{}, vg.Points(6)
	p.Add(line, points2, labels, current)
	// The axes: the curve's range with a margin, within [0, 1].
	xs, ys := []float64{at.Recall}, []float64{at.Precision}
	for _, pt := range pts {
		xs, ys = append(xs, pt.X), append(ys, pt.Y)
	}
	p.X.Min, p.X.Max = span(xs)
	p.Y.Min, p.Y.Max = span(ys)
	legend := []entry{
		{fmt.Sprintf("thresholds %.2f to %.2f", first(points).Threshold, last(points).Threshold), []plot.Thumbnailer{line, points2}},
		{fmt.Sprintf("threshold %.2f: P %.3f R %.3f", at.Threshold, at.Precision, at.Recall), []plot.Thumbnailer{current}},
	}
	return save(p, legend, "", 8*vg.Inch, 6*vg.Inch, path)
}

func first(pts []eval.PRPoint) eval.PRPoint {
	if len(pts) == 0 {
		return eval.PRPoint{}
	}
	return pts[0]
}

func last(pts []eval.PRPoint) eval.PRPoint {
	if len(pts) == 0 {
		return eval.PRPoint{}
	}
	return pts[len(pts)-1]
}

// span returns an axis range around xs: their minimum and maximum with a
// margin of a tenth of their range (at least 0.02), within [0, 1].
func span(xs []float64) (lo, hi float64) {
	lo, hi = slices.Min(xs), slices.Max(xs)
	pad := max(0.02, (hi-lo)/10)
	return max(0, lo-pad), min(1, hi+pad)
}

// entry is a legend line: its text and what it shows.
type entry struct {
	text   string
	thumbs []plot.Thumbnailer
}

// Legend column margins: before the thumbnails, and after the text.
const (
	legendLeft  = vg.Length(10)
	legendRight = vg.Length(6)
)

// dataShare is the least share of an image's nominal width that the data
// keep: a legend wider than the rest widens the image.
const dataShare = 2.0 / 3

// textWidth estimates, generously, the width of s as a viewer draws it in
// sty. An SVG names its font (Liberation Serif) without embedding it, so
// a viewer that lacks it draws the text in a fallback font: DejaVu Serif
// or Sans are about 27% wider, a monospace font takes 0.6 em a character.
// The estimate is the larger of 1.3 times the width in sty's font and
// 0.6 em a character.
func textWidth(sty draw.TextStyle, s string) vg.Length {
	return max(1.3*sty.Width(s), 0.6*sty.Font.Size*vg.Length(utf8.RuneCountInString(s)))
}

// legendWidth is the width of the legend column of l, holding entries
// under heading: its margins, and the wider of the heading and the
// entries' thumbnails, space and text, the text widths as textWidth
// estimates them.
func legendWidth(l plot.Legend, entries []entry, heading string) vg.Length {
	text := vg.Length(0)
	for _, e := range entries {
		text = max(text, textWidth(l.TextStyle, e.text))
	}
	entryWidth := l.ThumbnailWidth + l.TextStyle.Width(" ") + text
	return legendLeft + max(entryWidth, textWidth(l.TextStyle, heading)) + legendRight
}

// save draws p with the legend in a column to its right, under an
// optional heading, and writes it to path in the format of its extension.
// The image is w by h, or wider if the legend column needs more than
// (1 - dataShare) w, so that no legend text is cut off.
func save(p *plot.Plot, entries []entry, heading string, w, h vg.Length, path string) error {
	legend := plot.NewLegend()
	legend.Top, legend.Left = true, true
	for _, e := range entries {
		legend.Add(e.text, e.thumbs...)
	}
	lw := legendWidth(legend, entries, heading)
	w = max(w, dataShare*w+lw)
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	cw, err := draw.NewFormattedCanvas(w, h, format)
	if err != nil {
		return err
	}
	c := draw.New(cw)
	c.SetColor(p.BackgroundColor) // under the legend too
	c.Fill(c.Rectangle.Path())
	p.Draw(draw.Crop(c, 0, -lw, 0, 0))
	// The legend column starts level with the top of the data area.
	top := p.Title.TextStyle.Height(p.Title.Text) + p.Title.Padding + vg.Points(6)
	col := draw.Crop(c, w-lw+legendLeft, -legendRight, 0, -top)
	if heading != "" {
		hs := legend.TextStyle.Height(heading)
		c.FillText(legend.TextStyle, vg.Point{X: col.Min.X, Y: col.Max.Y - hs}, heading)
		col = draw.Crop(col, 0, 0, 0, -1.5*hs)
	}
	legend.Draw(col)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := cw.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
