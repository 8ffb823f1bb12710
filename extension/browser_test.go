package extension_test

import (
	"bytes"
	"context"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boilernet/boilernet/extension/api"
	"github.com/boilernet/boilernet/extension/internal/chromium"
	"github.com/boilernet/boilernet/infer"
	"github.com/chromedp/chromedp"
)

// highlights is the text of the page's highlight ranges, read in the
// page's own world: what the user sees marked.
type highlights struct {
	Content  []string `json:"content"`
	Headline []string `json:"headline"`
}

const readHighlights = `(() => {
  const get = (n) => CSS.highlights.has(n) ? [...CSS.highlights.get(n)].map((r) => r.toString()) : null;
  return {content: get('boilernet-content'), headline: get('boilernet-headline')};
})()`

var pages = []fixture{
	{name: "article.html"},
	{name: "dynamic.html"},
	{name: "latin1.html", charset: "windows-1252"},
	{name: "hidden.html"},
}

// TestExtension loads the unpacked extension in headless Chromium, clicks
// its toolbar button on test pages served on loopback, and checks that the
// highlighted text nodes are exactly the blocks the native extractor keeps
// for the HTML the extension serialized, that the WebAssembly module's
// text and Markdown equal the native ones, and the toggle, copy and
// threshold setting. BOILERNET_SCREENSHOTS=DIR saves a screenshot of each
// page.
func TestExtension(t *testing.T) {
	needBrowser(t)
	b := build(t)
	browser := startBrowser(t, b.Dir)
	srv := servePages(t, pages)
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(browser.Ctx, 3*time.Minute)
	defer cancel()
	w := chromium.WatchWorlds(ctx, browser.ExtensionID)
	var console consoleLog
	watchConsole(t, ctx, "page", &console)
	watchConsole(t, browser.Worker, "service worker", &console)

	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			url := srv.URL + "/" + p.name
			if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
				t.Fatal(err)
			}
			if p.name == "dynamic.html" {
				if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.CSS(`body[data-ready="yes"]`))); err != nil {
					t.Fatal(err)
				}
			}
			st := clickAndWait(t, ctx, w, browser.ExtensionID)
			checkPage(t, ctx, ex, st, url, api.Request{HTML: st.HTML, URL: url})
			t.Logf("%s: %d blocks, kept %d (by locator %d, by text %d, missing %d); ms %v",
				p.name, len(st.Response.Blocks), st.Stats.Kept, st.Stats.ByLocator, st.Stats.ByText, st.Stats.Missing, st.Millis)
			screenshot(t, ctx, strings.TrimSuffix(p.name, ".html"))

			switch p.name {
			case "article.html":
				checkControls(t, ctx, w, browser.ExtensionID, st, api.Extract(ex, api.Request{HTML: st.HTML, URL: url, Markdown: true}).Markdown)
			case "dynamic.html":
				// The story the scripts built is the content; the
				// placeholder they removed is gone.
				if !strings.Contains(st.Response.Text, "switched it off for the last time") || strings.Contains(st.Response.Text, "Loading the story") {
					t.Errorf("dynamic page's text:\n%s", st.Response.Text)
				}
				if st.Stats.ByText == 0 {
					t.Errorf("the script-built table (no <tbody>) should be found by its text, stats %+v", st.Stats)
				}
			case "hidden.html":
				checkHidden(t, ex, p, st)
			case "latin1.html":
				// The CLI reads the page's own windows-1252 bytes: same text.
				raw, err := p.body()
				if err != nil {
					t.Fatal(err)
				}
				cli, err := ex.ExtractBytes(t.Context(), raw, infer.Options{URL: url})
				if err != nil {
					t.Fatal(err)
				}
				if cli.Encoding != "windows-1252" || cli.Text != st.Response.Text || cli.Title != st.Response.Title {
					t.Errorf("the page read from its bytes (%s) differs from the browser's:\n%s\n---\n%s", cli.Encoding, cli.Text, st.Response.Text)
				}
				if !strings.Contains(st.Response.Text, "Fußgängerbrücke") || !strings.Contains(st.Response.Text, "15 Millionen €") {
					t.Errorf("latin1 text:\n%s", st.Response.Text)
				}
			}
		})
	}

	t.Run("threshold", func(t *testing.T) {
		setThreshold(t, ctx, browser.ExtensionID, "0.9")
		url := srv.URL + "/article.html"
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
		st := clickAndWait(t, ctx, w, browser.ExtensionID)
		checkPage(t, ctx, ex, st, url, api.Request{HTML: st.HTML, URL: url, Threshold: 0.9})
		t.Logf("threshold 0.9: kept %d of %d blocks", st.Response.Kept, len(st.Response.Blocks))
	})

	t.Run("locate", func(t *testing.T) { checkLocate(t, ctx, srv.URL+"/article.html") })

	if extra := srv.unexpected(pages); len(extra) > 0 {
		t.Errorf("requests beyond the pages: %v", extra)
	}
}

