// Command adapt measures the fine-tuning of the embedded model to one
// site (boilernet train -init, issue 42): for each site of a dataset
// whose page ids carry the site (DAnIEL's 20111101_www.express.gr_...)
// with at least -min train and dev pages, it fine-tunes the embedded
// model's first network on k of those pages (for each k of -k; a fifth
// of them, at least one, held out for the early stop on dev, the rest
// trained on) and scores the site's test pages with the result, as
// `boilernet eval -methods bilstm -model` does (token precision / recall
// / F1, means over the pages), next to the embedded model (k = 0; or
// the model file -init, fine-tuned instead of the embedded model). It
// also scores the dataset's other test pages (the other sites) with each
// adapted model, to show what adapting one site does to the rest. Each
// fine-tune's wall and CPU time (the process's, train.Fit alone: the
// pages are parsed before) are printed; run it with GOMAXPROCS=1 for
// one core.
//
// The sites are chosen from the train and dev splits (their page
// counts) and the fine-tuning pages come from them; test pages are only
// scored. With -select, the site's train and dev pages beyond the
// largest k are scored instead of its test pages (and the other sites'
// are left out): that is how the recipe (-lr, -epochs, -batch) was
// chosen without looking at test pages.
//
// -init-pull λ adds λ·||w − w_init||² to the fine-tuning loss (L2-SP,
// train.Options.InitPull); -keep-last trains on all k pages, nothing held
// out, and keeps the last of -epochs (train.Options.KeepLast); -mix N adds
// N general training pages of the -mix-data datasets to every fine-tune
// (rehearsal); -folds N chooses the number of epochs by N-fold
// cross-validation over the k pages (each epoch's held-out score averaged
// over the folds; 0 epochs keeps the init model) and then trains on all k
// pages for that many.
//
//	adapt -data ../../shared/data/daniel [-min 20] [-k 0,5,10,20] [-lr 1e-3] [-epochs 20] [-batch 16] [-networks 1] [-init-pull λ] [-keep-last] [-folds N] [-seed 1] [-mix N -mix-data DIRS] [-select] [-rest] [-sites A,B]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/boilernet/boilernet/bench/internal/cli"
	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/train"
	"golang.org/x/net/html"
)

func main() { cli.Main("adapt", run) }

// idSite matches a DAnIEL page id: date_host_hash.
var idSite = regexp.MustCompile(`^\d{8}_([^_]+)_`)

// siteOf returns the site of a page id (its host without a leading www,
// www1, www2, ...: www1.rizospastis.gr and www2.rizospastis.gr are one
// newspaper), or "" for an id that names none.
func siteOf(id string) string {
	m := idSite.FindStringSubmatch(id)
	if m == nil {
		return ""
	}
	host := m[1]
	if first, rest, ok := strings.Cut(host, "."); ok && strings.Count(rest, ".") >= 1 && strings.TrimRight(first, "0123456789") == "www" {
		return rest
	}
	return host
}

// bySite groups ids by site, in order; ids without a site are left out.
func bySite(ids []string) map[string][]string {
	out := map[string][]string{}
	for _, id := range ids {
		if s := siteOf(id); s != "" {
			out[s] = append(out[s], id)
		}
	}
	return out
}

// chooseSites returns the sites with at least min pages in pool (the
// train and dev ids), most pages first, ties by name.
func chooseSites(pool map[string][]string, min int) []string {
	var sites []string
	for s, ids := range pool {
		if len(ids) >= min {
			sites = append(sites, s)
		}
	}
	slices.SortFunc(sites, func(a, b string) int {
		if d := len(pool[b]) - len(pool[a]); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	return sites
}

// mixPages returns n training pages of the datasets dirs, the first train
// pages of each in turn.
func mixPages(dirs []string, n int) ([]*data.Document, error) {
	var sets [][]string
	var dss []*data.Dataset
	for _, dir := range dirs {
		ds, err := data.Open(dir)
		if err != nil {
			return nil, err
		}
		dss, sets = append(dss, ds), append(sets, ds.IDs["train"])
	}
	var docs []*data.Document
	for i := 0; len(docs) < n; i++ {
		added := false
		for k, ds := range dss {
			if len(docs) == n || i >= len(sets[k]) {
				continue
			}
			d, err := ds.Load(sets[k][i], data.Options{})
			if err != nil {
				continue // a page that cannot be loaded is no rehearsal
			}
			docs, added = append(docs, d), true
		}
		if !added {
			break
		}
	}
	return docs, nil
}

// holdOut cuts k labeled pages into those trained on and those held out
// for the early stop: a fifth, at least one, the last ones.
func holdOut(ids []string) (trainIDs, devIDs []string) {
	d := max(1, len(ids)/5)
	return ids[:len(ids)-d], ids[len(ids)-d:]
}

func ints(list string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("bad list %q", list)
		}
		out = append(out, n)
	}
	return out, nil
}

