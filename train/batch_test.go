package train

import (
	"slices"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/vocab"
)

func TestNewBatch(t *testing.T) {
	seqs := []*netInput{
		{Rows: packRows(16, [][]vocab.Entry{{{Col: 1, Count: 2}}, {}, {{Col: 0, Count: 1}, {Col: 3, Count: 1}}}), Labels: []bool{true, false, true}},
		{Rows: packRows(16, [][]vocab.Entry{{{Col: 2, Count: 1}}}), Labels: []bool{false}},
	}
	b, err := newBatch(seqs, [2]float32{0.5, 2})
	if err != nil {
		t.Fatal(err)
	}
	if b.T != 3 || !slices.Equal(b.Lens, []int{3, 1}) {
		t.Fatalf("layout %+v", b.Layout)
	}
	if b.X != nil {
		t.Errorf("a batch laid out with its rows %+v", b.X)
	}
	var x bilstm.Sparse
	inputRows(seqs, b.Layout, &x)
	if !slices.Equal(x.Start, []int{0, 1, 1, 3, 4, 4, 4}) || !slices.Equal(x.Cols, []int32{1, 0, 3, 2}) || !slices.Equal(x.Vals, []float32{2, 1, 1, 1}) {
		t.Errorf("sparse %+v", x)
	}
	if !slices.Equal(b.Y, []float32{1, 0, 1, 0, 0, 0}) || !slices.Equal(b.W, []float32{0.5, 0.125, 0.5, 0.125, 0, 0}) {
		t.Errorf("Y %v W %v", b.Y, b.W)
	}
	// Soft targets replace the labels in Y; the labels keep the weights.
	soft := []*netInput{{Rows: seqs[0].Rows, Labels: seqs[0].Labels, Targets: []float32{0.9, 0.3, 0.6}}}
	if b, err := newBatch(soft, [2]float32{0.5, 2}); err != nil || !slices.Equal(b.Y, []float32{0.9, 0.3, 0.6}) || !slices.Equal(b.W, []float32{2.0 / 3, 0.5 / 3, 2.0 / 3}) {
		t.Errorf("soft targets: Y %v W %v (%v)", b.Y, b.W, err)
	}
	if _, err := newBatch([]*netInput{seqs[1], seqs[0]}, [2]float32{1, 1}); err == nil {
		t.Error("unsorted sequences accepted")
	}
	if w := classWeights(seqs); w != [2]float32{1, 1} {
		t.Errorf("classWeights = %v", w)
	}
	skewed := []*netInput{{Labels: []bool{true, false, false, false}}}
	if w := classWeights(skewed); w != [2]float32{4.0 / 6, 2} {
		t.Errorf("classWeights(skewed) = %v, want [0.667 2]", w)
	}
	// Block weights: the content block weighs as much as the three others.
	weighted := []*netInput{{Rows: packRows(16, make([][]vocab.Entry, 4)), Labels: []bool{true, false, false, false}, Weights: []float32{3, 1, 1, 1}}}
	if w := classWeights(weighted); w != [2]float32{1, 1} {
		t.Errorf("classWeights(weighted) = %v, want [1 1]", w)
	}
	wb, err := newBatch(weighted, [2]float32{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(wb.W, []float32{1.5, 0.25, 0.25, 0.25}) {
		t.Errorf("weighted W %v", wb.W)
	}
}
