package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/modelfile"
	"github.com/boilernet/boilernet/train"
	"github.com/boilernet/boilernet/train/trainrun"
	"github.com/boilernet/boilernet/vocab"
)

// trainFlags are the flags of boilernet train.
type trainFlags struct {
	dataDirs, out, logPath, poolFlag, features, teachers, repeat, initModel, method, minLeaf *string
	epochs, batch, hidden, layers, dense, words, tags, attrs, every, maxDepth                *int
	dropout, lr, distill, f1Loss, inputDropout, transplant, average, initPull                *float64
	seed                                                                                     *uint64
	cosine, comments, wordWeights, datasetHeads, half, quiet, progress, strict, keepLast     *bool
}

// addTrainFlags defines train's flags on fs, their defaults the library's
// (train.DefaultOptions, train.DefaultTreeOptions).
func addTrainFlags(fs *flag.FlagSet) *trainFlags {
	def, treeDef := train.DefaultOptions(), train.DefaultTreeOptions()
	return &trainFlags{
		dataDirs:     fs.String("data", "", "comma-separated dataset folders (their train and dev splits are used)"),
		out:          fs.String("out", "", "model file to write"),
		logPath:      fs.String("log", "", "CSV log of every epoch (default: the model file name + .csv)"),
		epochs:       fs.Int("epochs", def.Epochs, "epochs"),
		batch:        fs.Int("batch", def.Batch, "sequences per batch"),
		hidden:       fs.Int("hidden", def.Network.Hidden, "LSTM units per direction"),
		layers:       fs.Int("layers", def.Network.Layers, "stacked bidirectional LSTM layers"),
		dense:        fs.Int("dense", def.Network.Dense, "units of the dense input projection"),
		dropout:      fs.Float64("dropout", def.Network.Dropout, "dropout rate after the last LSTM layer"),
		poolFlag:     fs.String("pool", "", "levels L,L,... (1: the parent element, 2: the grandparent, ...) at which the output layer also reads the last LSTM layer's states averaged over the blocks under that element (the paper's network: none)"),
		features:     fs.String("features", def.Features.String(), "feature set: paper (words and tags, as Leonhardt et al.), or paper+ with any of attrs (class/id/role tokens), stats (block statistics), regions (statistics of the enclosing elements), joined by + (paper+attrs+regions); rich is paper+attrs+stats"),
		words:        fs.Int("words", def.Words, "word vocabulary size"),
		tags:         fs.Int("tags", def.Tags, "tag vocabulary size"),
		attrs:        fs.Int("attrs", def.Attrs, "attribute token vocabulary size (feature sets with attrs)"),
		lr:           fs.Float64("lr", def.LearnRate, "Adam learning rate"),
		cosine:       fs.Bool("cosine", false, "decay the learning rate to zero over the run along half a cosine"),
		teachers:     fs.String("teachers", "", "model files A,B,... whose mean probability the model learns from (distillation of an ensemble)"),
		distill:      fs.Float64("distill", def.Distill, "with -teachers: the teachers' share of each block's training target, the label's is the rest"),
		seed:         fs.Uint64("seed", def.Seed, "random seed (at least 1)"),
		comments:     fs.Bool("comments", false, "count user comments (Dragnet) as content"),
		wordWeights:  fs.Bool("word-weights", false, "weight each block's loss by log2(2 + its words)"),
		f1Loss:       fs.Float64("f1-loss", def.F1Loss, "add this weight times (1 − the mean over a batch's pages of their soft token F1) to the loss, so that training aims at the page-averaged token F1 too; ≥ 0 (0: cross-entropy alone)"),
		inputDropout: fs.Float64("input-dropout", 0, "drop each non-zero input of a training row with this probability, anew every epoch"),
		transplant:   fs.Float64("transplant", 0, "add this many times the training pages as augmented pages: a training page with another's boilerplate region (teaser list, navbox, share row) inserted, labeled boilerplate"),
		datasetHeads: fs.Bool("dataset-heads", false, "train one correction of the output layer per dataset, summing to zero, so that one dataset's gold conventions do not pull the shared output layer (the model keeps their mean)"),
		average:      fs.Float64("average", 0, "keep and score an exponential moving average of the weights with this decay per step, e.g. 0.998 (0: the raw weights)"),
		repeat:       fs.String("repeat", "", "NAME=K,...: see the training pages of dataset NAME K times per epoch"),
		half:         fs.Bool("half", false, "store the weights as float16 (half the file; dev scores of both are reported)"),
		quiet:        fs.Bool("q", false, "no progress output"),
		progress:     fs.Bool("progress", false, "draw progress bars even when stderr is not a terminal (the per-epoch lines are written either way)"),
		every:        fs.Int("progress-every", trainrun.DefaultEvery, "without progress bars (stderr not a terminal): a progress line every this many batches of an epoch, and every tenth of the pages loaded (0: none)"),
		strict:       fs.Bool("strict", false, "stop at the first page that cannot be loaded (default: report it, skip it and count it)"),
		initModel: fs.String("init", "", "fine-tune a model instead of training from random weights: default (the embedded model's first network) or a model file; "+
			"its network and vocabulary are kept (-hidden, -dense, -layers, -pool, -features, -words, -tags and -attrs must be left out or equal it), its own weights are scored on dev as epoch 0, "+
			"and the other flags apply as usual (the recipe: docs/training.md, \"Adapting to your own pages\")"),
		initPull: fs.Float64("init-pull", 0, "with -init: add this times ||w − w_init||² to the loss (L2-SP), holding the fine-tune near the init model's weights (0: none)"),
		keepLast: fs.Bool("keep-last", false, "keep the last epoch's weights instead of the best on dev (a fixed number of epochs; with -init, not the init model's)"),
		method:   fs.String("method", "bilstm", "what to train: bilstm (the neural model) or tree (a decision tree on the shallow features)"),
		minLeaf:  fs.String("min-leaf", trainrun.JoinInts(treeDef.MinLeaf), "tree: minimum leaf sizes to try (the best on dev is kept)"),
		maxDepth: fs.Int("max-depth", treeDef.MaxDepth, "tree: maximum depth"),
	}
}

