package tokenize

import (
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Hello, World!", []string{"hello", ",", "world", "!"}},
		{"Don't stop; it's O'Neill's.", []string{"do", "n't", "stop", ";", "it", "'s", "o'neill", "'s", "."}},
		{"We’ll see", []string{"we", "'ll", "see"}},
		{"3.14 and 1,000,000 but 3. and a,b", []string{"3.14", "and", "1,000,000", "but", "3", ".", "and", "a", ",", "b"}},
		{"well-known e-mail -dash- end-", []string{"well-known", "e-mail", "-", "dash", "-", "end", "-"}},
		{"wait... what?!", []string{"wait", "...", "what", "?", "!"}},
		{"Straße ÉCOLE naïve", []string{"straße", "école", "naïve"}},
		{"Москва и Київ", []string{"москва", "и", "київ"}},
		{"日本語です", []string{"日", "本", "語", "で", "す"}},
		{"中文Text混合", []string{"中", "文", "text", "混", "合"}},
		{"สวัสดี", []string{"ส", "วั", "ส", "ดี"}},
		{"한국어 문장", []string{"한국어", "문장"}},
		{"a\u00a0b\tc\n", []string{"a", "b", "c"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := Words(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("Words(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// countByWords is CountWords's definition: the tokens of Words that are
// words.
func countByWords(text string) int {
	n := 0
	for _, w := range Words(text) {
		if IsWord(w) {
			n++
		}
	}
	return n
}

func TestCountWords(t *testing.T) {
	for _, text := range []string{
		"", "  ", "Hello, world!", "don't", "DON'T", "It’S", "O'Neill's", "'s", "x's", "²'s", "² ³",
		"3.14 1,000 well-known", "中文分词", "ไทย", "a\u0301b", "\u0301", "...---", "İstanbul'S",
		"can't won’t THEY'RE we'Ve", "'", "n't", "xn't", "e\u0301'll",
	} {
		if got, want := CountWords(text), countByWords(text); got != want {
			t.Errorf("CountWords(%q) = %d, want %d", text, got, want)
		}
	}
}

func FuzzCountWords(f *testing.F) {
	for _, s := range []string{"don't stop", "It’S 3.14", "中文 and ไทย", "a--b 'll"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := CountWords(text), countByWords(text); got != want {
			t.Errorf("CountWords(%q) = %d, want %d", text, got, want)
		}
	})
}

func TestInvisible(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"\u200c", true},
		{"\u200d \u00a0\u200e", true},
		{"\u2063\u2063", true},
		{"\u00ad", true},
		{"", true},
		{"a", false},
		{"\u0645\u06cc\u200c\u062e\u0648\u0627\u0645", false}, // a joiner inside a Persian word
		{"👨\u200d👩\u200d👧", false},                            // an emoji sequence
		{"U\u2063S\u2063", false},
	}
	for _, tt := range tests {
		if got := Invisible(tt.text); got != tt.want {
			t.Errorf("Invisible(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
