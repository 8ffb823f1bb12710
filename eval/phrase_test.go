package eval

import (
	"slices"
	"testing"
)

func TestPhraseWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Sign-in", []string{"sign", "in"}},
		{"SIGN – IN", []string{"sign", "in"}},
		{"“Quoted” «text»", []string{"quoted", "text"}},
		{"don’t DON'T don`t", []string{"dont", "dont", "dont"}},
		{"'quoted' rock 'n' roll", []string{"quoted", "rock", "n", "roll"}},
		{"Straße STRASSE", []string{"strasse", "strasse"}},
		{"ﬁne ｆｕｌｌ width", []string{"fine", "full", "width"}},
		{"naïve cafe\u0301", []string{"naïve", "café"}},
		{"price: $1,299.00!", []string{"price", "1", "299", "00"}},
		{"non\u00a0breaking\u200bspace", []string{"non", "breaking", "space"}},
		{"東京タワー", []string{"東", "京", "タ", "ワ", "ー"}},
		{"日本語text", []string{"日", "本", "語", "text"}},
		{"... --- ***", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := PhraseWords(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("PhraseWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPhraseText(t *testing.T) {
	text := "Home | About us\n\nWelcome to our homepage, we didn’t expect you.\nIt’s a “strategy” — a unified security strategy.\nHome home"
	pt := NewPhraseText(text)
	tests := []struct {
		phrase        string
		contains, cut bool
		count         int
	}{
		{"Home", true, true, 3},
		{"home page", false, false, 0},          // a word boundary: not "homepage"
		{"homepage", true, true, 1},             // the word itself
		{"about us welcome", true, true, 1},     // over a line break
		{"we didn't expect you", true, true, 1}, // another apostrophe
		{"It's a \"strategy\" - a unified", true, true, 1},
		{"a unified security strate", false, true, 0}, // cut mid-word: ContainsCut only
		{"unified security strategy.", true, true, 1},
		{"nified security", false, false, 0}, // a cut start is not found
		{"Us", true, true, 1},
		{"u", false, false, 0},
		{"— | —", false, false, 0}, // no word: never found
	}
	for _, tt := range tests {
		w := PhraseWords(tt.phrase)
		if got := pt.Contains(w); got != tt.contains {
			t.Errorf("Contains(%q) = %v", tt.phrase, got)
		}
		if got := pt.ContainsCut(w); got != tt.cut {
			t.Errorf("ContainsCut(%q) = %v", tt.phrase, got)
		}
		if got := pt.Count(w); got != tt.count {
			t.Errorf("Count(%q) = %d, want %d", tt.phrase, got, tt.count)
		}
	}
	want := []string{"home about us", "welcome to our homepage we didnt expect you", "its a strategy a unified security strategy", "home home"}
	if got := pt.Lines(); !slices.Equal(got, want) {
		t.Errorf("Lines() = %q", got)
	}
}
