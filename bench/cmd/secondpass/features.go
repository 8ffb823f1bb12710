package main

import (
	"math"
	"strings"
	"unicode"

	"github.com/boilernet/boilernet/tokenize"
)

// numFeatures is the number of features passFeatures gives a block.
const numFeatures = 20

// passHigh is the probability from which a block counts as surely content
// for the features that relate a block to the page's article.
const passHigh = 0.8

func logit(p float64) float64 {
	p = min(max(p, 1e-4), 1-1e-4)
	return math.Log(p / (1 - p))
}

// passFeatures describes each block of a page by its first-pass
// probability and how it relates to the probabilities around it: the
// word-weighted mean probability of the elements enclosing it, of the
// blocks near it and of its repeated siblings; how much of its vocabulary
// the surely-content text shares; and whether it lies before, after or
// far from that text.
func passFeatures(blocks []tokenize.Block, probs []float32) [][numFeatures]float64 {
	n := len(blocks)
	out := make([][numFeatures]float64, n)
	if n == 0 {
		return out
	}
	words := make([]int, n)
	var pageP, pageW float64
	for i, b := range blocks {
		words[i] = tokenize.CountWords(b.Text)
		w := float64(max(words[i], 1))
		pageP += w * float64(probs[i])
		pageW += w
	}
	// Word-weighted sums per element, at any depth.
	type sums struct{ p, w float64 }
	el := map[*tokenize.Element]*sums{}
	for i, b := range blocks {
		w := float64(max(words[i], 1))
		for _, a := range b.Ancestors {
			s := el[a]
			if s == nil {
				s = &sums{}
				el[a] = s
			}
			s.p += w * float64(probs[i])
			s.w += w
		}
	}
	mean := func(b tokenize.Block, level int) float64 {
		if len(b.Ancestors) == 0 {
			return pageP / pageW
		}
		s := el[b.Ancestors[max(0, len(b.Ancestors)-level)]]
		return s.p / s.w
	}
	// Same-shaped sibling groups of each block's grandparent.
	type groupKey struct {
		parent *tokenize.Element
		shape  string
	}
	group := map[groupKey]*struct {
		sums
		n int
	}{}
	seen := map[*tokenize.Element]bool{}
	keyOf := func(b tokenize.Block) (groupKey, bool) {
		k := len(b.Ancestors) - 2
		if k < 1 {
			return groupKey{}, false
		}
		a := b.Ancestors[k]
		return groupKey{b.Ancestors[k-1], a.Name + "\x00" + strings.Join(a.Attrs, " ")}, true
	}
	for i, b := range blocks {
		k, ok := keyOf(b)
		if !ok {
			continue
		}
		g := group[k]
		if g == nil {
			g = &struct {
				sums
				n int
			}{}
			group[k] = g
		}
		w := float64(max(words[i], 1))
		g.p += w * float64(probs[i])
		g.w += w
		if a := b.Ancestors[len(b.Ancestors)-2]; !seen[a] {
			seen[a] = true
			g.n++
		}
	}
	// Vocabulary of the surely-content blocks.
	vocab := make([][]string, n)
	inHigh := map[string]int{}
	var highWords float64
	for i, b := range blocks {
		vocab[i] = contentWords(b.Text)
		if probs[i] >= passHigh {
			highWords += float64(words[i])
			for _, w := range vocab[i] {
				inHigh[w]++
			}
		}
	}
	// Distance to the nearest surely-content block, and the share of the
	// surely-content words before each block.
	dist := make([]int, n)
	last := -1 << 30
	for i := range blocks {
		if probs[i] >= passHigh {
			last = i
		}
		dist[i] = i - last
	}
	last = 1 << 30
	for i := n - 1; i >= 0; i-- {
		if probs[i] >= passHigh {
			last = i
		}
		dist[i] = min(dist[i], last-i)
	}
	var before float64
	for i, b := range blocks {
		f := &out[i]
		p := float64(probs[i])
		f[0] = 1
		f[1] = logit(p)
		f[2] = logit(mean(b, 1))
		f[3] = logit(mean(b, 2))
		f[4] = logit(mean(b, 3))
		f[5] = logit(mean(b, 4))
		var wp, ww float64
		for j := max(0, i-3); j <= min(n-1, i+3); j++ {
			w := float64(max(words[j], 1))
			wp += w * float64(probs[j])
			ww += w
		}
		f[6] = logit(wp / ww)
		f[7] = logit(pageP / pageW)
		if len(vocab[i]) >= 5 {
			shared := 0
			for _, w := range vocab[i] {
				c := inHigh[w]
				if probs[i] >= passHigh {
					c--
				}
				if c > 0 {
					shared++
				}
			}
			f[8] = float64(shared) / float64(len(vocab[i]))
			f[9] = 1
		}
		f[10] = math.Log1p(float64(words[i])) / 3
		if b.InLink {
			f[11] = 1
		}
		high := probs[i] >= passHigh
		if !high && highWords > 0 && before == 0 {
			f[12] = 1
		}
		if high {
			before += float64(words[i])
		}
		if !high && highWords > 0 && before >= highWords {
			f[13] = 1
		}
		if dist[i] < 1<<29 {
			f[14] = math.Log1p(float64(dist[i])) / 3
		} else {
			f[14] = 3
		}
		if b.Hidden {
			f[15] = 1
		}
		if b.Navigation {
			f[16] = 1
		}
		if k, ok := keyOf(b); ok {
			g := group[k]
			if g.n >= 3 {
				f[17] = logit(g.p/g.w) - f[3]
			}
			f[18] = math.Log1p(float64(g.n-1)) / 3
		}
		if words[i] <= 3 {
			f[19] = f[1]
		}
	}
	return out
}

// contentWords returns the distinct lowercase words of text of at least
// four letters.
func contentWords(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len([]rune(w)) >= 4 && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}
