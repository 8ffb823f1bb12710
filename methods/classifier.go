package methods

import (
	"fmt"
	"slices"

	"github.com/boilernet/boilernet/methods/ensemble"
	"github.com/boilernet/boilernet/newsfeed"
	"github.com/boilernet/boilernet/shallow"
	"github.com/boilernet/boilernet/tokenize"
)

// A Classifier gives each block of a page a probability of being content
// or a verdict: the BiLSTM model, the Boilerpipe classifiers and the tree
// (with their own largest and main filters), NewsFeed, keep-all and the
// oracles implement it, and so may one of your own (see Config.BiLSTM and
// Method.Label, which turns its scores into content blocks with any
// decoding and filter). A Classifier is safe for concurrent use.
type Classifier interface {
	// Classify scores the blocks of p.
	Classify(p Page) (Scores, error)
}

// Page is what a Classifier reads: a parsed page, its title (see
// metadata.Page.Title) and, in an evaluation, its gold.
type Page struct {
	*tokenize.Page
	Title string
	Gold  *Gold // nil outside an evaluation
}

// Gold is what an evaluation knows of a page, for the oracles.
type Gold struct {
	// Labels are the gold labels of the page's blocks: the oracle's
	// verdicts.
	Labels []bool
	// BestThreshold selects the blocks whose probability reaches the
	// threshold that is best for the page by its gold text: bilstm:oracle's
	// decoding (see eval.BestThresholdLabels).
	BestThreshold func(probs []float32) []bool
}

// Scores are a Classifier's answer for the blocks of a page, one element
// per block: probabilities of being content (Probs, with Content nil),
// which a method's decoding turns into content blocks, or verdicts
// (Content), which it keeps as they are, with the probabilities to show
// for them (Probs; nil: 1 for content, 0 for the others).
type Scores struct {
	Probs   []float32
	Content []bool
}

// Classifier returns the block classifier of m (without its decoding and
// its ancestor filter, which Method.Label adds; with the largest and main
// filters, which work on the shallow classifiers' own atomic blocks).
func (r *Registry) Classifier(m Method) (Classifier, error) {
	switch name := m.Classifier(); name {
	case "bilstm":
		if r.cfg.BiLSTM != nil {
			return r.cfg.BiLSTM, nil
		}
		md, err := r.model()
		if err != nil {
			return nil, err
		}
		return BiLSTM(md), nil
	case "newsfeed":
		return Verdicts(func(p Page) ([]bool, error) { return newsfeed.Select(p.Page), nil }), nil
	case "keep-all":
		return Verdicts(func(p Page) ([]bool, error) {
			s := make([]bool, len(p.Blocks))
			for i := range s {
				s[i] = true
			}
			return s, nil
		}), nil
	case "oracle":
		return oracleClassifier{}, nil
	case "tree":
		t, err := r.tree()
		if err != nil {
			return nil, err
		}
		return newShallow(t.Classify, m.filter), nil
	default:
		classify, ok := shallowClassifiers[name]
		if !ok {
			return nil, fmt.Errorf("method %s: no classifier of that name", m)
		}
		return newShallow(classify, m.filter), nil
	}
}

// shallowClassifiers are Kohlschütter et al.'s classifiers of the
// shallow package by method name: the one place their names meet them.
var shallowClassifiers = map[string]func([]shallow.Block) []bool{
	"boilerpipe-numwords":      shallow.NumWords,
	"boilerpipe-densitometric": shallow.Densitometric,
	"boilerpipe-cleaneval":     shallow.CleanEvalRule,
}

// BiLSTM returns the block classifier of a neural model (one network, or
// an ensemble): its probabilities.
func BiLSTM(md *ensemble.Model) Classifier { return bilstmClassifier{md} }

// bilstmClassifier gives the neural model's probabilities.
type bilstmClassifier struct{ model *ensemble.Model }

func (b bilstmClassifier) Classify(p Page) (Scores, error) {
	probs := b.model.Probabilities(p.Blocks)
	if probs == nil {
		probs = []float32{}
	}
	return Scores{Probs: probs}, nil
}

// Verdicts is a Classifier of verdicts: a function that labels each
// block of a page content (true) or not.
type Verdicts func(p Page) ([]bool, error)

// Classify gives the blocks of p v's verdicts.
func (v Verdicts) Classify(p Page) (Scores, error) {
	content, err := v(p)
	if content == nil && err == nil {
		content = []bool{}
	}
	return Scores{Content: content}, err
}

// shallowClassifier runs a classifier of Kohlschütter et al.'s atomic
// blocks with its filter on them ("" or ancestor: none here; largest,
// main).
type shallowClassifier struct {
	classify func([]shallow.Block) []bool
	filter   string
}

func newShallow(classify func([]shallow.Block) []bool, filter string) shallowClassifier {
	if filter == "ancestor" {
		filter = "" // Method.Label's, on the leaf blocks
	}
	return shallowClassifier{classify, filter}
}

func (s shallowClassifier) Classify(p Page) (Scores, error) {
	content, err := shallow.SelectWith(s.classify, s.filter, p.Blocks, p.Title)
	return Scores{Content: content}, err
}

// oracleClassifier gives the gold labels.
type oracleClassifier struct{}

func (oracleClassifier) Classify(p Page) (Scores, error) {
	if p.Gold == nil {
		return Scores{}, errGold(Method{classifier: "oracle", oracle: true})
	}
	return Scores{Content: slices.Clone(p.Gold.Labels)}, nil
}
