package main

import (
	"slices"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func TestCutAfterComments(t *testing.T) {
	blocks := func(texts ...string) []tokenize.Block {
		out := make([]tokenize.Block, len(texts))
		for i, s := range texts {
			out[i].Text = s
		}
		return out
	}
	article := "one two three four five six seven eight nine ten"
	tests := []struct {
		name   string
		blocks []tokenize.Block
		sel    []bool
		want   []bool
	}{
		{"heading after the article", blocks(article, "12 Comments", "Great post!"), []bool{true, true, true}, []bool{true, false, false}},
		{"Russian heading", blocks(article, "Комментарии", "Согласен"), []bool{true, false, true}, []bool{true, false, false}},
		{"heading before most of the kept words", blocks("Comments", article), []bool{true, true}, []bool{true, true}},
		{"a long line is not a heading", blocks(article, "Comments on the budget were heard from all of the parties today", "x"), []bool{true, true, true}, []bool{true, true, true}},
		{"no heading", blocks(article, "Related stories"), []bool{true, true}, []bool{true, true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := cutAfterComments(tc.blocks, tc.sel, 0.5, 8); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
