package train

import (
	"fmt"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/vocab"
)

// packedRows are the sparse input rows of one page, encoded once and kept
// compact for the whole run: batches are laid out from them when they run
// (appendTo), so that no batch keeps rows of its own. An entry takes 4
// bytes, its column shifted left by 8 bits and, in the low 8 bits, its
// value when that is a whole number from 1 to 255 (the bag counts, nearly
// all of them); the low bits 0 mark a value kept in vals as it is (the
// statistics), in the order of the entries. A column needs at most 24
// bits (bilstm.Config.Check's limit on the input size).
type packedRows struct {
	ends []int32   // ends[t]: the end of row t in ents
	ents []uint32  // column<<8 | value, or column<<8 with the value in vals
	vals []float32 // the values that are not whole numbers in [1, 255]
}

// maxPackedCol is the highest column packedRows holds.
const maxPackedCol = 1<<24 - 1

// Len is the number of rows.
func (p *packedRows) Len() int { return len(p.ends) }

// add appends a row.
func (p *packedRows) add(row []vocab.Entry) {
	for _, e := range row {
		if e.Col < 0 || e.Col > maxPackedCol {
			panic(fmt.Sprintf("train: input column %d outside [0, %d]", e.Col, maxPackedCol))
		}
		ent := uint32(e.Col) << 8
		if k := e.Count; k >= 1 && k <= 255 && k == float32(uint8(k)) {
			ent |= uint32(k)
		} else {
			p.vals = append(p.vals, k)
		}
		p.ents = append(p.ents, ent)
	}
	p.ends = append(p.ends, int32(len(p.ents)))
}

// clone returns a copy of p whose slices have no spare capacity.
func (p *packedRows) clone() packedRows {
	return packedRows{ends: clip(p.ends), ents: clip(p.ents), vals: clip(p.vals)}
}

func clip[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

// reset empties p, keeping its buffers.
func (p *packedRows) reset() {
	p.ends, p.ents, p.vals = p.ends[:0], p.ents[:0], p.vals[:0]
}

// packRows packs rows.
func packRows(rows [][]vocab.Entry) packedRows {
	var p packedRows
	for _, r := range rows {
		p.add(r)
	}
	return p.clone()
}

// appendTo appends p's rows to x, each with its end in x.Start (which
// must hold the start of the first).
func (p *packedRows) appendTo(x *bilstm.Sparse) {
	v, start := 0, 0
	for _, end := range p.ends {
		for _, ent := range p.ents[start:end] {
			val := float32(ent & 0xff)
			if val == 0 {
				val = p.vals[v]
				v++
			}
			x.Cols = append(x.Cols, int32(ent>>8))
			x.Vals = append(x.Vals, val)
		}
		start = int(end)
		x.Start = append(x.Start, len(x.Cols))
	}
}

// size is the number of entries.
func (p *packedRows) size() int { return len(p.ents) }
