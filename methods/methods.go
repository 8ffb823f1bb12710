// Package methods owns the method value: a block classifier (the BiLSTM
// model, the Boilerpipe classifiers, a trained tree, NewsFeed, keep-all,
// the oracles) with bilstm's decoding and threshold and a precision
// filter, parsed from one spec by Parse; the Classifier interface they all
// implement (a classifier of your own too); Method.Label, the one place a
// method's decoding and filter apply; and the Registry that resolves a
// method's classifier and models, for extraction (package infer), the
// server and the evaluation alike. The decoding (package decode), the
// ensemble of networks (package ensemble) and the embedded model (package
// defaultmodel) are below it.
//
// A spec is CLASSIFIER[:DECODING][@THRESHOLD][+FILTER[:DEPTH]], e.g.
// "bilstm", "bilstm:structure+ancestor", "boilerpipe-numwords+main".
// Names, Filters and Oracles list the names it reads.
package methods

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/boilernet/boilernet/filter"
	"github.com/boilernet/boilernet/methods/decode"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"github.com/boilernet/boilernet/methods/ensemble"
	"github.com/boilernet/boilernet/shallow"
)

// Config says where the methods that need a trained model get it.
type Config struct {
	// Model returns the neural model of the bilstm methods; it is called
	// once, on first use (nil: defaultmodel.Load, the embedded model,
	// unless BiLSTM is set).
	Model func() (*ensemble.Model, error)
	// BiLSTM, when not nil, is the block classifier of the bilstm methods
	// instead of Model's network: a classifier of your own. Its
	// probabilities take any decoding and filter; its verdicts (see
	// Scores) any filter, and the default decoding only.
	BiLSTM Classifier
	// Tree returns the trained tree of the tree method; it is called once,
	// on first use (nil: the tree method is an error).
	Tree func() (*shallow.Tree, error)
}

// ReadTree reads the tree file at path, as boilernet train -method tree
// writes it (Tree.WriteTo), for Config.Tree; its errors name the
// file.
func ReadTree(path string) (*shallow.Tree, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := shallow.ReadTree(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Registry resolves methods to the classifiers and models that run them,
// with the models its Config gives, each loaded once. It is safe for
// concurrent use.
type Registry struct {
	cfg   Config
	model func() (*ensemble.Model, error) // loaded once
	tree  func() (*shallow.Tree, error)   // loaded once
}

// New returns a Registry that gets its models as cfg says.
func New(cfg Config) *Registry {
	model := cfg.Model
	switch {
	case model == nil && cfg.BiLSTM != nil:
		model = func() (*ensemble.Model, error) {
			return nil, errors.New("no neural model: the bilstm methods run a classifier of their own (Config.BiLSTM)")
		}
	case model == nil:
		model = defaultmodel.Load
	}
	tree := cfg.Tree
	if tree == nil {
		tree = func() (*shallow.Tree, error) { return nil, errors.New("method tree needs a trained tree") }
	}
	return &Registry{cfg: cfg, model: sync.OnceValues(model), tree: sync.OnceValues(tree)}
}

// Model returns the neural model of the bilstm methods, loading it on
// first use.
func (r *Registry) Model() (*ensemble.Model, error) { return r.model() }

// Label labels the blocks of p by the method m with the block classifier
// c (Registry.Classifier of m, or one of your own): each block's
// probability of being content and whether it is content. Probabilities
// are c's; with c's verdicts the probabilities are those c gives beside
// them, or 1 for the blocks the method keeps (after its filter) and 0 for
// the others. Probabilities go through m's decoding and threshold (or,
// for bilstm:oracle, the best threshold of p's gold); verdicts are kept
// as they are (and a decoding other than the default is an error: it has
// no probabilities to read); then m's ancestor filter applies. This is the one place
// where a decoding and a filter apply.
func (m Method) Label(c Classifier, p Page) (probs []float32, content []bool, err error) {
	s, err := c.Classify(p)
	if err != nil {
		return nil, nil, err
	}
	n := len(p.Blocks)
	verdicts := s.Content != nil
	probs = s.Probs
	switch {
	case verdicts && m.decoding != decode.Default():
		return nil, nil, fmt.Errorf("method %s: a decoding needs probabilities, and the classifier gives verdicts", m)
	case verdicts:
		content = s.Content
	case m.oracle:
		if p.Gold == nil || p.Gold.BestThreshold == nil {
			return nil, nil, errGold(m)
		}
		content = p.Gold.BestThreshold(probs)
	default:
		if content, err = m.Decoding().Select(p.Blocks, probs); err != nil {
			return nil, nil, err
		}
	}
	if len(content) != n || (probs != nil && len(probs) != n) || (!verdicts && probs == nil && n > 0) {
		return nil, nil, fmt.Errorf("method %s: %d probabilities and %d labels for %d blocks", m, len(probs), len(content), n)
	}
	// The filters: largest and main are the shallow classifier's own (on
	// its atomic blocks, see shallowClassifier); ancestor applies here.
	if m.filter == "ancestor" {
		content = filter.Ancestor(p.Blocks, content, m.FilterDepth())
	}
	if verdicts && probs == nil {
		probs = make([]float32, n)
		for i, c := range content {
			if c {
				probs[i] = 1
			}
		}
	}
	if probs == nil {
		probs = []float32{}
	}
	return probs, content, nil
}

func errGold(m Method) error {
	return fmt.Errorf("method %s reads the gold labels: only an evaluation runs it", m)
}
