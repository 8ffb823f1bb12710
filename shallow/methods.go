package shallow

import (
	"fmt"

	"github.com/boilernet/boilernet/tokenize"
)

// Classifiers maps method names to the paper's classifiers.
var Classifiers = map[string]func([]Block) []bool{
	"boilerpipe-numwords":      NumWords,
	"boilerpipe-densitometric": Densitometric,
	"boilerpipe-cleaneval":     CleanEvalRule,
}

// Filters are the downstream filters Select knows: "largest" (Largest
// Content Filter) and "main" (Main Content Filter).
var Filters = []string{"largest", "main"}

// Select runs a named classifier (a key of Classifiers) and an optional
// filter ("", "largest" or "main") on a page's leaf blocks and returns the
// verdict for every leaf block. title is the page title, for "main".
func Select(method, filter string, leaves []tokenize.Block, title string) ([]bool, error) {
	classify, ok := Classifiers[method]
	if !ok {
		return nil, fmt.Errorf("shallow: unknown method %q", method)
	}
	return SelectWith(classify, filter, leaves, title)
}

// SelectWith is Select with any classifier of atomic blocks, such as a
// trained Tree's Classify.
func SelectWith(classify func([]Block) []bool, filter string, leaves []tokenize.Block, title string) ([]bool, error) {
	blocks := Segment(leaves)
	content := classify(blocks)
	switch filter {
	case "":
	case "largest":
		content = LargestContent(blocks, content)
	case "main":
		content = MainContent(blocks, content, title)
	default:
		return nil, fmt.Errorf("shallow: unknown filter %q", filter)
	}
	return Labels(blocks, content, len(leaves)), nil
}
