package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/modelfile"
	"github.com/boilernet/boilernet/internal/progress"
	"github.com/boilernet/boilernet/train"
	"github.com/boilernet/boilernet/vocab"
)

func runTrain(args []string, stdout, stderr io.Writer) error {
	def, treeDef := train.DefaultOptions(), train.DefaultTreeOptions()
	fs := newFlagSet("train", stderr)
	dataDirs := fs.String("data", "", "comma-separated dataset folders (their train and dev splits are used)")
	out := fs.String("out", "", "model file to write")
	logPath := fs.String("log", "", "CSV log of every epoch (default: the model file name + .csv)")
	epochs := fs.Int("epochs", def.Epochs, "epochs")
	batch := fs.Int("batch", def.Batch, "sequences per batch")
	hidden := fs.Int("hidden", def.Network.Hidden, "LSTM units per direction")
	layers := fs.Int("layers", def.Network.Layers, "stacked bidirectional LSTM layers")
	dense := fs.Int("dense", def.Network.Dense, "units of the dense input projection")
	dropout := fs.Float64("dropout", def.Network.Dropout, "dropout rate after the last LSTM layer")
	poolFlag := fs.String("pool", "", "levels L,L,... (1: the parent element, 2: the grandparent, ...) at which the output layer also reads the last LSTM layer's states averaged over the blocks under that element (the paper's network: none)")
	features := fs.String("features", def.Features.String(), "feature set: paper (words and tags, as Leonhardt et al.), or paper+ with any of attrs (class/id/role tokens), stats (block statistics), regions (statistics of the enclosing elements), joined by + (paper+attrs+regions); rich is paper+attrs+stats")
	words := fs.Int("words", def.Words, "word vocabulary size")
	tags := fs.Int("tags", def.Tags, "tag vocabulary size")
	attrs := fs.Int("attrs", def.Attrs, "attribute token vocabulary size (feature sets with attrs)")
	lr := fs.Float64("lr", def.LearnRate, "Adam learning rate")
	cosine := fs.Bool("cosine", false, "decay the learning rate to zero over the run along half a cosine")
	teachers := fs.String("teachers", "", "model files A,B,... whose mean probability the model learns from (distillation of an ensemble)")
	distill := fs.Float64("distill", def.Distill, "with -teachers: the teachers' share of each block's training target, the label's is the rest")
	seed := fs.Uint64("seed", def.Seed, "random seed (at least 1)")
	comments := fs.Bool("comments", false, "count user comments (Dragnet) as content")
	wordWeights := fs.Bool("word-weights", false, "weight each block's loss by log2(2 + its words)")
	f1Loss := fs.Float64("f1-loss", def.F1Loss, "add this weight times (1 − the mean over a batch's pages of their soft token F1) to the loss, so that training aims at the page-averaged token F1 too; ≥ 0 (0: cross-entropy alone)")
	inputDropout := fs.Float64("input-dropout", 0, "drop each non-zero input of a training row with this probability, anew every epoch")
	transplantShare := fs.Float64("transplant", 0, "add this many times the training pages as augmented pages: a training page with another's boilerplate region (teaser list, navbox, share row) inserted, labeled boilerplate")
	datasetHeads := fs.Bool("dataset-heads", false, "train one correction of the output layer per dataset, summing to zero, so that one dataset's gold conventions do not pull the shared output layer (the model keeps their mean)")
	average := fs.Float64("average", 0, "keep and score an exponential moving average of the weights with this decay per step, e.g. 0.998 (0: the raw weights)")
	repeatFlag := fs.String("repeat", "", "NAME=K,...: see the training pages of dataset NAME K times per epoch")
	half := fs.Bool("half", false, "store the weights as float16 (half the file; dev scores of both are reported)")
	quiet := fs.Bool("q", false, "no progress output")
	progress := fs.Bool("progress", false, "draw progress bars even when stderr is not a terminal (the per-epoch lines are written either way)")
	every := fs.Int("progress-every", defaultProgressEvery, "without progress bars (stderr not a terminal): a progress line every this many batches of an epoch, and every tenth of the pages loaded (0: none)")
	strict := fs.Bool("strict", false, "stop at the first page that cannot be loaded (default: report it, skip it and count it)")
	initModel := fs.String("init", "", "fine-tune a model instead of training from random weights: default (the embedded model's first network) or a model file; "+
		"its network and vocabulary are kept (-hidden, -dense, -layers, -pool, -features, -words, -tags and -attrs must be left out or equal it), its own weights are scored on dev as epoch 0, "+
		"and the other flags apply as usual (the recipe: docs/training.md, \"Adapting to your own pages\")")
	initPull := fs.Float64("init-pull", 0, "with -init: add this times ||w − w_init||² to the loss (L2-SP), holding the fine-tune near the init model's weights (0: none)")
	keepLast := fs.Bool("keep-last", false, "keep the last epoch's weights instead of the best on dev (a fixed number of epochs; with -init, not the init model's)")
	method := fs.String("method", "bilstm", "what to train: bilstm (the neural model) or tree (a decision tree on the shallow features)")
	minLeaf := fs.String("min-leaf", joinInts(treeDef.MinLeaf), "tree: minimum leaf sizes to try (the best on dev is kept)")
	maxDepth := fs.Int("max-depth", treeDef.MaxDepth, "tree: maximum depth")
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
	if *initPull > 0 && *initModel == "" {
		return fmt.Errorf("-init-pull %v: needs -init (it pulls toward the init model's weights)", *initPull)
	}
	switch *method {
	case "bilstm":
	case "tree":
		if *initModel != "" {
			return fmt.Errorf("-init %s: method tree does not use it (only method bilstm does)", *initModel)
		}
		return trainTree(strings.Split(*dataDirs, ","), *out, *minLeaf, *maxDepth, *comments, stdout)
	default:
		return fmt.Errorf("unknown method %q (bilstm or tree)", *method)
	}
	feats, err := vocab.ParseFeatures(*features)
	if err != nil {
		return err
	}
	repeat, err := parseRepeat(*repeatFlag)
	if err != nil {
		return err
	}
	var teacherNets []*bilstm.Model
	if *teachers != "" {
		if !(*distill > 0 && *distill <= 1) {
			return fmt.Errorf("-distill %v: the teachers' share must be in (0, 1]", *distill)
		}
		var err error
		if teacherNets, err = modelfile.ReadList(*teachers); err != nil {
			return fmt.Errorf("-teachers: %w", err)
		}
	}
	if *logPath == "" {
		*logPath = *out + ".csv"
	}
	// The log is created with its first line, after the data were
	// loaded and checked: a failed start leaves no file behind.
	pool, err := parseLevels(*poolFlag)
	if err != nil {
		return err
	}
	logFile := &lazyFile{path: *logPath}
	defer logFile.Close()
	// The flags' 0 is none; the library's 0 is its default.
	if *dropout == 0 {
		*dropout = train.NoDropout
	}
	if *f1Loss == 0 {
		*f1Loss = train.NoF1Loss
	}
	show := &trainReport{epochs: *epochs, log: logFile}
	if !*quiet {
		show.lines = stderr
		if showProgress(stderr, false, *progress) {
			show.bars = stderr
		} else {
			show.every = *every
		}
	}
	var initNet *bilstm.Model
	if *initModel != "" {
		if initNet, err = readInitModel(*initModel); err != nil {
			return err
		}
		if err := checkInitFlags(fs, initNet); err != nil {
			return err
		}
	}
	opts := train.Options{
		Data:         strings.Split(*dataDirs, ","),
		Epochs:       *epochs,
		Batch:        *batch,
		Network:      bilstm.Config{Dense: *dense, Hidden: *hidden, Layers: *layers, Dropout: *dropout, Pool: pool},
		Features:     &feats,
		Words:        *words,
		Tags:         *tags,
		Attrs:        *attrs,
		LearnRate:    *lr,
		Cosine:       *cosine,
		Teachers:     teacherNets,
		Distill:      *distill,
		Seed:         *seed,
		WithComments: *comments,
		WordWeights:  *wordWeights,
		F1Loss:       *f1Loss,
		Repeat:       repeat,
		InputDropout: *inputDropout,
		Transplant:   *transplantShare,
		DatasetHeads: *datasetHeads,
		Average:      *average,
		Half:         *half,
		Strict:       *strict,
		Init:         initNet,
		InitPull:     *initPull,
		KeepLast:     *keepLast,
		OnProgress:   show.progress,
		OnEpoch:      show.epoch,
		OnSkip:       skipReporter("train", stderr),
	}
	if initNet != nil {
		// The network and vocabulary are the init model's (checked equal
		// where a flag was given); dropout is its rate unless -dropout
		// is given.
		opts.Network, opts.Features, opts.Words, opts.Tags, opts.Attrs = bilstm.Config{}, nil, 0, 0, 0
		if isSet(fs, "dropout") {
			opts.Network.Dropout = *dropout
		}
	}
	defer debug.SetGCPercent(tuneTrainGC())
	ctx, stop := interruptContext(stderr)
	defer stop()
	res, err := train.Run(ctx, opts)
	show.end()
	if err != nil && ctx.Err() != nil {
		fmt.Fprintf(stderr, "boilernet train: interrupted (%v); no model written\n", err)
		return errInterrupted
	}
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	write := res.Model.WriteTo
	if *half {
		write = res.Model.WriteHalfTo
	}
	if _, err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
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
	fmt.Fprintf(stdout, "wrote %s and %s\n", *out, *logPath)
	return nil
}

