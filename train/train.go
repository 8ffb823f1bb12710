// Package train is the training of BoilerNet's models: it makes a BiLSTM
// labeler (package bilstm) or the shallow tree baseline (RunTree) from
// labeled pages.
//
// Fit trains a labeler from labeled documents in memory and Run from
// dataset folders. Both build the vocabularies from the training pages,
// encode the pages and lay them out as length-bucketed batches (with the
// classes' balanced loss weights), run Adam on the loss of the training
// graph (package train/graph: the weighted binary cross-entropy, with the
// soft token F1 term of Options.F1Loss), score the dev pages after every
// epoch and keep the epoch with the best mean dev word F1.
package train

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/train/graph"
	"github.com/boilernet/boilernet/vocab"
)

// Options configure Fit and Run. Zero values give the defaults, those of
// DefaultOptions, which are boilernet train's and the embedded model's
// recipe (features paper+attrs+regions, 200 attribute tokens, hidden 32,
// dense 64, 2 layers, dropout 0.5, 20 epochs, the soft token F1 term at
// weight 1): Run(Options{Data: dirs}) trains what boilernet train -data
// dirs does, and with the embedded model's datasets and seed, that model.
type Options struct {
	// Data lists the dataset folders whose train and dev splits Run
	// loads; the model file records them.
	Data   []string
	Epochs int // default DefaultEpochs
	Batch  int // sequences per batch, default DefaultBatch
	// Network is the network's shape: a zero Hidden and Dense take
	// DefaultHidden and DefaultDense, the other zero fields bilstm's
	// defaults (Config.WithDefaults), and a zero Dropout takes
	// bilstm.DefaultDropout; NoDropout (any negative rate) trains
	// without.
	Network bilstm.Config
	// Features is the feature set; nil: vocab.Default() (a pointer to
	// vocab.Paper() for the paper's words and tags).
	Features           *vocab.Features
	Words, Tags, Attrs int     // vocabulary sizes, defaults vocab.DefaultWords, DefaultTags and DefaultAttrs
	LearnRate          float64 // Adam's, default DefaultLearnRate
	// Teachers, when set, are networks whose mean probability (an
	// ensemble's) the model learns from: each training block's target is
	// Distill·teachers + (1−Distill)·label instead of its label (Distill
	// 0: DefaultDistill).
	Teachers []*bilstm.Model
	Distill  float64
	// Cosine decays the learning rate over the run's steps from LearnRate
	// to zero along half a cosine (LearnRate·(1+cos(π·step/steps))/2).
	Cosine bool
	Seed   uint64 // the random stream's; 0: DefaultSeed
	// WithComments counts Dragnet user comments as content when Run loads
	// the pages.
	WithComments bool
	// WordWeights scales each block's loss weight by log2(2 + its words),
	// so that long paragraphs count more than one-word links, as they do
	// in token-level scores.
	WordWeights bool
	// F1Loss adds to the loss F1Loss times one minus the mean over a
	// batch's pages of their soft token F1 (each block's probability for
	// its selection, its words for its tokens), so that training aims at
	// the page-averaged token F1 the model is scored on too. Batch must
	// then be at most graph.MaxF1Pages. 0: DefaultF1Loss; NoF1Loss (any
	// negative weight): cross-entropy alone.
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
	// Repeat maps a dataset's name (data.Document.Dataset, a folder's base
	// name) to how many times each of its training pages is seen per
	// epoch (default 1), to give a small or varied dataset more weight.
	Repeat map[string]int
	// Transplant, when positive, adds Transplant times as many training
	// pages as there are, each a training page into which a boilerplate
	// region of another (a teaser list, a navbox, a share row) is
	// inserted, labeled boilerplate (see transplant). 0: none.
	Transplant float64
	// DatasetHeads trains one correction of the output layer per dataset
	// of the training pages (data.Document.Dataset), summing to zero, so
	// that a convention of one dataset's gold (readers' comments kept,
	// hidden panels kept) is learned by its own head; the model keeps the
	// output layer, their mean (see graph.Heads). Needs two datasets.
	DatasetHeads bool
	// Init, when set, is a model to fine-tune: training starts from its
	// weights, and keeps its network shape, feature set and vocabulary
	// (the pages are encoded with its vocabulary, which is not rebuilt).
	// Network's shape (Input, Dense, Hidden, Layers, Pool), Features,
	// Words, Tags and Attrs must then be left zero or equal the model's
	// (an error wrapping ErrInit names the option that differs). A zero
	// Network.Dropout is the init model's rate (NoDropout: none); the
	// other training options apply as usual. The init model's own
	// weights are scored on dev as epoch 0 and kept when no epoch beats
	// them, so a fine-tune never ends below where it started on dev.
	Init *bilstm.Model
	// InitPull, with Init, adds InitPull·||w − w_init||² to each batch's
	// loss, w_init the init model's weights (L2-SP): a fine-tune on a few
	// pages is held near where it started. 0: none.
	InitPull float64
	// KeepLast keeps the last epoch's weights instead of the best on dev
	// (with Init, not the init model's either): a fine-tune of a fixed
	// number of epochs, the dev pages only reported.
	KeepLast bool
	// Half asks for the dev scores of the kept weights rounded to float16
	// too (Result.Half), for a model written with WriteHalfTo.
	Half bool
	// MaxRows caps the rows (sequences × padded length) of a batch, so
	// long pages go in smaller batches; default DefaultMaxRows.
	MaxRows int
	// Strict stops Run at the first page that cannot be loaded (a missing
	// or binary page or gold file). By default such a page is passed to
	// OnSkip, left out and counted in Result.Bad.
	Strict bool

	// The hooks below report a run as it goes; nil ones are not called.
	// They are called one at a time, from the goroutine that called Fit
	// or Run or from one of Run's loading goroutines.

	// OnProgress receives the steps of a run: a call with Done 0 when a
	// stage starts (Run's loading, each epoch's training), one after each
	// page loaded or batch trained, the last with Done == Total.
	OnProgress func(Progress)
	// OnEpoch receives each epoch once it is scored on dev, in order.
	// Dev scoring overlaps the next epoch's training, so an epoch's call
	// comes during the next epoch's steps (or at the end of the run). An
	// error stops the run: Fit returns it wrapped.
	OnEpoch func(Epoch) error
	// OnSkip receives the error of each page Run leaves out, naming its
	// file and the reason.
	OnSkip func(err error)
}

