// Package tokenize turns raw HTML pages into the leaf text blocks that every
// method of boilernet labels, and text into the word tokens its features and
// metrics count.
//
// A page goes through three steps: Decode converts its bytes to UTF-8, the
// golang.org/x/net/html parser builds a DOM, and a non-recursive walk in
// document order collects one Block per non-whitespace text node, skipping
// comments and the subtrees of SkipTags. Text rebuilds readable text from any
// subset of a page's blocks; Words splits text into lowercase tokens.
package tokenize
