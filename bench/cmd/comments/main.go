// Command comments measures how well extraction finds readers' comments
// (infer.Options.Comments) on Dragnet, whose gold marks the comments under
// each article (the text after its comments separator line): per page
// with gold comments, the token precision and recall of the comments
// found against them; over the pages without, how many words were taken
// for comments that are not.
//
//	go run ./cmd/comments -data ../../shared/data/dragnet -split test
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/tokenize"
)

func main() {
	log.SetFlags(0)
	dir := flag.String("data", "", "a Dragnet dataset folder")
	split := flag.String("split", "test", "split")
	verbose := flag.Bool("v", false, "print each page's figures")
	flag.Parse()
	ds, err := data.Open(*dir)
	if err != nil {
		log.Fatal(err)
	}
	ex, err := infer.Default()
	if err != nil {
		log.Fatal(err)
	}
	var with, without int           // pages with and without gold comments
	var sumP, sumR, sumF float64    // over pages with gold comments and some found
	var found, missed int           // pages with gold comments where some, none were found
	var spurious, spuriousWords int // pages without gold comments where some were found
	for _, id := range ds.IDs[*split] {
		plain, err := ds.Load(id, data.Options{})
		if err != nil {
			log.Print(err)
			continue
		}
		full, err := ds.Load(id, data.Options{WithComments: true})
		if err != nil {
			log.Print(err)
			continue
		}
		var gold []string
		for k, s := range full.Gold.Segments {
			if s.Content && k < len(plain.Gold.Segments) && !plain.Gold.Segments[k].Content {
				gold = append(gold, s.Text)
			}
		}
		raw, _, err := ds.ReadPage(id)
		if err != nil {
			log.Fatal(err)
		}
		res, err := ex.ExtractBytes(context.Background(), raw, infer.Options{Comments: true})
		if err != nil {
			log.Printf("%s: %v", id, err)
			continue
		}
		var texts []string
		for _, c := range res.Comments {
			texts = append(texts, c.Text)
		}
		got := strings.Join(texts, "\n")
		goldText := strings.Join(gold, "\n")
		if tokenize.CountWords(goldText) == 0 {
			without++
			if n := tokenize.CountWords(got); n > 0 {
				spurious++
				spuriousWords += n
				if *verbose {
					fmt.Printf("%s: no gold comments, %d words found in %d comments\n", id, n, len(res.Comments))
				}
			}
			continue
		}
		with++
		if got == "" {
			missed++
			if *verbose {
				fmt.Printf("%s: %d gold comment words, none found\n", id, tokenize.CountWords(goldText))
			}
			continue
		}
		found++
		s, _ := eval.TokenScores(got, goldText)
		sumP += s.Precision
		sumR += s.Recall
		sumF += s.F1
		if *verbose {
			fmt.Printf("%s: %d comments found, token P %.3f R %.3f\n", id, len(res.Comments), s.Precision, s.Recall)
		}
	}
	fmt.Printf("%s %s split: %d pages with gold comments, %d without\n", ds.Name, *split, with, without)
	fmt.Printf("pages with gold comments: comments found on %d, none on %d; where found, mean token P %.3f R %.3f F1 %.3f\n",
		found, missed, sumP/float64(max(found, 1)), sumR/float64(max(found, 1)), sumF/float64(max(found, 1)))
	fmt.Printf("pages without gold comments: comments found on %d (%d words)\n", spurious, spuriousWords)
}
