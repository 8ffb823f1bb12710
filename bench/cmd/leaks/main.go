// Command leaks shows where the default model's false positives lie on a
// split: the words of blocks it keeps that the gold leaves out, before the
// first gold content block of their page, inside the span of gold content,
// or after the last, per dataset. With -show it lists the false positives
// of a dataset's pages at one place (-where before, inside or after); with
// -cut it scores, against the default, a rule that drops what follows a
// comment-section heading (see cut.go); with -hosts it gives, on the
// datasets whose meta.tsv has URLs, the share of the kept content and
// boilerplate words whose block text stands on another page of the same
// host (see hosts.go); with -snippets it counts, on a dataset with
// snippets/ (WCXB), the kept blocks that hold a must-exclude string by the
// probability the model gives them (see snippets.go).
//
//	go run ./cmd/leaks -data ../../shared/data/l3s-gn1,../../shared/data/dragnet -split dev [-show l3s-gn1 -where after] [-cut] [-hosts] [-snippets]
package main

import (
	"flag"
	"fmt"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"log"
	"os"
	"strings"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/tokenize"
)

func main() {
	log.SetFlags(0)
	dirs := flag.String("data", "", "dataset folders, comma-separated")
	split := flag.String("split", "dev", "split")
	show := flag.String("show", "", "list the false positives on this dataset's pages")
	place := flag.String("where", "after", "with -show: the false positives before, inside or after the gold span")
	cut := flag.Bool("cut", false, "score the comment-heading cut against the default")
	share := flag.Float64("share", 0.5, "with -cut: the share of the kept words that must come before the heading")
	maxWords := flag.Int("max-words", 8, "with -cut: the most words a heading has")
	byHost := flag.Bool("hosts", false, "count the kept words whose block text stands on another page of the same host")
	snippets := flag.Bool("snippets", false, "on datasets with snippets/ (WCXB): count the kept blocks that hold a must-exclude string by their P(content); with -show DATASET list them")
	flag.Parse()
	md, err := defaultmodel.Load()
	if err != nil {
		log.Fatal(err)
	}
	keep := func(d *data.Document) ([]bool, []float32, error) {
		probs := md.Probabilities(d.Page.Blocks)
		sel, err := decode.Default().Select(d.Page.Blocks, probs)
		return sel, probs, err
	}
	for _, dir := range strings.Split(*dirs, ",") {
		ds, err := data.Open(dir)
		if err != nil {
			log.Fatal(err)
		}
		if *snippets {
			if ds.HasSnippets() {
				if err := snippetLeaks(ds, *split, keep, *show == ds.Name, os.Stdout); err != nil {
					log.Fatal(err)
				}
			}
			continue
		}
		var w where
		var sites *siteTexts
		var repeatedContent, repeatedBoilerplate float64 // kept words whose text stands on another page of the host
		if *byHost {
			if sites, err = newSiteTexts(ds); err != nil {
				log.Fatal(err)
			}
		}
		for _, id := range ds.IDs[*split] {
			d, err := ds.Load(id, data.Options{})
			if err != nil {
				log.Print(err)
				continue
			}
			sel, probs, err := keep(d)
			if err != nil {
				log.Fatal(err)
			}
			for i, b := range d.Page.Blocks {
				switch {
				case sites == nil || !sel[i] || !sites.repeated(id, b):
				case d.Labels[i]:
					repeatedContent += float64(tokenize.CountWords(b.Text))
				default:
					repeatedBoilerplate += float64(tokenize.CountWords(b.Text))
				}
			}
			w.add(d, sel, func(i int, where string, dist int) {
				if ds.Name == *show && where == *place {
					b := d.Page.Blocks[i]
					fmt.Printf("%s\t%+d\t%.2f\t%s\t%.90s\n", id, dist, probs[i], strings.Join(b.Path[max(0, len(b.Path)-4):], "/"), b.Text)
				}
			})
		}
		fp := w.before + w.inside + w.after
		fmt.Printf("%-10s kept words: %6.0f content, %6.0f boilerplate (precision %.3f); of the boilerplate: %.2f before the gold span, %.2f inside, %.2f after\n",
			ds.Name, w.tp, fp, w.tp/(w.tp+fp), w.before/fp, w.inside/fp, w.after/fp)
		if sites != nil {
			fmt.Printf("%-10s kept words whose text stands on another page of the host: %.3f of the content, %.3f of the boilerplate\n",
				ds.Name, repeatedContent/w.tp, repeatedBoilerplate/fp)
		}
		if !*cut {
			continue
		}
		rep, err := eval.Compare(ds, *split, []eval.Method{
			{Name: "default", Select: func(d *data.Document) ([]bool, error) {
				sel, _, err := keep(d)
				return sel, err
			}},
			{Name: "cut", Select: func(d *data.Document) ([]bool, error) {
				sel, _, err := keep(d)
				if err != nil {
					return nil, err
				}
				return cutAfterComments(d.Page.Blocks, sel, *share, *maxWords), nil
			}},
		}, data.Options{}, nil)
		if err != nil {
			log.Fatal(err)
		}
		for _, r := range rep.Methods {
			fmt.Printf("%-10s %-8s token P / R / F1 %.3f / %.3f / %.3f\n", ds.Name, r.Method, r.Tokens.Precision, r.Tokens.Recall, r.Tokens.F1)
		}
	}
}

// where sums a split's kept words by their place against the gold span.
type where struct{ tp, before, inside, after float64 }

// add counts one page; fp is called for each false positive with its
// place ("before", "inside", "after") and its distance in blocks from the
// span's nearest end (0 inside).
func (w *where) add(d *data.Document, sel []bool, fp func(i int, place string, dist int)) {
	first, last := -1, -1
	for i, c := range d.Labels {
		if c {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	for i, b := range d.Page.Blocks {
		if !sel[i] {
			continue
		}
		n := float64(tokenize.CountWords(b.Text))
		switch {
		case d.Labels[i]:
			w.tp += n
		case first < 0 || i < first:
			w.before += n
			fp(i, "before", i-max(first, len(d.Labels)))
		case i > last:
			w.after += n
			fp(i, "after", i-last)
		default:
			w.inside += n
			fp(i, "inside", 0)
		}
	}
}
