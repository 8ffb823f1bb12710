package eval

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/boilernet/boilernet/data"
)

// textTokens returns the metric tokens of text: those of data.AppendTokens,
// the tokens the labels are aligned on.
func textTokens(text string) []string { return data.AppendTokens(nil, text) }

// CharScores is the character-level metric (after Viveros-Jiménez et al.,
// 2018): the extracted text's tokens are aligned to the gold text's with
// data.Align (an LCS-style alignment, not quadratic in page size), and
// precision and recall count the characters of the aligned tokens against
// all characters of the extracted and of the gold tokens (whitespace and
// punctuation are not counted). ok is false when the gold has no token.
func CharScores(extracted, gold string) (s PRF, ok bool) {
	g := textTokens(gold)
	if len(g) == 0 {
		return PRF{}, false
	}
	e := textTokens(extracted)
	ids := map[string]int32{}
	intern := func(ws []string) []int32 {
		out := make([]int32, len(ws))
		for i, w := range ws {
			id, ok := ids[w]
			if !ok {
				id = int32(len(ids))
				ids[w] = id
			}
			out[i] = id
		}
		return out
	}
	ei, gi := intern(e), intern(g)
	var matched, ne, ng int
	for i, j := range data.Align(ei, gi) {
		n := utf8.RuneCountInString(e[i])
		ne += n
		if j >= 0 {
			matched += n
		}
	}
	for _, w := range g {
		ng += utf8.RuneCountInString(w)
	}
	return prf(matched, ne-matched, ng-matched), true
}

// ShingleSize is the number of tokens of a shingle.
const ShingleSize = 4

// Shingles is one page's outcome in the shingle metric of the article
// extraction benchmark: the true positive, false positive and false
// negative counts of the extracted text's 4-token shingles against the
// gold's, normalized to sum 1. A page with no gold and no extracted
// shingle counts as a true positive, one with only extracted shingles as
// a false positive, one with nothing extracted as a false negative.
type Shingles struct{ TP, FP, FN float64 }

// ShingleOutcome computes a page's Shingles.
func ShingleOutcome(extracted, gold string) Shingles {
	e, g := shingles(textTokens(extracted)), shingles(textTokens(gold))
	var tp, fp, fn float64
	for s, n := range e {
		common := min(n, g[s])
		tp += float64(common)
		fp += float64(n - common)
	}
	for s, n := range g {
		fn += float64(max(0, n-e[s]))
	}
	total := tp + fp + fn
	if total == 0 {
		return Shingles{TP: 1}
	}
	return Shingles{tp / total, fp / total, fn / total}
}

func shingles(tokens []string) map[string]int {
	out := map[string]int{}
	if len(tokens) == 0 {
		return out
	}
	k := min(ShingleSize, len(tokens))
	for i := 0; i+k <= len(tokens); i++ {
		out[strings.Join(tokens[i:i+k], " ")]++
	}
	return out
}

// ShingleScores averages page outcomes and returns the precision and recall
// of the averages and the F1 of those.
func ShingleScores(pages []Shingles) PRF {
	var tp, fp, fn float64
	for _, p := range pages {
		tp, fp, fn = tp+p.TP, fp+p.FP, fn+p.FN
	}
	var s PRF
	if tp+fp > 0 {
		s.Precision = tp / (tp + fp)
	}
	if tp+fn > 0 {
		s.Recall = tp / (tp + fn)
	}
	if s.Precision+s.Recall > 0 {
		s.F1 = 2 * s.Precision * s.Recall / (s.Precision + s.Recall)
	}
	return s
}

// Interval is a mean with its bootstrap 95% confidence interval.
type Interval struct{ Mean, Low, High float64 }

// Bootstrap returns the mean of xs and the 2.5th and 97.5th percentiles of
// the means of 1000 resamples of xs with replacement (a fixed seed, so the
// interval is reproducible).
func Bootstrap(xs []float64) Interval {
	if len(xs) == 0 {
		return Interval{}
	}
	mean := func(idx func(int) int) float64 {
		var s float64
		for i := range xs {
			s += xs[idx(i)]
		}
		return s / float64(len(xs))
	}
	rng := rand.New(rand.NewPCG(20240607, 1))
	means := make([]float64, 1000)
	for k := range means {
		means[k] = mean(func(int) int { return rng.IntN(len(xs)) })
	}
	slices.Sort(means)
	return Interval{Mean: mean(func(i int) int { return i }), Low: means[25], High: means[974]}
}
