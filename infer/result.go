package infer

import (
	"github.com/boilernet/boilernet/internal/resultpage"
	"github.com/boilernet/boilernet/tokenize"
)

// A Result's parsed page (its DOM and blocks) is kept from callers: a
// Result is not changed once returned, so it can be shared and rendered
// any number of times. Package render reads the page through package
// resultpage to write the content's structure and the highlighted page,
// and never changes it.
func init() {
	resultpage.Of = func(r any) *tokenize.Page { return r.(*Result).page }
}
