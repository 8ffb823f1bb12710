package infer

import (
	"strings"

	"github.com/boilernet/boilernet/tokenize"
)

// headlineSearch is how many selected paragraphs before the body (the
// first selected paragraph of bodyWords words or more) may hold the
// headline: kickers, bylines and dates often come first.
const (
	headlineSearch = 4
	bodyWords      = 25
)

// Headline returns the indices of the selected blocks that form the page's
// headline: the first selected paragraph before the body (among the first
// few selected paragraphs, before any of 25 words or more) that lies in an
// <h1> or whose text equals the title, ignoring case, spacing and
// punctuation. It returns nil when there is no such paragraph.
func Headline(blocks []tokenize.Block, selected []bool, title string) []int {
	want := normalizeTitle(title)
	seen := 0
	for i := 0; i < len(blocks) && seen < headlineSearch; {
		if !selected[i] {
			i++
			continue
		}
		var idx []int
		var text strings.Builder
		inH1 := false
		for j := i; j < len(blocks) && blocks[j].Para == blocks[i].Para; j++ {
			if !selected[j] {
				continue
			}
			idx = append(idx, j)
			text.WriteString(blocks[j].Text)
			text.WriteByte(' ')
			inH1 = inH1 || onPath(blocks[j], "h1")
		}
		i = idx[len(idx)-1] + 1
		s := text.String()
		if inH1 || (want != "" && normalizeTitle(s) == want) {
			return idx
		}
		if tokenize.CountWords(s) >= bodyWords {
			return nil
		}
		seen++
	}
	return nil
}

func onPath(b tokenize.Block, tag string) bool {
	for _, t := range b.Path {
		if t == tag {
			return true
		}
	}
	return false
}

// normalizeTitle keeps the lowercase letters and digits of s.
func normalizeTitle(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		if tokenize.IsLetterOrDigit(r) {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}
