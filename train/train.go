// Package train trains the BiLSTM labeler: it loads labeled datasets,
// builds the vocabularies from the training pages, runs Adam on the
// class-weighted binary cross-entropy over length-bucketed batches, scores
// the dev pages after every epoch and keeps the epoch with the best mean
// block F1.
package train

import (
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/train/graph"
	"github.com/boilernet/boilernet/vocab"
	"github.com/schollz/progressbar/v3"
)

// Options configure Run. Zero values give the defaults noted.
type Options struct {
	Data    []string // dataset folders; their train and dev splits are used
	Epochs  int      // default 50
	Batch   int      // sequences per batch, default 16
	Network bilstm.Config
	// Features is the feature set (the zero value is the paper's; the
	// command line defaults to vocab.Default).
	Features           vocab.Features
	Words, Tags, Attrs int     // vocabulary sizes, defaults 1000, 50 and 200
	LearnRate          float64 // Adam's, default 1e-3
	Seed               uint64
	WithComments       bool // count Dragnet user comments as content
	// WordWeights scales each block's loss weight by log2(2 + its words),
	// so that long paragraphs count more than one-word links, as they do
	// in token-level scores.
	WordWeights bool
	// InputDropout drops each non-zero input of a training row with this
	// probability (the others are scaled by 1/(1-p)), drawn anew every
	// epoch, so the network cannot lean on single words or class names of
	// the sites it was trained on. 0: none.
	InputDropout float64
	// Average, when in (0, 1), keeps an exponential moving average of the
	// weights over the optimizer steps with this decay (e.g. 0.998 averages
	// over about the last 500 steps): the averaged weights are the ones
	// scored on dev after every epoch and kept, which smooths the
	// epoch-to-epoch swings of the dev scores. 0: the raw weights.
	Average float64
	// Repeat maps a dataset's name (its folder's base name) to how many
	// times each of its training pages is seen per epoch (default 1), to
	// give a small or varied dataset more weight.
	Repeat map[string]int
	// Half asks for the dev scores of the kept weights rounded to float16
	// too (Result.Half), for a model written with WriteHalfTo.
	Half bool
	// MaxRows caps the rows (sequences × padded length) of a batch, so
	// long pages go in smaller batches; default 16384.
	MaxRows int
	// Log receives a CSV line per epoch (nil: none).
	Log io.Writer
	// Progress receives progress bars (nil: none).
	Progress io.Writer
	// Strict stops at the first page that cannot be loaded (a missing or
	// binary page or gold file). By default such a page is passed to
	// Skip, left out and counted in Result.Bad.
	Strict bool
	// Skip, if not nil, receives the error of each page left out, naming
	// its file and the reason (from any goroutine).
	Skip func(err error)
}

func (o Options) withDefaults() Options {
	if o.Epochs == 0 {
		o.Epochs = 50
	}
	if o.Batch == 0 {
		o.Batch = 16
	}
	if o.Words == 0 {
		o.Words = vocab.DefaultWords
	}
	if o.Tags == 0 {
		o.Tags = vocab.DefaultTags
	}
	if o.Attrs == 0 {
		o.Attrs = vocab.DefaultAttrs
	}
	if o.LearnRate == 0 {
		o.LearnRate = 1e-3
	}
	if o.MaxRows == 0 {
		o.MaxRows = 16384
	}
	o.Network = o.Network.WithDefaults()
	return o
}

// Epoch is what one epoch measured.
type Epoch struct {
	Epoch int
	Loss  float64 // mean training loss over the epoch's batches
	// Dev holds the block scores over all dev pages pooled, DevSets those
	// of each dataset's dev split, in the order given.
	Dev     eval.BlockScores
	DevSets []SetScores
	// Selection is the mean over datasets of their dev word F1: the epoch
	// with the highest is kept, so that a large dataset does not outvote
	// the others.
	Selection    float64
	Seconds      float64 // training time, without the dev scoring
	BlocksPerSec float64 // training blocks per second
}

// SetScores are the dev scores of one dataset.
type SetScores struct {
	Name   string
	Scores eval.BlockScores
	// WordF1 is the mean over pages with content of the F1 of the content
	// blocks' words (each block weighted by its words): the block labels'
	// counterpart of token F1.
	WordF1 float64
}

// Result is a trained model and its history.
type Result struct {
	Model  *bilstm.Model // the weights of the best epoch
	Best   Epoch
	Epochs []Epoch
	// Half holds the dev scores of the kept weights rounded to float16
	// (Options.Half); Epoch and the timings are those of Best.
	Half *Epoch
	// TrainDocs and DevDocs count the pages used; Skipped counts pages
	// without any text block, which cannot be sequences.
	TrainDocs, DevDocs, Skipped int
	// Bad counts the pages that could not be loaded and were left out
	// (Options.Strict).
	Bad int
}

