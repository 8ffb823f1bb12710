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
// from, whatever the values and the width of the entries: whole counts
// kept in the entry, the other values in the side table.
func TestPackedRows(t *testing.T) {
	e := func(col int32, v float32) vocab.Entry { return vocab.Entry{Col: col, Count: v} }
	tests := []struct {
		name  string
		dim   int // columns
		pages [][][]vocab.Entry
		vals  int // values kept in the side table
	}{
		{"empty rows", 1271, [][][]vocab.Entry{{{}, {}, {}}}, 0},
		{"counts", 1271, [][][]vocab.Entry{{{e(0, 1), e(3, 2), e(9, 31)}, {e(4, 17)}}}, 0},
		{"counts past 5 bits", 1271, [][][]vocab.Entry{{{e(1, 32), e(2, 1000), e(5, 3)}}}, 2},
		{"counts past 12 bits", 16, [][][]vocab.Entry{{{e(1, 4095), e(2, 4096), e(15, 3)}}}, 1},
		{"counts past 3 bits", 1 << 13, [][][]vocab.Entry{{{e(1, 7), e(2, 8), e(1<<13-1, 3)}}}, 1},
		{"counts past a byte", 1 << 14, [][][]vocab.Entry{{{e(1, 255), e(2, 256), e(5, 3)}}}, 1},
		{"statistics", 1271, [][][]vocab.Entry{{{e(7, 0.25), e(8, 1e-7), e(9, 0.999)}, {e(10, 3.5), e(11, 1)}}}, 4},
		{"zero, negative, infinite, NaN", 1271, [][][]vocab.Entry{{{e(1, 0), e(2, -1), e(3, float32(math.Inf(1))), e(4, float32(math.NaN())), e(5, float32(math.Copysign(0, -1)))}}}, 5},
		{"largest narrow column", 1271, [][][]vocab.Entry{{{e(0, 2), e(1270, 1), e(1269, 0.5)}}}, 1},
		{"largest column", maxPackedCol + 1, [][][]vocab.Entry{{{e(0, 2), e(maxPackedCol, 1), e(maxPackedCol-1, 0.5)}}}, 1},
		{"pages of several lengths", 1271, [][][]vocab.Entry{
			{{e(1, 1)}, {e(2, 0.5)}, {}, {e(3, 4), e(1000, 0.125)}},
			{{e(5, 2)}, {}},
			{{e(6, 0.75)}},
		}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// At the case's width, and as 4-byte entries.
			for _, dim := range []int{tt.dim, maxPackedCol + 1} {
				var seqs []*netInput
				var lay bilstm.Layout
				vals := 0
				for _, rows := range tt.pages {
					p := packRows(dim, rows)
					if p.Len() != len(rows) || p.wide != (dim > 1<<13) {
						t.Fatalf("dim %d: %d packed rows of %d, wide %v", dim, p.Len(), len(rows), p.wide)
					}
					vals += len(p.vals)
					seqs = append(seqs, &netInput{Rows: p})
					lay.Lens = append(lay.Lens, len(rows))
					lay.T = max(lay.T, len(rows))
				}
				if dim == tt.dim && vals != tt.vals {
					t.Errorf("%d values in the side table, want %d", vals, tt.vals)
				}
				want := denseRows(tt.pages, lay)
				x := &bilstm.Sparse{Start: []int{7}, Cols: []int32{1, 2}, Vals: []float32{3, 4}} // a used buffer
				if got := inputRows(seqs, lay, x); !sameSparse(got, want) {
					t.Errorf("dim %d: rows %+v, want %+v", dim, got, want)
				}
			}
		})
	}
	for _, c := range []struct {
		dim int
		col int32
	}{{1271, -1}, {1271, 2047 + 1}, {maxPackedCol + 1, maxPackedCol + 1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("column %d packed for %d columns", c.col, c.dim)
				}
			}()
			packRows(c.dim, [][]vocab.Entry{{{Col: c.col, Count: 1}}})
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