// readInitModel reads the model of -init: default, the embedded model's
// first network, or a model file.
func readInitModel(name string) (*bilstm.Model, error) {
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

// checkInitFlags refuses the flags of the network's shape and vocabulary
// given with -init a value other than the init model's, naming the flag.
func checkInitFlags(fs *flag.FlagSet, m *bilstm.Model) error {
	v := m.Vocab
	model := map[string]string{
		"hidden":   strconv.Itoa(m.Config.Hidden),
		"dense":    strconv.Itoa(m.Config.Dense),
		"layers":   strconv.Itoa(m.Config.Layers),
		"pool":     joinInts(m.Config.Pool),
		"features": v.Features.String(),
		"words":    strconv.Itoa(len(v.Words)),
		"tags":     strconv.Itoa(len(v.Tags)),
		"attrs":    strconv.Itoa(len(v.Attrs)),
	}
	var err error
	fs.Visit(func(f *flag.Flag) {
		want, ok := model[f.Name]
		got := f.Value.String()
		if f.Name == "features" {
			if feats, perr := vocab.ParseFeatures(got); perr == nil {
				got = feats.String()
			}
		}
		if f.Name == "pool" {
			if levels, perr := parseLevels(got); perr == nil {
				got = joinInts(levels)
			}
		}
		if ok && err == nil && got != want {
			err = fmt.Errorf("-%s %s: -init keeps the init model's network and vocabulary (its %s is %s); leave -%s out", f.Name, f.Value, f.Name, want, f.Name)
		}
	})
	return err
}

func trainTree(dirs []string, out, minLeaf string, maxDepth int, comments bool, stdout io.Writer) error {
	var leaves []int
	for _, f := range strings.Split(minLeaf, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return fmt.Errorf("bad -min-leaf %q", minLeaf)
		}
		leaves = append(leaves, n)
	}
	res, err := train.RunTree(train.TreeOptions{Data: dirs, MinLeaf: leaves, MaxDepth: maxDepth, WithComments: comments})
	if err != nil {
		return err
	}
	f, err := os.Create(out)
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
	fmt.Fprintf(stdout, "grew trees on %d atomic blocks\n", res.Samples)
	for i, ep := range res.Tried {
		fmt.Fprintf(stdout, "min leaf %4d: dev mean F1 %.4f, selection %.4f\n", res.Leaves[i], ep.Dev.MeanF1, ep.Selection)
	}
	fmt.Fprintf(stdout, "kept min leaf %d (%d nodes): dev mean F1 %.4f; content %v\n", res.Tree.MinLeaf, len(res.Tree.Nodes), res.Best.Dev.MeanF1, res.Best.Dev.Content)
	for _, d := range res.Best.DevSets {
		fmt.Fprintf(stdout, "  %-10s mean F1 %.4f\n", d.Name, d.Scores.MeanF1)
	}
	fmt.Fprintf(stdout, "wrote %s\n", out)
	return nil
}