// Progress is one step of a run.
type Progress struct {
	// Epoch is the epoch being trained, from 1; 0 while Run loads pages.
	Epoch int
	// Done counts the units done of Total: pages loaded (Run reads each
	// training page twice, see Run), or the training blocks of the
	// epoch's batches run so far.
	Done, Total int
	// Batch counts the epoch's batches trained of Batches (0 of 0 while
	// Run loads pages).
	Batch, Batches int
	// Loss is the mean training loss of the epoch's batches so far.
	Loss float64
}

// Defaults of Options: the embedded model's recipe (docs/training.md,
// "The default model"), with bilstm's defaults for the layers (2) and the
// dropout (0.5) and vocab's for the features and vocabulary sizes.
const (
	DefaultEpochs    = 20
	DefaultBatch     = 16
	DefaultHidden    = 32
	DefaultDense     = 64
	DefaultF1Loss    = 1
	DefaultLearnRate = 1e-3
	DefaultMaxRows   = 16384
	DefaultDistill   = 0.5
	DefaultSeed      = 1
	// NoDropout as Options.Network.Dropout trains without dropout (0 is
	// bilstm.DefaultDropout).
	NoDropout = -1
	// NoF1Loss as Options.F1Loss trains on the cross-entropy alone (0 is
	// DefaultF1Loss).
	NoF1Loss = -1
)

// DefaultOptions returns the options a zero Options stands for, with
// every default filled in: those of boilernet train.
func DefaultOptions() Options {
	return Options{}.withDefaults()
}

func (o Options) withDefaults() Options {
	if o.Init != nil {
		// The init model's shape, features and vocabulary sizes, as
		// they are (checkInit has refused other values).
		v := o.Init.Vocab
		f := v.Features
		o.Features = &f
		o.Words, o.Tags, o.Attrs = cmp.Or(len(v.Words), o.Words), cmp.Or(len(v.Tags), o.Tags), cmp.Or(len(v.Attrs), o.Attrs)
		dropout := cmp.Or(o.Network.Dropout, o.Init.Config.Dropout, NoDropout)
		o.Network = o.Init.Config
		o.Network.Pool = slices.Clone(o.Init.Config.Pool)
		o.Network.Dropout = dropout
	}
	o.Epochs = cmp.Or(o.Epochs, DefaultEpochs)
	o.Batch = cmp.Or(o.Batch, DefaultBatch)
	if o.Features == nil {
		f := vocab.Default()
		o.Features = &f
	}
	o.Words = cmp.Or(o.Words, vocab.DefaultWords)
	o.Tags = cmp.Or(o.Tags, vocab.DefaultTags)
	o.Attrs = cmp.Or(o.Attrs, vocab.DefaultAttrs)
	o.LearnRate = cmp.Or(o.LearnRate, DefaultLearnRate)
	o.MaxRows = cmp.Or(o.MaxRows, DefaultMaxRows)
	o.Distill = cmp.Or(o.Distill, DefaultDistill)
	o.Seed = cmp.Or(o.Seed, DefaultSeed)
	switch {
	case o.F1Loss == 0:
		o.F1Loss = DefaultF1Loss
	case o.F1Loss < 0:
		o.F1Loss = 0
	}
	o.Network.Hidden = cmp.Or(o.Network.Hidden, DefaultHidden)
	o.Network.Dense = cmp.Or(o.Network.Dense, DefaultDense)
	switch {
	case o.Network.Dropout == 0:
		o.Network.Dropout = bilstm.DefaultDropout
	case o.Network.Dropout < 0:
		o.Network.Dropout = 0
	}
	o.Network = o.Network.WithDefaults()
	return o
}

// ErrInit is wrapped by the errors of an Options.Init that cannot be
// fine-tuned with the other options.
var ErrInit = errors.New("train: init model")

// checkInit rejects an Options.Init that is not a whole model, or options
// (as given, before the defaults) that ask for another network shape,
// feature set or vocabulary than the init model's, naming the option.
func checkInit(o Options) error {
	m := o.Init
	if m == nil {
		return nil
	}
	if m.Vocab == nil || m.Params == nil {
		return fmt.Errorf("%w: no vocabulary or no weights", ErrInit)
	}
	c := m.Config
	if err := c.Check(); err != nil {
		return fmt.Errorf("%w: %w", ErrInit, err)
	}
	if c.Input != m.Vocab.Dim() {
		return fmt.Errorf("%w: its network reads %d columns, its vocabulary gives %d", ErrInit, c.Input, m.Vocab.Dim())
	}
	v := m.Vocab
	for _, f := range []struct {
		name      string
		got, want int
	}{
		{"Network.Input", o.Network.Input, c.Input},
		{"Network.Dense", o.Network.Dense, c.Dense},
		{"Network.Hidden", o.Network.Hidden, c.Hidden},
		{"Network.Layers", o.Network.Layers, c.Layers},
		{"Words", o.Words, len(v.Words)},
		{"Tags", o.Tags, len(v.Tags)},
		{"Attrs", o.Attrs, len(v.Attrs)},
	} {
		if f.got != 0 && f.got != f.want {
			return fmt.Errorf("%w: %s %d, the init model's is %d (fine-tuning keeps its network and vocabulary; leave it zero)", ErrInit, f.name, f.got, f.want)
		}
	}
	if o.Network.Pool != nil && !slices.Equal(o.Network.Pool, c.Pool) {
		return fmt.Errorf("%w: Network.Pool %v, the init model's is %v", ErrInit, o.Network.Pool, c.Pool)
	}
	if o.Features != nil && *o.Features != v.Features {
		return fmt.Errorf("%w: Features %s, the init model's are %s", ErrInit, o.Features, v.Features)
	}
	return nil
}

