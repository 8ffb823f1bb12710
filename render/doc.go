// Package render writes an extraction's result (an *infer.Result) in the
// output formats: Markdown, the page with its content highlighted, TEI
// P5 and plain XML.
package render
