// Package resultpage hands package render the parsed page an
// infer.Result was extracted from, which package infer keeps from every
// other package, so that a Result's page cannot be changed once returned.
//
// An infer.Result gives its page only sealed (Result.Parsed returns a
// Sealed); a Sealed opens only through Open, which no package outside
// this module can import.
package resultpage

import "github.com/boilernet/boilernet/tokenize"

// Sealed is a parsed page that only this module's packages can open.
type Sealed struct{ page *tokenize.Page }

// Seal seals p.
func Seal(p *tokenize.Page) Sealed { return Sealed{p} }

// Open returns the page s holds: the DOM and blocks of the Result it was
// sealed for, in the order of the Result's Blocks; nil for a Result not
// made by an Extractor.
//
// Whoever opens a page must not change it: it belongs to a Result, which
// may be shared by goroutines and rendered any number of times. Package
// render is its only reader, and its tests check that no format changes
// the page.
func Open(s Sealed) *tokenize.Page { return s.page }
