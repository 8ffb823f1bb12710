// Package methods owns the method value: a block classifier (the BiLSTM
// model, the Boilerpipe classifiers, a trained tree, NewsFeed, keep-all,
// the oracles) with bilstm's decoding and threshold and a precision
// filter, parsed from one spec by Parse; the Classifier interface they all
// implement; and the Registry that runs a method, for extraction (infer),
// the server and the evaluation alike.
//
// A spec is CLASSIFIER[:DECODING][+FILTER], e.g. "bilstm",
// "bilstm:structure+ancestor", "boilerpipe-numwords+main". Names, Filters
// and Oracles list the names it reads.
package methods

import (
	"errors"
	"fmt"
	"sync"

	"github.com/boilernet/boilernet/filter"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/shallow"
	"github.com/boilernet/boilernet/tokenize"
)

// Config says where the methods that need a trained model get it.
type Config struct {
	// Model returns the neural model's extractor for the bilstm methods; it
	// is called once, on first use (nil: infer.Default, the embedded model).
	// An extractor without a model (infer.NewExtractor of a Labeler of
	// your own) runs as the plain bilstm method: its verdicts, with no
	// decoding or threshold.
	Model func() (*infer.Extractor, error)
	// Tree returns the trained tree of the tree method; it is called each
	// time the method is built (nil: the tree method is an error).
	Tree func() (*shallow.Tree, error)
}

// Registry runs methods with the models its Config gives. It is safe for
// concurrent use.
type Registry struct {
	cfg       Config
	extractor func() (*infer.Extractor, error) // the model's, loaded once
}

// New returns a Registry that gets its models as cfg says.
func New(cfg Config) *Registry {
	load := cfg.Model
	if load == nil {
		load = infer.Default
	}
	return &Registry{cfg: cfg, extractor: sync.OnceValues(load)}
}

// embedded is the Registry of the embedded model, without a tree.
var embedded = sync.OnceValue(func() *Registry { return New(Config{}) })

// Model returns the neural model, loading it on first use.
func (r *Registry) Model() (*infer.Model, error) {
	ex, err := r.extractor()
	if err != nil {
		return nil, err
	}
	m, ok := ex.Model()
	if !ok {
		return nil, errors.New("the bilstm methods need a model's extractor (Config.Model)")
	}
	return m, nil
}

// Labeler runs one method on pages: its classifier, then bilstm's decoding
// (or the oracle's best threshold), then its filter. It is an
// infer.Labeler, and safe for concurrent use.
type Labeler struct {
	m     Method
	c     Classifier
	model *infer.Model // bilstm's, nil for the other classifiers
}

// Labeler returns the Labeler of m.
func (r *Registry) Labeler(m Method) (*Labeler, error) {
	c, err := r.Classifier(m)
	if err != nil {
		return nil, err
	}
	l := &Labeler{m: m, c: c}
	if b, ok := c.(bilstmClassifier); ok {
		l.model = b.model
	}
	return l, nil
}

// Extractor returns the extractor that runs m: infer.NewExtractor of its
// Labeler. An oracle is an error: it needs the gold of an evaluation.
func (r *Registry) Extractor(m Method) (*infer.Extractor, error) {
	if m.oracle {
		return nil, fmt.Errorf("method %s reads the gold labels: only an evaluation runs it", m)
	}
	l, err := r.Labeler(m)
	if err != nil {
		return nil, err
	}
	return infer.NewExtractor(l), nil
}

// Extractor returns the extractor of m with the embedded model (see
// Registry.Extractor).
func Extractor(m Method) (*infer.Extractor, error) { return embedded().Extractor(m) }

// Method returns the method the Labeler runs.
func (l *Labeler) Method() Method { return l.m }

// Model returns the neural model of a bilstm method, nil for the others.
func (l *Labeler) Model() *infer.Model { return l.model }

// Label is LabelPage of a page without gold (infer.Labeler).
func (l *Labeler) Label(page *tokenize.Page, title string) ([]float32, []bool, error) {
	return l.LabelPage(Page{Page: page, Title: title})
}

// LabelPage labels the blocks of p: each block's probability of being
// content and whether it is content. Probabilities are the classifier's
// (bilstm); a classifier of verdicts gives 1 to the blocks the method
// keeps, after its filter, and 0 to the others. This is the one place
// where a decoding and a filter apply.
func (l *Labeler) LabelPage(p Page) (probs []float32, content []bool, err error) {
	s, err := l.c.Classify(p)
	if err != nil {
		return nil, nil, err
	}
	n := len(p.Blocks)
	verdicts := s.Content != nil
	switch {
	case verdicts:
		content = s.Content
	case l.m.oracle:
		if p.Gold == nil || p.Gold.BestThreshold == nil {
			return nil, nil, errGold(l.m)
		}
		probs, content = s.Probs, p.Gold.BestThreshold(s.Probs)
	default:
		probs = s.Probs
		if content, err = l.m.decoding.Select(p.Blocks, probs, l.m.threshold); err != nil {
			return nil, nil, err
		}
	}
	if len(content) != n || (!verdicts && len(probs) != n) {
		return nil, nil, fmt.Errorf("method %s: %d probabilities and %d labels for %d blocks", l.m, len(probs), len(content), n)
	}
	// The filters: largest and main are the shallow classifier's own (on
	// its atomic blocks, see shallowClassifier); ancestor applies here.
	if l.m.filter == "ancestor" {
		content = filter.Ancestor(p.Blocks, content, l.m.FilterDepth())
	}
	if verdicts {
		probs = make([]float32, n)
		for i, c := range content {
			if c {
				probs[i] = 1
			}
		}
	}
	return probs, content, nil
}

func errGold(m Method) error {
	return fmt.Errorf("method %s reads the gold labels: only an evaluation runs it", m)
}
