// Package conformance holds the conformance corpus's test: real pages,
// taken from the shared datasets' train and dev splits or written after
// real markup, each with what a reader checks of the default extraction
// (strings that must and must not be in the text, the title, code
// listings that must come out whole, headings that must stay headings,
// paragraphs that must come out once). The table is
// testdata/conformance/pages.json; the written pages are under
// testdata/conformance/pages/. See docs/conformance.md.
package conformance
