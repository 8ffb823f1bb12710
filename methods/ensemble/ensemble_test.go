package ensemble_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/methods/ensemble"
	"github.com/boilernet/boilernet/tokenize"
	"github.com/boilernet/boilernet/vocab"
)

// An ensemble's probabilities are the mean of its networks'.
func TestEnsemble(t *testing.T) {
	def, err := defaultmodel.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(def.Nets()) != 2 {
		t.Fatalf("the default model has %d networks, want 2", len(def.Nets()))
	}
	net := def.Net()
	single := ensemble.Of(net)
	// A second network: the default's with a shifted output bias.
	params := *net.Params
	params.BOut = []float32{net.Params.BOut[0] - 1.5}
	other := &bilstm.Model{Config: net.Config, Vocab: net.Vocab, Params: &params}
	page, err := tokenize.Parse([]byte(`<nav><a href="/">Home</a></nav><h1>Night trains</h1><p>After ten years, overnight trains run again between Zurich and Vienna, and every compartment of the first one was sold.</p><footer>© 2025</footer>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := single.Probabilities(page.Blocks)
	b := ensemble.Of(other).Probabilities(page.Blocks)
	m, err := ensemble.New(net, other)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Nets()) != 2 || m.Net() != net {
		t.Fatalf("ensemble nets %v", m.Nets())
	}
	got := m.Probabilities(page.Blocks)
	for i := range a {
		if a[i] == b[i] {
			t.Fatalf("block %d: the shifted bias changed nothing (%v)", i, a[i])
		}
		if want := (a[i] + b[i]) / 2; math.Abs(float64(got[i]-want)) > 1e-6 {
			t.Errorf("block %d: ensemble %v, want the mean %v of %v and %v", i, got[i], want, a[i], b[i])
		}
	}
	// A network reading the page with another vocabulary (the words in
	// reverse order) encodes it anew, not with the first one's rows.
	words := slices.Clone(net.Vocab.Words)
	slices.Reverse(words)
	v, err := vocab.NewFeatures(net.Vocab.Features, words, net.Vocab.Tags, net.Vocab.Attrs)
	if err != nil {
		t.Fatal(err)
	}
	reread := &bilstm.Model{Config: net.Config, Vocab: v, Params: net.Params}
	c := ensemble.Of(reread).Probabilities(page.Blocks)
	mixed, err := ensemble.New(net, reread)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range mixed.Probabilities(page.Blocks) {
		if a[i] == c[i] {
			t.Fatalf("block %d: the reversed vocabulary changed nothing (%v)", i, a[i])
		}
		if want := (a[i] + c[i]) / 2; math.Abs(float64(p-want)) > 1e-6 {
			t.Errorf("block %d: ensemble of two vocabularies %v, want the mean %v of %v and %v", i, p, want, a[i], c[i])
		}
	}
	if _, err := ensemble.New(); err == nil {
		t.Error("an ensemble of no networks was accepted")
	}
}

func TestFirst(t *testing.T) {
	def, err := defaultmodel.Load()
	if err != nil {
		t.Fatal(err)
	}
	for n := range 4 {
		md, err := def.First(n)
		if n < 1 || n > 2 {
			if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d networks asked for, the model has 2", n)) {
				t.Errorf("First(%d): error %v", n, err)
			}
			continue
		}
		if err != nil || !slices.Equal(md.Nets(), def.Nets()[:n]) {
			t.Errorf("First(%d) = %v, %v; want the first %d networks", n, md, err, n)
		}
	}
}

func ExampleModel_First() {
	def, err := defaultmodel.Load()
	if err != nil {
		panic(err)
	}
	first, err := def.First(1) // the first network alone: faster
	if err != nil {
		panic(err)
	}
	fmt.Println(len(def.Nets()), "networks;", len(first.Nets()), "network")
	// Output: 2 networks; 1 network
}
