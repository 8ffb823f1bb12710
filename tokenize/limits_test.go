package tokenize

import (
	"errors"
	"strings"
	"testing"
)

func TestCountStartTags(t *testing.T) {
	for _, tt := range []struct {
		page  string
		limit int
		want  int
	}{
		{"<p>a</p>", 10, 1},
		{"<P>a<DIV>b<i>c", 10, 3},
		{"a < b, 1<2, </p> <!-- x --> <?php <", 10, 0},
		{"x<b", 10, 1},
		{"<a><b><c><d>", 2, 3}, // stops at limit+1
		{"", 10, 0},
	} {
		if got := countStartTags(tt.page, tt.limit); got != tt.want {
			t.Errorf("countStartTags(%q, %d) = %d, want %d", tt.page, tt.limit, got, tt.want)
		}
	}
}

// deepPage has n nested divs, then blocks <b>w</b>.
func deepPage(depth, blocks int) []byte {
	return []byte(strings.Repeat("<div>", depth) + strings.Repeat("<b>w</b>", blocks))
}

func TestMaxElements(t *testing.T) {
	for _, tt := range []struct {
		name string
		page []byte
		max  int
		ok   bool
	}{
		{"at the limit", []byte(strings.Repeat("<p>a</p>", 100)), 100, true},
		{"over the limit", []byte(strings.Repeat("<p>a</p>", 101)), 100, false},
		{"no limit", []byte(strings.Repeat("<p>a</p>", 101)), -1, true},
		{"default limit", []byte(strings.Repeat("<p>a</p>", 101)), 0, true},
		// 100 start tags; the 20 blocks have 63 ancestors each (html, body,
		// 60 divs, b): 1,260 ≤ 20·100.
		{"deep, few blocks", deepPage(60, 20), 100, true},
		// 40 blocks: 2,520 ancestors > 2,000.
		{"deep, many blocks", deepPage(60, 40), 100, false},
		{"deep, no limit", deepPage(60, 40), -1, true},
	} {
		p, err := Parse(tt.page, Options{MaxElements: tt.max})
		if tt.ok != (err == nil) {
			t.Errorf("%s: error %v", tt.name, err)
			continue
		}
		if err != nil {
			if !errors.Is(err, ErrTooManyElements) || !strings.Contains(err.Error(), "100") {
				t.Errorf("%s: error %q", tt.name, err)
			}
			continue
		}
		if len(p.Blocks) == 0 {
			t.Errorf("%s: no blocks", tt.name)
		}
	}
	if got := len(Blocks(mustParse(t, deepPage(60, 40)).Root, nil)); got != 40 {
		t.Errorf("Blocks has no limit: %d blocks, want 40", got)
	}
}

func mustParse(t *testing.T, raw []byte) *Page {
	t.Helper()
	p, err := Parse(raw, Options{MaxElements: -1})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestParseKeepsNoReferenceToRaw overwrites the page's bytes after Parse:
// the blocks hold copies (Parse reads UTF-8 text without copying it).
func TestParseKeepsNoReferenceToRaw(t *testing.T) {
	raw := []byte("<html><head><title>T</title></head><body><p>First paragraph</p><p class=x>Second one</p></body></html>")
	p, err := Parse(raw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range raw {
		raw[i] = 'z'
	}
	if got := strings.Join(blockTexts(p), "|"); got != "T|First paragraph|Second one" && got != "First paragraph|Second one" {
		t.Errorf("blocks after overwriting the page: %q", got)
	}
}
