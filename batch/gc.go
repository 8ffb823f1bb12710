package batch

import (
	"os"
	"runtime"
	"runtime/debug"
)

// MemoryPerWorker is the soft memory limit per page worker: a little under
// the bound of one extraction's memory the README promises (256 MiB + 8×
// the page's size), for what the limit does not count, such as the
// binary's code.
const MemoryPerWorker = 224 << 20

// GCPercent is the GOGC of a batch (boilernet extract's): the heap may grow to three times the
// live data between collections instead of twice. Pages are small and
// short-lived, so the collector runs half as often for a few tens of MB
// (the 518 WCXB and Dragnet test pages on one worker: 7% more pages per
// second, peak RSS 77 MB instead of 56), and the soft memory limit still
// holds the largest pages within their bound.
const GCPercent = 200

// TuneGC sets the garbage collector for extracting pages: the soft
// memory limit to MemoryPerWorker per worker (0: one per core) unless
// GOMEMLIMIT sets one, and GOGC to GCPercent unless GOGC sets it. Near the limit
// the collector runs more often instead of letting the heap grow to a
// multiple of the live data, which on pages of 100,000 tiny paragraphs
// took the process past the bound. The limit is soft: a page that needs
// more gets it.
func TuneGC(workers int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	debug.SetMemoryLimit(int64(workers) * MemoryPerWorker)
}