// trainGCPercent is the garbage collector's GOGC while training. Training
// keeps its encoded pages and its graphs' buffers (415 MB for the
// embedded model's five datasets) and makes garbage at every batch
// (Gorgonia's tensors): at Go's default of 100 the heap grows to twice
// what is kept, at 50 to one and a half, for a few percent more CPU and
// epochs no slower (docs/training.md, "Memory").
const trainGCPercent = 50

// tuneTrainGC sets GOGC to trainGCPercent unless the GOGC variable sets it,
// and returns the percent it replaced.
func tuneTrainGC() int {
	old := debug.SetGCPercent(trainGCPercent)
	if os.Getenv("GOGC") != "" {
		debug.SetGCPercent(old)
	}
	return old
}

// defaultProgressEvery is how many batches of an epoch train writes a
// progress line after when it draws no bars: a few lines an epoch for the
// embedded model's datasets (220 batches).
const defaultProgressEvery = 50

// trainReport shows a training run: progress bars (on a terminal) or
// else progress lines every few batches, a line per epoch and the CSV
// log.
type trainReport struct {
	epochs int
	bars   io.Writer // progress bars (nil: none)
	lines  io.Writer // the per-epoch lines (nil: none)
	every  int       // batches between progress lines on lines (0: none)
	log    io.Writer // the CSV log
	csv    *csv.Writer
	bar    *progress.Bar // the bar drawn, nil between stages
	done   int           // units the bar counted
	start  time.Time     // of the stage under way
}

