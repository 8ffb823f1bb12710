package eval

import (
	"cmp"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// Titles gives each document's page title to the methods of a comparison,
// computing it once per page: Compare runs the methods one after the other
// on a page. It is not safe for concurrent use.
type Titles struct {
	title func(root *html.Node) string
	doc   *data.Document
	last  string
}

// NewTitles returns Titles that compute a page's title with title (such
// as metadata.Page.Title).
func NewTitles(title func(root *html.Node) string) *Titles { return &Titles{title: title} }

// Of returns the title of d's page.
func (t *Titles) Of(d *data.Document) string {
	if d != t.doc {
		t.doc, t.last = d, t.title(d.Page.Root)
	}
	return t.last
}

// Curve records a model's block probabilities and the gold labels of the
// pages a method is run on, for a precision–recall curve over the
// threshold (PRCurve).
type Curve struct {
	probs  func(blocks []tokenize.Block) []float32
	pages  [][]float32
	labels [][]bool
}

// NewCurve returns a Curve of the probabilities probs gives a page's
// blocks (such as infer.Extractor.Probabilities).
func NewCurve(probs func(blocks []tokenize.Block) []float32) *Curve { return &Curve{probs: probs} }

// Record returns m recording, on each page m is run on, the probabilities
// and the gold labels.
func (c *Curve) Record(m Method) Method {
	sel := m.Select
	m.Select = func(d *data.Document) ([]bool, error) {
		c.pages = append(c.pages, c.probs(d.Page.Blocks))
		c.labels = append(c.labels, d.Labels)
		return sel(d)
	}
	return m
}

// Points returns the curve at thresholds over the pages recorded since
// the last Reset; nil when there are none (or c is nil).
func (c *Curve) Points(thresholds []float64) []PRPoint {
	if c == nil || c.pages == nil {
		return nil
	}
	return PRCurve(c.pages, c.labels, thresholds)
}

// Reset forgets the recorded pages.
func (c *Curve) Reset() { c.pages, c.labels = nil, nil }

// CurveThresholds are the thresholds of a curve over all of them: 0.05 to
// 0.95 in steps of 0.05.
func CurveThresholds() []float64 {
	thresholds := make([]float64, 19)
	for k := range thresholds {
		thresholds[k] = float64(k+1) / 20
	}
	return thresholds
}

// PRPoint is the block-level content precision and recall at a threshold.
type PRPoint struct{ Threshold, Precision, Recall float64 }

// PRCurve computes block-level content precision and recall of
// probabilities against labels at each threshold.
func PRCurve(probs [][]float32, labels [][]bool, thresholds []float64) []PRPoint {
	out := make([]PRPoint, len(thresholds))
	for k, t := range thresholds {
		var c Counts
		for i := range probs {
			for j, p := range probs[i] {
				c.Add(float64(p) >= t, labels[i][j])
			}
		}
		s := c.Scores().Content
		out[k] = PRPoint{t, s.Precision, s.Recall}
	}
	return out
}

// WriteReports writes pages.csv (WriteCSV) and report.md (WriteMarkdown)
// into dir, creating it if needed.
func WriteReports(dir string, reports []*Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, write := range map[string]func(io.Writer, []*Report) error{
		"pages.csv": WriteCSV, "report.md": WriteMarkdown,
	} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		err = write(f, reports)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// BestThresholdLabels keeps the blocks of d's page whose probability
// (probs, one per block) reaches the threshold that maximizes the page's
// token F1 against its gold, found from the blocks' bags of tokens: the
// decoding of the method bilstm:oracle (package methods). No decoding
// that keeps one page's blocks above a threshold of its own can do better
// with these probabilities: how far a model's own decoding is below it is
// what decoding may still gain, and how far it is below the oracle (the
// gold labels, d.Labels) is what only better probabilities can.
func BestThresholdLabels(d *data.Document, probs []float32) []bool {
	return bestThreshold(d.Page.Blocks, probs, bagOfWords(d.Gold.Text()))
}

// bestThreshold selects the blocks at or above the probability that
// maximizes the token F1 of their bags against gold: blocks are added in
// order of falling probability (ties together), counting the matched
// tokens as they come, so every threshold is scored in one pass.
func bestThreshold(blocks []tokenize.Block, probs []float32, gold map[string]int) []bool {
	order := make([]int, len(blocks))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(probs[b], probs[a]) })
	goldTokens := 0
	for _, n := range gold {
		goldTokens += n
	}
	sel := make([]bool, len(blocks))
	if goldTokens == 0 {
		return sel // nothing to find: keeping nothing is best
	}
	taken := map[string]int{}
	matched, extracted := 0, 0
	best, bestF1 := 0, -1.0 // keep order[:best]
	for k := 0; k < len(order); {
		p := probs[order[k]]
		for ; k < len(order) && probs[order[k]] == p; k++ {
			for _, w := range textTokens(blocks[order[k]].Text) {
				if taken[w] < gold[w] {
					matched++
				}
				taken[w]++
				extracted++
			}
		}
		if f1 := 2 * float64(matched) / float64(max(1, extracted+goldTokens)); f1 > bestF1 {
			best, bestF1 = k, f1
		}
	}
	for _, i := range order[:best] {
		sel[i] = true
	}
	return sel
}
