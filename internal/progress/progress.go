// Package progress draws the progress bars of the command line and of
// training: one look (count, rate, cleared when done) for every loop over
// pages or blocks.
package progress

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Bar is a progress bar. A nil *Bar draws nothing, so callers need not
// check for one.
type Bar struct{ bar *progressbar.ProgressBar }

// New returns a bar on w that counts n units (named unit, e.g. "pages")
// under desc (n = -1: a number not known yet, counted without a total,
// see SetTotal); nil when w is nil.
func New(w io.Writer, n int, desc, unit string) *Bar {
	if w == nil {
		return nil
	}
	return &Bar{progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

// Add counts n more units done.
func (b *Bar) Add(n int) {
	if b != nil {
		b.bar.Add(n)
	}
}

// SetTotal sets the number of units, once it is known.
func (b *Bar) SetTotal(n int) {
	if b != nil {
		b.bar.ChangeMax(n)
	}
}

// Describe replaces the description.
func (b *Bar) Describe(desc string) {
	if b != nil {
		b.bar.Describe(desc)
	}
}

// Finish fills the bar and clears it.
func (b *Bar) Finish() {
	if b != nil {
		b.bar.Finish()
	}
}

// End clears the bar: filled when the run completed, stopped where it is
// when it was interrupted.
func (b *Bar) End(interrupted bool) {
	switch {
	case b == nil:
	case interrupted:
		b.bar.Exit()
	default:
		b.bar.Finish()
	}
}
