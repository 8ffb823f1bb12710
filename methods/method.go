package methods

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/boilernet/boilernet/filter"
	"github.com/boilernet/boilernet/methods/decode"
)

// DefaultMethod is the spec of the default method: the BiLSTM model with
// its default decoding and no filter.
const DefaultMethod = "bilstm"

// DefaultFilterDepth is the ancestor depth of the ancestor filter when
// Params.FilterDepth is 0: filter.DefaultDepth, the grandparent.
const DefaultFilterDepth = filter.DefaultDepth

// MaxFilterDepth is the largest ancestor depth Parse accepts.
const MaxFilterDepth = 64

// names are the block classifiers any page can be run with, in the order
// help texts and the server's /v1/info list them.
var names = []string{"bilstm", "boilerpipe-numwords", "boilerpipe-densitometric", "boilerpipe-cleaneval", "tree", "newsfeed", "keep-all"}

// filters are the precision filters.
var filters = []string{"ancestor", "largest", "main"}

// oracles are the methods that read a page's gold labels (eval only).
var oracles = []string{"oracle", "bilstm:oracle"}

// Names returns the names of the block classifiers a page can be run with:
// bilstm (the neural model), boilerpipe-numwords, boilerpipe-densitometric,
// boilerpipe-cleaneval (Kohlschütter et al.'s classifiers, see package
// shallow), tree (a trained decision tree), newsfeed and keep-all.
func Names() []string { return slices.Clone(names) }

// Filters returns the names of the precision filters: ancestor
// (filter.Ancestor) applies after any method, largest and main
// (shallow.LargestContent, shallow.MainContent) after the shallow-feature
// ones (boilerpipe-* and tree).
func Filters() []string { return slices.Clone(filters) }

// Oracles returns the names of the methods that read a page's gold labels,
// which only an evaluation has: oracle, the gold labels themselves (the
// ceiling of any block classifier), and bilstm:oracle, the model's
// probabilities over the threshold that is best for each page by its gold
// (the ceiling of any per-page threshold on them).
func Oracles() []string { return slices.Clone(oracles) }

// Method is one way to find the content of a page: a block classifier
// (one of Names, or an oracle), for bilstm with its decoding and
// threshold, and an optional precision filter (one of Filters) with its
// ancestor depth. Parse builds one and checks it; a Method does not
// change once built, and its String is a spec Parse reads back to the
// same Method. The zero Method is DefaultMethod. Label runs it on a page
// with its classifier (Registry.Classifier, or one of your own).
type Method struct {
	classifier string // "" is bilstm
	decoding   decode.Decoding
	oracle     bool // bilstm:oracle, or the oracle classifier
	threshold  float64
	filter     string
	depth      int // 0: DefaultFilterDepth, and for the filters other than ancestor
}

// Params are the parts of a method given apart from its spec, as the
// command's flags and the server's parameters give them. The zero Params
// add nothing.
type Params struct {
	// Decoding is bilstm's decoding (see decode.Parse) when the
	// spec names none after a colon; "" is the default decoding.
	Decoding string
	// Filter is the precision filter when the spec names none after a
	// plus; "" is none.
	Filter string
	// Threshold, when not 0, is the probability from which each block is
	// content (decode.Decoding.Select's threshold) when the spec gives
	// none after an @: bilstm only, the other methods have no
	// probabilities and ignore it. It is in [0, 1].
	Threshold float64
	// FilterDepth is the ancestor depth of the ancestor filter (0 means
	// DefaultFilterDepth) when the spec gives none after the filter's
	// colon; the other filters ignore it. It is at most MaxFilterDepth.
	FilterDepth int
}

// Parse builds the method of a spec
// CLASSIFIER[:DECODING][@THRESHOLD][+FILTER[:DEPTH]] ("" is
// DefaultMethod) with the parts p gives apart: "bilstm",
// "bilstm:structure", "bilstm:threshold@0.7+ancestor",
// "bilstm+ancestor:3", "boilerpipe-numwords+main", "newsfeed",
// "keep-all", "oracle", "bilstm:oracle". Only bilstm has decodings
// (decode.Parse, or oracle); a decoding, threshold, filter or filter depth
// may be in the spec or in p, not both. The errors name the spec.
func Parse(spec string, p Params) (Method, error) {
	full := spec
	if full == "" {
		full = DefaultMethod
	}
	if p.Decoding != "" {
		full += ":" + p.Decoding
	}
	if p.Filter != "" {
		full += "+" + p.Filter
	}
	m, err := parse(spec, p)
	if err != nil {
		return Method{}, fmt.Errorf("method %q: %w", full, err)
	}
	return m, nil
}

// ParseList parses a comma-separated list of specs, each with the parts
// p gives apart (see Parse; an empty spec between commas is
// DefaultMethod), and returns the specs with their methods, in order;
// "" is no method.
func ParseList(list string, p Params) (specs []string, ms []Method, err error) {
	if list == "" {
		return nil, nil, nil
	}
	for spec := range strings.SplitSeq(list, ",") {
		m, err := Parse(spec, p)
		if err != nil {
			return nil, nil, err
		}
		specs, ms = append(specs, spec), append(ms, m)
	}
	return specs, ms, nil
}

