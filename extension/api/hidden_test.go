package api

import (
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
)

// TestHiddenNotKept: text in an element with the hidden attribute (the
// content script's mark of what the browser does not display) is not
// kept, however deep; text beside it is; aria-hidden text is left to the
// model, as natively.
func TestHiddenNotKept(t *testing.T) {
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	const para = "The keepers wrote down the weather every four hours, the wind and the sea and the ships that passed, for two hundred years."
	const middle = "Volunteers now copy each page into a table, and a storm in one logbook can be followed a day later along the coast."
	article := func(middle string) string {
		return `<!DOCTYPE html><html><head><title>Logbooks</title></head><body><nav><a href="/">Home</a> <a href="/a">About</a></nav><article><h1>Logbooks</h1>` +
			`<p>First: ` + para + `</p>` + middle + `<p>Last: ` + para + `</p></article><footer>© 2025</footer></body></html>`
	}
	tests := []struct {
		name, middle string
		gone, kept   string // text that must not be kept, and text that must
	}{
		{"none", `<p>Middle: ` + middle + `</p>`, "", "Middle:"},
		{"hidden paragraph", `<p hidden="">Middle: ` + middle + `</p>`, "Middle:", "Last:"},
		{"deep in a hidden section", `<section hidden=""><div><div><p>Middle: <b>bold</b> ` + middle + `</p></div></div></section>`, "Middle:", "Last:"},
		{"aria-hidden: the model's", `<div aria-hidden="true"><p>Middle: ` + middle + `</p></div>`, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := Extract(ex, Request{HTML: article(tt.middle), URL: "http://example.com/logbooks"})
			if resp.Error != "" {
				t.Fatal(resp.Error)
			}
			if tt.gone != "" && (strings.Contains(resp.Text, tt.gone) || strings.Contains(resp.Markdown, tt.gone)) {
				t.Errorf("%q kept:\n%s", tt.gone, resp.Text)
			}
			if !strings.Contains(resp.Text, tt.kept) || !strings.Contains(resp.Text, "First:") || !strings.Contains(resp.Text, "Last:") {
				t.Errorf("%q, First: or Last: not kept:\n%s", tt.kept, resp.Text)
			}
			if tt.gone == "" {
				native, err := ex.ExtractBytes(t.Context(), []byte(article(tt.middle)), Options(Request{URL: "http://example.com/logbooks"}))
				if err != nil || native.Text != resp.Text {
					t.Errorf("without hidden elements, the text differs from the native one (%v):\n%s\n---\n%s", err, resp.Text, native.Text)
				}
			}
			kept := 0
			for _, b := range resp.Blocks {
				if b.Content {
					kept++
				}
				if b.Content && tt.gone != "" && strings.Contains(b.Text, tt.gone) {
					t.Errorf("block %q kept", b.Text)
				}
			}
			if kept != resp.Kept {
				t.Errorf("kept %d, counted %d", resp.Kept, kept)
			}
		})
	}
}
