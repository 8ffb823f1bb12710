// Package tokenize turns raw HTML pages into the leaf text blocks that every
// method of boilernet labels, and text into the word tokens its features and
// metrics count.
//
// A page goes through three steps: Decode converts its bytes to UTF-8, the
// golang.org/x/net/html parser builds a DOM, and a non-recursive walk in
// document order collects one Block per non-whitespace text node, skipping
// comments and the subtrees of SkipTags. Between the parser and the walk,
// the parts a React page streams late are moved where its scripts move them
// (see revealStreamed), so that the blocks stand in the order a reader sees. Text rebuilds readable text from any
// subset of a page's blocks; Words splits text into lowercase tokens.
package tokenize