// cpuSeconds is the process's user and system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// evalMethod is boilernet eval's bilstm method of an extractor: the
// default decoding of its probabilities, the page's title given as eval
// gives it.
func evalMethod(name string, ex *infer.Extractor, titles *eval.Titles) (eval.Method, error) {
	m, err := methods.Parse("bilstm", methods.Params{})
	if err != nil {
		return eval.Method{}, err
	}
	c := ex.Classifier()
	return eval.Method{Name: name, Select: func(d *data.Document) ([]bool, error) {
		_, content, err := m.Label(c, methods.Page{Page: d.Page, Title: titles.Of(d), Gold: &methods.Gold{Labels: d.Labels}})
		return content, err
	}}, nil
}

// compare scores methods on the pages ids of ds, as eval.Compare scores
// a split.
func compare(ds *data.Dataset, ids []string, ms []eval.Method) (*eval.Report, error) {
	sub := *ds
	sub.IDs = map[string][]string{"pages": ids}
	return eval.Compare(&sub, "pages", ms, data.Options{}, nil)
}

type config struct {
	min      int
	ks       []int
	opts     train.Options
	selectOn bool   // score the site's unused train/dev pages instead of its test pages
	rest     bool   // also score the other sites' test pages
	networks int    // the embedded model's networks fine-tuned (and averaged)
	init     string // a model file to fine-tune instead of the embedded model
	// mix are general training pages added to every fine-tune's own
	// (rehearsal): what the model knew, shown again beside the site.
	mix []*data.Document
	// folds, when above 1, chooses the number of epochs by cross-validation
	// over the k pages (see crossEpochs) instead of holding a fifth out.
	folds int
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("adapt", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("data", "", "dataset folder whose page ids carry the site (DAnIEL)")
	min := fs.Int("min", 20, "sites with at least this many train and dev pages")
	kList := fs.String("k", "0,5,10,20", "numbers of the site's labeled pages to fine-tune on (0: the embedded model)")
	lr := fs.Float64("lr", 1e-3, "fine-tuning learning rate")
	epochs := fs.Int("epochs", 20, "fine-tuning epochs (the best on the held-out pages is kept, the init weights as epoch 0)")
	batch := fs.Int("batch", 16, "pages per batch")
	sel := fs.Bool("select", false, "score the site's train and dev pages beyond the largest k instead of its test pages (choosing the recipe)")
	rest := fs.Bool("rest", true, "also score the other sites' test pages with each adapted model")
	networks := fs.Int("networks", 1, "fine-tune the embedded model's first network (1) or each of its two networks, their probabilities averaged (2)")
	initPath := fs.String("init", "", "a model file to fine-tune instead of the embedded model (k = 0 is then that model)")
	pull := fs.Float64("init-pull", 0, "L2-SP: add this times ||w − w_init||² to the fine-tuning loss (0: none)")
	keepLast := fs.Bool("keep-last", false, "train on all k pages and keep the last epoch (no early stop, nothing held out)")
	seed := fs.Uint64("seed", 1, "fine-tuning seed (batch order, dropout)")
	siteList := fs.String("sites", "", "comma-separated sites instead of those with -min pages")
	mixN := fs.Int("mix", 0, "add this many general training pages to every fine-tune (rehearsal), the first train pages of each -mix-data dataset in turn")
	folds := fs.Int("folds", 0, "choose the epochs by cross-validation over the k pages in this many folds (0: hold a fifth out), then train on all k; 0 epochs chosen keeps the init model")
	mixData := fs.String("mix-data", "../../shared/data/cleaneval,../../shared/data/dragnet,../../shared/data/l3s-gn1,../../shared/data/wcxb", "datasets of the -mix pages, comma-separated")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *networks != 1 && *networks != 2 {
		return fmt.Errorf("-networks %d: 1 or 2", *networks)
	}
	if *dir == "" {
		return fmt.Errorf("missing -data (e.g. ../../shared/data/daniel)")
	}
	ks, err := ints(*kList)
	if err != nil {
		return fmt.Errorf("-k: %w", err)
	}
	ds, err := data.Open(*dir)
	if err != nil {
		return err
	}
	c := config{min: *min, ks: ks, selectOn: *sel, rest: *rest && !*sel, networks: *networks, init: *initPath,
		folds: *folds,
		opts:  train.Options{Epochs: *epochs, LearnRate: *lr, Batch: *batch, InitPull: *pull, KeepLast: *keepLast, Seed: *seed}}
	if *mixN > 0 {
		if c.mix, err = mixPages(strings.Split(*mixData, ","), *mixN); err != nil {
			return fmt.Errorf("-mix: %w", err)
		}
	}
	var sites []string
	if *siteList != "" {
		sites = strings.Split(*siteList, ",")
	}
	return adapt(context.Background(), ds, sites, c, stdout, stderr)
}

// result is one fine-tune's outcome on one site.
type result struct {
	k, trained, held int
	site, rest       eval.PRF
	bestEpoch        int
	wall, cpu        float64
}

func adapt(ctx context.Context, ds *data.Dataset, sites []string, c config, stdout, stderr io.Writer) error {
	embedded, err := infer.Default()
	if err != nil {
		return err
	}
	nets := embedded.Model().Nets()[:c.networks]
	baseName := "0 (embedded)"
	if c.init != "" {
		f, err := os.Open(c.init)
		if err != nil {
			return err
		}
		m, err := bilstm.ReadModel(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", c.init, err)
		}
		nets, baseName = []*bilstm.Model{m}, "0 (-init model)"
		embedded = infer.New(m)
	}
	pool := bySite(slices.Concat(ds.IDs["train"], ds.IDs["dev"]))
	tests := bySite(ds.IDs["test"])
	if sites == nil {
		sites = chooseSites(pool, c.min)
	}
	if len(sites) == 0 {
		return fmt.Errorf("%s: no site with %d train and dev pages", ds.Dir, c.min)
	}
	titles := eval.NewTitles(func(root *html.Node) string { return metadata.Read(root, "").Title() })
	embeddedMethod, err := evalMethod("embedded", embedded, titles)
	if err != nil {
		return err
	}
	maxK := slices.Max(c.ks)
	scored := "test"
	if c.selectOn {
		scored = "unused train/dev"
	}
	fmt.Fprintf(stdout, "| site | %s pages | k (trained + held out) | P | R | F1 | ΔF1 | kept epoch | wall s | CPU s |", scored)
	if c.rest {
		fmt.Fprint(stdout, " other sites' test F1 (Δ) |")
	}
	fmt.Fprintln(stdout)
	fmt.Fprint(stdout, "|---|---|---|---|---|---|---|---|---|---|")
	if c.rest {
		fmt.Fprint(stdout, "---|")
	}
	fmt.Fprintln(stdout)
	sums := map[int][]float64{} // k → the sites' ΔF1
	for _, site := range sites {
		labeled := pool[site]
		if len(labeled) == 0 {
			return fmt.Errorf("site %s has no train or dev page in %s", site, ds.Dir)
		}
		scoreIDs := tests[site]
		if c.selectOn {
			scoreIDs = labeled[min(maxK, len(labeled)):]
		}
		if len(scoreIDs) == 0 {
			fmt.Fprintf(stderr, "adapt: %s: no page to score, left out\n", site)
			continue
		}
		var restIDs []string
		if c.rest {
			for _, s := range slices.Sorted(maps.Keys(tests)) {
				if s != site {
					restIDs = append(restIDs, tests[s]...)
				}
			}
		}
		ms := []eval.Method{embeddedMethod}
		var results []result
		for _, k := range c.ks {
			if k == 0 || k > len(labeled) {
				continue
			}
			r, m, err := fineTune(ctx, ds, site, labeled[:k], c.mix, nets, c.opts, c.folds, titles)
			if err != nil {
				return fmt.Errorf("%s, k=%d: %w", site, k, err)
			}
			results = append(results, r)
			ms = append(ms, m)
		}
		rep, err := compare(ds, scoreIDs, ms)
		if err != nil {
			return err
		}
		var restRep *eval.Report
		if c.rest {
			if restRep, err = compare(ds, restIDs, ms); err != nil {
				return err
			}
		}
		base := rep.Methods[0].Tokens
		line := func(k string, r result, s eval.PRF, restF1, restBase float64) {
			fmt.Fprintf(stdout, "| %s | %d | %s | %.3f | %.3f | %.3f | %+.3f | %s | %s | %s |", site, rep.Pages, k,
				s.Precision, s.Recall, s.F1, s.F1-base.F1, epochText(r), secs(r.wall), secs(r.cpu))
			if c.rest {
				fmt.Fprintf(stdout, " %.3f (%+.3f) |", restF1, restF1-restBase)
			}
			fmt.Fprintln(stdout)
		}
		var restBase float64
		if restRep != nil {
			restBase = restRep.Methods[0].Tokens.F1
		}
		if slices.Contains(c.ks, 0) {
			line(baseName, result{bestEpoch: -1}, base, restBase, restBase)
		}
		for i, r := range results {
			s := rep.Methods[i+1].Tokens
			var restF1 float64
			if restRep != nil {
				restF1 = restRep.Methods[i+1].Tokens.F1
			}
			line(fmt.Sprintf("%d (%d + %d)", r.k, r.trained, r.held), r, s, restF1, restBase)
			sums[r.k] = append(sums[r.k], s.F1-base.F1)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(sums)) {
		d := sums[k]
		var mean float64
		for _, x := range d {
			mean += x / float64(len(d))
		}
		fmt.Fprintf(stdout, "k=%d: mean ΔF1 %+.4f over %d sites, lowest %+.4f\n", k, mean, len(d), slices.Min(d))
	}
	return nil
}

func epochText(r result) string {
	if r.bestEpoch < 0 {
		return "–"
	}
	return strconv.Itoa(r.bestEpoch)
}

func secs(s float64) string {
	if s == 0 {
		return "–"
	}
	return strconv.FormatFloat(s, 'f', 1, 64)
}

// fineTune fine-tunes each of nets on the labeled pages ids of a site
// (holdOut cuts them) and returns the outcome so far and the eval method
// of the fine-tuned networks (their probabilities averaged); the times
// are those of all the fine-tunes, the kept epoch the first network's.
func fineTune(ctx context.Context, ds *data.Dataset, site string, ids []string, mix []*data.Document, nets []*bilstm.Model, opts train.Options, folds int, titles *eval.Titles) (result, eval.Method, error) {
	if folds > 1 {
		return crossFineTune(ctx, ds, site, ids, mix, nets, opts, folds, titles)
	}
	trainIDs, devIDs := holdOut(ids)
	if opts.KeepLast {
		// No early stop: every page is trained on; the dev scores (of
		// the same pages) only fill in the result.
		trainIDs, devIDs = ids, ids
	}
	load := func(ids []string) ([]*data.Document, error) {
		docs := make([]*data.Document, len(ids))
		err := ds.LoadEach(ids, data.Options{Strict: true}, func(i int, d *data.Document) { docs[i] = d })
		return docs, err
	}
	trainDocs, err := load(trainIDs)
	if err != nil {
		return result{}, eval.Method{}, err
	}
	trainDocs = append(trainDocs, mix...)
	devDocs, err := load(devIDs)
	if err != nil {
		return result{}, eval.Method{}, err
	}
	r := result{k: len(ids), trained: len(trainIDs), held: len(devIDs), bestEpoch: -1}
	if opts.KeepLast {
		r.held = 0
	}
	var tuned []*bilstm.Model
	start, cpu := time.Now(), cpuSeconds()
	for _, net := range nets {
		opts.Init = net
		res, err := train.Fit(ctx, trainDocs, []train.DevSet{{Name: site, Docs: devDocs}}, opts)
		if err != nil {
			return result{}, eval.Method{}, err
		}
		if r.bestEpoch < 0 {
			r.bestEpoch = res.Best.Epoch
		}
		tuned = append(tuned, res.Model)
	}
	return finish(r, tuned, start, cpu, titles)
}

// crossFineTune is fineTune with the number of epochs chosen by
// crossEpochs over the k pages, then each network trained on all of them
// for that many epochs (none: the network as it was).
func crossFineTune(ctx context.Context, ds *data.Dataset, site string, ids []string, mix []*data.Document, nets []*bilstm.Model, opts train.Options, folds int, titles *eval.Titles) (result, eval.Method, error) {
	docs := make([]*data.Document, len(ids))
	if err := ds.LoadEach(ids, data.Options{Strict: true}, func(i int, d *data.Document) { docs[i] = d }); err != nil {
		return result{}, eval.Method{}, err
	}
	r := result{k: len(ids), trained: len(ids), bestEpoch: -1}
	var tuned []*bilstm.Model
	start, cpu := time.Now(), cpuSeconds()
	for _, net := range nets {
		opts.Init = net
		epochs, err := crossEpochs(ctx, site, docs, mix, opts, folds)
		if err != nil {
			return result{}, eval.Method{}, err
		}
		if r.bestEpoch < 0 {
			r.bestEpoch = epochs
		}
		if epochs == 0 {
			tuned = append(tuned, net)
			continue
		}
		o := opts
		o.Epochs, o.KeepLast = epochs, true
		res, err := train.Fit(ctx, append(slices.Clone(docs), mix...), []train.DevSet{{Name: site, Docs: docs}}, o)
		if err != nil {
			return result{}, eval.Method{}, err
		}
		tuned = append(tuned, res.Model)
	}
	return finish(r, tuned, start, cpu, titles)
}

// crossEpochs returns the number of fine-tuning epochs (0 to opts.Epochs;
// 0 keeps opts.Init) whose held-out score, averaged over folds (at most
// one a page), is the highest, the fewest on a tie: page i is held out in
// fold i mod folds and the others trained on.
func crossEpochs(ctx context.Context, site string, docs, mix []*data.Document, opts train.Options, folds int) (int, error) {
	folds = min(folds, len(docs))
	score := make([]float64, opts.Epochs+1)
	for f := range folds {
		var trainDocs, devDocs []*data.Document
		for i, d := range docs {
			if i%folds == f {
				devDocs = append(devDocs, d)
			} else {
				trainDocs = append(trainDocs, d)
			}
		}
		o := opts
		o.KeepLast = false
		res, err := train.Fit(ctx, append(trainDocs, mix...), []train.DevSet{{Name: site, Docs: devDocs}}, o)
		if err != nil {
			return 0, err
		}
		for _, ep := range res.Epochs {
			if ep.Epoch < len(score) {
				score[ep.Epoch] += ep.Selection
			}
		}
	}
	best := 0
	for e, s := range score {
		if s > score[best] {
			best = e
		}
	}
	return best, nil
}

// finish fills in a fine-tune's times from its start (wall clock and the
// process's CPU seconds) and returns it with the eval method of the tuned
// networks, their probabilities averaged.
func finish(r result, tuned []*bilstm.Model, start time.Time, cpu float64, titles *eval.Titles) (result, eval.Method, error) {
	r.wall, r.cpu = time.Since(start).Seconds(), cpuSeconds()-cpu
	ex, err := infer.NewEnsemble(tuned...)
	if err != nil {
		return result{}, eval.Method{}, err
	}
	m, err := evalMethod(fmt.Sprintf("k=%d", r.k), ex, titles)
	return r, m, err
}
