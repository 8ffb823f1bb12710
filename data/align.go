package data

import "sort"

// dpMaxCells bounds the size of the ranges aligned by exact dynamic
// programming (rows × columns); larger ranges are first cut at anchors.
const dpMaxCells = 1 << 22

// maxAnchorCount is the highest number of occurrences, in each of the two
// sequences, of a token used as an anchor when no token is unique.
const maxAnchorCount = 4

// Align computes a common subsequence of a and b and returns, for every
// position of a, the matched position of b or -1. It behaves like an LCS but
// is not quadratic on long inputs: like patience diff, it cuts a long range
// at tokens that occur once in both sides (in increasing order of both
// positions) and solves the pieces; pieces small enough are solved exactly
// by dynamic programming. When a large piece has no unique token, tokens
// that occur equally often (at most maxAnchorCount times) on both sides are
// paired in order and serve as anchors; a large piece without any anchor is
// left unmatched.
func Align(a, b []int32) []int32 {
	match := make([]int32, len(a))
	for i := range match {
		match[i] = -1
	}
	var dp []uint16
	work := []span{{0, len(a), 0, len(b)}}
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		for s.alo < s.ahi && s.blo < s.bhi && a[s.alo] == b[s.blo] {
			match[s.alo] = int32(s.blo)
			s.alo++
			s.blo++
		}
		for s.alo < s.ahi && s.blo < s.bhi && a[s.ahi-1] == b[s.bhi-1] {
			s.ahi--
			s.bhi--
			match[s.ahi] = int32(s.bhi)
		}
		n, m := s.ahi-s.alo, s.bhi-s.blo
		if n == 0 || m == 0 {
			continue
		}
		if n*m <= dpMaxCells {
			dp = alignDP(a[s.alo:s.ahi], b[s.blo:s.bhi], s.alo, s.blo, match, dp)
			continue
		}
		anchors := findAnchors(a, b, s)
		prevA, prevB := s.alo, s.blo
		for _, p := range anchors {
			match[p.a] = int32(p.b)
			work = append(work, span{prevA, p.a, prevB, p.b})
			prevA, prevB = p.a+1, p.b+1
		}
		if len(anchors) > 0 {
			work = append(work, span{prevA, s.ahi, prevB, s.bhi})
		}
	}
	return match
}

type span struct{ alo, ahi, blo, bhi int }

type pair struct{ a, b int }

// findAnchors returns matching positions inside s that increase in both a
// and b: the longest increasing chain among candidate pairs, taken from the
// first of these rules that gives any:
//
//  1. tokens that occur once in a and once in b;
//  2. tokens that occur once in b and at most maxAnchorCount times in a
//     (each occurrence in a is a candidate; pages repeat their article, e.g.
//     in a print version);
//  3. tokens that occur equally often, at most maxAnchorCount times, in a and
//     b, paired in order.
func findAnchors(a, b []int32, s span) []pair {
	type occ struct {
		na, nb int
		firstB int
	}
	counts := make(map[int32]*occ)
	for _, t := range b[s.blo:s.bhi] {
		o := counts[t]
		if o == nil {
			o = &occ{}
			counts[t] = o
		}
		o.nb++
	}
	for _, t := range a[s.alo:s.ahi] {
		if o := counts[t]; o != nil {
			o.na++
		}
	}
	for i := s.bhi - 1; i >= s.blo; i-- {
		counts[b[i]].firstB = i
	}
	rules := []func(o *occ) bool{
		func(o *occ) bool { return o.na == 1 && o.nb == 1 },
		func(o *occ) bool { return o.nb == 1 && o.na <= maxAnchorCount },
		func(o *occ) bool { return o.na == o.nb && o.na <= maxAnchorCount },
	}
	for _, usable := range rules {
		var pairs []pair
		var bPos map[int32][]int // occurrences in b, for rule 3
		var next map[int32]int
		for i := s.alo; i < s.ahi; i++ {
			o := counts[a[i]]
			if o == nil || o.na == 0 || !usable(o) {
				continue
			}
			if o.nb == 1 {
				pairs = append(pairs, pair{i, o.firstB})
				continue
			}
			if bPos == nil {
				bPos, next = positions(b, s, func(t int32) bool {
					o := counts[t]
					return o.na > 0 && usable(o)
				}), map[int32]int{}
			}
			k := next[a[i]]
			next[a[i]] = k + 1
			pairs = append(pairs, pair{i, bPos[a[i]][k]})
		}
		if len(pairs) > 0 {
			return longestIncreasing(pairs)
		}
	}
	return nil
}

// positions lists, for every token of b[s.blo:s.bhi] that keep accepts, its
// positions in order.
func positions(b []int32, s span, keep func(int32) bool) map[int32][]int {
	pos := make(map[int32][]int)
	for i := s.blo; i < s.bhi; i++ {
		if keep(b[i]) {
			pos[b[i]] = append(pos[b[i]], i)
		}
	}
	return pos
}

// longestIncreasing returns the longest subsequence of pairs (sorted by a)
// whose b also increases (patience sorting, O(n log n)).
func longestIncreasing(pairs []pair) []pair {
	tails := []int{} // index into pairs of the smallest tail of each length
	prev := make([]int, len(pairs))
	for i, p := range pairs {
		k := sort.Search(len(tails), func(j int) bool { return pairs[tails[j]].b >= p.b })
		if k > 0 {
			prev[i] = tails[k-1]
		} else {
			prev[i] = -1
		}
		if k == len(tails) {
			tails = append(tails, i)
		} else {
			tails[k] = i
		}
	}
	out := make([]pair, len(tails))
	for i, k := len(tails)-1, tails[len(tails)-1]; i >= 0; i, k = i-1, prev[k] {
		out[i] = pairs[k]
	}
	return out
}

// alignDP solves the LCS of a and b exactly and records the matches (offset
// by aoff and boff) in match. buf is reused between calls.
func alignDP(a, b []int32, aoff, boff int, match []int32, buf []uint16) []uint16 {
	n, m := len(a), len(b)
	w := m + 1
	size := (n + 1) * w
	if cap(buf) < size {
		buf = make([]uint16, size)
	}
	t := buf[:size]
	// t[i*w+j] = LCS of a[i:] and b[j:].
	for j := 0; j <= m; j++ {
		t[n*w+j] = 0
	}
	for i := n - 1; i >= 0; i-- {
		row, below := t[i*w:i*w+w], t[(i+1)*w:(i+1)*w+w]
		row[m] = 0
		ai := a[i]
		for j := m - 1; j >= 0; j-- {
			switch {
			case ai == b[j]:
				row[j] = below[j+1] + 1
			case below[j] >= row[j+1]:
				row[j] = below[j]
			default:
				row[j] = row[j+1]
			}
		}
	}
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i] == b[j]:
			match[aoff+i] = int32(boff + j)
			i++
			j++
		case t[(i+1)*w+j] >= t[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	return buf
}
