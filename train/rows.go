package train

import (
	"fmt"
	"math/bits"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/vocab"
)

// packedRows are the sparse input rows of one page, encoded once and kept
// compact for the whole run: batches are laid out from them when they run
// (appendTo), so that no batch keeps rows of its own.
//
// An entry is its column shifted left by shift bits and, in the low shift
// bits, its value when that is a whole number from 1 to 2^shift − 1 (the
// bag counts, nearly all of them); the low bits 0 mark a value kept in
// vals as it is (the statistics), in the order of the entries. Entries
// take 2 bytes (in small) when the columns leave at least 3 bits for the
// counts (an input of up to 8,192 columns, as the embedded model's 1,271),
// else 4 bytes (in ents, with shift 8: bilstm.Config.Check allows 2^24
// columns).
type packedRows struct {
	ends  []int32 // ends[t]: the end of row t in small or ents
	small []uint16
	ents  []uint32
	vals  []float32 // the values not kept in their entries
	shift uint8     // 0: not set up (newPackedRows)
	wide  bool      // entries in ents
}

// maxPackedCol is the highest column packedRows holds.
const maxPackedCol = 1<<24 - 1

// newPackedRows returns empty rows for columns below dim.
func newPackedRows(dim int) packedRows {
	colBits := bits.Len(uint(max(dim, 1) - 1))
	if colBits <= 13 {
		return packedRows{shift: uint8(16 - colBits)}
	}
	return packedRows{shift: 8, wide: true}
}

// Len is the number of rows.
func (p *packedRows) Len() int { return len(p.ends) }

// size is the number of entries.
func (p *packedRows) size() int {
	if p.wide {
		return len(p.ents)
	}
	return len(p.small)
}

// add appends a row, whose columns must be below the dim p was made for.
func (p *packedRows) add(row []vocab.Entry) {
	limit := int32(maxPackedCol)
	if !p.wide {
		limit = 1<<(16-p.shift) - 1
	}
	most := float32(uint32(1)<<p.shift - 1)
	for _, e := range row {
		if e.Col < 0 || e.Col > limit {
			panic(fmt.Sprintf("train: input column %d outside [0, %d]", e.Col, limit))
		}
		ent := uint32(e.Col) << p.shift
		if k := e.Count; k >= 1 && k <= most && k == float32(uint32(k)) {
			ent |= uint32(k)
		} else {
			p.vals = append(p.vals, k)
		}
		if p.wide {
			p.ents = append(p.ents, ent)
		} else {
			p.small = append(p.small, uint16(ent))
		}
	}
	p.ends = append(p.ends, int32(p.size()))
}

// clone returns a copy of p whose slices have no spare capacity.
func (p *packedRows) clone() packedRows {
	return packedRows{ends: clip(p.ends), small: clip(p.small), ents: clip(p.ents), vals: clip(p.vals), shift: p.shift, wide: p.wide}
}

func clip[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// reset empties p, keeping its buffers.
func (p *packedRows) reset() {
	p.ends, p.small, p.ents, p.vals = p.ends[:0], p.small[:0], p.ents[:0], p.vals[:0]
}

// packRows packs rows of columns below dim.
func packRows(dim int, rows [][]vocab.Entry) packedRows {
	p := newPackedRows(dim)
	for _, r := range rows {
		p.add(r)
	}
	return p.clone()
}

// appendTo appends p's rows to x, each with its end in x.Start (which
// must hold the start of the first).
func (p *packedRows) appendTo(x *bilstm.Sparse) {
	if p.wide {
		appendRows(p, p.ents, x)
	} else {
		appendRows(p, p.small, x)
	}
}

func appendRows[E uint16 | uint32](p *packedRows, ents []E, x *bilstm.Sparse) {
	mask := E(1)<<p.shift - 1
	v, start := 0, 0
	for _, end := range p.ends {
		for _, ent := range ents[start:end] {
			val := float32(ent & mask)
			if val == 0 {
				val = p.vals[v]
				v++
			}
			x.Cols = append(x.Cols, int32(ent>>p.shift))
			x.Vals = append(x.Vals, val)
		}
		start = int(end)
		x.Start = append(x.Start, len(x.Cols))
	}
}