// progress draws a bar per stage (loading the pages, each epoch), or
// writes progress lines.
func (r *trainReport) progress(p train.Progress) {
	if r.every > 0 && r.lines != nil {
		r.progressLine(p)
	}
	if p.Done == 0 {
		r.end()
		if p.Epoch == 0 {
			r.bar = progress.New(r.bars, p.Total, "loading pages", "pages")
		} else {
			r.bar = progress.New(r.bars, p.Total, fmt.Sprintf("epoch %d/%d", p.Epoch, r.epochs), "blocks")
		}
		r.done = 0
		return
	}
	if p.Epoch > 0 {
		r.bar.Describe(fmt.Sprintf("epoch %d/%d loss %.4f", p.Epoch, r.epochs, p.Loss))
	}
	r.bar.Add(p.Done - r.done)
	r.done = p.Done
	if p.Done == p.Total {
		r.end()
	}
}

// progressLine writes a line every r.every batches of an epoch and at
// every tenth of the pages loaded, but none at a stage's end (the epoch's
// line follows).
func (r *trainReport) progressLine(p train.Progress) {
	if p.Done == 0 {
		r.start = time.Now()
		return
	}
	if p.Done == p.Total {
		return
	}
	if p.Epoch == 0 {
		if tenth := p.Total / 10; tenth > 0 && p.Done%tenth == 0 && p.Done/tenth < 10 {
			fmt.Fprintf(r.lines, "loading pages: %d/%d (%.0f s)\n", p.Done, p.Total, time.Since(r.start).Seconds())
		}
		return
	}
	if p.Batch%r.every != 0 {
		return
	}
	secs := time.Since(r.start).Seconds()
	fmt.Fprintf(r.lines, "epoch %d/%d: batch %d/%d, %d/%d blocks (%.0f%%), loss %.4f, %.0f blocks/s\n",
		p.Epoch, r.epochs, p.Batch, p.Batches, p.Done, p.Total, 100*float64(p.Done)/float64(p.Total), p.Loss, float64(p.Done)/max(secs, 1e-9))
}

// end clears the bar drawn, if any.
func (r *trainReport) end() {
	r.bar.Finish()
	r.bar = nil
}

// epoch writes a scored epoch's line and its row of the CSV log (after
// the header, with the first). An epoch is scored while the next one
// trains: its line goes above that one's bar.
func (r *trainReport) epoch(ep train.Epoch) error {
	if r.csv == nil {
		r.csv = csv.NewWriter(r.log)
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
	if w := r.lines; w != nil {
		if r.bar != nil {
			fmt.Fprint(r.bars, "\r\x1b[K") // clear the bar's line; it is drawn again below
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

// parseRepeat reads -repeat: NAME=K pairs joined by commas.
func parseRepeat(s string) (map[string]int, error) {
	if s == "" {
		return nil, nil
	}
	m := map[string]int{}
	for pair := range strings.SplitSeq(s, ",") {
		name, k, ok := strings.Cut(pair, "=")
		n, err := strconv.Atoi(k)
		if !ok || name == "" || err != nil || n < 1 {
			return nil, fmt.Errorf("-repeat: %q is not NAME=K with K ≥ 1", pair)
		}
		m[name] = n
	}
	return m, nil
}

// lazyFile is a file created by its first Write.
type lazyFile struct {
	path string
	f    *os.File
	err  error
}

func (l *lazyFile) Write(p []byte) (int, error) {
	if l.f == nil && l.err == nil {
		l.f, l.err = os.Create(l.path)
	}
	if l.err != nil {
		return 0, l.err
	}
	return l.f.Write(p)
}

func (l *lazyFile) Close() error {
	if l.f == nil {
		return nil
	}
	return l.f.Close()
}

// joinInts writes ns comma-separated.
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// parseLevels reads -pool: levels joined by commas ("" for none).
func parseLevels(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var levels []int
	for f := range strings.SplitSeq(s, ",") {
		l, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("-pool %s: %q is not a level", s, f)
		}
		levels = append(levels, l)
	}
	if err := (bilstm.Config{Input: 1, Dense: 1, Hidden: 1, Layers: 1, Pool: levels}).Check(); err != nil {
		return nil, fmt.Errorf("-pool %s: %w", s, err)
	}
	return levels, nil
}
