// Package trainrun drives a training run (train.Run, train.RunTree) as
// boilernet train does: the model a fine-tune starts from, a Report of
// its progress (bars or lines), a line per scored epoch and the CSV log
// of the epochs, the log file created with its first line, the garbage
// collector's setting for training, the model file written and the
// run's result reported. It prints only to the writers it is given.
package trainrun

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/modelfile"
	"github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/train"
)

// DefaultEvery is how many batches of an epoch a Report writes a progress
// line after when it draws no bars: a few lines an epoch for the embedded
// model's datasets (220 batches).
const DefaultEvery = 50

// A Report shows a training run (train.Options.OnProgress and OnEpoch):
// progress bars (on a terminal) or else progress lines every few
// batches, a line per epoch and the CSV log of the epochs.
type Report struct {
	Epochs int       // the run's epochs (train.Options.Epochs)
	Bars   io.Writer // progress bars (nil: none)
	Lines  io.Writer // the per-epoch lines (nil: none)
	Every  int       // batches between progress lines on Lines (0: none)
	Log    io.Writer // the CSV log: a header, then a row per epoch
	csv    *csv.Writer
	bar    *progress.Bar // the bar drawn, nil between stages
	done   int           // units the bar counted
	start  time.Time     // of the stage under way
}

// Progress draws a bar per stage (loading the pages, each epoch), or
// writes progress lines.
func (r *Report) Progress(p train.Progress) {
	if r.Every > 0 && r.Lines != nil {
		r.progressLine(p)
	}
	if p.Done == 0 {
		r.End()
		if p.Epoch == 0 {
			r.bar = progress.New(r.Bars, p.Total, "loading pages", "pages")
		} else {
			r.bar = progress.New(r.Bars, p.Total, fmt.Sprintf("epoch %d/%d", p.Epoch, r.Epochs), "blocks")
		}
		r.done = 0
		return
	}
	if p.Epoch > 0 {
		r.bar.Describe(fmt.Sprintf("epoch %d/%d loss %.4f", p.Epoch, r.Epochs, p.Loss))
	}
	r.bar.Add(p.Done - r.done)
	r.done = p.Done
	if p.Done == p.Total {
		r.End()
	}
}

// progressLine writes a line every r.Every batches of an epoch and at
// every tenth of the pages loaded, but none at a stage's end (the epoch's
// line follows).
func (r *Report) progressLine(p train.Progress) {
	if p.Done == 0 {
		r.start = time.Now()
		return
	}
	if p.Done == p.Total {
		return
	}
	if p.Epoch == 0 {
		if tenth := p.Total / 10; tenth > 0 && p.Done%tenth == 0 && p.Done/tenth < 10 {
			fmt.Fprintf(r.Lines, "loading pages: %d/%d (%.0f s)\n", p.Done, p.Total, time.Since(r.start).Seconds())
		}
		return
	}
	if p.Batch%r.Every != 0 {
		return
	}
	secs := time.Since(r.start).Seconds()
	fmt.Fprintf(r.Lines, "epoch %d/%d: batch %d/%d, %d/%d blocks (%.0f%%), loss %.4f, %.0f blocks/s\n",
		p.Epoch, r.Epochs, p.Batch, p.Batches, p.Done, p.Total, 100*float64(p.Done)/float64(p.Total), p.Loss, float64(p.Done)/max(secs, 1e-9))
}

// End clears the bar drawn, if any.
func (r *Report) End() {
	r.bar.Finish()
	r.bar = nil
}

// Epoch writes a scored epoch's line and its row of the CSV log (after
// the header, with the first). An epoch is scored while the next one
// trains: its line goes above that one's bar.
func (r *Report) Epoch(ep train.Epoch) error {
	if r.csv == nil {
		r.csv = csv.NewWriter(r.Log)
		header := []string{"epoch", "loss", "content_p", "content_r", "content_f1", "boilerplate_p", "boilerplate_r", "boilerplate_f1", "mean_f1"}
		for _, set := range ep.DevSets {
			header = append(header, set.Name+"_mean_f1")
		}
		for _, set := range ep.DevSets {
			header = append(header, set.Name+"_word_f1")
		}
		r.csv.Write(append(header, "selection", "seconds", "blocks_per_s", "best"))
	}
	r.csv.Write(csvRow(ep))
	r.csv.Flush()
	if err := r.csv.Error(); err != nil {
		return fmt.Errorf("writing the log: %w", err)
	}
	if w := r.Lines; w != nil {
		if r.bar != nil {
			fmt.Fprint(r.Bars, "\r\x1b[K") // clear the bar's line; it is drawn again below
		}
		fmt.Fprintf(w, "epoch %d: loss %.4f, dev mean F1 %.4f (content %v), word F1", ep.Epoch, ep.Loss, ep.Dev.MeanF1, ep.Dev.Content)
		for _, d := range ep.DevSets {
			fmt.Fprintf(w, " %s %.4f", d.Name, d.WordF1)
		}
		if ep.Improved {
			fmt.Fprint(w, " *")
		}
		fmt.Fprintln(w)
	}
	return nil
}