// Run trains a model. It is deterministic for given options, data and
// number of BLAS threads.
func Run(opts Options) (*Result, error) {
	opts = opts.withDefaults()
	if len(opts.Data) == 0 {
		return nil, errors.New("train: no dataset given")
	}
	if opts.Batch < 1 || opts.Epochs < 1 || opts.Words < 1 || opts.Tags < 1 || opts.LearnRate <= 0 {
		return nil, fmt.Errorf("train: bad options: epochs %d, batch %d, words %d, tags %d, learn rate %v",
			opts.Epochs, opts.Batch, opts.Words, opts.Tags, opts.LearnRate)
	}
	if !(opts.Average >= 0 && opts.Average < 1) {
		return nil, fmt.Errorf("train: weight average decay %v outside [0, 1)", opts.Average)
	}
	if !(opts.InputDropout >= 0 && opts.InputDropout < 1) {
		return nil, fmt.Errorf("train: input dropout %v outside [0, 1)", opts.InputDropout)
	}
	for name, k := range opts.Repeat {
		if k < 1 {
			return nil, fmt.Errorf("train: repeat %s %d times: need at least 1", name, k)
		}
	}
	trainDocs, devSets, bad, err := loadCounted(opts)
	if err != nil {
		return nil, err
	}
	res := &Result{Bad: bad}
	trainDocs, res.Skipped = withBlocks(trainDocs)
	for i := range devSets {
		var skipped int
		devSets[i].docs, skipped = withBlocks(devSets[i].docs)
		res.Skipped += skipped
		res.DevDocs += len(devSets[i].docs)
	}
	res.TrainDocs = len(trainDocs)
	if len(trainDocs) == 0 || res.DevDocs == 0 {
		return nil, fmt.Errorf("train: %d training and %d dev pages with text (%d could not be loaded); need both", len(trainDocs), res.DevDocs, bad)
	}

	vb := vocab.NewBuilder()
	for _, d := range trainDocs {
		vb.Add(d.Page.Blocks)
	}
	voc := vb.Build(vocab.Sizes{Features: opts.Features, Words: opts.Words, Tags: opts.Tags, Attrs: opts.Attrs})
	cfg := opts.Network
	cfg.Input = voc.Dim()
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	trainSeqs := repeat(encode(voc, trainDocs, opts.WordWeights), trainDocs, opts.Repeat)
	weights := bilstm.ClassWeights(networkSeqs(trainSeqs))
	trainBatches, err := makeBatches(trainSeqs, opts.Batch, opts.MaxRows, weights)
	if err != nil {
		return nil, err
	}
	devBatches := make([][]batch, len(devSets))
	for i, set := range devSets {
		if devBatches[i], err = makeBatches(encode(voc, set.docs, false), opts.Batch, opts.MaxRows, weights); err != nil {
			return nil, err
		}
	}

	params := bilstm.InitParams(cfg, opts.Seed)
	scored := params // the weights scored on dev and kept
	var average *movingAverage
	if opts.Average > 0 {
		average = newMovingAverage(cfg, params, opts.Average)
		scored = average.params
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x7472616966))
	solver := graph.NewAdam(opts.LearnRate)
	graphs := map[int]*graph.Graph{}
	defer func() {
		for _, g := range graphs {
			g.Close()
		}
	}()
	var log *csv.Writer
	if opts.Log != nil {
		log = csv.NewWriter(opts.Log)
		header := []string{"epoch", "loss", "content_p", "content_r", "content_f1", "boilerplate_p", "boilerplate_r", "boilerplate_f1", "mean_f1"}
		for _, set := range devSets {
			header = append(header, set.name+"_mean_f1")
		}
		for _, set := range devSets {
			header = append(header, set.name+"_word_f1")
		}
		log.Write(append(header, "selection", "seconds", "blocks_per_s", "best"))
	}
	totalBlocks := 0
	for _, b := range trainBatches {
		totalBlocks += b.Valid()
	}
	var best *bilstm.Params
	var dropped bilstm.Sparse
	for epoch := 1; epoch <= opts.Epochs; epoch++ {
		order := rng.Perm(len(trainBatches))
		bar := newBar(opts.Progress, totalBlocks, fmt.Sprintf("epoch %d/%d", epoch, opts.Epochs), "blocks")
		start := time.Now()
		var lossSum float64
		for i, k := range order {
			b := trainBatches[k]
			g, err := graphFor(graphs, cfg, params, b.N())
			if err != nil {
				return nil, err
			}
			run := b.Batch
			if opts.InputDropout > 0 {
				run = dropInputs(b.Batch, opts.InputDropout, rng, &dropped)
			}
			loss, err := g.Run(run, g.DropoutMask(rng))
			if err != nil {
				return nil, fmt.Errorf("train: epoch %d: %w", epoch, err)
			}
			if err := solver.Step(g); err != nil {
				return nil, fmt.Errorf("train: epoch %d: %w", epoch, err)
			}
			if average != nil {
				average.update()
			}
			lossSum += float64(loss)
			if bar != nil {
				bar.Describe(fmt.Sprintf("epoch %d/%d loss %.4f", epoch, opts.Epochs, lossSum/float64(i+1)))
				bar.Add(b.Valid())
			}
		}
		if bar != nil {
			bar.Finish()
		}
		secs := time.Since(start).Seconds()
		ep := Epoch{
			Epoch:        epoch,
			Loss:         lossSum / float64(len(trainBatches)),
			Seconds:      secs,
			BlocksPerSec: float64(totalBlocks) / secs,
		}
		scoreDev(&ep, cfg, scored, devSets, devBatches)
		improved := best == nil || ep.Selection > res.Best.Selection
		if improved {
			best = scored.Clone(cfg)
			res.Best = ep
		}
		res.Epochs = append(res.Epochs, ep)
		if log != nil {
			log.Write(csvRow(ep, improved))
			log.Flush()
			if err := log.Error(); err != nil {
				return nil, fmt.Errorf("train: writing the log: %w", err)
			}
		}
		if opts.Progress != nil {
			fmt.Fprintf(opts.Progress, "epoch %d: loss %.4f, dev mean F1 %.4f (content %v), word F1", epoch, ep.Loss, ep.Dev.MeanF1, ep.Dev.Content)
			for _, d := range ep.DevSets {
				fmt.Fprintf(opts.Progress, " %s %.4f", d.Name, d.WordF1)
			}
			if improved {
				fmt.Fprint(opts.Progress, " *")
			}
			fmt.Fprintln(opts.Progress)
		}
	}
	if opts.Half {
		half := res.Best
		scoreDev(&half, cfg, best.HalfRounded(cfg), devSets, devBatches)
		res.Half = &half
	}
	res.Model = &bilstm.Model{Config: cfg, Vocab: voc, Params: best, Meta: map[string]string{
		"data":           strings.Join(opts.Data, ","),
		"epochs":         strconv.Itoa(opts.Epochs),
		"best_epoch":     strconv.Itoa(res.Best.Epoch),
		"dev_mean_f1":    strconv.FormatFloat(res.Best.Dev.MeanF1, 'f', 4, 64),
		"dev_selection":  strconv.FormatFloat(res.Best.Selection, 'f', 4, 64),
		"dev_content_f1": strconv.FormatFloat(res.Best.Dev.Content.F1, 'f', 4, 64),
		"seed":           strconv.FormatUint(opts.Seed, 10),
		"batch":          strconv.Itoa(opts.Batch),
		"learn_rate":     strconv.FormatFloat(opts.LearnRate, 'g', -1, 64),
		"comments":       strconv.FormatBool(opts.WithComments),
		"word_weights":   strconv.FormatBool(opts.WordWeights),
		"repeat":         fmt.Sprint(opts.Repeat),
		"input_dropout":  strconv.FormatFloat(opts.InputDropout, 'g', -1, 64),
		"average":        strconv.FormatFloat(opts.Average, 'g', -1, 64),
		"features":       opts.Features.String(),
	}}
	if res.Half != nil {
		res.Model.Meta["dev_selection_float16"] = strconv.FormatFloat(res.Half.Selection, 'f', 4, 64)
	}
	return res, nil
}

