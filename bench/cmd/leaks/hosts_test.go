package main

import (
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func TestSiteTextsRepeated(t *testing.T) {
	s := &siteTexts{
		host:  map[string]string{"a": "example.com", "b": "example.com", "c": "other.org"},
		pages: map[string]map[string]int{"example.com": {"signupforournewsletter": 2, "astory": 1}, "other.org": {"signupforournewsletter": 1}},
	}
	for _, tc := range []struct {
		id, text string
		want     bool
	}{
		{"a", "Sign up  for our\nnewsletter", true},
		{"a", "A story", false},
		{"c", "Sign up for our newsletter", false},
		{"unknown", "Sign up for our newsletter", false},
	} {
		if got := s.repeated(tc.id, tokenize.Block{Text: tc.text}); got != tc.want {
			t.Errorf("repeated(%q, %q) = %v, want %v", tc.id, tc.text, got, tc.want)
		}
	}
}
