package infer

import "github.com/boilernet/boilernet/tokenize"

// Page returns the parsed page a Result was extracted from: its DOM and
// blocks, in the order of r.Blocks (nil for a Result not made by an
// Extractor). Package render reads it to write the content's structure
// and the highlighted page, and never changes it; a caller that changes
// the DOM changes what render gives afterwards.
func (r *Result) Page() *tokenize.Page { return r.page }