// movingAverage is an exponential moving average of training weights.
type movingAverage struct {
	decay  float32
	params *bilstm.Params
	src    []bilstm.Tensor // the live weights
	dst    []bilstm.Tensor // their average, params's tensors
}

func newMovingAverage(cfg bilstm.Config, live *bilstm.Params, decay float64) *movingAverage {
	avg := live.Clone(cfg)
	return &movingAverage{decay: float32(decay), params: avg, src: live.Tensors(cfg), dst: avg.Tensors(cfg)}
}

// update moves the average a step towards the live weights.
func (m *movingAverage) update() {
	rate := 1 - m.decay
	for i, t := range m.src {
		avg := m.dst[i].Data
		for j, v := range t.Data {
			avg[j] += rate * (v - avg[j])
		}
	}
}

// devSet is the dev split of one dataset.
type devSet struct {
	name string
	docs []*data.Document
}

// load reads the train and dev splits of every dataset, using all cores.
func load(opts Options) (trainDocs []*data.Document, devSets []devSet, err error) {
	trainDocs, devSets, _, err = loadCounted(opts)
	return trainDocs, devSets, err
}

// loadCounted is load; pages that cannot be loaded are left out and
// counted in bad (or stop it with Options.Strict).
func loadCounted(opts Options) (trainDocs []*data.Document, devSets []devSet, bad int, err error) {
	type job struct {
		ds  *data.Dataset
		id  string
		dev int // index in devSets, -1 for training pages
	}
	var jobs []job
	for _, dir := range opts.Data {
		ds, err := data.Open(dir)
		if err != nil {
			return nil, nil, 0, err
		}
		for _, split := range []string{"train", "dev"} {
			ids, ok := ds.IDs[split]
			if !ok {
				return nil, nil, 0, fmt.Errorf("train: dataset %s has no %s split", dir, split)
			}
			dev := -1
			if split == "dev" {
				dev = len(devSets)
				devSets = append(devSets, devSet{name: ds.Name})
			}
			for _, id := range ids {
				jobs = append(jobs, job{ds, id, dev})
			}
		}
	}
	docs := make([]*data.Document, len(jobs))
	bar := newBar(opts.Progress, len(jobs), "loading pages", "pages")
	err = data.ForEach(len(jobs), runtime.GOMAXPROCS(0), func(i int) error {
		dopts := data.Options{WithComments: opts.WithComments, Strict: opts.Strict, Skip: opts.Skip}
		d, err := jobs[i].ds.Load(jobs[i].id, dopts)
		if err == nil {
			docs[i] = d
		} else if err = dopts.Tolerate(err); err != nil {
			return err
		}
		if bar != nil {
			bar.Add(1)
		}
		return nil
	})
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		return nil, nil, 0, err
	}
	for i, d := range docs {
		if d == nil {
			bad++
			continue
		}
		if k := jobs[i].dev; k >= 0 {
			devSets[k].docs = append(devSets[k].docs, d)
		} else {
			trainDocs = append(trainDocs, d)
		}
	}
	return trainDocs, devSets, bad, nil
}

