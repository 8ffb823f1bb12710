package train

import (
	"errors"
	"fmt"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/shallow"
	"github.com/boilernet/boilernet/tokenize"
)

// TreeOptions configure RunTree. Zero values give the defaults, those of
// DefaultTreeOptions.
type TreeOptions struct {
	Data         []string // dataset folders; their train and dev splits are used
	MinLeaf      []int    // minimum leaf sizes to try, default 5, 25, 100 and 400
	MaxDepth     int      // default DefaultMaxDepth
	WithComments bool
}

// DefaultMaxDepth is TreeOptions.MaxDepth's default.
const DefaultMaxDepth = 16

// DefaultTreeOptions returns the options a zero TreeOptions stands for:
// those of boilernet train -method tree.
func DefaultTreeOptions() TreeOptions {
	return TreeOptions{MinLeaf: []int{5, 25, 100, 400}, MaxDepth: DefaultMaxDepth}
}

// TreeResult is the tree with the best dev score and the scores of all.
type TreeResult struct {
	Tree   *shallow.Tree
	Best   Epoch   // dev scores of the kept tree (Epoch and timings unused)
	Tried  []Epoch // one per minimum leaf size, in order
	Leaves []int   // the minimum leaf sizes tried
	// Samples counts the training atomic blocks.
	Samples int
}

// RunTree trains the feature-based baseline on the same data as the neural
// model: Kohlschütter et al.'s atomic blocks of the train pages, their
// shallow feature vectors, labels from the aligned leaf blocks (content
// when content leaf blocks hold more than half of the block's characters) and
// balanced class weights; one CART tree per minimum leaf size, the one with
// the best mean dev F1 over datasets (as in Run) is kept.
func RunTree(opts TreeOptions) (*TreeResult, error) {
	if len(opts.Data) == 0 {
		return nil, errors.New("train: no dataset given")
	}
	def := DefaultTreeOptions()
	if len(opts.MinLeaf) == 0 {
		opts.MinLeaf = def.MinLeaf
	}
	if opts.MaxDepth == 0 {
		opts.MaxDepth = def.MaxDepth
	}
	trainDocs, devSets, err := load(Options{Data: opts.Data, WithComments: opts.WithComments})
	if err != nil {
		return nil, err
	}
	var samples []shallow.Sample
	var counts [2]float64
	for _, d := range trainDocs {
		blocks := shallow.Segment(d.Page.Blocks)
		for i, b := range blocks {
			c := blockLabel(b, d)
			samples = append(samples, shallow.Sample{X: shallow.Vector(blocks, i), Content: c})
			if c {
				counts[1]++
			} else {
				counts[0]++
			}
		}
	}
	if len(samples) == 0 {
		return nil, errors.New("train: no text blocks in the training pages")
	}
	weights := balancedWeights[float64](counts)
	for i := range samples {
		c := 0
		if samples[i].Content {
			c = 1
		}
		samples[i].Weight = weights[c]
	}
	res := &TreeResult{Samples: len(samples), Leaves: opts.MinLeaf}
	names := make([]string, len(devSets))
	for k, set := range devSets {
		names[k] = set.Name
	}
	for _, leaf := range opts.MinLeaf {
		t, err := shallow.GrowTree(samples, leaf, opts.MaxDepth)
		if err != nil {
			return nil, err
		}
		var ep Epoch
		scoreSets(&ep, names, func(k int) devCounts {
			var c devCounts
			for _, d := range devSets[k].Docs {
				blocks := shallow.Segment(d.Page.Blocks)
				words := make([]int, len(d.Page.Blocks))
				for i, b := range d.Page.Blocks {
					words[i] = tokenize.CountWords(b.Text)
				}
				c.add(shallow.Labels(blocks, t.Classify(blocks), len(d.Page.Blocks)), d.Labels, words)
			}
			return c
		})
		res.Tried = append(res.Tried, ep)
		if res.Tree == nil || ep.Selection > res.Best.Selection {
			res.Tree, res.Best = t, ep
		}
	}
	if res.Tree == nil {
		return nil, fmt.Errorf("train: no tree grown")
	}
	return res, nil
}

// blockLabel labels an atomic block from its leaf blocks' labels: content
// when content leaves hold more than half of its characters.
func blockLabel(b shallow.Block, d *data.Document) bool {
	var chars, contentChars int
	for k := b.First; k <= b.Last; k++ {
		n := len(d.Page.Blocks[k].Text)
		chars += n
		if d.Labels[k] {
			contentChars += n
		}
	}
	return 2*contentChars > chars
}
