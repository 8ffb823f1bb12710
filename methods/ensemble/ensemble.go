// Package ensemble runs the neural model of the bilstm methods: one
// network, or an ensemble of networks whose probabilities are averaged.
package ensemble

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/tokenize"
)

// Model is a loaded neural network, or an ensemble of networks, ready to
// give each block of a page its probability of being content
// (Probabilities; an ensemble's is the mean of its networks'). It is safe
// for concurrent use.
type Model struct {
	nets []*bilstm.Model
	pool sync.Pool // of *workspace
}

// workspace holds one page's reusable buffers.
type workspace struct {
	net bilstm.PageWorkspace
	x   bilstm.Sparse
}

// keptBlocks is the page length (in blocks) up to which a workspace's
// buffers go back to the pool: those of a longer page are left to the
// garbage collector rather than held for the pages after it.
const keptBlocks = 1 << 14

// New returns the Model that averages the probabilities of nets (at
// least one), each reading the page with its own vocabulary and feature
// set. Networks of different seeds disagree on the doubtful blocks, and
// their mean is right more often than any one of them.
func New(nets ...*bilstm.Model) (*Model, error) {
	if len(nets) == 0 {
		return nil, errors.New("ensemble: an ensemble needs at least one network")
	}
	return newModel(slices.Clone(nets)), nil
}

// First returns the Model of md's first n networks, 1 ≤ n ≤ len(Nets()):
// an ensemble's first network alone is faster (boilernet -networks 1).
func (md *Model) First(n int) (*Model, error) {
	if n < 1 || n > len(md.nets) {
		return nil, fmt.Errorf("ensemble: %d networks asked for, the model has %d", n, len(md.nets))
	}
	return newModel(md.nets[:n:n]), nil
}

// Of returns the Model of one network.
func Of(net *bilstm.Model) *Model { return newModel([]*bilstm.Model{net}) }

func newModel(nets []*bilstm.Model) *Model {
	return &Model{nets: nets, pool: sync.Pool{New: func() any { return new(workspace) }}}
}

// Net returns the network (an ensemble's first): its configuration,
// vocabulary, weights and metadata.
func (md *Model) Net() *bilstm.Model { return md.nets[0] }

// Nets returns the networks of the model: one, or an ensemble's.
func (md *Model) Nets() []*bilstm.Model { return slices.Clone(md.nets) }

// Probabilities returns P(content) for each block of one page, in order.
func (md *Model) Probabilities(blocks []tokenize.Block) []float32 {
	if len(blocks) == 0 {
		return nil
	}
	ws := md.pool.Get().(*workspace)
	if len(blocks) <= keptBlocks {
		defer md.pool.Put(ws)
	}
	return bilstm.MeanPrediction(md.nets, blocks, &ws.x, &ws.net)
}