// check rejects options (with defaults) that cannot train.
func (o Options) check() error {
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
	if !(o.InitPull >= 0) || math.IsInf(o.InitPull, 1) {
		return fmt.Errorf("train: init pull %v: need a finite value ≥ 0", o.InitPull)
	}
	if o.InitPull > 0 && o.Init == nil {
		return fmt.Errorf("train: init pull %v without an init model (Options.Init)", o.InitPull)
	}
	if !(o.Transplant >= 0 && o.Transplant <= 10) {
		return fmt.Errorf("train: transplant share %v outside [0, 10]", o.Transplant)
	}
	if o.F1Loss > 0 && o.Batch > graph.MaxF1Pages {
		return fmt.Errorf("train: F1 loss weight %v with batches of %d pages: need at most %d pages (or no F1 term)", o.F1Loss, o.Batch, graph.MaxF1Pages)
	}
	for name, k := range o.Repeat {
		if k < 1 {
			return fmt.Errorf("train: repeat %s %d times: need at least 1", name, k)
		}
	}
	return nil
}

// Epoch is what one epoch measured.
type Epoch struct {
	Epoch int
	Loss  float64 // mean training loss over the epoch's batches
	// Dev holds the block scores over all dev pages pooled, DevSets those
	// of each dev set, in the order given.
	Dev     eval.BlockScores
	DevSets []SetScores
	// Selection is the mean over dev sets of their word F1: the epoch
	// with the highest is kept, so that a large dataset does not outvote
	// the others.
	Selection float64
	// Improved tells that Selection beat every earlier epoch's: the
	// epoch's weights were the kept ones until a later epoch improved.
	Improved     bool
	Seconds      float64 // training time, without the dev scoring
	BlocksPerSec float64 // training blocks per second
}

// SetScores are the dev scores of one dev set.
type SetScores struct {
	Name   string
	Scores eval.BlockScores
	// WordF1 is the mean over pages with content of the F1 of the content
	// blocks' words (each block weighted by its words): the block labels'
	// counterpart of token F1.
	WordF1 float64
}

// DevSet is a named set of dev pages, e.g. one dataset's dev split.
// Each is scored on its own after every epoch, and the mean of their word
// F1 selects the epoch kept.
type DevSet struct {
	Name string
	Docs []*data.Document
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
	// Bad counts the pages Run could not load and left out
	// (Options.Strict).
	Bad int
}

// Run loads the train and dev splits of the dataset folders
// Options.Data, one dev set per dataset, and trains on them as Fit does.
// It reads each training page twice, once for the vocabulary and once to
// encode it, so that only the encoded pages stay in memory, never the
// parsed ones (with Options.Transplant, which moves regions between
// pages, all of them are loaded once and kept). Cancelling ctx stops
// loading or training with an error wrapping ctx.Err().
func Run(ctx context.Context, opts Options) (*Result, error) {
	if len(opts.Data) == 0 {
		return nil, errors.New("train: no dataset given")
	}
	if err := checkInit(opts); err != nil {
		return nil, err
	}
	o := opts.withDefaults()
	if err := o.check(); err != nil {
		return nil, err // before loading the pages
	}
	if o.Transplant > 0 {
		trainDocs, devSets, bad, err := loadCounted(ctx, opts)
		if err != nil {
			return nil, err
		}
		return fit(ctx, trainDocs, devSets, opts, &Result{Bad: bad})
	}
	res := &Result{}
	in, err := loadEncoded(ctx, o, res)
	if err != nil {
		return nil, err
	}
	return fitInputs(ctx, in, o, res)
}

// Fit trains a model on the training documents and keeps the weights of
// the epoch that scores best on the dev sets. Documents without text
// blocks are left out (Result.Skipped); the dev sets need at least one
// page with text between them. It is deterministic for given options,
// documents and number of BLAS threads. Its steps: prepare (build the
// vocabulary, encode and batch), then per epoch run (a pass over the
// shuffled batches) and score (dev, on a copy of the weights while the
// next epoch trains), and finally the model of the best epoch.
// Cancelling ctx stops it between batches with an error wrapping
// ctx.Err().
func Fit(ctx context.Context, trainDocs []*data.Document, dev []DevSet, opts Options) (*Result, error) {
	return fit(ctx, trainDocs, dev, opts, &Result{})
}

// fit is Fit, filling in res (whose Bad Run has set).
func fit(ctx context.Context, trainDocs []*data.Document, dev []DevSet, opts Options, res *Result) (*Result, error) {
	if err := checkInit(opts); err != nil {
		return nil, err
	}
	opts = opts.withDefaults()
	if err := opts.check(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("train: %w", err)
	}
	in, err := prepare(trainDocs, dev, opts, res)
	if err != nil {
		return nil, err
	}
	return fitInputs(ctx, in, opts, res)
}

