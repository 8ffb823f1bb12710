package graph

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/internal/gradcheck"
)

// randSparse makes N sparse rows over in columns, empty on padding rows.
func randSparse(rng *rand.Rand, lay bilstm.Layout, in int) *bilstm.Sparse {
	start, cols, vals := gradcheck.SparseRows(rng, lay.Lens, lay.T, in)
	return &bilstm.Sparse{Start: start, Cols: cols, Vals: vals}
}

var testLayout = bilstm.Layout{T: 6, Lens: []int{6, 4, 1}}

func tinyConfig(dropout float64) bilstm.Config {
	return bilstm.Config{Input: 7, Dense: 5, Hidden: 3, Layers: 2, Dropout: dropout}
}

func tinyBatch(rng *rand.Rand, c bilstm.Config) *Batch {
	lay := testLayout
	b := &Batch{Layout: lay, X: randSparse(rng, lay, c.Input), Y: make([]float32, lay.N()), W: make([]float32, lay.N()), Words: make([]float32, lay.N())}
	for bi, n := range lay.Lens {
		for t := range n {
			r := bi*lay.T + t
			b.Y[r] = float32(rng.IntN(2))
			b.W[r] = 1 / float32(lay.Valid())
			b.Words[r] = float32(1 + rng.IntN(4))
		}
	}
	// Pooling groups: runs of rows within each sequence, numbered across
	// the batch, -1 on padding.
	var next int32
	for range c.Pool {
		g := make([]int32, lay.N())
		for bi, n := range lay.Lens {
			for t := range lay.T {
				r := bi*lay.T + t
				switch {
				case t >= n:
					g[r] = -1
				case t > 0 && rng.IntN(3) == 0:
					next++
					g[r] = next
				default:
					g[r] = next
				}
			}
			next++
		}
		b.Groups = append(b.Groups, g)
	}
	return b
}

// TestGraphGradients checks the gradients that Gorgonia computes through
// the whole graph (custom ops, ReLU, dropout, output layer, loss, and the
// soft token F1 term when weighted) against finite differences of the
// graph's own loss.
func TestGraphGradients(t *testing.T) {
	for _, tc := range []struct {
		f1Weight float64
		pool     []int
		heads    int
	}{{0, nil, 0}, {2, nil, 0}, {0, []int{1, 3}, 0}, {2, []int{2}, 0}, {0, nil, 3}, {2, []int{2}, 2}} {
		f1Weight := tc.f1Weight
		c := tinyConfig(0.5)
		c.Pool = tc.pool
		rng := rand.New(rand.NewPCG(5, 6))
		p := bilstm.InitParams(c, 7)
		for i := range p.BIn { // keep ReLU inputs away from the kink
			p.BIn[i] = 0.6
		}
		batch := tinyBatch(rng, c)
		var heads *Heads
		if tc.heads > 0 {
			heads = &Heads{N: tc.heads, W: gradcheck.Uniform(rng, len(p.WOut)*tc.heads, 0.5), B: gradcheck.Uniform(rng, tc.heads, 0.5)}
			for pg := range batch.B() {
				batch.Heads = append(batch.Heads, pg%tc.heads)
			}
		}
		g, err := New(c, p, batch.N()+5, f1Weight, heads)
		if err != nil {
			t.Fatal(err)
		}
		mask := g.DropoutMask(rng, nil)
		if _, err := g.Run(batch, mask); err != nil {
			t.Fatal(err)
		}
		// Snapshot the gradients: every Run adds to them.
		var grads [][]float32
		for _, n := range g.weights {
			gv, err := n.Grad()
			if err != nil {
				t.Fatal(err)
			}
			grads = append(grads, append([]float32(nil), gv.Data().([]float32)...))
		}
		loss := func() float64 {
			l, err := g.Run(batch, mask)
			if err != nil {
				t.Fatal(err)
			}
			return float64(l)
		}
		tensors := p.Tensors(c)
		if heads != nil {
			tensors = append(tensors, bilstm.Tensor{Name: "head_w", Data: heads.W}, bilstm.Tensor{Name: "head_b", Data: heads.B})
		}
		for i, ts := range tensors {
			gradcheck.Check(t, fmt.Sprintf("%s (F1 weight %v, pool %v, %d heads)", ts.Name, f1Weight, c.Pool, tc.heads), ts.Data, grads[i], loss)
		}
		g.Close()
	}
}

