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
	"github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/train/graph"
	"github.com/boilernet/boilernet/vocab"
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
	// Teachers, when set, are networks whose mean probability (an
	// ensemble's) the model learns from: each training block's target is
	// Distill·teachers + (1−Distill)·label instead of its label (Distill
	// 0: DefaultDistill).
	Teachers []*bilstm.Model
	Distill  float64
	// Cosine decays the learning rate over the run's steps from LearnRate
	// to zero along half a cosine (LearnRate·(1+cos(π·step/steps))/2).
	Cosine       bool
	Seed         uint64
	WithComments bool // count Dragnet user comments as content
	// WordWeights scales each block's loss weight by log2(2 + its words),
	// so that long paragraphs count more than one-word links, as they do
	// in token-level scores.
	WordWeights bool
	// F1Loss, when positive, adds to the loss F1Loss times one minus the
	// mean over a batch's pages of their soft token F1 (each block's
	// probability for its selection, its words for its tokens), so that
	// training aims at the page-averaged token F1 the model is scored on
	// too. Batch must then be at most graph.MaxF1Pages. 0: cross-entropy
	// alone.
	F1Loss float64
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
	// Transplant, when positive, adds Transplant times as many training
	// pages as there are, each a training page into which a boilerplate
	// region of another (a teaser list, a navbox, a share row) is
	// inserted, labeled boilerplate (see transplant). 0: none.
	Transplant float64
	// Half asks for the dev scores of the kept weights rounded to float16
	// too (Result.Half), for a model written with WriteHalfTo.
	Half bool
	// MaxRows caps the rows (sequences × padded length) of a batch, so
	// long pages go in smaller batches; default 16384.
	MaxRows int
	// Log receives a CSV line per epoch (nil: none).
	Log io.Writer
	// Progress receives progress bars and a summary line per epoch (nil:
	// none).
	Progress io.Writer
	// NoBars keeps the progress bars out of Progress, which then receives
	// only the per-epoch lines (for a log file or a pipe).
	NoBars bool
	// Strict stops at the first page that cannot be loaded (a missing or
	// binary page or gold file). By default such a page is passed to
	// Skip, left out and counted in Result.Bad.
	Strict bool
	// Skip, if not nil, receives the error of each page left out, naming
	// its file and the reason (from any goroutine).
	Skip func(err error)
}

// Defaults of Options.
const (
	DefaultEpochs    = 50
	DefaultBatch     = 16
	DefaultLearnRate = 1e-3
	DefaultMaxRows   = 16384
	DefaultDistill   = 0.5
)

func (o Options) withDefaults() Options {
	if o.Epochs == 0 {
		o.Epochs = DefaultEpochs
	}
	if o.Batch == 0 {
		o.Batch = DefaultBatch
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
		o.LearnRate = DefaultLearnRate
	}
	if o.MaxRows == 0 {
		o.MaxRows = DefaultMaxRows
	}
	if len(o.Teachers) > 0 && o.Distill == 0 {
		o.Distill = DefaultDistill
	}
	o.Network = o.Network.WithDefaults()
	return o
}

// check rejects options (with defaults) that cannot train.
func (o Options) check() error {
	if len(o.Data) == 0 {
		return errors.New("train: no dataset given")
	}
	if o.Batch < 1 || o.Epochs < 1 || o.Words < 1 || o.Tags < 1 || o.LearnRate <= 0 {
		return fmt.Errorf("train: bad options: epochs %d, batch %d, words %d, tags %d, learn rate %v",
			o.Epochs, o.Batch, o.Words, o.Tags, o.LearnRate)
	}
	if len(o.Teachers) > 0 && !(o.Distill > 0 && o.Distill <= 1) {
		return fmt.Errorf("train: the teachers' share of the targets must be in (0, 1], not %v", o.Distill)
	}
	if !(o.Average >= 0 && o.Average < 1) {
		return fmt.Errorf("train: weight average decay %v outside [0, 1)", o.Average)
	}
	if !(o.InputDropout >= 0 && o.InputDropout < 1) {
		return fmt.Errorf("train: input dropout %v outside [0, 1)", o.InputDropout)
	}
	if !(o.Transplant >= 0 && o.Transplant <= 10) {
		return fmt.Errorf("train: transplant share %v outside [0, 10]", o.Transplant)
	}
	if o.F1Loss < 0 || o.F1Loss > 0 && o.Batch > graph.MaxF1Pages {
		return fmt.Errorf("train: F1 loss weight %v with batches of %d pages: need a weight ≥ 0 and at most %d pages", o.F1Loss, o.Batch, graph.MaxF1Pages)
	}
	for name, k := range o.Repeat {
		if k < 1 {
			return fmt.Errorf("train: repeat %s %d times: need at least 1", name, k)
		}
	}
	return nil
}

