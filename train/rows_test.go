package train

import (
	"context"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/vocab"
)

// denseRows lays out the rows of pages padded to lay as batches were laid
// out before the rows were packed: every entry copied as it is.
func denseRows(pages [][][]vocab.Entry, lay bilstm.Layout) *bilstm.Sparse {
	x := &bilstm.Sparse{Start: []int{0}}
	for _, rows := range pages {
		for t := range lay.T {
			if t < len(rows) {
				for _, e := range rows[t] {
					x.Cols = append(x.Cols, e.Col)
					x.Vals = append(x.Vals, e.Count)
				}
			}
			x.Start = append(x.Start, len(x.Cols))
		}
	}
	return x
}

// sameSparse compares two sparse layouts value by value (bit for bit, so
// that a NaN equals itself and -0 differs from 0).
func sameSparse(a, b *bilstm.Sparse) bool {
	bits := func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) }
	return slices.Equal(a.Start, b.Start) && slices.Equal(a.Cols, b.Cols) && slices.EqualFunc(a.Vals, b.Vals, bits)
}

// Packed rows lay out the same batch rows as the entries they were packed
// from, whatever the values: whole counts kept in the entry, others in
// the side table.
func TestPackedRows(t *testing.T) {
	e := func(col int32, v float32) vocab.Entry { return vocab.Entry{Col: col, Count: v} }
	tests := []struct {
		name  string
		pages [][][]vocab.Entry
		vals  int // values kept in the side table
	}{
		{"empty rows", [][][]vocab.Entry{{{}, {}, {}}}, 0},
		{"counts", [][][]vocab.Entry{{{e(0, 1), e(3, 2), e(9, 255)}, {e(4, 17)}}}, 0},
		{"counts past a byte", [][][]vocab.Entry{{{e(1, 256), e(2, 1000), e(5, 3)}}}, 2},
		{"statistics", [][][]vocab.Entry{{{e(7, 0.25), e(8, 1e-7), e(9, 0.999)}, {e(10, 3.5), e(11, 1)}}}, 4},
		{"zero, negative, infinite, NaN", [][][]vocab.Entry{{{e(1, 0), e(2, -1), e(3, float32(math.Inf(1))), e(4, float32(math.NaN())), e(5, float32(math.Copysign(0, -1)))}}}, 5},
		{"largest column", [][][]vocab.Entry{{{e(0, 2), e(maxPackedCol, 1), e(maxPackedCol-1, 0.5)}}}, 1},
		{"pages of several lengths", [][][]vocab.Entry{
			{{e(1, 1)}, {e(2, 0.5)}, {}, {e(3, 4), e(1000, 0.125)}},
			{{e(5, 2)}, {}},
			{{e(6, 0.75)}},
		}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var seqs []*netInput
			var lay bilstm.Layout
			vals := 0
			for _, rows := range tt.pages {
				p := packRows(rows)
				if p.Len() != len(rows) {
					t.Fatalf("%d packed rows of %d", p.Len(), len(rows))
				}
				vals += len(p.vals)
				seqs = append(seqs, &netInput{Rows: p})
				lay.Lens = append(lay.Lens, len(rows))
				lay.T = max(lay.T, len(rows))
			}
			if vals != tt.vals {
				t.Errorf("%d values in the side table, want %d", vals, tt.vals)
			}
			want := denseRows(tt.pages, lay)
			x := &bilstm.Sparse{Start: []int{7}, Cols: []int32{1, 2}, Vals: []float32{3, 4}} // a used buffer
			if got := inputRows(seqs, lay, x); !sameSparse(got, want) {
				t.Errorf("rows %+v, want %+v", got, want)
			}
		})
	}
	for _, col := range []int32{-1, maxPackedCol + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("column %d packed", col)
				}
			}()
			packRows([][]vocab.Entry{{{Col: col, Count: 1}}})
		}()
	}
}

