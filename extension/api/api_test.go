package api

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
)

// TestExtract checks the response against infer's own result for the same
// page and options, and its JSON shape, which the JavaScript side reads.
func TestExtract(t *testing.T) {
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("../testdata/article.html")
	if err != nil {
		t.Fatal(err)
	}
	req := Request{HTML: string(raw), URL: "http://example.com/a/glaciers"}
	if resp := Extract(ex, req); resp.Error != "" || resp.Markdown != "" {
		t.Errorf("without Request.Markdown: error %q, Markdown %q (none asked for)", resp.Error, resp.Markdown)
	}
	req.Markdown = true
	resp := Extract(ex, req)
	if resp.Error != "" {
		t.Fatal(resp.Error)
	}
	res, err := ex.ExtractBytes(t.Context(), raw, Options(req))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Title != res.Title || resp.Text != res.Text || resp.Markdown != render.Markdown(res) || len(resp.Blocks) != len(res.Blocks) {
		t.Errorf("response %+v differs from infer's result", resp)
	}
	if resp.Title != "How glaciers keep time" || !strings.Contains(resp.Text, "annual layers are counted by eye") || strings.Contains(resp.Text, "cookies") {
		t.Errorf("title %q, text:\n%s", resp.Title, resp.Text)
	}
	kept := 0
	for _, b := range resp.Blocks {
		if b.Content {
			kept++
		}
		if !strings.HasPrefix(b.Locator, "/html[1]/body[1]/") {
			t.Errorf("block %q: locator %q", b.Text, b.Locator)
		}
	}
	if kept != resp.Kept || kept == 0 {
		t.Errorf("kept %d, counted %d", resp.Kept, kept)
	}
	var shape map[string]any
	b, _ := json.Marshal(resp)
	json.Unmarshal(b, &shape)
	for _, k := range []string{"title", "text", "markdown", "blocks", "kept", "millis"} {
		if _, ok := shape[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	block := shape["blocks"].([]any)[0].(map[string]any)
	for _, k := range []string{"text", "prob", "content", "locator"} {
		if _, ok := block[k]; !ok {
			t.Errorf("a block's JSON lacks %q", k)
		}
	}

	// A threshold outside [0, 1] is an error, not a panic; 1 keeps nothing
	// below certainty.
	if r := Extract(ex, Request{HTML: req.HTML, Threshold: 2}); r.Error == "" {
		t.Error("threshold 2 accepted")
	}
	// A page that is not HTML is an error in the response.
	if r := Extract(ex, Request{HTML: "\x1f\x8b\x08\x00garbage"}); r.Error == "" {
		t.Errorf("gzip bytes gave %+v", r)
	}
	// The browser's string is UTF-8 whatever the page's <meta> says.
	latin := strings.Replace(req.HTML, `<meta charset="utf-8">`, `<meta charset="windows-1252">`, 1)
	latin = strings.Replace(latin, "How glaciers keep time</h1>", "Wie Gletscher die Zeit messen: Über Eis</h1>", 1)
	if r := Extract(ex, Request{HTML: latin}); !strings.Contains(r.Title+r.Text, "Über Eis") {
		t.Errorf("UTF-8 text read with the page's meta charset: %q", r.Title)
	}
}

// TestLabel makes a labeled page's entry as the WebAssembly module does
// for label mode, and its name and split.
func TestLabel(t *testing.T) {
	page := `<nav><a href="/">Home</a></nav><h1>Rain today</h1><p>Expect rain all day.</p><footer>© News Co</footer>`
	r := Label(LabelRequest{HTML: page, URL: "https://news.example/rain.html", ID: "rain", Split: "train", Labels: []string{"boilerplate", "headline", "content", "boilerplate"}})
	if r.Error != "" || r.Files["gold/rain.txt"] != "Rain today\nExpect rain all day.\n" || r.Files["html/rain.html"] != page || r.Kept != 2 || r.Agree != 4 {
		t.Errorf("entry %+v", r)
	}
	for _, bad := range []LabelRequest{
		{HTML: page, ID: "rain", Split: "train", Labels: []string{"kept", "content", "content", "content"}},
		{HTML: page, ID: "rain", Split: "train", Labels: []string{"content"}},
		{HTML: page, ID: "../rain", Split: "train", Labels: []string{"content", "content", "content", "content"}},
	} {
		if r := Label(bad); r.Error == "" {
			t.Errorf("%+v accepted", bad)
		}
	}
	id, split, err := LabelName("", "https://news.example/rain.html", []string{"news.example-rain"}, 2)
	if err != nil || id != "news.example-rain-2" || split != "dev" {
		t.Errorf("LabelName = %q, %q, %v", id, split, err)
	}
	if _, _, err := LabelName("..", "", nil, 1); err == nil {
		t.Error("LabelName accepted ..")
	}
}
