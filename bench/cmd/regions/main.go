// Command regions tries a decoding over regions instead of blocks (issue
// 25): before the default decoding's choice, every block under a small
// element (at most -words words over at least two blocks, the element
// -levels above the block) takes the word-weighted mean probability of the
// element's blocks, or with -lower the smaller of that mean and its own, so
// that a teaser card or a credit line is kept or dropped with its
// container. It prints the token precision / recall / F1 of the default
// decoding and of each variant on each dataset's split and their means, as
// `boilernet eval` gives them, with the embedded model. It was an
// experiment and is kept so that its figures can be reproduced; it did not
// become part of extraction.
//
//	regions -data ../../shared/data/cleaneval,... [-split dev] [-levels 1,2,4] [-words 40,250]
package main

import (
	"flag"
	"fmt"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"log"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/boilernet/boilernet/bench/internal/scores"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/tokenize"
)

// regionProbs returns probs with the blocks under a small element (level
// levels above the block, at most maxWords words over two blocks or more)
// given the element's word-weighted mean probability, or the smaller of it
// and their own when lower is set.
func regionProbs(blocks []tokenize.Block, probs []float32, level, maxWords int, lower bool) []float32 {
	type sums struct {
		words, weighted float64
		blocks          int
	}
	at := func(b tokenize.Block) *tokenize.Element {
		if len(b.Ancestors) < level {
			return nil
		}
		return b.Ancestors[len(b.Ancestors)-level]
	}
	regions := map[*tokenize.Element]*sums{}
	for i, b := range blocks {
		e := at(b)
		if e == nil {
			continue
		}
		s := regions[e]
		if s == nil {
			s = &sums{}
			regions[e] = s
		}
		w := float64(max(1, tokenize.CountWords(b.Text)))
		s.words += w
		s.weighted += w * float64(probs[i])
		s.blocks++
	}
	out := make([]float32, len(probs))
	for i, b := range blocks {
		out[i] = probs[i]
		if e := at(b); e != nil {
			if s := regions[e]; s.blocks >= 2 && s.words <= float64(maxWords) {
				out[i] = float32(s.weighted / s.words)
				if lower {
					out[i] = min(out[i], probs[i])
				}
			}
		}
	}
	return out
}

func ints(list string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q: want positive integers joined by commas", list)
		}
		out = append(out, n)
	}
	return out, nil
}

func main() {
	log.SetFlags(0)
	dirs := flag.String("data", "", "dataset folders, comma-separated")
	split := flag.String("split", "dev", "split")
	levelList := flag.String("levels", "1,2,4", "element levels above the block (1: its parent)")
	wordList := flag.String("words", "40,250", "most words of a region")
	flag.Parse()
	levels, err := ints(*levelList)
	if err != nil {
		log.Fatal(err)
	}
	words, err := ints(*wordList)
	if err != nil {
		log.Fatal(err)
	}
	md, err := defaultmodel.Load()
	if err != nil {
		log.Fatal(err)
	}
	// The network runs once per page, whatever the variants.
	var mu sync.Mutex
	cache := map[*data.Document][]float32{}
	probs := func(d *data.Document) []float32 {
		mu.Lock()
		p, ok := cache[d]
		mu.Unlock()
		if !ok {
			p = md.Probabilities(d.Page.Blocks)
			mu.Lock()
			cache[d] = p
			mu.Unlock()
		}
		return p
	}
	methods := []eval.Method{{Name: "default", Select: func(d *data.Document) ([]bool, error) {
		return decode.Default().Select(d.Page.Blocks, probs(d))
	}}}
	for _, lower := range []bool{false, true} {
		for _, level := range levels {
			for _, w := range words {
				name := fmt.Sprintf("region L%d W%d", level, w)
				if lower {
					name = fmt.Sprintf("lower L%d W%d", level, w)
				}
				methods = append(methods, eval.Method{Name: name, Select: func(d *data.Document) ([]bool, error) {
					return decode.Default().Select(d.Page.Blocks, regionProbs(d.Page.Blocks, probs(d), level, w, lower))
				}})
			}
		}
	}
	drop := func() { // the pages of a dataset, once it is scored
		mu.Lock()
		clear(cache)
		mu.Unlock()
	}
	if err := scores.Write(os.Stdout, strings.Split(*dirs, ","), *split, methods, drop); err != nil {
		log.Fatal(err)
	}
}
