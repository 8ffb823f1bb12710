package main

import (
	"flag"
	"fmt"
	"log"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/tokenize"
)

func fit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ExitOnError)
	pf := addPageFlags(fs, "train")
	var o fitOptions
	fs.IntVar(&o.Bits, "bits", 20, "the features are hashed into 2^bits buckets")
	fs.IntVar(&o.Epochs, "epochs", 5, "passes over the blocks")
	fs.Float64Var(&o.Rate, "rate", 0.1, "AdaGrad's step")
	fs.Float64Var(&o.L2, "l2", 1e-6, "L2 penalty on each weight a block touches, per block")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the order of the blocks")
	fs.StringVar(&o.Unit, "unit", "block", "what the model reads and a veto drops: block, or line (the blocks the text writes on one line)")
	by := fs.String("weight", "words", "a block's weight in the loss: words (its word count, as token F1 counts) or none")
	kept := fs.Bool("kept", false, "fit only on the blocks the default extraction keeps (the ones a veto judges), not on all")
	out := fs.String("out", "", "model file (gob)")
	fs.Parse(args)
	if *by != "words" && *by != "none" {
		return fmt.Errorf("-weight %q: words or none", *by)
	}
	if o.Unit != "block" && o.Unit != "line" {
		return fmt.Errorf("-unit %q: block or line", o.Unit)
	}
	if o.Bits < 1 || o.Bits > 30 {
		return fmt.Errorf("-bits %d: 1 to 30", o.Bits)
	}
	sel := func(d *data.Document) ([]bool, error) { return nil, nil }
	if *kept {
		net, err := defaultmodel.Load()
		if err != nil {
			return err
		}
		sel = func(d *data.Document) ([]bool, error) {
			return decode.Default().Select(d.Page.Blocks, net.Probabilities(d.Page.Blocks))
		}
	}
	var samples []sample
	var pages int
	var total float64
	for p, err := range pf.pages() {
		if err != nil {
			return err
		}
		pages++
		keep, err := sel(p.doc)
		if err != nil {
			return fmt.Errorf("%s %s: %w", p.doc.Dataset, p.doc.ID, err)
		}
		blocks := p.doc.Page.Blocks
		for _, idx := range lines(blocks, o.Unit) {
			var content, words, in int
			var firstContent bool
			for _, i := range idx {
				if keep != nil && !keep[i] {
					continue
				}
				if in == 0 {
					firstContent = p.doc.Labels[i]
				}
				in++
				n := tokenize.CountWords(blocks[i].Text)
				words += n
				if p.doc.Labels[i] {
					content += n
				}
			}
			if in == 0 {
				continue
			}
			w := float32(1)
			if *by == "words" {
				w = float32(max(words, 1))
			}
			total += float64(w)
			// a line is content when most of its words are (a line
			// without a word: when its first block is)
			y := 2*content > words || words == 0 && firstContent
			samples = append(samples, sample{F: features(unitText(blocks, idx, keep), o.Bits), Y: y, Weight: w})
		}
	}
	if len(samples) == 0 {
		return fmt.Errorf("no block in the %s pages of %s", *pf.split, *pf.dirs)
	}
	mean := float32(total / float64(len(samples)))
	var content float64
	for i := range samples {
		samples[i].Weight /= mean
		if samples[i].Y {
			content += float64(samples[i].Weight)
		}
	}
	log.Printf("%d pages, %d units; content: %.3f of the weight", pages, len(samples), content/float64(len(samples)))
	return fitModel(samples, o).save(*out)
}