func withBlocks(docs []*data.Document) (kept []*data.Document, skipped int) {
	for _, d := range docs {
		if len(d.Page.Blocks) > 0 {
			kept = append(kept, d)
		} else {
			skipped++
		}
	}
	return kept, skipped
}

// sequence is a page as the network sees it, with the words of each block
// for word-weighted scores.
type sequence struct {
	*bilstm.Sequence
	words []int
}

// encode turns labeled documents into sequences; with wordWeights, each
// block's loss weight is log2(2 + its words).
func encode(v *vocab.Vocab, docs []*data.Document, wordWeights bool) []sequence {
	seqs := make([]sequence, len(docs))
	for i, d := range docs {
		s := sequence{&bilstm.Sequence{Labels: d.Labels, Rows: make([][]vocab.Entry, len(d.Page.Blocks))}, make([]int, len(d.Page.Blocks))}
		v.EncodePage(d.Page.Blocks, func(j int, row []vocab.Entry) { s.Rows[j] = slices.Clone(row) })
		for j, b := range d.Page.Blocks {
			s.words[j] = tokenize.CountWords(b.Text)
		}
		if wordWeights {
			s.Weights = make([]float32, len(s.words))
			for j, n := range s.words {
				s.Weights[j] = float32(math.Log2(2 + float64(n)))
			}
		}
		seqs[i] = s
	}
	return seqs
}

func networkSeqs(seqs []sequence) []*bilstm.Sequence {
	out := make([]*bilstm.Sequence, len(seqs))
	for i, s := range seqs {
		out[i] = s.Sequence
	}
	return out
}

// dropInputs returns a copy of b whose input rows, built in buf, keep each
// non-zero entry with probability 1-p, scaled by 1/(1-p).
func dropInputs(b *bilstm.Batch, p float64, rng *rand.Rand, buf *bilstm.Sparse) *bilstm.Batch {
	x := b.X
	buf.Start = append(buf.Start[:0], 0)
	buf.Cols, buf.Vals = buf.Cols[:0], buf.Vals[:0]
	scale := float32(1 / (1 - p))
	for r := range x.Rows() {
		for k := x.Start[r]; k < x.Start[r+1]; k++ {
			if rng.Float64() >= p {
				buf.Cols = append(buf.Cols, x.Cols[k])
				buf.Vals = append(buf.Vals, x.Vals[k]*scale)
			}
		}
		buf.Start = append(buf.Start, len(buf.Cols))
	}
	out := *b
	out.X = buf
	return &out
}

