package main

import (
	"hash/fnv"
	"strings"
	"unicode"

	"github.com/boilernet/boilernet/tokenize"
)

// features returns the hashed features of a block's text, each an index
// below 1<<bits (an index may repeat: its value is then its count): the
// text's tokens (tokenize.Words: lowercase words and punctuation, digits
// written as 0 so that prices and dates share their shape) and the pairs
// of adjacent tokens; the first token and the last on their own; the
// number of words, in buckets; whether the text ends with sentence
// punctuation; whether it holds a currency sign, and a digit.
func features(text string, bits int) []uint32 {
	mask := uint32(1)<<bits - 1
	h := fnv.New32a()
	var out []uint32
	add := func(kind string, parts ...string) {
		h.Reset()
		h.Write([]byte(kind))
		for _, p := range parts {
			h.Write([]byte{0})
			h.Write([]byte(p))
		}
		out = append(out, h.Sum32()&mask)
	}
	toks := tokenize.Words(text)
	for i, t := range toks {
		toks[i] = digitsAsZero(t)
	}
	for i, t := range toks {
		add("u", t)
		if i > 0 {
			add("b", toks[i-1], t)
		}
	}
	if len(toks) > 0 {
		add("first", toks[0])
		add("last", toks[len(toks)-1])
	}
	add("words", lengthBucket(tokenize.CountWords(text)))
	trimmed := strings.TrimRightFunc(text, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(`"'”’)]`, r) })
	if strings.HasSuffix(trimmed, ".") || strings.HasSuffix(trimmed, "!") || strings.HasSuffix(trimmed, "?") {
		add("sentence")
	}
	if strings.ContainsFunc(text, func(r rune) bool { return unicode.Is(unicode.Sc, r) }) {
		add("currency")
	}
	if strings.ContainsFunc(text, unicode.IsDigit) {
		add("digit")
	}
	return out
}

// digitsAsZero writes each run of digits of s as one 0.
func digitsAsZero(s string) string {
	if !strings.ContainsFunc(s, unicode.IsDigit) {
		return s
	}
	var b strings.Builder
	prev := false
	for _, r := range s {
		d := unicode.IsDigit(r)
		if !d {
			b.WriteRune(r)
		} else if !prev {
			b.WriteByte('0')
		}
		prev = d
	}
	return b.String()
}

// lengthBucket names the bucket of a block's word count.
func lengthBucket(n int) string {
	for _, b := range []struct {
		upTo int
		name string
	}{{0, "0"}, {1, "1"}, {2, "2"}, {3, "3"}, {5, "4-5"}, {8, "6-8"}, {12, "9-12"}, {20, "13-20"}, {40, "21-40"}} {
		if n <= b.upTo {
			return b.name
		}
	}
	return "41+"
}

// lines groups the blocks of a page (their indices) by line: the runs of
// blocks that share a Line, which the extracted text writes on one line
// (tokenize.Text). With unit "block" each block is a group of its own.
func lines(blocks []tokenize.Block, unit string) [][]int {
	var out [][]int
	for i, b := range blocks {
		if unit == "line" && len(out) > 0 && blocks[i-1].Line == b.Line {
			out[len(out)-1] = append(out[len(out)-1], i)
			continue
		}
		out = append(out, []int{i})
	}
	return out
}

// unitText returns the text of the blocks of idx that keep allows
// (all of them when keep is nil), as tokenize.Text joins them.
func unitText(blocks []tokenize.Block, idx []int, keep []bool) string {
	var bs []tokenize.Block
	for _, i := range idx {
		if keep == nil || keep[i] {
			bs = append(bs, blocks[i])
		}
	}
	return tokenize.Text(bs)
}