func runTrain(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("train", stderr)
	f := addTrainFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFlags(fs, atLeast("epochs", 1), atLeast("batch", 1), atLeast("hidden", 1), atLeast("layers", 1),
		atLeast("dense", 1), rate("dropout"), atLeast("words", 1), atLeast("tags", 1), atLeast("attrs", 1), positive("lr"),
		rate("input-dropout"), rate("average"), atLeast("max-depth", 1), atLeast("f1-loss", 0), atLeast("transplant", 0), atLeast("init-pull", 0), atLeast("seed", 1), atLeast("progress-every", 0)); err != nil {
		return err
	}
	if err := required(fs, "data", "the labeled dataset folders to train on", "out", "the model file to write"); err != nil {
		return err
	}
	if *f.initPull > 0 && *f.initModel == "" {
		return fmt.Errorf("-init-pull %v: needs -init (it pulls toward the init model's weights)", *f.initPull)
	}
	switch *f.method {
	case "bilstm":
	case "tree":
		if *f.initModel != "" {
			return fmt.Errorf("-init %s: method tree does not use it (only method bilstm does)", *f.initModel)
		}
		return trainTree(strings.Split(*f.dataDirs, ","), *f.out, *f.minLeaf, *f.maxDepth, *f.comments, stdout)
	default:
		return fmt.Errorf("unknown method %q (bilstm or tree)", *f.method)
	}
	opts, err := f.options(fs)
	if err != nil {
		return err
	}
	if *f.logPath == "" {
		*f.logPath = *f.out + ".csv"
	}
	// The log is created with its first line, after the data were
	// loaded and checked: a failed start leaves no file behind.
	logFile := &trainrun.LazyFile{Path: *f.logPath}
	defer logFile.Close()
	show := &trainrun.Report{Epochs: *f.epochs, Log: logFile}
	if !*f.quiet {
		show.Lines = stderr
		if showProgress(stderr, false, *f.progress) {
			show.Bars = stderr
		} else {
			show.Every = *f.every
		}
	}
	opts.OnProgress, opts.OnEpoch, opts.OnSkip = show.Progress, show.Epoch, skipReporter("train", stderr)
	defer debug.SetGCPercent(trainrun.TuneGC())
	ctx, stop := interruptContext(stderr)
	defer stop()
	res, err := train.Run(ctx, opts)
	show.End()
	if err != nil && ctx.Err() != nil {
		fmt.Fprintf(stderr, "boilernet train: interrupted (%v); no model written\n", err)
		return errInterrupted
	}
	if err != nil {
		return err
	}
	if err := trainrun.WriteModel(*f.out, res.Model, *f.half); err != nil {
		return err
	}
	trainrun.WriteResult(stdout, res)
	fmt.Fprintf(stdout, "wrote %s and %s\n", *f.out, *f.logPath)
	return nil
}