func parse(spec string, p Params) (Method, error) {
	rest, filt, hasFilter := strings.Cut(spec, "+")
	rest, threshold, hasThreshold := strings.Cut(rest, "@")
	name, decoding, hasDecoding := strings.Cut(rest, ":")
	filt, depth, hasDepth := strings.Cut(filt, ":")
	if name == "" {
		name = DefaultMethod
	}
	if p.Decoding != "" {
		if hasDecoding {
			return Method{}, fmt.Errorf("give the decoding after the colon or apart, not both")
		}
		decoding, hasDecoding = p.Decoding, true
	}
	if p.Filter != "" {
		if hasFilter {
			return Method{}, fmt.Errorf("give the filter after the plus or apart, not both")
		}
		filt = p.Filter
	}
	m := Method{classifier: name, threshold: p.Threshold, filter: filt, depth: p.FilterDepth}
	if hasThreshold {
		if p.Threshold != 0 {
			return Method{}, fmt.Errorf("give the threshold after the @ or apart, not both")
		}
		t, err := strconv.ParseFloat(threshold, 64)
		if err != nil {
			return Method{}, fmt.Errorf("threshold %q is not a number", threshold)
		}
		m.threshold = t
	}
	if hasDepth {
		if p.FilterDepth != 0 {
			return Method{}, fmt.Errorf("give the filter depth after the filter's colon or apart, not both")
		}
		d, err := strconv.Atoi(depth)
		if err != nil || d < 1 || filt != "ancestor" {
			return Method{}, fmt.Errorf("filter depth %q: the ancestor filter's depth is a number ≥ 1 (ancestor:3)", depth)
		}
		m.depth = d
	}
	if !slices.Contains(names, name) && name != "oracle" {
		return Method{}, fmt.Errorf("unknown method %q (known: %s)", name, strings.Join(names, ", "))
	}
	if hasDecoding {
		if name != "bilstm" {
			return Method{}, fmt.Errorf("decoding %q: only bilstm has decodings", decoding)
		}
		if decoding == "oracle" {
			m.oracle = true
		} else {
			d, err := decode.Parse(decoding)
			if err != nil {
				return Method{}, err
			}
			m.decoding = d
		}
	}
	m.oracle = m.oracle || name == "oracle"
	if filt != "" && !slices.Contains(filters, filt) {
		return Method{}, fmt.Errorf("unknown filter %q (known: %s)", filt, strings.Join(filters, ", "))
	}
	if (filt == "largest" || filt == "main") && !shallowMethod(name) {
		return Method{}, fmt.Errorf("filter %s works after the boilerpipe methods and tree only", filt)
	}
	if m.oracle && filt != "" {
		return Method{}, fmt.Errorf("an oracle takes no filter")
	}
	if math.IsNaN(m.threshold) || m.threshold < 0 || m.threshold > 1 {
		return Method{}, fmt.Errorf("threshold %v outside [0, 1]", m.threshold)
	}
	if m.depth < 0 || m.depth > MaxFilterDepth {
		return Method{}, fmt.Errorf("filter depth %d outside [0, %d]", m.depth, MaxFilterDepth)
	}
	if m.classifier == DefaultMethod {
		m.classifier = ""
	}
	if filt != "ancestor" || m.depth == DefaultFilterDepth {
		m.depth = 0 // the one value of an unused or default depth, for String
	}
	return m, nil
}

// shallowMethod reports whether a method classifies Kohlschütter et al.'s
// atomic blocks by their shallow features.
func shallowMethod(name string) bool {
	_, ok := shallowClassifiers[name]
	return ok || name == "tree"
}

// Classifier is the method's block classifier: one of Names, or "oracle".
func (m Method) Classifier() string {
	if m.classifier == "" {
		return DefaultMethod
	}
	return m.classifier
}

// Decoding is how bilstm's probabilities become content blocks: the
// spec's decoding, with the method's threshold (Threshold) when it has one.
func (m Method) Decoding() decode.Decoding {
	d := m.decoding
	if m.threshold > 0 {
		d.Threshold = m.threshold
	}
	return d
}

// Threshold is bilstm's threshold (0: none, see Params.Threshold).
func (m Method) Threshold() float64 { return m.threshold }

// BlockThreshold is the probability each block is compared with when a
// decoding thresholds the blocks (decode.Decoding.Threshold): Threshold,
// or decode.DefaultThreshold when that is 0.
func (m Method) BlockThreshold() float64 {
	return cmp.Or(m.Decoding().Threshold, decode.DefaultThreshold)
}

// Filter is the precision filter, "" for none.
func (m Method) Filter() string { return m.filter }

// FilterDepth is the ancestor filter's depth.
func (m Method) FilterDepth() int { return cmp.Or(m.depth, DefaultFilterDepth) }

// Oracle reports whether the method reads the page's gold labels
// (Oracles): only an evaluation can run it.
func (m Method) Oracle() bool { return m.oracle }

// String is the method's spec, as Parse reads it back to the same Method
// (with the zero Params): its decoding, threshold and filter depth
// included when they are not the defaults, e.g.
// "bilstm:structure@0.9+ancestor:3".
func (m Method) String() string {
	s := m.Classifier()
	switch {
	case m.oracle && s == "bilstm":
		s += ":oracle"
	case m.decoding != decode.Default():
		s += ":" + m.decoding.String()
	}
	if m.threshold != 0 {
		s += "@" + strconv.FormatFloat(m.threshold, 'g', -1, 64)
	}
	if m.filter != "" {
		s += "+" + m.filter
	}
	if m.depth != 0 {
		s += ":" + strconv.Itoa(m.depth)
	}
	return s
}
