package infer

import "github.com/boilernet/boilernet/tokenize"

// Page returns the parsed page a Result was extracted from: its DOM and
// blocks, in the order of r.Blocks (nil for a Result not made by an
// Extractor). The server renders its own highlighted view from it. Changing
// the DOM changes what WriteHighlighted and Markdown give afterwards.
func (r *Result) Page() *tokenize.Page { return r.page }
