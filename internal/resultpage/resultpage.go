// Package resultpage hands package render the parsed page an
// infer.Result was extracted from, which package infer keeps from every
// other package, so that a Result's page cannot be changed once returned.
package resultpage

import "github.com/boilernet/boilernet/tokenize"

// Of returns the parsed page r was extracted from: its DOM and blocks,
// in the order of r's Blocks; nil for a Result not made by an Extractor.
// r must be an *infer.Result. Package infer sets Of when it is
// initialized, which is before any package that imports infer runs.
//
// Whoever reads a page through Of must not change it: it belongs to a
// Result, which may be shared by goroutines and rendered any number of
// times. Package render is its only reader, and its tests check that
// no format changes the page.
var Of func(r any) *tokenize.Page
