// Package htmlparse is the HTML5 tree builder of golang.org/x/net/html
// (v0.62.0: parse.go, foreign.go, const.go, doctype.go and the helpers of
// node.go, under that module's BSD license, in LICENSE), copied so that
// it counts what it builds and stops at a limit.
//
// The tree builder can make many more elements than a page has start
// tags: it reopens (copies) every formatting element left open (b, i,
// font, ...; distinct attributes escape the three-of-a-kind rule) for each
// new paragraph, and copies them again to repair misnested end tags. A
// 1.2 MB page of 480 open <b id=...> and 99,000 <div>x</div> has
// x/net/html build 480 elements per paragraph, 47 million in all, gigabytes
// of memory. No option or callback of
// x/net/html counts them, and no scan of the source predicts them without
// redoing the tree construction, so this copy counts every element it
// inserts (implied ones and copies included) and the attributes it gives
// them, and ParseDocument stops with ErrTooLarge past Limits.
//
// Changes from upstream, each marked "boilernet" where it is not just a
// rename: ParseDocument (limits.go) replaces Parse, ParseWithOptions and
// the fragment parsers; insertOpenElement, the adoption agency's two
// copies and copyAttributes count; parse keeps ErrTooLarge as the error
// when it recovers; clone is a function and copyAttributes a method (no
// method can be declared on html.Node here); the package dot-imports
// golang.org/x/net/html for Node, Token, Tokenizer and their constants,
// so that the copied code reads as upstream's. TestSameAsXNetHTML checks,
// on the tree-construction tests that come with x/net/html, that the trees
// are the same as x/net/html's, and FuzzParseDocument on any input. To
// follow a new x/net: copy the four files again and redo these changes.
package htmlparse