// fitInputs trains on prepared inputs with options whose defaults are
// filled in, and fills in res.
func fitInputs(ctx context.Context, in *inputs, opts Options, res *Result) (*Result, error) {
	t, err := newTrainer(opts, in)
	if err != nil {
		return nil, err
	}
	defer t.close()
	scorer := newDevScorer(ctx, in)
	defer scorer.stop()
	var best *bilstm.Params
	keep := func(ep Epoch, p *bilstm.Params) error {
		ep.Improved = best == nil || ep.Selection > res.Best.Selection
		if ep.Improved || opts.KeepLast {
			best = p
			res.Best = ep
		}
		res.Epochs = append(res.Epochs, ep)
		if opts.OnEpoch != nil {
			return opts.OnEpoch(ep)
		}
		return nil
	}
	if opts.Init != nil {
		// The init model's own weights are epoch 0: kept unless an
		// epoch does better on dev.
		scorer.start(Epoch{Epoch: 0}, t.scored.Clone(in.cfg))
	}
	for epoch := 1; epoch <= opts.Epochs; epoch++ {
		ep, err := t.epoch(ctx, epoch, func() error { return scorer.poll(keep) })
		if err == nil {
			// The previous epoch's scores, if still being counted, come
			// before this epoch's weights go to be scored.
			err = scorer.wait(keep)
		}
		if err != nil {
			return nil, fmt.Errorf("train: epoch %d: %w", epoch, err)
		}
		scorer.start(ep, t.scored.Clone(in.cfg))
	}
	if err := scorer.wait(keep); err != nil {
		return nil, fmt.Errorf("train: epoch %d: %w", opts.Epochs, err)
	}
	if opts.Half {
		half := res.Best
		if err := scoreDev(ctx, &half, in, best.HalfRounded(in.cfg), scorer.buffers); err != nil {
			return nil, fmt.Errorf("train: %w", err)
		}
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
	devNames     []string // the dev sets'
	trainBatches []batch
	devBatches   [][]batch // per dev set
	trainBlocks  int       // valid rows of trainBatches
	datasets     []string  // the training pages' datasets, with DatasetHeads
}

// newInputs returns the inputs of the vocabulary counted by vb (or, with
// Options.Init, of the init model's vocabulary), with no pages yet.
func newInputs(vb *vocab.Builder, devNames []string, opts Options) (*inputs, error) {
	in := &inputs{devNames: devNames}
	if opts.Init != nil {
		in.vocab = opts.Init.Vocab
	} else {
		in.vocab = vb.Build(vocab.Sizes{Features: *opts.Features, Words: opts.Words, Tags: opts.Tags, Attrs: opts.Attrs})
	}
	in.cfg = opts.Network
	in.cfg.Input = in.vocab.Dim()
	if err := in.cfg.Check(); err != nil {
		return nil, err
	}
	return in, nil
}

// prepare leaves out the pages without blocks (counting them and the pages
// used in res), builds the vocabulary from the training pages, encodes the
// pages and cuts them into batches.
func prepare(trainDocs []*data.Document, dev []DevSet, opts Options, res *Result) (*inputs, error) {
	trainDocs, res.Skipped = withBlocks(trainDocs)
	devSets := make([]DevSet, len(dev))
	names := make([]string, len(dev))
	for i, set := range dev {
		var skipped int
		devSets[i] = DevSet{set.Name, nil}
		devSets[i].Docs, skipped = withBlocks(set.Docs)
		names[i] = set.Name
		res.Skipped += skipped
		res.DevDocs += len(devSets[i].Docs)
	}
	res.TrainDocs = len(trainDocs)
	if err := needPages(res, opts); err != nil {
		return nil, err
	}
	vb := vocab.NewBuilder()
	if opts.Init == nil {
		for _, d := range trainDocs {
			vb.Add(d.Page.Blocks)
		}
	}
	in, err := newInputs(vb, names, opts)
	if err != nil {
		return nil, err
	}
	if opts.Transplant > 0 {
		trainDocs = append(trainDocs, transplant(trainDocs, int(math.Round(opts.Transplant*float64(len(trainDocs)))), opts.Seed)...)
	}
	// Every page is encoded on its own: the train and dev pages
	// together, on all cores.
	all := slices.Clone(trainDocs)
	for _, set := range devSets {
		all = append(all, set.Docs...)
	}
	encs := make([]encoder, runtime.GOMAXPROCS(0))
	encoded := make([]sequence, len(all))
	parallel(len(all), len(encs), func(w, i int) error {
		encoded[i] = encs[w].encode(in.vocab, all[i], i < len(trainDocs), opts)
		return nil
	})
	devSeqs := make([][]sequence, len(devSets))
	rest := encoded[len(trainDocs):]
	for i, set := range devSets {
		devSeqs[i], rest = rest[:len(set.Docs)], rest[len(set.Docs):]
	}
	return in, in.layOut(encoded[:len(trainDocs)], devSeqs, opts)
}

// needPages fails unless res counts training and dev pages.
func needPages(res *Result, opts Options) error {
	if res.TrainDocs > 0 && res.DevDocs > 0 {
		return nil
	}
	var loaded string
	if len(opts.Data) > 0 {
		loaded = fmt.Sprintf(" (%d could not be loaded)", res.Bad)
	}
	return fmt.Errorf("train: %d training and %d dev pages with text%s; need both", res.TrainDocs, res.DevDocs, loaded)
}

// layOut numbers the training pages' datasets (Options.DatasetHeads),
// repeats the training pages of Options.Repeat and cuts the training and
// dev sequences into batches.
func (in *inputs) layOut(trainSeqs []sequence, devSeqs [][]sequence, opts Options) error {
	if opts.DatasetHeads {
		for _, s := range trainSeqs {
			if !slices.Contains(in.datasets, s.dataset) {
				in.datasets = append(in.datasets, s.dataset)
			}
		}
		if len(in.datasets) < 2 {
			return fmt.Errorf("train: dataset heads need pages of two datasets, have %q", in.datasets)
		}
		for _, s := range trainSeqs {
			s.Head = slices.Index(in.datasets, s.dataset)
		}
	}
	trainSeqs = repeat(trainSeqs, opts.Repeat)
	weights := classWeights(networkSeqs(trainSeqs))
	var err error
	if in.trainBatches, err = makeBatches(trainSeqs, opts.Batch, opts.MaxRows, weights); err != nil {
		return err
	}
	in.devBatches = make([][]batch, len(devSeqs))
	for i, seqs := range devSeqs {
		if in.devBatches[i], err = makeBatches(seqs, opts.Batch, opts.MaxRows, weights); err != nil {
			return err
		}
	}
	for _, b := range in.trainBatches {
		in.trainBlocks += b.Valid()
	}
	return nil
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
	anchor  [][]float32          // the init model's weights, with Options.InitPull
	graphs  map[int]*graph.Graph // by capacity
	// Two batches' inputs: the one training and the next, laid out and
	// drawn meanwhile (see draw).
	rows    [2]bilstm.Sparse // the input rows
	dropped [2]bilstm.Sparse // the input rows of Options.InputDropout
	masks   [2][]float32     // dropout masks
}

func newTrainer(opts Options, in *inputs) (*trainer, error) {
	t := &trainer{opts: opts, in: in, graphs: map[int]*graph.Graph{}}
	if opts.Init != nil {
		t.params = opts.Init.Params.Clone(in.cfg)
	} else {
		t.params = bilstm.InitParams(in.cfg, opts.Seed)
	}
	t.scored = t.params
	if opts.InitPull > 0 {
		for _, ts := range opts.Init.Params.Tensors(in.cfg) {
			t.anchor = append(t.anchor, ts.Data)
		}
	}
	if opts.Average > 0 {
		t.average = newMovingAverage(in.cfg, t.params, opts.Average)
		t.scored = t.average.params
	}
	t.rng = rand.New(rand.NewPCG(opts.Seed, 0x7472616966))
	t.solver = graph.NewAdam(opts.LearnRate)
	var heads *graph.Heads
	if n := len(in.datasets); n > 0 { // a column as long as the output layer per dataset
		heads = &graph.Heads{N: n, W: make([]float32, len(t.params.WOut)*n), B: make([]float32, n)}
	}
	var first *graph.Graph
	for _, b := range in.trainBatches {
		if c := capacity(b.N()); t.graphs[c] == nil {
			g, err := graph.New(in.cfg, t.params, c, opts.F1Loss, heads)
			if err == nil && first != nil {
				// One graph runs at a time: they share the LSTM
				// layers' buffers.
				err = g.ShareBuffers(first)
			}
			if err != nil {
				t.close()
				return nil, err
			}
			t.graphs[c] = g
			first = cmp.Or(first, g)
		}
	}
	return t, nil
}

// capacity is the rows of the graph that runs a batch of n rows: a power
// of two, at least 256.
func capacity(n int) int {
	c := 256
	for c < n {
		c *= 2
	}
	return c
}

// close frees the graphs.
func (t *trainer) close() {
	for _, g := range t.graphs {
		g.Close()
	}
}

// epoch runs one pass over the training batches in a random order: a
// forward and backward pass and an optimizer step each; before each batch
// it checks ctx, after each it reports progress and calls between, whose
// error stops it. It returns the epoch's loss and timings; the dev scores
// are for the caller.
func (t *trainer) epoch(ctx context.Context, epoch int, between func() error) (Epoch, error) {
	order := t.rng.Perm(len(t.in.trainBatches))
	step := Progress{Epoch: epoch, Total: t.in.trainBlocks, Batches: len(order)}
	t.progress(step)
	start := time.Now()
	stop := make(chan struct{})
	drawn := t.draw(order, stop)
	defer func() {
		close(stop)
		for range drawn { // until draw has ended
		}
	}()
	var lossSum float64
	for i, k := range order {
		if err := ctx.Err(); err != nil {
			return Epoch{}, err
		}
		if t.opts.Cosine {
			all, done := t.opts.Epochs*len(order), (epoch-1)*len(order)+i
			t.solver.SetLearnRate(t.opts.LearnRate * (1 + math.Cos(math.Pi*float64(done)/float64(all))) / 2)
		}
		b := t.in.trainBatches[k]
		g := t.graphs[capacity(b.N())]
		random := <-drawn
		loss, err := g.Run(random.batch, random.mask)
		if err != nil {
			return Epoch{}, err
		}
		if t.anchor != nil {
			if err := g.Pull(t.anchor, float32(t.opts.InitPull)); err != nil {
				return Epoch{}, err
			}
		}
		if err := t.solver.Step(g); err != nil {
			return Epoch{}, err
		}
		if t.average != nil {
			t.average.update()
		}
		lossSum += float64(loss)
		step.Done += b.Valid()
		step.Batch = i + 1
		step.Loss = lossSum / float64(i+1)
		t.progress(step)
		if err := between(); err != nil {
			return Epoch{}, err
		}
	}
	secs := time.Since(start).Seconds()
	return Epoch{
		Epoch:        epoch,
		Loss:         lossSum / float64(len(t.in.trainBatches)),
		Seconds:      secs,
		BlocksPerSec: float64(t.in.trainBlocks) / secs,
	}, nil
}

// randomInputs are what a batch runs with: its rows (after input
// dropout) and its dropout mask.
type randomInputs struct {
	batch *graph.Batch
	mask  []float32
}

// draw lays out the input rows of the batches in order and draws their
// random inputs on a goroutine of its own, one batch ahead of training,
// and sends them on the channel it returns, which it closes when done or
// stopped. It is the only user of the random stream meanwhile and draws
// in the order the batches run, so the draws are those of drawing each
// batch's just before running it.
// The channel has no buffer: when training takes a batch's inputs, it is
// done with the batch before, whose buffers draw then reuses.
func (t *trainer) draw(order []int, stop <-chan struct{}) <-chan randomInputs {
	drawn := make(chan randomInputs)
	go func() {
		defer close(drawn)
		for i, k := range order {
			b := t.in.trainBatches[k]
			in := randomInputs{batch: b.withRows(&t.rows[i%2])}
			if t.opts.InputDropout > 0 {
				in.batch = dropInputs(in.batch, t.opts.InputDropout, t.rng, &t.dropped[i%2])
			}
			t.masks[i%2] = t.graphs[capacity(b.N())].DropoutMask(t.rng, t.masks[i%2])
			in.mask = t.masks[i%2]
			select {
			case drawn <- in:
			case <-stop:
				return
			}
		}
	}()
	return drawn
}

// progress passes p to Options.OnProgress.
func (t *trainer) progress(p Progress) {
	if t.opts.OnProgress != nil {
		t.opts.OnProgress(p)
	}
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
	if m := opts.Init; m != nil {
		// What the fine-tuned model started from.
		meta["init_data"] = m.Meta["data"]
		meta["init_seed"] = m.Meta["seed"]
		if opts.InitPull > 0 {
			meta["init_pull"] = strconv.FormatFloat(opts.InitPull, 'g', -1, 64)
		}
	}
	if opts.KeepLast {
		meta["keep_last"] = "true"
	}
	if opts.DatasetHeads {
		meta["dataset_heads"] = "true"
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

// load reads the train and dev splits of every dataset, using all cores.
func load(opts Options) (trainDocs []*data.Document, devSets []DevSet, err error) {
	trainDocs, devSets, _, err = loadCounted(context.Background(), opts)
	return trainDocs, devSets, err
}

// loadCounted is load; pages that cannot be loaded are left out and
// counted in bad (or stop it with Options.Strict).
func loadCounted(ctx context.Context, opts Options) (trainDocs []*data.Document, devSets []DevSet, bad int, err error) {
	jobs, names, err := pageJobs(opts)
	if err != nil {
		return nil, nil, 0, err
	}
	for _, name := range names {
		devSets = append(devSets, DevSet{Name: name})
	}
	docs := make([]*data.Document, len(jobs))
	l := newPageLoader(ctx, opts, len(jobs))
	if err := l.load(jobs, nil, func(_, i int, d *data.Document) { docs[i] = d }); err != nil {
		return nil, nil, 0, err
	}
	for i, d := range docs {
		if d == nil {
			bad++
			continue
		}
		if k := jobs[i].dev; k >= 0 {
			devSets[k].Docs = append(devSets[k].Docs, d)
		} else {
			trainDocs = append(trainDocs, d)
		}
	}
	return trainDocs, devSets, bad, nil
}

// loadEncoded loads the train and dev splits of every dataset and encodes
// their pages, with opts's defaults filled in. Each training page is read
// twice, on all cores: first to count its words, tags and attribute tokens
// for the vocabulary, then, as every dev page, to encode it with that
// vocabulary (once with Options.Init, whose vocabulary is kept). Only the encoded pages are kept: a parsed page (its DOM and
// blocks) takes about ten times the memory of its encoded rows. Pages
// that cannot be loaded are left out and counted in res.Bad (or stop it
// with Options.Strict), pages without blocks in res.Skipped.
func loadEncoded(ctx context.Context, opts Options, res *Result) (*inputs, error) {
	jobs, names, err := pageJobs(opts)
	if err != nil {
		return nil, err
	}
	var trainJobs []int // the pages read for the vocabulary: none with Options.Init
	for i, j := range jobs {
		if j.dev < 0 && opts.Init == nil {
			trainJobs = append(trainJobs, i)
		}
	}
	l := newPageLoader(ctx, opts, len(trainJobs)+len(jobs))
	const (
		unread = iota
		failed
		empty
		encoded
	)
	state := make([]int, len(jobs))
	vb := vocab.NewBuilder()
	var mu sync.Mutex
	if opts.Init == nil {
		err = l.load(jobs, trainJobs, func(_, i int, d *data.Document) {
			if d == nil {
				state[i] = failed
				return
			}
			mu.Lock()
			defer mu.Unlock()
			vb.Add(d.Page.Blocks)
		})
		if err != nil {
			return nil, err
		}
	}
	in, err := newInputs(vb, names, opts)
	if err != nil {
		return nil, err
	}
	var again []int // the pages not left out already
	for i := range jobs {
		if state[i] == failed {
			l.skipStep()
		} else {
			again = append(again, i)
		}
	}
	seqs := make([]sequence, len(jobs))
	encs := make([]encoder, runtime.GOMAXPROCS(0))
	err = l.load(jobs, again, func(w, i int, d *data.Document) {
		switch {
		case d == nil:
			state[i] = failed
		case len(d.Page.Blocks) == 0:
			state[i] = empty
		default:
			seqs[i] = encs[w].encode(in.vocab, d, jobs[i].dev < 0, opts)
			state[i] = encoded
		}
	})
	if err != nil {
		return nil, err
	}
	var trainSeqs []sequence
	devSeqs := make([][]sequence, len(names))
	for i, j := range jobs {
		switch {
		case state[i] == failed:
			res.Bad++
		case state[i] == empty:
			res.Skipped++
		case j.dev >= 0:
			devSeqs[j.dev] = append(devSeqs[j.dev], seqs[i])
			res.DevDocs++
		default:
			trainSeqs = append(trainSeqs, seqs[i])
			res.TrainDocs++
		}
	}
	if err := needPages(res, opts); err != nil {
		return nil, err
	}
	return in, in.layOut(trainSeqs, devSeqs, opts)
}

// pageJob is a page to load: a training page, or one of dev set dev.
type pageJob struct {
	ds  *data.Dataset
	id  string
	dev int // index of the dev set, -1 for training pages
}

// pageJobs lists the pages of the train and dev splits of the datasets
// opts.Data, each dataset's training pages then its dev pages, and names
// the dev sets, one a dataset.
func pageJobs(opts Options) (jobs []pageJob, devNames []string, err error) {
	for _, dir := range opts.Data {
		ds, err := data.Open(dir)
		if err != nil {
			return nil, nil, err
		}
		for _, split := range []string{"train", "dev"} {
			ids, ok := ds.IDs[split]
			if !ok {
				return nil, nil, fmt.Errorf("train: dataset %s has no %s split", dir, split)
			}
			dev := -1
			if split == "dev" {
				dev = len(devNames)
				devNames = append(devNames, ds.Name)
			}
			for _, id := range ids {
				jobs = append(jobs, pageJob{ds, id, dev})
			}
		}
	}
	return jobs, devNames, nil
}

// pageLoader loads pages on all cores and reports them to the hooks of
// its options, one call at a time: a Progress step for each page and the
// pages left out to OnSkip.
type pageLoader struct {
	ctx   context.Context
	hooks Options
	dopts data.Options
	mu    sync.Mutex
	step  Progress
}

// newPageLoader returns a loader of total pages in all, which it reports
// as the loading stage's Progress.
func newPageLoader(ctx context.Context, opts Options, total int) *pageLoader {
	l := &pageLoader{ctx: ctx, hooks: opts, step: Progress{Total: total}}
	l.dopts = data.Options{WithComments: opts.WithComments, Strict: opts.Strict}
	if opts.OnSkip != nil {
		l.dopts.Skip = func(err error) {
			l.mu.Lock()
			defer l.mu.Unlock()
			opts.OnSkip(err)
		}
	}
	if opts.OnProgress != nil {
		opts.OnProgress(l.step)
	}
	return l
}

// skipStep counts a page as loaded without loading it.
func (l *pageLoader) skipStep() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.step.Done++
	if l.hooks.OnProgress != nil {
		l.hooks.OnProgress(l.step)
	}
}

// load loads the pages jobs[i] for i in which (nil: all of them) and
// calls fn with each on the goroutine w that loaded it: d is nil for a
// page that could not be loaded, which Options.OnSkip has been given
// (Options.Strict stops at it instead, with its error).
func (l *pageLoader) load(jobs []pageJob, which []int, fn func(w, i int, d *data.Document)) error {
	n := len(which)
	if which == nil {
		n = len(jobs)
	}
	return parallel(n, runtime.GOMAXPROCS(0), func(w, k int) error {
		if err := l.ctx.Err(); err != nil {
			return fmt.Errorf("train: %w", err)
		}
		i := k
		if which != nil {
			i = which[k]
		}
		d, err := jobs[i].ds.Load(jobs[i].id, l.dopts)
		if err != nil {
			if err = l.dopts.Tolerate(err); err != nil {
				return err
			}
			d = nil
		}
		fn(w, i, d)
		l.skipStep()
		return nil
	})
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
// for word-weighted scores and its dataset.
type sequence struct {
	*netInput
	words   []int
	dataset string // data.Document.Dataset
}

// encoder encodes pages as sequences; each goroutine has its own, whose
// buffers serve page after page.
type encoder struct {
	rows packedRows // for columns below dim
	dim  int
	x    bilstm.Sparse
	ws   bilstm.PageWorkspace
}

// encode returns the sequence of a page with blocks, encoded with v and
// with the pooling groups of opts.Network.Pool. A training page gets its
// word weights (each block's loss weight log2(2 + its words), with
// Options.WordWeights) and its targets (share·(the teachers' mean
// probability) + (1−share)·label, with Options.Teachers).
func (e *encoder) encode(v *vocab.Vocab, d *data.Document, training bool, opts Options) sequence {
	blocks := d.Page.Blocks
	if e.rows.shift == 0 || e.dim != v.Dim() {
		e.rows, e.dim = newPackedRows(v.Dim()), v.Dim()
	}
	e.rows.reset()
	v.EncodePage(blocks, func(j int, row []vocab.Entry) {
		if j != e.rows.Len() {
			panic("train: vocab.EncodePage emitted the rows out of order")
		}
		e.rows.add(row)
	})
	s := sequence{
		netInput: &netInput{Rows: e.rows.clone(), Labels: d.Labels, Groups: bilstm.PoolGroups(blocks, opts.Network.Pool)},
		words:    make([]int, len(blocks)),
		dataset:  d.Dataset,
	}
	for j, b := range blocks {
		s.words[j] = tokenize.CountWords(b.Text)
	}
	if training && opts.WordWeights {
		s.Weights = make([]float32, len(s.words))
		for j, n := range s.words {
			s.Weights[j] = float32(math.Log2(2 + float64(n)))
		}
	}
	if training && len(opts.Teachers) > 0 {
		share := opts.Distill
		targets := bilstm.MeanPrediction(opts.Teachers, blocks, &e.x, &e.ws)
		for t, p := range targets {
			label := float32(0)
			if d.Labels[t] {
				label = 1
			}
			targets[t] = float32(share)*p + float32(1-share)*label
		}
		s.Targets = targets
	}
	return s
}

func networkSeqs(seqs []sequence) []*netInput {
	out := make([]*netInput, len(seqs))
	for i, s := range seqs {
		out[i] = s.netInput
	}
	return out
}

// dropInputs returns a copy of b whose input rows, built in buf, keep each
// non-zero entry with probability 1-p, scaled by 1/(1-p).
func dropInputs(b *graph.Batch, p float64, rng *rand.Rand, buf *bilstm.Sparse) *graph.Batch {
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
func repeat(seqs []sequence, times map[string]int) []sequence {
	var out []sequence
	for _, s := range seqs {
		for range max(1, times[s.dataset]) {
			out = append(out, s)
		}
	}
	return out
}

// batch is a padded batch and its sequences, in batch order. Its input
// rows are laid out when it runs (withRows): the sequences hold them once
// for all batches and epochs.
type batch struct {
	*graph.Batch // X nil
	seqs         []sequence
	nets         []*netInput // those of seqs
}

// withRows returns the batch with its input rows laid out in x.
func (b batch) withRows(x *bilstm.Sparse) *graph.Batch {
	out := *b.Batch
	out.X = inputRows(b.nets, b.Layout, x)
	return &out
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
		nets := networkSeqs(sorted[:n])
		b, err := newBatch(nets, weights)
		if err != nil {
			return nil, err
		}
		b.Words = make([]float32, b.N())
		for i, s := range sorted[:n] {
			for t, w := range s.words {
				b.Words[i*b.T+t] = float32(w)
			}
		}
		batches = append(batches, batch{b, sorted[:n], nets})
		sorted = sorted[n:]
	}
	return batches, nil
}

// devScorer scores the dev sets for one epoch at a time on goroutines of
// its own, so that the next epoch trains meanwhile: start hands it an
// epoch and a copy of its weights, poll and wait hand the scored epoch
// back on the training goroutine.
type devScorer struct {
	ctx     context.Context
	cancel  context.CancelFunc
	in      *inputs
	pending chan scored // nil when no epoch is being scored
	err     error       // the first scoring error
	// buffers are the scoring goroutines', one each, kept from epoch to
	// epoch.
	buffers []scoreBuffers
}

// scoreBuffers are what a goroutine scoring dev batches reuses from batch
// to batch: the network's workspace and the batch's input rows.
type scoreBuffers struct {
	ws bilstm.Workspace
	x  bilstm.Sparse
}

// scored is an epoch with its dev scores and the weights scored.
type scored struct {
	ep     Epoch
	params *bilstm.Params
	err    error
}

func newDevScorer(ctx context.Context, in *inputs) *devScorer {
	ctx, cancel := context.WithCancel(ctx)
	return &devScorer{ctx: ctx, cancel: cancel, in: in, buffers: make([]scoreBuffers, runtime.GOMAXPROCS(0))}
}

// start scores ep's weights p, which nothing else may change, in the
// background; the previous epoch's scores must have been handed back.
func (s *devScorer) start(ep Epoch, p *bilstm.Params) {
	done := make(chan scored, 1)
	s.pending = done
	go func() {
		err := scoreDev(s.ctx, &ep, s.in, p, s.buffers)
		done <- scored{ep, p, err}
	}()
}

// poll hands the scored epoch to keep if its scoring has ended, and
// returns the first error of the scoring or of keep.
func (s *devScorer) poll(keep func(Epoch, *bilstm.Params) error) error {
	select {
	case r := <-s.pending: // never ready when pending is nil
		s.hand(r, keep)
	default:
	}
	return s.err
}

// wait is poll that waits for the scoring under way to end.
func (s *devScorer) wait(keep func(Epoch, *bilstm.Params) error) error {
	if s.pending != nil {
		s.hand(<-s.pending, keep)
	}
	return s.err
}

func (s *devScorer) hand(r scored, keep func(Epoch, *bilstm.Params) error) {
	s.pending = nil
	switch {
	case s.err != nil:
	case r.err != nil:
		s.err = r.err
	default:
		s.err = keep(r.ep, r.params)
	}
}

// stop cancels the scoring under way, if any, and waits for it to end.
func (s *devScorer) stop() {
	s.cancel()
	if s.pending != nil {
		<-s.pending
		s.pending = nil
	}
}

// scoreDev fills the dev scores of ep for weights p, counting the dev
// batches on as many goroutines as there are buffers.
func scoreDev(ctx context.Context, ep *Epoch, in *inputs, p *bilstm.Params, buffers []scoreBuffers) error {
	type unit struct{ set, batch int }
	var units []unit
	counts := make([][]devCounts, len(in.devBatches))
	for k, batches := range in.devBatches {
		counts[k] = make([]devCounts, len(batches))
		for i := range batches {
			units = append(units, unit{k, i})
		}
	}
	err := parallel(len(units), len(buffers), func(w, i int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		u := units[i]
		counts[u.set][u.batch] = count(in.cfg, p, in.devBatches[u.set][u.batch], &buffers[w])
		return nil
	})
	if err != nil {
		return err
	}
	scoreSets(ep, in.devNames, func(k int) devCounts {
		var c devCounts
		for _, b := range counts[k] {
			c.blocks.Merge(b.blocks)
			c.pageF1 = append(c.pageF1, b.pageF1...)
		}
		return c
	})
	return nil
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
func scoreSets(ep *Epoch, sets []string, count func(set int) devCounts) {
	var pooled eval.Counts
	ep.DevSets, ep.Selection = nil, 0
	for k, set := range sets {
		c := count(k)
		pooled.Merge(c.blocks)
		var wordF1 float64
		for _, f := range c.pageF1 {
			wordF1 += f / float64(len(c.pageF1))
		}
		ep.DevSets = append(ep.DevSets, SetScores{set, c.blocks.Scores(), wordF1})
		ep.Selection += wordF1 / float64(len(sets))
	}
	ep.Dev = pooled.Scores()
}

// count labels a dev batch at the paper's threshold
// (bilstm.DefaultThreshold, infer's too) and counts the outcomes.
func count(cfg bilstm.Config, p *bilstm.Params, b batch, buf *scoreBuffers) devCounts {
	var c devCounts
	probs := p.Predict(cfg, b.Layout, b.withRows(&buf.x).X, &buf.ws)
	for bi, s := range b.seqs {
		pred := make([]bool, s.Len())
		for t := range pred {
			pred[t] = float64(probs[bi*b.T+t]) >= bilstm.DefaultThreshold
		}
		c.add(pred, s.Labels, s.words)
	}
	return c
}

// parallel runs fn(w, i) for i in [0, n) on up to workers goroutines, w
// being the goroutine's number (below workers, for buffers of its own),
// and returns the first error, after which no new i starts.
func parallel(n, workers int, fn func(w, i int) error) error {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		next  int
		first error
	)
	for w := range max(1, min(workers, n)) {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				stop := i >= n || first != nil
				mu.Unlock()
				if stop {
					return
				}
				if err := fn(w, i); err != nil {
					mu.Lock()
					first = cmp.Or(first, err)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	return first
}