// csvRow is an epoch's row of the CSV log.
func csvRow(e train.Epoch) []string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 5, 64) }
	row := []string{
		strconv.Itoa(e.Epoch), f(e.Loss),
		f(e.Dev.Content.Precision), f(e.Dev.Content.Recall), f(e.Dev.Content.F1),
		f(e.Dev.Boilerplate.Precision), f(e.Dev.Boilerplate.Recall), f(e.Dev.Boilerplate.F1),
		f(e.Dev.MeanF1),
	}
	for _, d := range e.DevSets {
		row = append(row, f(d.Scores.MeanF1))
	}
	for _, d := range e.DevSets {
		row = append(row, f(d.WordF1))
	}
	return append(row, f(e.Selection), strconv.FormatFloat(e.Seconds, 'f', 2, 64), strconv.FormatFloat(e.BlocksPerSec, 'f', 0, 64),
		strconv.FormatBool(e.Improved))
}

// LazyFile is a file created by its first Write: a log created once the
// data were loaded and checked, so that a failed start leaves no file
// behind.
type LazyFile struct {
	Path string
	f    *os.File
	err  error
}

func (l *LazyFile) Write(p []byte) (int, error) {
	if l.f == nil && l.err == nil {
		l.f, l.err = os.Create(l.Path)
	}
	if l.err != nil {
		return 0, l.err
	}
	return l.f.Write(p)
}

// Close closes the file, if it was created.
func (l *LazyFile) Close() error {
	if l.f == nil {
		return nil
	}
	return l.f.Close()
}

// GCPercent is the garbage collector's GOGC while training. Training
// keeps its encoded pages and its graphs' buffers (415 MB for the
// embedded model's five datasets) and makes garbage at every batch
// (Gorgonia's tensors): at Go's default of 100 the heap grows to twice
// what is kept, at 50 to one and a half, for a few percent more CPU and
// epochs no slower (docs/training.md, "Memory").
const GCPercent = 50

// TuneGC sets GOGC to GCPercent unless the GOGC variable sets it, and
// returns the percent it replaced.
func TuneGC() int {
	old := debug.SetGCPercent(GCPercent)
	if os.Getenv("GOGC") != "" {
		debug.SetGCPercent(old)
	}
	return old
}

// WriteModel writes m to the file path, its weights as float16 when half
// is set (bilstm.Model.WriteHalfTo).
func WriteModel(path string, m *bilstm.Model, half bool) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	write := m.WriteTo
	if half {
		write = m.WriteHalfTo
	}
	if _, err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// WriteResult writes what a training run gave, as boilernet train does:
// its pages and epochs, the best epoch's scores on dev (and of its
// float16 weights).
func WriteResult(stdout io.Writer, res *train.Result) {
	var seconds float64
	trained := 0 // epochs trained: not the -init model's own weights, epoch 0
	for _, e := range res.Epochs {
		seconds += e.Seconds
		if e.Epoch > 0 {
			trained++
		}
	}
	fmt.Fprintf(stdout, "trained on %d pages (%d dev, %d without text skipped, %d that could not be loaded skipped), %d epochs in %.0f s of training\n",
		res.TrainDocs, res.DevDocs, res.Skipped, res.Bad, trained, seconds)
	report := func(what string, e train.Epoch) {
		fmt.Fprintf(stdout, "%s: dev mean F1 %.4f; content %v; boilerplate %v\n", what, e.Dev.MeanF1, e.Dev.Content, e.Dev.Boilerplate)
		for _, d := range e.DevSets {
			fmt.Fprintf(stdout, "  %-10s mean F1 %.4f; content %v; word F1 %.4f\n", d.Name, d.Scores.MeanF1, d.Scores.Content, d.WordF1)
		}
		fmt.Fprintf(stdout, "  selection (mean word F1 over datasets) %.4f\n", e.Selection)
	}
	best := fmt.Sprintf("best epoch %d", res.Best.Epoch)
	if res.Best.Epoch == 0 {
		best += " (the -init model's own weights: no epoch beat them on dev)"
	}
	report(best, res.Best)
	if res.Half != nil {
		report("the same weights in float16", *res.Half)
	}
}

// InitModel reads the model a fine-tune starts from (train.Options.Init;
// boilernet train -init, which its errors name): default, the embedded
// model's first network, or a model file.
func InitModel(name string) (*bilstm.Model, error) {
	if name == "default" {
		md, err := defaultmodel.Load()
		if err != nil {
			return nil, fmt.Errorf("-init default: %w", err)
		}
		return md.Net(), nil
	}
	if strings.Contains(name, ",") {
		return nil, fmt.Errorf("-init %s: one model file (or default), not a list: a fine-tune starts from one network", name)
	}
	m, err := modelfile.Read(name)
	if err != nil {
		return nil, fmt.Errorf("-init: %w", err)
	}
	return m, nil
}

// Tree trains a tree (train.RunTree), writes it into the file path and
// reports on w, as boilernet train -method tree does, the leaf sizes
// tried and the tree kept with its scores on dev.
func Tree(w io.Writer, opts train.TreeOptions, path string) error {
	res, err := train.RunTree(opts)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := res.Tree.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(w, "grew trees on %d atomic blocks\n", res.Samples)
	for i, ep := range res.Tried {
		fmt.Fprintf(w, "min leaf %4d: dev mean F1 %.4f, selection %.4f\n", res.Leaves[i], ep.Dev.MeanF1, ep.Selection)
	}
	fmt.Fprintf(w, "kept min leaf %d (%d nodes): dev mean F1 %.4f; content %v\n", res.Tree.MinLeaf, len(res.Tree.Nodes), res.Best.Dev.MeanF1, res.Best.Dev.Content)
	for _, d := range res.Best.DevSets {
		fmt.Fprintf(w, "  %-10s mean F1 %.4f\n", d.Name, d.Scores.MeanF1)
	}
	fmt.Fprintf(w, "wrote %s\n", path)
	return nil
}
