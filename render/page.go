package render

import (
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/internal/resultpage"
	"github.com/boilernet/boilernet/tokenize"
)

// pageOf is the parsed page r was extracted from (nil for a Result not
// made by an Extractor), which infer hands to render alone. Every format
// only reads it: a Result is rendered alike any number of times, and
// Highlight changes a sanitized copy, never the page.
func pageOf(r *infer.Result) *tokenize.Page { return resultpage.Open(r.Parsed()) }
