package main

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func TestSolve(t *testing.T) {
	a := []float64{4, 1, 0, 1, 3, 1, 0, 1, 2}
	b := []float64{1, 2, 3}
	x, err := solve(append([]float64(nil), a...), append([]float64(nil), b...), 3)
	if err != nil {
		t.Fatal(err)
	}
	for r := range 3 {
		var s float64
		for c := range 3 {
			s += a[r*3+c] * x[c]
		}
		if math.Abs(s-b[r]) > 1e-9 {
			t.Errorf("row %d: %v, want %v", r, s, b[r])
		}
	}
	if _, err := solve(make([]float64, 9), b, 3); err == nil {
		t.Error("a singular system was solved")
	}
}

// newton recovers the weights that generated the labels.
func TestNewton(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rows := make([]row, 20000)
	for i := range rows {
		rows[i].F[0] = 1
		for j := 1; j < numFeatures; j++ {
			rows[i].F[j] = float32(rng.NormFloat64())
		}
		z := -0.5 + 2*float64(rows[i].F[1]) - 1*float64(rows[i].F[2])
		rows[i].Label = rng.Float64() < 1/(1+math.Exp(-z))
		rows[i].Words = 1
	}
	w, err := weights(rows, "words")
	if err != nil {
		t.Fatal(err)
	}
	beta, err := newton(rows, w, 0)
	if err != nil {
		t.Fatal(err)
	}
	for j, want := range map[int]float64{0: -0.5, 1: 2, 2: -1, 3: 0} {
		if math.Abs(beta[j]-want) > 0.1 {
			t.Errorf("weight %d = %.3f, want %.1f", j, beta[j], want)
		}
	}
}

// The features of a block relate it to the surely-content text.
func TestPassFeatures(t *testing.T) {
	page, err := tokenize.Parse([]byte(`<nav><a href=/>Home</a></nav><article><p>The article's first paragraph about night trains in the Alps.</p><p>Night trains in the Alps return, the second paragraph says.</p></article><div hidden><p>Other words entirely unrelated here.</p></div>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := passFeatures(page.Blocks, []float32{0.1, 0.95, 0.9, 0.2})
	if len(f) != 4 || f[0][0] != 1 || f[0][16] != 1 || f[3][15] != 1 {
		t.Fatalf("bias, navigation or hidden flags: %v", f)
	}
	if f[0][12] != 1 || f[3][13] != 1 {
		t.Errorf("before-all %v, after-all %v", f[0][12], f[3][13])
	}
	if f[2][8] == 0 || f[3][8] != 0 {
		t.Errorf("shared vocabulary: second paragraph %v, unrelated block %v", f[2][8], f[3][8])
	}
}
