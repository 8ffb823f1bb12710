package bilstm

import (
	"slices"

	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/vocab"
)

// PredictBlocks encodes the blocks of one page with the model's vocabulary
// into x and returns each block's probability of being content, in ws's
// buffer (valid until ws's next use). x and ws are reused from call to
// call.
func (m *Model) PredictBlocks(blocks []tokenize.Block, x *Sparse, ws *PageWorkspace) []float32 {
	x.Start = append(slices.Grow(x.Start[:0], len(blocks)+1), 0)
	// Room for rows of a typical size up front: growing by appending
	// would hold the old and the new arrays at once on the longest pages.
	size := len(blocks) * typicalRow(m.Vocab)
	x.Cols, x.Vals = slices.Grow(x.Cols[:0], size), slices.Grow(x.Vals[:0], size)
	m.Vocab.EncodePage(blocks, func(_ int, row []vocab.Entry) {
		for _, en := range row {
			x.Cols = append(x.Cols, en.Col)
			x.Vals = append(x.Vals, en.Count)
		}
		x.Start = append(x.Start, len(x.Cols))
	})
	return m.Params.PredictPage(m.Config, x, ws)
}

// typicalRow is the entries of a short block's row: a few words and
// ancestor tags and attribute tokens, and every statistics column.
func typicalRow(v *vocab.Vocab) int {
	n := 8
	if v.Features.Stats {
		n += vocab.NumStats
	}
	if v.Features.Regions {
		n += vocab.NumRegionStats
	}
	return n
}
