package main

import (
	"encoding/gob"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"
)

// model is a logistic regression over hashed features (see features).
type model struct {
	Unit string // what it reads: a block, or a line of blocks (see lines)
	Bits int
	Bias float64
	W    []float32
}

// sample is one block: its features, whether it is content, and its
// weight in the loss.
type sample struct {
	F      []uint32
	Y      bool
	Weight float32
}

// prob returns the model's P(content) of a block's features.
func (m *model) prob(f []uint32) float64 {
	z := m.Bias
	for _, j := range f {
		z += float64(m.W[j])
	}
	return 1 / (1 + math.Exp(-z))
}

// fitOptions are the settings of fitModel.
type fitOptions struct {
	Unit   string // block or line
	Bits   int
	Epochs int
	Rate   float64 // AdaGrad's step
	L2     float64 // penalty on each weight a sample touches, per sample
	Seed   uint64  // of the order of the samples in each epoch
}

// fitModel fits a model to the samples by AdaGrad on the weighted log
// loss, one sample at a time, in an order shuffled anew each epoch from
// the seed, so that the same samples and options give the same model.
func fitModel(samples []sample, o fitOptions) *model {
	m := &model{Unit: o.Unit, Bits: o.Bits, W: make([]float32, 1<<o.Bits)}
	sq := make([]float32, 1<<o.Bits) // AdaGrad's sums of squared gradients
	var sqBias float64
	order := make([]int, len(samples))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(o.Seed, 1))
	const eps = 1e-8
	for epoch := range o.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		var loss, weight float64
		for _, i := range order {
			s := samples[i]
			p := m.prob(s.F)
			y := 0.0
			if s.Y {
				y = 1
			}
			w := float64(s.Weight)
			loss -= w * (y*math.Log(max(p, 1e-12)) + (1-y)*math.Log(max(1-p, 1e-12)))
			weight += w
			g := w * (p - y)
			sqBias += g * g
			m.Bias -= o.Rate * g / math.Sqrt(sqBias+eps)
			for _, j := range s.F {
				gj := g + o.L2*float64(m.W[j])
				sq[j] += float32(gj * gj)
				m.W[j] -= float32(o.Rate * gj / math.Sqrt(float64(sq[j])+eps))
			}
		}
		log.Printf("epoch %d: mean weighted log loss %.4f", epoch+1, loss/weight)
	}
	return m
}

// save writes m to path (gob).
func (m *model) save(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(m); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

// loadModel reads a model that save wrote.
func loadModel(path string) (*model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var m model
	if err := gob.NewDecoder(f).Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(m.W) != 1<<m.Bits {
		return nil, fmt.Errorf("%s: %d weights for %d bits", path, len(m.W), m.Bits)
	}
	return &m, nil
}