// clickAndWait clicks the toolbar button and waits for the extraction.
func clickAndWait(t *testing.T, ctx context.Context, w *chromium.Worlds, extensionID string) chromium.State {
	t.Helper()
	st, err := chromium.Extract(ctx, w, extensionID, 60*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// checkPage compares the extension's result on a page with the native
// extraction of the same serialized HTML, and the highlight with the kept
// blocks.
func checkPage(t *testing.T, ctx context.Context, ex *infer.Extractor, st chromium.State, url string, req api.Request) {
	t.Helper()
	if st.Stats.Missing > 0 {
		t.Errorf("%d kept blocks not found on the page: %+v", st.Stats.Missing, st.Stats.Examples)
	}
	want := api.Extract(ex, req)
	if want.Error != "" {
		t.Fatal(want.Error)
	}
	got := st.Response
	if got.Title != want.Title || got.Text != want.Text || got.Markdown != want.Markdown {
		t.Errorf("WebAssembly and native differ:\ntitle %q / %q\ntext:\n%s\n---\n%s\nmarkdown:\n%s\n---\n%s", got.Title, want.Title, got.Text, want.Text, got.Markdown, want.Markdown)
	}
	if len(got.Blocks) != len(want.Blocks) {
		t.Fatalf("%d blocks in the browser, %d native", len(got.Blocks), len(want.Blocks))
	}
	var content, headline []string
	for i, wb := range want.Blocks {
		gb := got.Blocks[i]
		if gb.Content != wb.Content || gb.Headline != wb.Headline || gb.Locator != wb.Locator || math.Abs(gb.Prob-wb.Prob) > 1e-4 {
			t.Errorf("block %d: browser %+v, native %+v", i, gb, wb)
		}
		switch {
		case wb.Content:
			content = append(content, collapse(wb.Text))
		case wb.Headline:
			headline = append(headline, collapse(wb.Text))
		}
	}
	hl, err := chromedp.Run(ctx, chromedp.Evaluate[highlights](readHighlights))
	if err != nil {
		t.Fatal(err)
	}
	for i := range hl.Content {
		hl.Content[i] = collapse(hl.Content[i])
	}
	for i := range hl.Headline {
		hl.Headline[i] = collapse(hl.Headline[i])
	}
	if strings.Join(hl.Content, "\n") != strings.Join(content, "\n") {
		t.Errorf("highlighted text nodes:\n%s\nwant the kept blocks:\n%s", strings.Join(hl.Content, "\n"), strings.Join(content, "\n"))
	}
	if strings.Join(hl.Headline, "\n") != strings.Join(headline, "\n") {
		t.Errorf("highlighted headline %q, want %q", hl.Headline, headline)
	}
	// The highlight holds the extracted text, character for character
	// (whitespace aside: the text puts paragraphs on their own lines).
	if squash(strings.Join(hl.Content, "")) != squash(want.Text) {
		t.Errorf("the highlighted text is not the extracted text:\n%s\n---\n%s", strings.Join(hl.Content, " "), want.Text)
	}
	if want.Kept == 0 {
		t.Errorf("nothing kept on %s", url)
	}
}

// checkHidden: the paragraphs the page's stylesheet hides (display: none;
// visibility: hidden), which the extractor keeps from the page's own
// bytes, are marked hidden in the serialization and neither kept nor
// highlighted; the visible paragraph inside the invisible block is.
func checkHidden(t *testing.T, ex *infer.Extractor, p fixture, st chromium.State) {
	t.Helper()
	raw, err := p.body()
	if err != nil {
		t.Fatal(err)
	}
	native, err := ex.ExtractBytes(t.Context(), raw, infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const folded, ghost, shown = "folded away by the page's stylesheet", "lamp oil accounts", "first wireless message"
	for _, s := range []string{folded, ghost, shown} {
		if !strings.Contains(native.Text, s) {
			t.Fatalf("the page's own bytes: %q not kept, so the page tests nothing:\n%s", s, native.Text)
		}
	}
	for _, mark := range []string{`<p class="folded" hidden="">`, `<p hidden="">This paragraph takes up its room`, `<p class="shown">One keeper`} {
		if !strings.Contains(st.HTML, mark) {
			t.Errorf("serialization lacks %s", mark)
		}
	}
	if strings.Count(st.HTML, `hidden=""`) != 2 {
		t.Errorf("%d elements marked hidden, want 2", strings.Count(st.HTML, `hidden=""`))
	}
	text := st.Response.Text
	if strings.Contains(text, folded) || strings.Contains(text, ghost) || strings.Contains(st.Response.Markdown, folded) || !strings.Contains(text, shown) {
		t.Errorf("text:\n%s", text)
	}
	if st.Stats.Hidden != 0 {
		t.Errorf("%d kept blocks not shown (the marks should have dropped them): %+v", st.Stats.Hidden, st.Stats)
	}
}

// checkControls exercises the panel's buttons and the toolbar toggle on
// the page just extracted.
func checkControls(t *testing.T, ctx context.Context, w *chromium.Worlds, extensionID string, st chromium.State, markdown string) {
	t.Helper()
	highlightCount := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`CSS.highlights.size`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := highlightCount(); n != 2 {
		t.Fatalf("%d highlights registered, want 2", n)
	}
	// The panel's Highlight button turns the highlight off and on.
	clickPanel(t, ctx, w, "toggle")
	if n := highlightCount(); n != 0 {
		t.Errorf("after the toggle, %d highlights", n)
	}
	clickPanel(t, ctx, w, "toggle")
	if n := highlightCount(); n != 2 {
		t.Errorf("after the second toggle, %d highlights", n)
	}
	// Copy text, and Markdown: the title, then the article.
	for _, kind := range []string{"text", "markdown"} {
		button := map[string]string{"text": "copyText", "markdown": "copyMarkdown"}[kind]
		clickPanel(t, ctx, w, button)
		if err := chromium.WaitIsolated(ctx, w, `globalThis.boilernet.state.copied && globalThis.boilernet.state.copied.kind === '`+kind+`'`, 10*time.Second); err != nil {
			t.Fatal(err)
		}
		got, err := chromium.EvalIsolated[chromium.State](ctx, w, `globalThis.boilernet.state`)
		if err != nil {
			t.Fatal(err)
		}
		want := st.Response.Title + "\n\n" + st.Response.Text
		if kind == "markdown" {
			// Made only now, when asked: the native Markdown of the page.
			if st.Response.Markdown != "" {
				t.Errorf("the extraction made Markdown before it was asked for")
			}
			want = "# " + st.Response.Title + "\n\n" + markdown
		}
		if got.Copied.How == "failed" || got.Copied.Text != want {
			t.Errorf("copy %s (%s):\n%s\nwant\n%s", kind, got.Copied.How, got.Copied.Text, want)
		}
		t.Logf("copy %s: by %s", kind, got.Copied.How)
	}
	// The toolbar button hides the panel and the highlight, then shows
	// them again, without extracting again.
	for _, wantShown := range []bool{false, true} {
		if err := chromium.Click(ctx, extensionID); err != nil {
			t.Fatal(err)
		}
		if err := chromium.WaitIsolated(ctx, w, `globalThis.boilernet.state.shown === `+map[bool]string{true: "true", false: "false"}[wantShown], 10*time.Second); err != nil {
			t.Fatal(err)
		}
		if n, want := highlightCount(), map[bool]int{true: 2, false: 0}[wantShown]; n != want {
			t.Errorf("shown %v: %d highlights, want %d", wantShown, n, want)
		}
	}
	runs, err := chromium.EvalIsolated[int](ctx, w, `globalThis.boilernet.state.runs`)
	if err != nil || runs != 1 {
		t.Errorf("%d extractions (%v), want 1", runs, err)
	}
}

// clickPanel clicks one of the panel's buttons with the mouse, at its
// place on the screen (the panel's shadow root is closed to the page).
func clickPanel(t *testing.T, ctx context.Context, w *chromium.Worlds, action string) {
	t.Helper()
	xy, err := chromium.EvalIsolated[[]float64](ctx, w, `(() => {
	  const r = globalThis.boilernet.panel().buttons['`+action+`'].getBoundingClientRect();
	  return [r.x + r.width / 2, r.y + r.height / 2];
	})()`)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
}

// setThreshold saves a threshold on the extension's settings page.
func setThreshold(t *testing.T, ctx context.Context, extensionID, value string) {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Navigate("chrome-extension://"+extensionID+"/options.html"),
		chromedp.WaitVisible(chromedp.ID("threshold")),
		chromedp.SetValue(chromedp.ID("threshold"), value),
		chromedp.Click(chromedp.CSS(`button[type="submit"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById('saved').textContent || false`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(saved, value) {
		t.Fatalf("settings say %q", saved)
	}
	if dir := os.Getenv("BOILERNET_SCREENSHOTS"); dir != "" {
		buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, "options.png"), buf, 0o644)
		}
		if err != nil {
			t.Error(err)
		}
	}
}

// screenshot checks that the highlight is painted and, with
// BOILERNET_SCREENSHOTS=DIR, saves the page as DIR/NAME.png.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("BOILERNET_SCREENSHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatal(err)
	}
	// The content highlight, rgba(255, 216, 0, .45), over a light
	// background.
	yellow := 0
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 2 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 2 {
			r, g, b, _ := img.At(x, y).RGBA()
			r, g, b = r>>8, g>>8, b>>8
			if r >= 240 && g >= 215 && g <= 245 && b >= 100 && b <= 170 {
				yellow++
			}
		}
	}
	if yellow < 500 {
		t.Errorf("%s: %d highlight pixels painted (sampled), want many", name, yellow)
	}
}

