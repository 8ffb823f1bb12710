package main

import (
	"slices"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func TestLeakedBlocks(t *testing.T) {
	blocks := []tokenize.Block{{Text: "Sign Up today!"}, {Text: "The council voted."}, {Text: "Let's connect"}, {Text: "sign up"}}
	tests := []struct {
		name    string
		sel     []bool
		without []string
		want    []int
	}{
		{"kept, case and punctuation aside", []bool{true, true, true, false}, []string{"sign up", "Let's connect"}, []int{0, 2}},
		{"not kept", []bool{false, true, false, false}, []string{"sign up"}, nil},
		{"part of a word is no match", []bool{true, true, true, true}, []string{"council vote"}, nil},
	}
	for _, tt := range tests {
		if got := leakedBlocks(blocks, tt.sel, tt.without); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