// repeat returns seqs with the sequence of each page of a dataset named in
// times repeated that many times.
func repeat(seqs []sequence, docs []*data.Document, times map[string]int) []sequence {
	var out []sequence
	for i, s := range seqs {
		for range max(1, times[docs[i].Dataset]) {
			out = append(out, s)
		}
	}
	return out
}

// batch is a padded batch and its sequences, in batch order.
type batch struct {
	*bilstm.Batch
	seqs []sequence
}

// makeBatches sorts the sequences longest first and cuts them into batches
// of up to size sequences and maxRows padded rows, so that the sequences of
// a batch have similar lengths (bucketing) and padding stays small.
func makeBatches(seqs []sequence, size, maxRows int, weights [2]float32) ([]batch, error) {
	sorted := slices.Clone(seqs)
	slices.SortStableFunc(sorted, func(a, b sequence) int { return cmp.Compare(b.Len(), a.Len()) })
	var batches []batch
	for len(sorted) > 0 {
		n := max(1, min(size, maxRows/sorted[0].Len(), len(sorted)))
		b, err := bilstm.NewBatch(networkSeqs(sorted[:n]), weights)
		if err != nil {
			return nil, err
		}
		batches = append(batches, batch{b, sorted[:n]})
		sorted = sorted[n:]
	}
	return batches, nil
}

// graphFor returns the cached graph whose capacity (a power of two, at
// least 256 rows) fits a batch of n rows.
func graphFor(graphs map[int]*graph.Graph, cfg bilstm.Config, p *bilstm.Params, n int) (*graph.Graph, error) {
	capacity := 256
	for capacity < n {
		capacity *= 2
	}
	if g, ok := graphs[capacity]; ok {
		return g, nil
	}
	g, err := graph.New(cfg, p, capacity)
	if err != nil {
		return nil, err
	}
	graphs[capacity] = g
	return g, nil
}

// scoreDev fills the dev scores of ep for weights p.
func scoreDev(ep *Epoch, cfg bilstm.Config, p *bilstm.Params, sets []devSet, batches [][]batch) {
	scoreSets(ep, sets, func(k int) devCounts { return count(cfg, p, batches[k]) })
}

// devCounts are the outcomes on one dev set: block counts and the word F1
// of each page with content.
type devCounts struct {
	blocks eval.Counts
	pageF1 []float64
}

// add counts one page's predicted labels against its gold labels.
func (c *devCounts) add(pred, gold []bool, words []int) {
	var tp, fp, fn int
	for i, p := range pred {
		c.blocks.Add(p, gold[i])
		switch {
		case p && gold[i]:
			tp += words[i]
		case p:
			fp += words[i]
		case gold[i]:
			fn += words[i]
		}
	}
	if tp+fn > 0 {
		c.pageF1 = append(c.pageF1, 2*float64(tp)/float64(2*tp+fp+fn))
	}
}

// scoreSets fills the dev scores of ep from the counts of each dev set:
// per set, pooled, and the mean of the sets' word F1 (the selection
// score).
func scoreSets(ep *Epoch, sets []devSet, count func(set int) devCounts) {
	var pooled eval.Counts
	ep.DevSets, ep.Selection = nil, 0
	for k, set := range sets {
		c := count(k)
		pooled.Merge(c.blocks)
		var wordF1 float64
		for _, f := range c.pageF1 {
			wordF1 += f / float64(len(c.pageF1))
		}
		ep.DevSets = append(ep.DevSets, SetScores{set.name, c.blocks.Scores(), wordF1})
		ep.Selection += wordF1 / float64(len(sets))
	}
	ep.Dev = pooled.Scores()
}

// count labels the dev batches at threshold 0.5 and counts the outcomes.
func count(cfg bilstm.Config, p *bilstm.Params, batches []batch) devCounts {
	var ws bilstm.Workspace
	var c devCounts
	for _, b := range batches {
		probs := p.Predict(cfg, b.Layout, b.X, &ws)
		for bi, s := range b.seqs {
			pred := make([]bool, s.Len())
			for t := range pred {
				pred[t] = probs[bi*b.T+t] >= 0.5
			}
			c.add(pred, s.Labels, s.words)
		}
	}
	return c
}

func csvRow(e Epoch, best bool) []string {
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
		strconv.FormatBool(best))
}

// newBar returns a progress bar on w counting unit, or nil when w is nil.
func newBar(w io.Writer, n int, desc, unit string) *progressbar.ProgressBar {
	if w == nil {
		return nil
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
}
