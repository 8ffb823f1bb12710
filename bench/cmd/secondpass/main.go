// Command secondpass tries a second pass over the network's probabilities:
// a logistic regression that gives each block a new probability from its
// first-pass probability and the probabilities around it in the page (the
// elements that enclose it, the blocks near it, its repeated siblings, the
// vocabulary of the surely-content text; see passFeatures). It was an
// experiment of the precision work (issue 25) and is kept so that its
// figures can be reproduced; it did not become part of extraction.
//
// Fit the regression on probabilities the networks did not train on: train
// two pairs of networks on two halves of the training pages, and let each
// pair score the other half ("out of fold"):
//
//	secondpass dump -model A1,A2 -data DIRS -split test -out a.gob   (A trained on half B's test)
//	secondpass dump -model B1,B2 -data DIRS -split test -out b.gob
//	secondpass fit -in a.gob,b.gob -out weights.txt
//	secondpass eval -weights weights.txt -odds 1 -data ../../shared/data/cleaneval,...
//
// eval scores the default model's decoding with and without the second
// pass on each dataset's dev split (token precision / recall / F1, means
// over pages, as `boilernet eval` gives them).
package main

import (
	"encoding/gob"
	"errors"
	"flag"
	"fmt"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/methods/ensemble"
	"iter"
	"log"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/boilernet/boilernet/bench/internal/scores"
	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/tokenize"
)

// row is one block's features, label and words, and the page it is on.
type row struct {
	F       [numFeatures]float32
	Label   bool
	Words   float32
	Dataset string
	Page    int
}

func main() {
	log.SetFlags(0)
	cmds := map[string]func([]string) error{"dump": dump, "fit": fit, "eval": evaluate}
	if len(os.Args) < 2 || cmds[os.Args[1]] == nil {
		log.Fatal("usage: secondpass dump|fit|eval [flags]")
	}
	if err := cmds[os.Args[1]](os.Args[2:]); err != nil {
		log.Fatal(err)
	}
}

