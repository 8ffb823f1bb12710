// Command confidence measures how well the default extraction's confidence
// (infer.Result.Confidence, the token F1 it expects of itself) ranks its bad
// pages: per dataset, the AUC of confidence for telling the pages of token
// F1 below -bad from the others (1: every bad page has a lower confidence
// than every good one; 0.5: no better than chance), and with -tail the pages
// of token F1 below -tail, with their precision, recall and confidence.
//
//	go run ./cmd/confidence -data ../../shared/data/wcxb,../../shared/data/chaos -split test [-tail 0.5]
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/infer"
)

// page is one page's token scores and confidence.
type page struct {
	id         string
	score      eval.PRF
	confidence float64
	empty      bool
}

func main() {
	log.SetFlags(0)
	dirs := flag.String("data", "", "dataset folders, comma-separated")
	split := flag.String("split", "test", "split")
	bad := flag.Float64("bad", 0.8, "token F1 below which a page is bad")
	tail := flag.Float64("tail", 0, "list the pages of token F1 below this (0: none)")
	flag.Parse()
	ex, err := infer.Default()
	if err != nil {
		log.Fatal(err)
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "dataset\tpages\tbad (F1 < %.2f)\tAUC\tmean confidence\tmean F1\t\n", *bad)
	var tails []string
	for _, dir := range strings.Split(*dirs, ",") {
		ds, err := data.Open(dir)
		if err != nil {
			log.Fatal(err)
		}
		pages := scorePages(ex, ds, ds.IDs[*split])
		var conf, f1 float64
		var goodConf, badConf []float64
		for _, p := range pages {
			conf += max(p.confidence, 0)
			f1 += p.score.F1
			if p.score.F1 < *bad {
				badConf = append(badConf, p.confidence)
			} else {
				goodConf = append(goodConf, p.confidence)
			}
		}
		n := float64(len(pages))
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.3f\t%.3f\t%.3f\t\n", ds.Name, len(pages), len(badConf), auc(badConf, goodConf), conf/n, f1/n)
		if *tail > 0 {
			slices.SortFunc(pages, func(a, b page) int { return cmp.Compare(a.score.F1, b.score.F1) })
			for _, p := range pages {
				if p.score.F1 >= *tail {
					break
				}
				tails = append(tails, fmt.Sprintf("| %s | %s | %.3f | %.3f | %.3f | %.3f | %s |", ds.Name, p.id, p.score.Precision, p.score.Recall, p.score.F1, p.confidence, p.why()))
			}
		}
	}
	tw.Flush()
	if len(tails) > 0 {
		fmt.Printf("\npages of token F1 below %.2f\n\n| dataset | page | P | R | F1 | confidence | why |\n|---|---|---|---|---|---|---|\n%s\n", *tail, strings.Join(tails, "\n"))
	}
}

// scorePages extracts each page with the default and scores its content
// text (headline included, as eval scores the blocks) against the gold;
// pages whose gold has no token are left out, as in eval's means.
func scorePages(ex *infer.Extractor, ds *data.Dataset, ids []string) []page {
	var pages []page
	for _, id := range ids {
		d, err := ds.Load(id, data.Options{})
		if err != nil {
			log.Print(err)
			continue
		}
		raw, _, err := ds.ReadPage(id)
		if err != nil {
			log.Fatal(err)
		}
		res, err := ex.ExtractBytes(context.Background(), raw, infer.Options{SkipLocators: true})
		if err != nil {
			log.Printf("%s/%s: %v", ds.Name, id, err)
			continue
		}
		var kept []string
		for _, b := range res.Blocks {
			if b.Content || b.Headline {
				kept = append(kept, b.Text)
			}
		}
		s, ok := eval.TokenScores(strings.Join(kept, "\n"), d.Gold.Text())
		if !ok {
			continue
		}
		pages = append(pages, page{id: id, score: s, confidence: res.Confidence, empty: res.EmptyReason() != ""})
	}
	return pages
}

// why names the kind of a bad page's failure: nothing kept, content
// missed (recall below one half), boilerplate kept (precision below one
// half), or both: the wrong region.
func (p page) why() string {
	switch lowP, lowR := p.score.Precision < 0.5, p.score.Recall < 0.5; {
	case p.empty:
		return "nothing kept"
	case lowP && lowR:
		return "wrong region"
	case lowR:
		return "content missed"
	case lowP:
		return "boilerplate kept"
	}
	return "both halves"
}

// auc is the chance that a bad page's confidence is below a good page's
// (ties count one half): the area under the ROC curve of confidence as a
// detector of good pages. NaN when either set is empty.
func auc(bad, good []float64) float64 {
	if len(bad) == 0 || len(good) == 0 {
		return math.NaN()
	}
	var wins float64
	for _, b := range bad {
		for _, g := range good {
			switch {
			case b < g:
				wins++
			case b == g:
				wins += 0.5
			}
		}
	}
	return wins / float64(len(bad)*len(good))
}
