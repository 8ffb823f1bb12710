package shallow

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
)

// Tree is a binary decision tree over the shallow feature vectors (Vector),
// grown CART-style: each split is the feature threshold with the lowest
// weighted Gini impurity, and no leaf holds fewer than MinLeaf samples.
type Tree struct {
	MinLeaf  int      `json:"min_leaf"`
	MaxDepth int      `json:"max_depth"`
	Features []string `json:"features"` // FeatureNames at training time
	Nodes    []Node   `json:"nodes"`    // Nodes[0] is the root
}

// Node is one node of a Tree: a leaf when Left is 0.
type Node struct {
	Feature   int     `json:"f,omitempty"`
	Threshold float64 `json:"t,omitempty"` // go left when value <= Threshold
	Left      int     `json:"l,omitempty"`
	Right     int     `json:"r,omitempty"`
	Content   float64 `json:"p"` // share of (weighted) content samples
}

// Sample is one training example: a feature vector, its label and weight.
type Sample struct {
	X       []float64
	Content bool
	Weight  float64
}

// GrowTree grows a tree on samples. Class weights are the samples' own.
func GrowTree(samples []Sample, minLeaf, maxDepth int) (*Tree, error) {
	if len(samples) == 0 {
		return nil, errors.New("shallow: no samples to grow a tree on")
	}
	if minLeaf < 1 || maxDepth < 1 {
		return nil, fmt.Errorf("shallow: min leaf %d and max depth %d must be positive", minLeaf, maxDepth)
	}
	t := &Tree{MinLeaf: minLeaf, MaxDepth: maxDepth, Features: FeatureNames()}
	idx := make([]int, len(samples))
	for i := range idx {
		idx[i] = i
	}
	t.grow(samples, idx, 0)
	return t, nil
}

// grow adds the node for samples idx and returns its index.
func (t *Tree) grow(samples []Sample, idx []int, depth int) int {
	var pos, total float64
	for _, i := range idx {
		total += samples[i].Weight
		if samples[i].Content {
			pos += samples[i].Weight
		}
	}
	me := len(t.Nodes)
	t.Nodes = append(t.Nodes, Node{Content: pos / math.Max(total, 1e-300)})
	if depth >= t.MaxDepth || len(idx) < 2*t.MinLeaf || pos == 0 || pos == total {
		return me
	}
	f, thr, ok := bestSplit(samples, idx, t.MinLeaf, pos, total)
	if !ok {
		return me
	}
	var left, right []int
	for _, i := range idx {
		if samples[i].X[f] <= thr {
			left = append(left, i)
		} else {
			right = append(right, i)
		}
	}
	l := t.grow(samples, left, depth+1)
	r := t.grow(samples, right, depth+1)
	t.Nodes[me].Feature, t.Nodes[me].Threshold, t.Nodes[me].Left, t.Nodes[me].Right = f, thr, l, r
	return me
}

func gini(pos, total float64) float64 {
	if total == 0 {
		return 0
	}
	p := pos / total
	return 2 * p * (1 - p) * total
}

// bestSplit finds the feature and threshold that most lower the weighted
// Gini impurity, leaving at least minLeaf samples on each side.
func bestSplit(samples []Sample, idx []int, minLeaf int, pos, total float64) (feature int, threshold float64, ok bool) {
	best := gini(pos, total) - 1e-12
	order := slices.Clone(idx)
	for f := range len(samples[idx[0]].X) {
		slices.SortFunc(order, func(a, b int) int { return cmp.Compare(samples[a].X[f], samples[b].X[f]) })
		var lpos, ltot float64
		for k := 0; k < len(order)-1; k++ {
			s := samples[order[k]]
			ltot += s.Weight
			if s.Content {
				lpos += s.Weight
			}
			v, next := s.X[f], samples[order[k+1]].X[f]
			if k+1 < minLeaf || len(order)-k-1 < minLeaf || v == next {
				continue
			}
			if g := gini(lpos, ltot) + gini(pos-lpos, total-ltot); g < best {
				best, feature, threshold, ok = g, f, (v+next)/2, true
			}
		}
	}
	return feature, threshold, ok
}

// Classify labels blocks with the tree: content when the leaf's share of
// content is at least one half.
func (t *Tree) Classify(blocks []Block) []bool {
	out := make([]bool, len(blocks))
	for i := range blocks {
		x := Vector(blocks, i)
		n := 0
		for t.Nodes[n].Left != 0 {
			if x[t.Nodes[n].Feature] <= t.Nodes[n].Threshold {
				n = t.Nodes[n].Left
			} else {
				n = t.Nodes[n].Right
			}
		}
		out[i] = t.Nodes[n].Content >= 0.5
	}
	return out
}

// treeMagic starts a tree file; JSON follows.
const treeMagic = "BOILERNET-TREE 1\n"

// WriteTo writes the tree as a tree file: a magic line, then JSON.
func (t *Tree) WriteTo(w io.Writer) (int64, error) {
	data, err := json.Marshal(t)
	if err != nil {
		return 0, err
	}
	n, err := w.Write(append([]byte(treeMagic), data...))
	return int64(n), err
}

// ReadTree reads a tree file, checking that it is well formed: every node
// reachable once, features and thresholds in range.
func ReadTree(r io.Reader) (*Tree, error) {
	data, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return nil, err
	}
	body, ok := bytes.CutPrefix(data, []byte(treeMagic))
	if !ok {
		return nil, errors.New("shallow: not a tree file (bad magic)")
	}
	var t Tree
	if err := json.Unmarshal(body, &t); err != nil {
		return nil, fmt.Errorf("shallow: tree file: %w", err)
	}
	if !slices.Equal(t.Features, featureNames) {
		return nil, errors.New("shallow: tree file made for other features")
	}
	if len(t.Nodes) == 0 {
		return nil, errors.New("shallow: tree file without nodes")
	}
	seen := make([]bool, len(t.Nodes))
	stack := []int{0}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			return nil, errors.New("shallow: tree file: a node is reached twice")
		}
		seen[n] = true
		nd := t.Nodes[n]
		if math.IsNaN(nd.Content) || nd.Content < 0 || nd.Content > 1 {
			return nil, errors.New("shallow: tree file: bad leaf value")
		}
		if nd.Left == 0 && nd.Right == 0 {
			continue
		}
		if nd.Left <= n || nd.Right <= n || nd.Left >= len(t.Nodes) || nd.Right >= len(t.Nodes) ||
			nd.Feature < 0 || nd.Feature >= len(featureNames) || math.IsNaN(nd.Threshold) {
			return nil, errors.New("shallow: tree file: bad node")
		}
		stack = append(stack, nd.Left, nd.Right)
	}
	return &t, nil
}