// bars is where progress bars go: Progress, or nowhere with NoBars.
func (o Options) bars() io.Writer {
	if o.NoBars {
		return nil
	}
	return o.Progress
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
// number of BLAS threads. Its steps: prepare (load the pages, build the
// vocabulary, encode and batch), then per epoch run (a pass over the
// shuffled batches), score (dev) and log, and finally the model of the
// best epoch.
func Run(opts Options) (*Result, error) {
	opts = opts.withDefaults()
	if err := opts.check(); err != nil {
		return nil, err
	}
	res := &Result{}
	in, err := prepare(opts, res)
	if err != nil {
		return nil, err
	}
	t := newTrainer(opts, in)
	defer t.close()
	log := newEpochLog(opts, in.devSets)
	var best *bilstm.Params
	for epoch := 1; epoch <= opts.Epochs; epoch++ {
		ep, err := t.epoch(epoch)
		if err != nil {
			return nil, fmt.Errorf("train: epoch %d: %w", epoch, err)
		}
		scoreDev(&ep, in.cfg, t.scored, in.devSets, in.devBatches)
		improved := best == nil || ep.Selection > res.Best.Selection
		if improved {
			best = t.scored.Clone(in.cfg)
			res.Best = ep
		}
		res.Epochs = append(res.Epochs, ep)
		if err := log.write(ep, improved); err != nil {
			return nil, err
		}
	}
	if opts.Half {
		half := res.Best
		scoreDev(&half, in.cfg, best.HalfRounded(in.cfg), in.devSets, in.devBatches)
		res.Half = &half
	}
	res.Model = &bilstm.Model{Config: in.cfg, Vocab: in.vocab, Params: best, Meta: modelMeta(opts, res)}
	return res, nil
}

// inputs are the encoded, batched training and dev pages and the network
// configuration they fit.
type inputs struct {
	cfg          bilstm.Config
	vocab        *vocab.Vocab
	devSets      []devSet
	trainBatches []batch
	devBatches   [][]batch // per dev set
	trainBlocks  int       // valid rows of trainBatches
}

// prepare loads the train and dev pages (counting the pages left out in
// res), builds the vocabulary from the training pages, encodes the pages
// and cuts them into batches.
func prepare(opts Options, res *Result) (*inputs, error) {
	trainDocs, devSets, bad, err := loadCounted(opts)
	if err != nil {
		return nil, err
	}
	res.Bad = bad
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
	in := &inputs{devSets: devSets}
	in.vocab = vb.Build(vocab.Sizes{Features: opts.Features, Words: opts.Words, Tags: opts.Tags, Attrs: opts.Attrs})
	in.cfg = opts.Network
	in.cfg.Input = in.vocab.Dim()
	if err := in.cfg.Check(); err != nil {
		return nil, err
	}
	if opts.Transplant > 0 {
		trainDocs = append(trainDocs, transplant(trainDocs, int(math.Round(opts.Transplant*float64(len(trainDocs)))), opts.Seed)...)
	}
	encoded := encode(in.vocab, trainDocs, opts.WordWeights, opts.Network.Pool)
	if len(opts.Teachers) > 0 {
		distill(encoded, trainDocs, opts.Teachers, opts.Distill)
	}
	trainSeqs := repeat(encoded, trainDocs, opts.Repeat)
	weights := bilstm.ClassWeights(networkSeqs(trainSeqs))
	if in.trainBatches, err = makeBatches(trainSeqs, opts.Batch, opts.MaxRows, weights); err != nil {
		return nil, err
	}
	in.devBatches = make([][]batch, len(devSets))
	for i, set := range devSets {
		if in.devBatches[i], err = makeBatches(encode(in.vocab, set.docs, false, opts.Network.Pool), opts.Batch, opts.MaxRows, weights); err != nil {
			return nil, err
		}
	}
	for _, b := range in.trainBatches {
		in.trainBlocks += b.Valid()
	}
	return in, nil
}

// trainer holds the state of a training run: the live weights, their
// moving average, the solver, the graphs and the random stream.
type trainer struct {
	opts    Options
	in      *inputs
	params  *bilstm.Params
	scored  *bilstm.Params // the weights scored on dev and kept
	average *movingAverage // nil without Options.Average
	rng     *rand.Rand
	solver  *graph.Adam
	graphs  map[int]*graph.Graph
	dropped bilstm.Sparse // the input rows of Options.InputDropout
}

func newTrainer(opts Options, in *inputs) *trainer {
	t := &trainer{opts: opts, in: in, params: bilstm.InitParams(in.cfg, opts.Seed), graphs: map[int]*graph.Graph{}}
	t.scored = t.params
	if opts.Average > 0 {
		t.average = newMovingAverage(in.cfg, t.params, opts.Average)
		t.scored = t.average.params
	}
	t.rng = rand.New(rand.NewPCG(opts.Seed, 0x7472616966))
	t.solver = graph.NewAdam(opts.LearnRate)
	return t
}

// close frees the graphs.
func (t *trainer) close() {
	for _, g := range t.graphs {
		g.Close()
	}
}

// epoch runs one pass over the training batches in a random order: a
// forward and backward pass and an optimizer step each. It returns the
// epoch's loss and timings; the dev scores are for the caller.
func (t *trainer) epoch(epoch int) (Epoch, error) {
	order := t.rng.Perm(len(t.in.trainBatches))
	bar := progress.New(t.opts.bars(), t.in.trainBlocks, fmt.Sprintf("epoch %d/%d", epoch, t.opts.Epochs), "blocks")
	start := time.Now()
	var lossSum float64
	for i, k := range order {
		if t.opts.Cosine {
			steps := t.opts.Epochs * len(order)
			step := (epoch-1)*len(order) + i
			t.solver.SetLearnRate(t.opts.LearnRate * (1 + math.Cos(math.Pi*float64(step)/float64(steps))) / 2)
		}
		b := t.in.trainBatches[k]
		g, err := graphFor(t.graphs, t.in.cfg, t.params, b.N(), t.opts.F1Loss)
		if err != nil {
			return Epoch{}, err
		}
		run := b.Batch
		if t.opts.InputDropout > 0 {
			run = dropInputs(b.Batch, t.opts.InputDropout, t.rng, &t.dropped)
		}
		loss, err := g.Run(run, g.DropoutMask(t.rng))
		if err != nil {
			return Epoch{}, err
		}
		if err := t.solver.Step(g); err != nil {
			return Epoch{}, err
		}
		if t.average != nil {
			t.average.update()
		}
		lossSum += float64(loss)
		bar.Describe(fmt.Sprintf("epoch %d/%d loss %.4f", epoch, t.opts.Epochs, lossSum/float64(i+1)))
		bar.Add(b.Valid())
	}
	bar.Finish()
	secs := time.Since(start).Seconds()
	return Epoch{
		Epoch:        epoch,
		Loss:         lossSum / float64(len(t.in.trainBatches)),
		Seconds:      secs,
		BlocksPerSec: float64(t.in.trainBlocks) / secs,
	}, nil
}

// epochLog writes a CSV line per epoch to Options.Log and a summary line
// to Options.Progress.
type epochLog struct {
	csv      *csv.Writer // nil without Options.Log
	progress io.Writer   // nil without Options.Progress
}

func newEpochLog(opts Options, devSets []devSet) *epochLog {
	l := &epochLog{progress: opts.Progress}
	if opts.Log != nil {
		l.csv = csv.NewWriter(opts.Log)
		header := []string{"epoch", "loss", "content_p", "content_r", "content_f1", "boilerplate_p", "boilerplate_r", "boilerplate_f1", "mean_f1"}
		for _, set := range devSets {
			header = append(header, set.name+"_mean_f1")
		}
		for _, set := range devSets {
			header = append(header, set.name+"_word_f1")
		}
		l.csv.Write(append(header, "selection", "seconds", "blocks_per_s", "best"))
	}
	return l
}

// write logs a scored epoch; best marks the kept one.
func (l *epochLog) write(ep Epoch, best bool) error {
	if l.csv != nil {
		l.csv.Write(csvRow(ep, best))
		l.csv.Flush()
		if err := l.csv.Error(); err != nil {
			return fmt.Errorf("train: writing the log: %w", err)
		}
	}
	if w := l.progress; w != nil {
		fmt.Fprintf(w, "epoch %d: loss %.4f, dev mean F1 %.4f (content %v), word F1", ep.Epoch, ep.Loss, ep.Dev.MeanF1, ep.Dev.Content)
		for _, d := range ep.DevSets {
			fmt.Fprintf(w, " %s %.4f", d.Name, d.WordF1)
		}
		if best {
			fmt.Fprint(w, " *")
		}
		fmt.Fprintln(w)
	}
	return nil
}

// modelMeta is what a trained model file records of its training.
func modelMeta(opts Options, res *Result) map[string]string {
	meta := map[string]string{
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
	}
	if opts.Cosine {
		meta["learn_rate_schedule"] = "cosine"
	}
	if opts.Transplant > 0 {
		meta["transplant"] = strconv.FormatFloat(opts.Transplant, 'g', -1, 64)
	}
	if opts.F1Loss > 0 {
		meta["f1_loss"] = strconv.FormatFloat(opts.F1Loss, 'g', -1, 64)
	}
	if len(opts.Teachers) > 0 {
		meta["teachers"] = strconv.Itoa(len(opts.Teachers))
		meta["distill"] = strconv.FormatFloat(opts.Distill, 'g', -1, 64)
	}
	if res.Half != nil {
		meta["dev_selection_float16"] = strconv.FormatFloat(res.Half.Selection, 'f', 4, 64)
	}
	return meta
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
	bar := progress.New(opts.bars(), len(jobs), "loading pages", "pages")
	err = data.ForEach(len(jobs), runtime.GOMAXPROCS(0), func(i int) error {
		dopts := data.Options{WithComments: opts.WithComments, Strict: opts.Strict, Skip: opts.Skip}
		d, err := jobs[i].ds.Load(jobs[i].id, dopts)
		if err == nil {
			docs[i] = d
		} else if err = dopts.Tolerate(err); err != nil {
			return err
		}
		bar.Add(1)
		return nil
	})
	bar.Finish()
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

// encode turns labeled documents into sequences, with the pooling groups
// of the levels pool; with wordWeights, each block's loss weight is
// log2(2 + its words).
func encode(v *vocab.Vocab, docs []*data.Document, wordWeights bool, pool []int) []sequence {
	seqs := make([]sequence, len(docs))
	for i, d := range docs {
		s := sequence{&bilstm.Sequence{Labels: d.Labels, Rows: make([][]vocab.Entry, len(d.Page.Blocks)), Groups: bilstm.PoolGroups(d.Page.Blocks, pool)}, make([]int, len(d.Page.Blocks))}
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

// distill sets the training targets of seqs (of docs) to share·(the
// teachers' mean probability) + (1−share)·label.
func distill(seqs []sequence, docs []*data.Document, teachers []*bilstm.Model, share float64) {
	var x bilstm.Sparse
	var ws bilstm.PageWorkspace
	for i, d := range docs {
		targets := bilstm.MeanPrediction(teachers, d.Page.Blocks, &x, &ws)
		for t, p := range targets {
			label := float32(0)
			if d.Labels[t] {
				label = 1
			}
			targets[t] = float32(share)*p + float32(1-share)*label
		}
		seqs[i].Targets = targets
	}
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
		b.Words = make([]float32, b.N())
		for i, s := range sorted[:n] {
			for t, w := range s.words {
				b.Words[i*b.T+t] = float32(w)
			}
		}
		batches = append(batches, batch{b, sorted[:n]})
		sorted = sorted[n:]
	}
	return batches, nil
}

// graphFor returns the cached graph whose capacity (a power of two, at
// least 256 rows) fits a batch of n rows.
func graphFor(graphs map[int]*graph.Graph, cfg bilstm.Config, p *bilstm.Params, n int, f1Loss float64) (*graph.Graph, error) {
	capacity := 256
	for capacity < n {
		capacity *= 2
	}
	if g, ok := graphs[capacity]; ok {
		return g, nil
	}
	g, err := graph.New(cfg, p, capacity, f1Loss)
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

// count labels the dev batches at the paper's threshold
// (bilstm.DefaultThreshold, infer's too) and counts the outcomes.
func count(cfg bilstm.Config, p *bilstm.Params, batches []batch) devCounts {
	var ws bilstm.Workspace
	var c devCounts
	for _, b := range batches {
		probs := p.Predict(cfg, b.Layout, b.X, &ws)
		for bi, s := range b.seqs {
			pred := make([]bool, s.Len())
			for t := range pred {
				pred[t] = float64(probs[bi*b.T+t]) >= bilstm.DefaultThreshold
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
