package methods

import (
	"errors"
	"slices"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/newsfeed"
	"github.com/boilernet/boilernet/shallow"
	"github.com/boilernet/boilernet/tokenize"
)

// A Classifier gives each block of a page a probability of being content
// or a verdict: the BiLSTM model, the Boilerpipe classifiers and the tree
// (with their own largest and main filters), NewsFeed, keep-all and the
// oracles implement it. A Labeler turns its scores into content blocks.
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
// per block: probabilities of being content (Probs, with Content nil) or
// verdicts (Content).
type Scores struct {
	Probs   []float32
	Content []bool
}

// Classifier returns the block classifier of m (without its decoding and
// its ancestor filter, which a Labeler adds; with the largest and main
// filters, which work on the shallow classifiers' own atomic blocks).
func (r *Registry) Classifier(m Method) (Classifier, error) {
	switch name := m.Classifier(); name {
	case "bilstm":
		ex, err := r.extractor()
		if err != nil {
			return nil, err
		}
		if md, ok := ex.Model(); ok {
			return bilstmClassifier{md}, nil
		}
		if m.decoding != infer.DefaultDecoding() || m.threshold != 0 || m.oracle {
			return nil, errors.New("the bilstm methods with a decoding or threshold need a model's extractor (Config.Model)")
		}
		return labelerClassifier{ex.Labeler()}, nil
	case "newsfeed":
		return verdicts(func(p Page) []bool { return newsfeed.Select(p.Page) }), nil
	case "keep-all":
		return verdicts(func(p Page) []bool {
			s := make([]bool, len(p.Blocks))
			for i := range s {
				s[i] = true
			}
			return s
		}), nil
	case "oracle":
		return oracleClassifier{}, nil
	case "tree":
		if r.cfg.Tree == nil {
			return nil, errors.New("method tree needs a trained tree")
		}
		t, err := r.cfg.Tree()
		if err != nil {
			return nil, err
		}
		return newShallow(t.Classify, m.filter), nil
	default:
		return newShallow(shallow.Classifier(name), m.filter), nil
	}
}

// bilstmClassifier gives the neural model's probabilities.
type bilstmClassifier struct{ model *infer.Model }

func (b bilstmClassifier) Classify(p Page) (Scores, error) {
	probs := b.model.Probabilities(p.Blocks)
	if probs == nil {
		probs = []float32{}
	}
	return Scores{Probs: probs}, nil
}

// labelerClassifier gives the verdicts of a Labeler (see Config.Model).
type labelerClassifier struct{ l infer.Labeler }

func (c labelerClassifier) Classify(p Page) (Scores, error) {
	_, content, err := c.l.Label(p.Page, p.Title)
	if content == nil {
		content = []bool{}
	}
	return Scores{Content: content}, err
}

// verdicts is a Classifier of verdicts that cannot fail.
type verdicts func(p Page) []bool

func (v verdicts) Classify(p Page) (Scores, error) { return Scores{Content: v(p)}, nil }

// shallowClassifier runs a classifier of Kohlschütter et al.'s atomic
// blocks with its filter on them ("" or ancestor: none here; largest,
// main).
type shallowClassifier struct {
	classify func([]shallow.Block) []bool
	filter   string
}

func newShallow(classify func([]shallow.Block) []bool, filter string) shallowClassifier {
	if filter == "ancestor" {
		filter = "" // the Labeler's, on the leaf blocks
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
