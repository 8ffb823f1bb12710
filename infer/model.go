package infer

import (
	"sync"

	"github.com/boilernet/boilernet/bilstm"
)

// Model is a loaded neural network ready to label the blocks of pages: it
// gives each block its probability of being content (Probabilities) and
// selects blocks as Extract does (Select). It is the block classifier of
// the Extractors of New, Load and Default, and safe for concurrent use.
type Model struct {
	net  *bilstm.Model
	pool sync.Pool // of *workspace
}

// NewModel returns the Model of a network.
func NewModel(m *bilstm.Model) *Model {
	return &Model{net: m, pool: sync.Pool{New: func() any { return new(workspace) }}}
}

// Net returns the network: its configuration, vocabulary, weights and
// metadata.
func (md *Model) Net() *bilstm.Model { return md.net }
