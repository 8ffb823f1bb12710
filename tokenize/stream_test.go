package tokenize

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestRevealStreamed(t *testing.T) {
	tests := []struct {
		name, page string
		blocks     []string
		hidden     int // blocks still hidden
	}{
		{"a boundary's part moved into place, its fallback gone",
			`<main><p>Install it:</p><!--$?--><template id="B:3"></template><p>Loading…</p><!--/$--><p>Then run it.</p></main>` +
				`<footer>Footer</footer><div hidden id="S:3"><pre>npm i x</pre></div><script>$RC("B:3","S:3")</script>`,
			[]string{"Install it:", "npm i x", "Then run it.", "Footer"}, 0},
		{"nested boundaries end at their own end",
			`<div><!--$?--><template id="B:0"></template><!--$--><p>inner</p><!--/$--><p>fallback</p><!--/$--><p>after</p></div>` +
				`<div hidden id="S:0"><p>part</p></div><script>$RC("B:0","S:0")</script>`,
			[]string{"part", "after"}, 0},
		{"a segment into its placeholder, then the boundary",
			`<div><!--$?--><template id="B:1"></template><!--/$--></div><div hidden id="S:1"><p>one</p><template id="P:2"></template></div>` +
				`<div hidden id="S:2"><p>two</p></div><script>$RS("S:2","P:2");$RC("B:1","S:1")</script>`,
			[]string{"one", "two"}, 0},
		{"no call: the parts stay where they are, hidden",
			`<div><!--$?--><template id="B:1"></template><!--/$--></div><p>text</p><div hidden id="S:1"><p>late</p></div>`,
			[]string{"text", "late"}, 1},
		{"a call whose part is missing or holds its boundary moves nothing",
			`<div><!--$?--><template id="B:1"></template><!--/$--><p>text</p></div><div hidden id="S:2"><!--$?--><template id="B:2"></template><!--/$--><p>x</p></div>` +
				`<script>$RC("B:1","S:9");$RC("B:2","S:2")</script>`,
			[]string{"text", "x"}, 1},
	}
	for _, tt := range tests {
		p, err := Parse([]byte(tt.page), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := blockTexts(p); !slices.Equal(got, tt.blocks) {
			t.Errorf("%s: blocks %q, want %q", tt.name, got, tt.blocks)
		}
		hidden := 0
		for _, b := range p.Blocks {
			if b.Hidden {
				hidden++
			}
		}
		if hidden != tt.hidden {
			t.Errorf("%s: %d blocks hidden, want %d", tt.name, hidden, tt.hidden)
		}
	}
}

func TestRevealStreamedBoundsItsWork(t *testing.T) {
	// Boundaries that never end, each opening before the next: every call
	// looks for its end through all the siblings after it.
	var page strings.Builder
	const n = 30000
	for i := range n {
		fmt.Fprintf(&page, `<!--$?--><template id="B:%d"></template>`, i)
	}
	page.WriteString(`<p>text</p><script>`)
	for i := range n {
		fmt.Fprintf(&page, `$RC("B:%d","S:%d");`, i, i)
	}
	page.WriteString(`</script>`)
	for i := range n {
		fmt.Fprintf(&page, `<div hidden id="S:%d"><p>late</p></div>`, i)
	}
	root, err := html.Parse(strings.NewReader(page.String()))
	if err != nil {
		t.Fatal(err)
	}
	revealStreamed(root, page.String())
	// Nothing moved: no boundary ends.
	moved := 0
	for n := range root.Descendants() {
		if n.Type == html.ElementNode && n.Data == "template" {
			moved++
		}
	}
	if moved != n {
		t.Errorf("%d templates left, want %d", moved, n)
	}
}
