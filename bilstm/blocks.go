package bilstm

import (
	"slices"

	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/vocab"
)

// MeanPrediction returns each block's mean probability of being content
// over nets (at least one), in a new slice. A network whose vocabulary
// equals the one before it reuses that one's encoding of the page. x and
// ws are buffers reused from call to call.
func MeanPrediction(nets []*Model, blocks []tokenize.Block, x *Sparse, ws *PageWorkspace) []float32 {
	mean := make([]float32, len(blocks))
	var groups [][]int32
	for k, m := range nets {
		if k == 0 || !m.Vocab.Equal(nets[k-1].Vocab) {
			encodeBlocks(m.Vocab, blocks, x)
		}
		if k == 0 || !slices.Equal(m.Config.Pool, nets[k-1].Config.Pool) {
			groups = PoolGroups(blocks, m.Config.Pool)
		}
		for i, p := range m.Params.PredictPage(m.Config, x, groups, ws) {
			mean[i] += p
		}
	}
	if len(nets) > 1 {
		for i := range mean {
			mean[i] /= float32(len(nets))
		}
	}
	return mean
}

// encodeBlocks encodes the blocks of one page with v into x.
func encodeBlocks(v *vocab.Vocab, blocks []tokenize.Block, x *Sparse) {
	x.Start = append(slices.Grow(x.Start[:0], len(blocks)+1), 0)
	// Room for rows of a typical size up front: growing by appending
	// would hold the old and the new arrays at once on the longest pages.
	size := len(blocks) * typicalRow(v)
	x.Cols, x.Vals = slices.Grow(x.Cols[:0], size), slices.Grow(x.Vals[:0], size)
	v.EncodePage(blocks, func(_ int, row []vocab.Entry) {
		for _, en := range row {
			x.Cols = append(x.Cols, en.Col)
			x.Vals = append(x.Vals, en.Count)
		}
		x.Start = append(x.Start, len(x.Cols))
	})
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
	if v.Features.Repeats {
		n += vocab.NumRepeatStats
	}
	if v.Features.Topic {
		n += vocab.NumTopicStats
	}
	return n
}
