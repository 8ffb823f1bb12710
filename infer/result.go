package infer

import "github.com/boilernet/boilernet/internal/resultpage"

// Parsed returns the page r was extracted from, sealed: only this
// module's packages can open it (internal/resultpage), and package render
// is the one that does, to write the content's structure and the
// highlighted page, never changing it. A Result is not changed once
// returned, so it can be shared and rendered any number of times.
func (r *Result) Parsed() resultpage.Sealed { return resultpage.Seal(r.page) }