// TestSoftF1Term checks the soft token F1 term's value: the loss with it
// is the cross-entropy plus the weight times one minus the mean over pages
// with content of 2·Σ words·p·y / (Σ words·p + Σ words·y + 1), from the
// logits.
func TestSoftF1Term(t *testing.T) {
	c := tinyConfig(0)
	rng := rand.New(rand.NewPCG(3, 4))
	p := bilstm.InitParams(c, 5)
	batch := tinyBatch(rng, c)
	for t := range batch.Lens[2] { // a page without content: left out of the mean
		batch.Y[2*batch.T+t] = 0
	}
	plain, err := New(c, p, batch.N(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	bce, err := plain.Run(batch, nil)
	if err != nil {
		t.Fatal(err)
	}
	logits := slices.Clone(plain.Logits())
	const weight = 1.5
	g, err := New(c, p, batch.N(), weight, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	words := batch.Words
	batch.Words = nil
	if _, err := g.Run(batch, nil); err == nil {
		t.Error("a batch without words ran with the F1 term")
	}
	batch.Words = words
	got, err := g.Run(batch, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	pages := 0
	for pg, n := range batch.Lens {
		var tp, pred, content float64
		for t := range n {
			r := pg*batch.T + t
			prob := 1 / (1 + math.Exp(-float64(logits[r])))
			w := float64(batch.Words[r])
			tp += w * prob * float64(batch.Y[r])
			pred += w * prob
			content += w * float64(batch.Y[r])
		}
		if content > 0 {
			sum += 2 * tp / (pred + content + 1)
			pages++
		}
	}
	want := float64(bce) + weight*(1-sum/float64(pages))
	if math.Abs(float64(got)-want) > 1e-5 {
		t.Errorf("loss %v, want %v (cross-entropy %v)", got, want, bce)
	}
}

func TestGraphLossFalls(t *testing.T) {
	c := tinyConfig(0)
	rng := rand.New(rand.NewPCG(8, 9))
	p := bilstm.InitParams(c, 1)
	batch := tinyBatch(rng, c)
	g, err := New(c, p, batch.N()+5, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	solver := NewAdam(0.05)
	var first, last float32
	for step := range 60 {
		l, err := g.Run(batch, nil)
		if err != nil {
			t.Fatal(err)
		}
		if step == 0 {
			first = l
		}
		last = l
		if err := solver.Step(g); err != nil {
			t.Fatal(err)
		}
	}
	if !(last < first/4) {
		t.Errorf("loss %.4f → %.4f, want it to fall below a quarter", first, last)
	}
}

func TestPredictMatchesGraph(t *testing.T) {
	for _, pool := range [][]int{nil, {1, 2}} {
		testPredictMatchesGraph(t, pool)
	}
}

func testPredictMatchesGraph(t *testing.T, pool []int) {
	c := tinyConfig(0)
	c.Hidden, c.Dense, c.Pool = 8, 6, pool
	rng := rand.New(rand.NewPCG(10, 11))
	p := bilstm.InitParams(c, 2)
	batch := tinyBatch(rng, c)
	g, err := New(c, p, batch.N()+5, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if _, err := g.Run(batch, nil); err != nil {
		t.Fatal(err)
	}
	logits := g.Logits()
	var ws bilstm.Workspace
	probs := p.Predict(c, batch.Layout, batch.X, &ws)
	for b, n := range batch.Lens {
		for s := range n {
			r := b*batch.T + s
			want := 1 / (1 + math.Exp(-float64(logits[r])))
			if d := math.Abs(float64(probs[r]) - want); d > 1e-5 {
				t.Errorf("pool %v, row %d: Predict %.7f, graph %.7f", pool, r, probs[r], want)
			}
		}
	}
}

// A learning rate of zero leaves the weights as they are; restoring it
// moves them again.
func TestAdamSetLearnRate(t *testing.T) {
	c := tinyConfig(0)
	rng := rand.New(rand.NewPCG(8, 9))
	p := bilstm.InitParams(c, 1)
	batch := tinyBatch(rng, c)
	g, err := New(c, p, batch.N(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	solver := NewAdam(0.05)
	step := func() {
		if _, err := g.Run(batch, nil); err != nil {
			t.Fatal(err)
		}
		if err := solver.Step(g); err != nil {
			t.Fatal(err)
		}
	}
	before := slices.Clone(p.WOut)
	solver.SetLearnRate(0)
	step()
	if !slices.Equal(p.WOut, before) {
		t.Error("weights moved at learning rate 0")
	}
	solver.SetLearnRate(0.05)
	step()
	if slices.Equal(p.WOut, before) {
		t.Error("weights did not move at learning rate 0.05")
	}
}

// TestHeadsMean checks that the datasets' heads sum to zero: a page's
// logits under each dataset's head differ from the plain output layer's,
// and their mean over the datasets is the plain output layer's, which is
// what the saved model scores with.
func TestHeadsMean(t *testing.T) {
	c := tinyConfig(0)
	rng := rand.New(rand.NewPCG(8, 9))
	p := bilstm.InitParams(c, 10)
	batch := tinyBatch(rng, c)
	plain, err := New(c, p, batch.N(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if _, err := plain.Run(batch, nil); err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(plain.Logits())
	const n = 3
	heads := &Heads{N: n, W: gradcheck.Uniform(rng, len(p.WOut)*n, 1), B: gradcheck.Uniform(rng, n, 1)}
	g, err := New(c, p, batch.N(), 0, heads)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	mean := make([]float64, len(want))
	for d := range n {
		batch.Heads = slices.Repeat([]int{d}, batch.B())
		if _, err := g.Run(batch, nil); err != nil {
			t.Fatal(err)
		}
		differs := false
		for r, z := range g.Logits() {
			mean[r] += float64(z) / n
			differs = differs || math.Abs(float64(z-want[r])) > 1e-3
		}
		if !differs {
			t.Errorf("dataset %d: logits equal the plain output layer's", d)
		}
	}
	for r, z := range mean {
		if math.Abs(z-float64(want[r])) > 1e-4 {
			t.Fatalf("row %d: mean logit over the heads %v, plain %v", r, z, want[r])
		}
	}
	batch.Heads = slices.Repeat([]int{n}, batch.B())
	if _, err := g.Run(batch, nil); err == nil {
		t.Error("dataset out of range: no error")
	}
}

// Graphs that share their LSTM buffers (ShareBuffers) train as graphs with
// buffers of their own: batches of two sizes alternate between a small
// and a large graph, and the weights, losses and logits match bit for bit.
func TestShareBuffers(t *testing.T) {
	c := tinyConfig(0)
	small := tinyBatch(rand.New(rand.NewPCG(1, 2)), c)
	large := &Batch{Layout: bilstm.Layout{T: 9, Lens: []int{9, 9, 7, 2}}}
	rng := rand.New(rand.NewPCG(3, 4))
	large.X = randSparse(rng, large.Layout, c.Input)
	large.Y, large.W, large.Words = make([]float32, large.N()), make([]float32, large.N()), make([]float32, large.N())
	for r := range large.Y {
		large.Y[r], large.W[r], large.Words[r] = float32(rng.IntN(2)), 0.05, 2
	}
	train := func(share bool) (*bilstm.Params, []float32) {
		p := bilstm.InitParams(c, 3)
		gs, gl := mustNew(t, c, p, small.N()), mustNew(t, c, p, large.N())
		defer gs.Close()
		defer gl.Close()
		if share {
			if err := gs.ShareBuffers(gl); err != nil {
				t.Fatal(err)
			}
			if gs.lstms[1].bwd != gl.lstms[1].bwd {
				t.Fatal("the buffers are not shared")
			}
		}
		solver := NewAdam(0.05)
		var trace []float32
		for step := range 6 {
			g, b := gs, small
			if step%2 == 1 {
				g, b = gl, large
			}
			loss, err := g.Run(b, nil)
			if err != nil {
				t.Fatal(err)
			}
			trace = append(append(trace, loss), g.Logits()[:b.N()]...)
			if err := solver.Step(g); err != nil {
				t.Fatal(err)
			}
		}
		return p, trace
	}
	p1, trace1 := train(false)
	p2, trace2 := train(true)
	if !slices.Equal(trace1, trace2) || !slices.Equal(p1.WIn, p2.WIn) || !slices.Equal(p1.WOut, p2.WOut) {
		t.Errorf("shared buffers trained otherwise: losses and logits %v, want %v", trace2, trace1)
	}
	other := tinyConfig(0)
	other.Layers = 1
	if err := mustNew(t, other, bilstm.InitParams(other, 1), 10).ShareBuffers(mustNew(t, c, p1, 10)); err == nil {
		t.Error("graphs of 1 and 2 layers share buffers")
	}
}

func mustNew(t *testing.T, c bilstm.Config, p *bilstm.Params, n int) *Graph {
	t.Helper()
	g, err := New(c, p, n, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPull checks that Pull adds 2·λ·(w − anchor) to each weight's
// gradient of the last Run, and refuses anchors that do not fit.
func TestPull(t *testing.T) {
	c := tinyConfig(0)
	rng := rand.New(rand.NewPCG(8, 9))
	p := bilstm.InitParams(c, 1)
	batch := tinyBatch(rng, c)
	g := mustNew(t, c, p, batch.N())
	if _, err := g.Run(batch, nil); err != nil {
		t.Fatal(err)
	}
	grads := func() [][]float32 {
		var out [][]float32
		for _, n := range g.weights {
			v, err := n.Grad()
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, slices.Clone(v.Data().([]float32)))
		}
		return out
	}
	before := grads()
	var anchor [][]float32
	for i, ts := range p.Tensors(c) {
		a := make([]float32, len(ts.Data))
		for j, w := range ts.Data {
			a[j] = w - float32(i+1) // w − anchor = i+1
		}
		anchor = append(anchor, a)
	}
	const lambda = 0.25
	if err := g.Pull(anchor, lambda); err != nil {
		t.Fatal(err)
	}
	for i, after := range grads() {
		for j, v := range after {
			if want := before[i][j] + 2*lambda*float32(i+1); math.Abs(float64(v-want)) > 1e-5 {
				t.Fatalf("weight %d [%d]: gradient %v, want %v", i, j, v, want)
			}
		}
	}
	if err := g.Pull(append(anchor, anchor...), lambda); err == nil {
		t.Error("more anchors than weights accepted")
	}
	if err := g.Pull([][]float32{{1}}, lambda); err == nil {
		t.Error("an anchor of the wrong size accepted")
	}
}
