package trainrun

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/vocab"
)

// ParseRepeat reads boilernet train -repeat, NAME=K pairs joined by
// commas, as train.Options.Repeat ("" is nil); its errors name the flag.
func ParseRepeat(s string) (map[string]int, error) {
	if s == "" {
		return nil, nil
	}
	m := map[string]int{}
	for pair := range strings.SplitSeq(s, ",") {
		name, k, ok := strings.Cut(pair, "=")
		n, err := strconv.Atoi(k)
		if !ok || name == "" || err != nil || n < 1 {
			return nil, fmt.Errorf("-repeat: %q is not NAME=K with K ≥ 1", pair)
		}
		m[name] = n
	}
	return m, nil
}

// ParsePool reads boilernet train -pool, levels joined by commas, as
// bilstm.Config.Pool ("" is none), checked as bilstm.Config.Check checks
// them; its errors name the flag.
func ParsePool(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var levels []int
	for f := range strings.SplitSeq(s, ",") {
		l, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("-pool %s: %q is not a level", s, f)
		}
		levels = append(levels, l)
	}
	if err := (bilstm.Config{Input: 1, Dense: 1, Hidden: 1, Layers: 1, Pool: levels}).Check(); err != nil {
		return nil, fmt.Errorf("-pool %s: %w", s, err)
	}
	return levels, nil
}

// ParseMinLeaf reads boilernet train -min-leaf, leaf sizes ≥ 1 joined by
// commas, as train.TreeOptions.MinLeaf; its error names the flag.
func ParseMinLeaf(s string) ([]int, error) {
	var leaves []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad -min-leaf %q", s)
		}
		leaves = append(leaves, n)
	}
	return leaves, nil
}

// JoinInts writes ns joined by commas, as ParsePool and ParseMinLeaf read
// them.
func JoinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// CheckInit refuses the flags of boilernet train (given: the name and
// value of each flag set) that shape the network or its vocabulary
// (-hidden, -dense, -layers, -pool, -features, -words, -tags, -attrs)
// when one is given a value other than the fine-tune's init model's,
// naming the first such flag in the order of their names: -init keeps
// the init model's network and vocabulary.
func CheckInit(init *bilstm.Model, given map[string]string) error {
	v := init.Vocab
	model := map[string]string{
		"hidden":   strconv.Itoa(init.Config.Hidden),
		"dense":    strconv.Itoa(init.Config.Dense),
		"layers":   strconv.Itoa(init.Config.Layers),
		"pool":     JoinInts(init.Config.Pool),
		"features": v.Features.String(),
		"words":    strconv.Itoa(len(v.Words)),
		"tags":     strconv.Itoa(len(v.Tags)),
		"attrs":    strconv.Itoa(len(v.Attrs)),
	}
	for _, name := range slices.Sorted(maps.Keys(given)) {
		want, ok := model[name]
		got := given[name]
		switch name { // the forms the flag reads as the same value
		case "features":
			if feats, err := vocab.ParseFeatures(got); err == nil {
				got = feats.String()
			}
		case "pool":
			if levels, err := ParsePool(got); err == nil {
				got = JoinInts(levels)
			}
		}
		if ok && got != want {
			return fmt.Errorf("-%s %s: -init keeps the init model's network and vocabulary (its %s is %s); leave -%s out", name, given[name], name, want, name)
		}
	}
	return nil
}
