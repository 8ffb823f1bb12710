package infer

import (
	"errors"
	"slices"
	"sync"

	"github.com/boilernet/boilernet/bilstm"
)

// Model is a loaded neural network, or an ensemble of networks, ready to
// label the blocks of pages: it gives each block its probability of being
// content (Probabilities; an ensemble's is the mean of its networks') and
// selects blocks as Extract does (Select). It is the block classifier of
// the Extractors of New, NewEnsemble, Load and Default, and safe for
// concurrent use.
type Model struct {
	nets []*bilstm.Model
	pool sync.Pool // of *workspace
}

// NewModel returns the Model of a network.
func NewModel(m *bilstm.Model) *Model { return newModel([]*bilstm.Model{m}) }

func newModel(nets []*bilstm.Model) *Model {
	return &Model{nets: nets, pool: sync.Pool{New: func() any { return new(workspace) }}}
}

// NewEnsembleModel returns the Model that averages the probabilities of
// nets (at least one), each reading the page with its own vocabulary and
// feature set. Networks of different seeds disagree on the doubtful blocks,
// and their mean is right more often than any one of them.
func NewEnsembleModel(nets ...*bilstm.Model) (*Model, error) {
	if len(nets) == 0 {
		return nil, errors.New("infer: an ensemble needs at least one network")
	}
	return newModel(slices.Clone(nets)), nil
}

// Net returns the network (an ensemble's first): its configuration,
// vocabulary, weights and metadata.
func (md *Model) Net() *bilstm.Model { return md.nets[0] }

// Nets returns the networks of the model: one, or an ensemble's.
func (md *Model) Nets() []*bilstm.Model { return slices.Clone(md.nets) }