// options are the train.Options of the flags: the pages, network,
// features, teachers and -init model they name, read and checked.
func (f *trainFlags) options(fs *flag.FlagSet) (train.Options, error) {
	feats, err := vocab.ParseFeatures(*f.features)
	if err != nil {
		return train.Options{}, err
	}
	repeat, err := trainrun.ParseRepeat(*f.repeat)
	if err != nil {
		return train.Options{}, err
	}
	var teacherNets []*bilstm.Model
	if *f.teachers != "" {
		if !(*f.distill > 0 && *f.distill <= 1) {
			return train.Options{}, fmt.Errorf("-distill %v: the teachers' share must be in (0, 1]", *f.distill)
		}
		if teacherNets, err = modelfile.ReadList(*f.teachers); err != nil {
			return train.Options{}, fmt.Errorf("-teachers: %w", err)
		}
	}
	pool, err := trainrun.ParsePool(*f.poolFlag)
	if err != nil {
		return train.Options{}, err
	}
	// The flags' 0 is none; the library's 0 is its default.
	dropout, f1Loss := *f.dropout, *f.f1Loss
	if dropout == 0 {
		dropout = train.NoDropout
	}
	if f1Loss == 0 {
		f1Loss = train.NoF1Loss
	}
	opts := train.Options{
		Data: strings.Split(*f.dataDirs, ","), Epochs: *f.epochs, Batch: *f.batch,
		Network:  bilstm.Config{Dense: *f.dense, Hidden: *f.hidden, Layers: *f.layers, Dropout: dropout, Pool: pool},
		Features: &feats, Words: *f.words, Tags: *f.tags, Attrs: *f.attrs,
		LearnRate: *f.lr, Cosine: *f.cosine, Teachers: teacherNets, Distill: *f.distill, Seed: *f.seed,
		WithComments: *f.comments, WordWeights: *f.wordWeights, F1Loss: f1Loss, Repeat: repeat,
		InputDropout: *f.inputDropout, Transplant: *f.transplant, DatasetHeads: *f.datasetHeads, Average: *f.average,
		Half: *f.half, Strict: *f.strict, InitPull: *f.initPull, KeepLast: *f.keepLast,
	}
	if *f.initModel != "" {
		if opts.Init, err = trainrun.InitModel(*f.initModel); err != nil {
			return train.Options{}, err
		}
		given := map[string]string{}
		fs.Visit(func(f *flag.Flag) { given[f.Name] = f.Value.String() })
		if err := trainrun.CheckInit(opts.Init, given); err != nil {
			return train.Options{}, err
		}
		// The network and vocabulary are the init model's (checked equal
		// where a flag was given); dropout is its rate unless -dropout
		// is given.
		opts.Network, opts.Features, opts.Words, opts.Tags, opts.Attrs = bilstm.Config{}, nil, 0, 0, 0
		if isSet(fs, "dropout") {
			opts.Network.Dropout = dropout
		}
	}
	return opts, nil
}

// trainTree trains the tree of -method tree (trainrun.Tree), its
// minimum leaf sizes from -min-leaf.
func trainTree(dirs []string, out, minLeaf string, maxDepth int, comments bool, stdout io.Writer) error {
	leaves, err := trainrun.ParseMinLeaf(minLeaf)
	if err != nil {
		return err
	}
	return trainrun.Tree(stdout, train.TreeOptions{Data: dirs, MinLeaf: leaves, MaxDepth: maxDepth, WithComments: comments}, out)
}
