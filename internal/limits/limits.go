// Package limits holds the limits boilernet's packages share, so that each
// has one value and one error: the largest page, wherever a page comes
// from (a file, a fetch, a corpus record, a request), and the error of a
// page over it. The packages export them under their own names
// (fetch.DefaultMaxBytes and fetch.ErrTooLarge, records.DefaultMaxRecord,
// and infer's page size), which are these values.
package limits

import "errors"

// MaxPageSize is the default largest page, in bytes (decoded or
// decompressed).
const MaxPageSize = 64 << 20

// ErrPageSize is wrapped by the error of a page larger than its limit.
var ErrPageSize = errors.New("page too large")