// checkLocate runs locate.js on a page built for it: text split over
// adjacent and empty text nodes, a locator that misses but whose text is
// on the page, and a block that is nowhere.
func checkLocate(t *testing.T, ctx context.Context, url string) {
	src, err := os.ReadFile("chrome/locate.js")
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.Evaluate[chromedp.Void](string(src))); err != nil {
		t.Fatal(err)
	}
	type result struct {
		Stats  chromium.Stats
		Ranges []string
		Steps  []struct {
			Name string
			K    int
		}
		HTML string // serialized
		Live int    // elements with the hidden attribute on the live page
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[result](`(() => {
	  document.body.innerHTML = '<p>first</p><p>sec<b>bold</b>end</p><div><span>moved</span></div>' +
	    '<p style="display:none">gone</p><p style="visibility:hidden">unseen</p>' +
	    '<div style="visibility:hidden"><p style="visibility:visible">seen</p></div>';
	  const p2 = document.body.children[1];
	  p2.firstChild.after(document.createTextNode(''), document.createTextNode('ond'));
	  const L = globalThis.boilernetLocate;
	  const blocks = [
	    {text: 'second', locator: '/html[1]/body[1]/p[2]/text()[1]', content: true},
	    {text: 'end', locator: '/html[1]/body[1]/p[2]/text()[2]', content: true},
	    {text: 'not kept', locator: '/html[1]/body[1]/p[1]/text()[1]', content: false},
	    {text: 'moved', locator: '/html[1]/body[1]/div[1]/div[1]/span[1]/text()[1]', headline: true},
	    {text: 'nowhere', locator: '/html[1]/body[1]/p[1]/text()[1]', content: true},
	    {text: 'gone', locator: '/html[1]/body[1]/p[3]/text()[1]', content: true},
	    {text: 'unseen', locator: '/html[1]/body[1]/p[4]/text()[1]', content: true},
	    {text: 'seen', locator: '/html[1]/body[1]/div[2]/p[1]/text()[1]', content: true},
	  ];
	  const out = L.locate(document, blocks);
	  return {stats: out.stats, ranges: [...out.content, ...out.headline].map((r) => r.toString()),
	    steps: L.parseLocator('/html[1]/body[1]/p[2]/text()[1]'),
	    html: L.serialize(document), live: document.querySelectorAll('[hidden]').length};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	s := got.Stats
	if s.Kept != 7 || s.ByLocator != 5 || s.ByText != 1 || s.Missing != 1 || s.Hidden != 2 || len(s.Examples) != 1 || s.Examples[0].Text != "nowhere" {
		t.Errorf("stats %+v", s)
	}
	if strings.Join(got.Ranges, "|") != "second|end|seen|moved" {
		t.Errorf("ranges %q", got.Ranges)
	}
	// The serialization marks what is not displayed, not what is, and
	// leaves the live page alone.
	for _, want := range []string{`<p style="display:none" hidden="">gone</p>`, `<p style="visibility:hidden" hidden="">unseen</p>`,
		`<div style="visibility:hidden"><p style="visibility:visible">seen</p></div>`} {
		if !strings.Contains(got.HTML, want) {
			t.Errorf("serialization lacks %s:\n%s", want, got.HTML)
		}
	}
	if got.Live != 0 {
		t.Errorf("%d elements of the live page given the hidden attribute", got.Live)
	}
	if len(got.Steps) != 4 || got.Steps[3].Name != "text()" || got.Steps[2].K != 2 {
		t.Errorf("steps %+v", got.Steps)
	}
}