// For every feature set, the batches laid out from the encoded pages hold
// the rows vocab.EncodePage gives, as the batches did before the rows were
// packed; and so do the dev batches scored.
func TestBatchRowsEqualEncodePage(t *testing.T) {
	docs, err := loadSynth()
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"paper", "paper+attrs+regions", "rich", "paper+attrs+stats+regions+repeats+visible+topic"} {
		t.Run(spec, func(t *testing.T) {
			f, err := vocab.ParseFeatures(spec)
			if err != nil {
				t.Fatal(err)
			}
			opts := tinyOptions()
			opts.Features = &f
			in, err := prepare(docs, []DevSet{{"synth", docs[:10]}}, opts.withDefaults(), &Result{})
			if err != nil {
				t.Fatal(err)
			}
			var enc encoder
			for _, d := range docs {
				var page [][]vocab.Entry
				in.vocab.EncodePage(d.Page.Blocks, func(_ int, row []vocab.Entry) { page = append(page, slices.Clone(row)) })
				s := enc.encode(in.vocab, d, false, opts)
				if !slices.Equal(s.Labels, d.Labels) || s.Len() != len(page) {
					t.Fatalf("page %s: %d rows, labels %v, want %d and %v", d.ID, s.Len(), s.Labels, len(page), d.Labels)
				}
				if got, want := inputRows([]*netInput{s.netInput}, bilstm.Layout{Lens: []int{s.Len()}, T: s.Len()}, new(bilstm.Sparse)),
					denseRows([][][]vocab.Entry{page}, bilstm.Layout{Lens: []int{len(page)}, T: len(page)}); !sameSparse(got, want) {
					t.Fatalf("page %s: rows differ", d.ID)
				}
			}
			// A sequence shares its labels with its page.
			byLabels := map[*bool]*data.Document{}
			for _, d := range docs {
				byLabels[&d.Labels[0]] = d
			}
			batches := slices.Concat(in.trainBatches, in.devBatches[0])
			if len(batches) < 2 {
				t.Fatalf("%d batches", len(batches))
			}
			var x bilstm.Sparse
			for k, b := range batches {
				var pages [][][]vocab.Entry
				for _, s := range b.seqs {
					var page [][]vocab.Entry
					in.vocab.EncodePage(byLabels[&s.Labels[0]].Page.Blocks, func(_ int, row []vocab.Entry) { page = append(page, slices.Clone(row)) })
					pages = append(pages, page)
				}
				if got, want := b.withRows(&x).X, denseRows(pages, b.Layout); !sameSparse(got, want) {
					t.Errorf("batch %d (%v): rows differ", k, b.Lens)
				}
			}
		})
	}
}

// Run, which reads the pages twice and keeps only their rows, trains the
// model Fit trains on the same pages loaded once.
func TestRunEqualsFit(t *testing.T) {
	opts := tinyOptions()
	opts.Epochs = 2
	opts.WordWeights = true
	opts.F1Loss = 0.5
	trainDocs, devSets, err := load(opts)
	if err != nil {
		t.Fatal(err)
	}
	fitted, err := Fit(context.Background(), trainDocs, devSets, opts)
	if err != nil {
		t.Fatal(err)
	}
	run, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	untimed := func(e Epoch) Epoch {
		e.Seconds, e.BlocksPerSec = 0, 0
		return e
	}
	if !reflect.DeepEqual(fitted.Model, run.Model) || !reflect.DeepEqual(untimed(fitted.Best), untimed(run.Best)) {
		t.Errorf("Run's model (best %+v) differs from Fit's (best %+v)", run.Best, fitted.Best)
	}
	if run.TrainDocs != fitted.TrainDocs || run.DevDocs != fitted.DevDocs || run.Skipped != fitted.Skipped {
		t.Errorf("Run counted %d/%d/%d pages, Fit %d/%d/%d", run.TrainDocs, run.DevDocs, run.Skipped, fitted.TrainDocs, fitted.DevDocs, fitted.Skipped)
	}
}

// loadSynth loads every page of the synthetic dataset's train split.
func loadSynth() ([]*data.Document, error) {
	docs, _, err := load(Options{Data: []string{synth}})
	return docs, err
}