// loadModel returns the model of the model files in list (comma-
// separated; "" is the embedded model).
func loadModel(list string) (*ensemble.Model, error) {
	if list == "" {
		return defaultmodel.Load()
	}
	var nets []*bilstm.Model
	for _, path := range strings.Split(list, ",") {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		m, err := bilstm.ReadModel(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		nets = append(nets, m)
	}
	return ensemble.New(nets...)
}

// pageFlags are the flags dump and eval share: the model that scores the
// pages, and the datasets and split they are from.
type pageFlags struct {
	models, dirs, split *string
}

func addPageFlags(fs *flag.FlagSet, split, splitUsage string) pageFlags {
	return pageFlags{
		models: fs.String("model", "", "model files A,B,... (default: the embedded model)"),
		dirs:   fs.String("data", "", "dataset folders, comma-separated"),
		split:  fs.String("split", split, splitUsage),
	}
}

// datasets opens the datasets of -data one after the other; the first
// that cannot be opened, with its error, ends the sequence.
func (p pageFlags) datasets() iter.Seq2[*data.Dataset, error] {
	return func(yield func(*data.Dataset, error) bool) {
		for _, dir := range strings.Split(*p.dirs, ",") {
			ds, err := data.Open(dir)
			if !yield(ds, err) || err != nil {
				return
			}
		}
	}
}

func dump(args []string) error {
	fs := flag.NewFlagSet("dump", flag.ExitOnError)
	pf := addPageFlags(fs, "test", "split whose pages are scored")
	out := fs.String("out", "", "output file (gob)")
	fs.Parse(args)
	md, err := loadModel(*pf.models)
	if err != nil {
		return err
	}
	var rows []row
	page := 0
	for ds, err := range pf.datasets() {
		if err != nil {
			return err
		}
		for _, id := range ds.IDs[*pf.split] {
			doc, err := ds.Load(id, data.Options{})
			if err != nil {
				log.Print(err)
				continue
			}
			probs := md.Probabilities(doc.Page.Blocks)
			for i, f := range passFeatures(doc.Page.Blocks, probs) {
				r := row{Label: doc.Labels[i], Words: float32(tokenize.CountWords(doc.Page.Blocks[i].Text)), Dataset: ds.Name, Page: page}
				for j, x := range f {
					r.F[j] = float32(x)
				}
				rows = append(rows, r)
			}
			page++
		}
		log.Printf("%s: %d blocks so far", ds.Name, len(rows))
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(rows); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readRows(list string) ([]row, error) {
	var rows []row
	for _, path := range strings.Split(list, ",") {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		var rs []row
		err = gob.NewDecoder(f).Decode(&rs)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		off := 0
		if len(rows) > 0 {
			off = rows[len(rows)-1].Page + 1
		}
		for i := range rs {
			rs[i].Page += off
		}
		rows = append(rows, rs...)
	}
	return rows, nil
}

// weights returns each row's weight in the loss: its words ("words"),
// divided by its page's ("page"), and by its dataset's pages too
// ("dataset"), scaled to a mean of 1.
func weights(rows []row, by string) ([]float64, error) {
	pageWords := map[int]float64{}
	dsPages := map[string]map[int]bool{}
	for _, r := range rows {
		pageWords[r.Page] += math.Max(float64(r.Words), 1)
		if dsPages[r.Dataset] == nil {
			dsPages[r.Dataset] = map[int]bool{}
		}
		dsPages[r.Dataset][r.Page] = true
	}
	w := make([]float64, len(rows))
	var total float64
	for i, r := range rows {
		x := math.Max(float64(r.Words), 1)
		switch by {
		case "words":
			w[i] = x
		case "page":
			w[i] = x / pageWords[r.Page]
		case "dataset":
			w[i] = x / pageWords[r.Page] / float64(len(dsPages[r.Dataset]))
		default:
			return nil, fmt.Errorf("-weight %q: words, page or dataset", by)
		}
		total += w[i]
	}
	for i := range w {
		w[i] *= float64(len(rows)) / total
	}
	return w, nil
}

func fit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ExitOnError)
	in := fs.String("in", "", "dumps, comma-separated")
	l2 := fs.Float64("l2", 1, "L2 penalty on the weights (not the bias)")
	by := fs.String("weight", "words", "a block's weight in the loss: words, page (words over the page's) or dataset (and over the dataset's pages)")
	out := fs.String("out", "", "weights file")
	fs.Parse(args)
	rows, err := readRows(*in)
	if err != nil {
		return err
	}
	w, err := weights(rows, *by)
	if err != nil {
		return err
	}
	beta, err := newton(rows, w, *l2)
	if err != nil {
		return err
	}
	var sb strings.Builder
	for _, b := range beta {
		fmt.Fprintf(&sb, "%.6g\n", b)
	}
	fmt.Print(sb.String())
	return os.WriteFile(*out, []byte(sb.String()), 0o644)
}

// newton fits the weighted, L2-penalized logistic regression by Newton's
// method.
func newton(rows []row, w []float64, l2 float64) ([]float64, error) {
	const k = numFeatures
	beta := make([]float64, k)
	for iter := range 50 {
		h := make([]float64, k*k)
		g := make([]float64, k)
		var ll float64
		for i, r := range rows {
			var z float64
			for j := range k {
				z += beta[j] * float64(r.F[j])
			}
			p := 1 / (1 + math.Exp(-z))
			y := 0.0
			if r.Label {
				y = 1
			}
			ll += w[i] * (y*math.Log(math.Max(p, 1e-12)) + (1-y)*math.Log(math.Max(1-p, 1e-12)))
			for a := range k {
				g[a] += w[i] * (y - p) * float64(r.F[a])
				s := w[i] * p * (1 - p) * float64(r.F[a])
				for b := a; b < k; b++ {
					h[a*k+b] += s * float64(r.F[b])
				}
			}
		}
		for a := range k {
			for b := range a {
				h[a*k+b] = h[b*k+a]
			}
			if a > 0 {
				g[a] -= l2 * beta[a]
				h[a*k+a] += l2
			}
		}
		step, err := solve(h, g, k)
		if err != nil {
			return nil, err
		}
		var norm float64
		for a := range beta {
			beta[a] += step[a]
			norm += step[a] * step[a]
		}
		log.Printf("iteration %d: mean log-likelihood %.5f, step %.2g", iter, ll/float64(len(rows)), math.Sqrt(norm))
		if math.Sqrt(norm) < 1e-7 {
			break
		}
	}
	return beta, nil
}

// solve solves the k×k system a·x = b by Gaussian elimination with
// partial pivoting.
func solve(a, b []float64, k int) ([]float64, error) {
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r*k+c]) > math.Abs(a[p*k+c]) {
				p = r
			}
		}
		if a[p*k+c] == 0 {
			return nil, errors.New("singular system (a feature is constant?)")
		}
		for j := range k {
			a[c*k+j], a[p*k+j] = a[p*k+j], a[c*k+j]
		}
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < k; r++ {
			f := a[r*k+c] / a[c*k+c]
			for j := c; j < k; j++ {
				a[r*k+j] -= f * a[c*k+j]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, k)
	for r := k - 1; r >= 0; r-- {
		s := b[r]
		for j := r + 1; j < k; j++ {
			s -= a[r*k+j] * x[j]
		}
		x[r] = s / a[r*k+r]
	}
	return x, nil
}

func readWeights(path string) ([]float64, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var beta []float64
	for _, f := range strings.Fields(string(raw)) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		beta = append(beta, x)
	}
	if len(beta) != numFeatures {
		return nil, fmt.Errorf("%s: %d weights, want %d", path, len(beta), numFeatures)
	}
	return beta, nil
}

// rescore gives each block the regression's probability, its odds
// multiplied by odds.
func rescore(beta []float64, odds float64, blocks []tokenize.Block, probs []float32) []float32 {
	out := make([]float32, len(probs))
	for i, f := range passFeatures(blocks, probs) {
		var z float64
		for j, x := range f {
			z += beta[j] * x
		}
		o := math.Exp(z) * odds
		out[i] = float32(o / (1 + o))
	}
	return out
}

func evaluate(args []string) error {
	fs := flag.NewFlagSet("eval", flag.ExitOnError)
	pf := addPageFlags(fs, "dev", "split")
	path := fs.String("weights", "", "weights file of fit")
	odds := fs.Float64("odds", 1, "factor on the regression's odds before the decoding (which scales odds by its own factor, 0.35, too)")
	fs.Parse(args)
	md, err := loadModel(*pf.models)
	if err != nil {
		return err
	}
	beta, err := readWeights(*path)
	if err != nil {
		return err
	}
	methods := []eval.Method{
		{Name: "bilstm", Select: func(d *data.Document) ([]bool, error) {
			return decode.Default().Select(d.Page.Blocks, md.Probabilities(d.Page.Blocks))
		}},
		{Name: "bilstm, second pass", Select: func(d *data.Document) ([]bool, error) {
			return decode.Default().Select(d.Page.Blocks, rescore(beta, *odds, d.Page.Blocks, md.Probabilities(d.Page.Blocks)))
		}},
	}
	return scores.Write(os.Stdout, strings.Split(*pf.dirs, ","), *pf.split, methods, nil)
}
