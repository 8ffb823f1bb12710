package shallow

import (
	"fmt"

	"github.com/boilernet/boilernet/tokenize"
)

// SelectWith runs a classifier of atomic blocks (one of Classifier's, or a
// trained Tree's Classify) and an optional filter ("", "largest": the
// Largest Content Filter, or "main": the Main Content Filter) on a page's
// leaf blocks and returns the verdict for every leaf block. title is the
// page title, for "main".
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
