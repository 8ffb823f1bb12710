package kernels

import "fmt"

// Layout describes a padded batch of sequences: B sequences of lengths Lens
// (sorted longest first) padded to T steps. Matrices over the batch have
// N = B·T rows; row b·T+t holds step t of sequence b.
type Layout struct {
	T    int
	Lens []int
	// Groups holds, for each pooling level of the network (bilstm's
	// Config.Pool), each row's pooling group (see bilstm.PoolGroups and
	// PoolMeans), numbered across the batch so that no group spans two sequences; -1 on padding rows.
	// Nil for a network without pooling.
	Groups [][]int32
}

// B is the number of sequences.
func (l Layout) B() int { return len(l.Lens) }

// N is the number of rows, padding included.
func (l Layout) N() int { return len(l.Lens) * l.T }

// Valid counts the rows that are not padding.
func (l Layout) Valid() int {
	n := 0
	for _, x := range l.Lens {
		n += x
	}
	return n
}

// Check verifies that the lengths are positive, sorted longest first and at
// most T.
func (l Layout) Check() error {
	for i, x := range l.Lens {
		if x < 1 || x > l.T || (i > 0 && x > l.Lens[i-1]) {
			return fmt.Errorf("bilstm: bad layout: lengths %v for T=%d (want 1..T, longest first)", l.Lens, l.T)
		}
	}
	return nil
}

// active is the number of sequences longer than step s (a prefix, since the
// lengths are sorted).
func (l Layout) active(s int) int {
	n := 0
	for n < len(l.Lens) && l.Lens[n] > s {
		n++
	}
	return n
}

// pos is the time index that sequence b reads at step s: s forward, and
// counted from the sequence's own end backward.
func (l Layout) pos(b, s int, reverse bool) int {
	if reverse {
		return l.Lens[b] - 1 - s
	}
	return s
}
