package extension_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/data/labelset"
	"github.com/boilernet/boilernet/extension/internal/chromium"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/train"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// labelState is label mode's part of the content script's state.
type labelState struct {
	Labeling  bool     `json:"labeling"`
	Labels    []string `json:"labels"`
	Cursor    int      `json:"cursor"`
	Missing   int      `json:"missing"`
	SaveError string   `json:"saveError"`
	Saved     *struct {
		ID, Split, Folder string
		Blocks, Kept      int
		Agree             int
		Pages             map[string]int
	} `json:"saved"`
}

// TestLabelMode labels pages as a user would: it clicks the toolbar
// button on a page, then the panel's Label button, changes two blocks'
// labels with mouse clicks on the page, saves; then a second page,
// labeled with the keys. The downloads folder then holds a dataset that
// package data loads with the labels set, that trains with the embedded
// model's first network as the start (boilernet train -init default),
// and whose model extracts. BOILERNET_SCREENSHOTS=DIR saves the label
// mode as DIR/label.png.
func TestLabelMode(t *testing.T) {
	needBrowser(t)
	b := build(t)
	downloads := t.TempDir()
	profile := t.TempDir()
	// The browser's downloads folder, where chrome.downloads saves.
	prefs, _ := json.Marshal(map[string]any{"download": map[string]any{"default_directory": downloads, "prompt_for_download": false}})
	if err := os.MkdirAll(filepath.Join(profile, "Default"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(profile, "Default", "Preferences"), prefs, 0o644); err != nil {
		t.Fatal(err)
	}
	browser, err := chromium.Start(chromium.Options{Extension: b.Dir, UserDataDir: profile, Width: 1280, Height: 900})
	if err != nil {
		t.Fatal(err)
	}
	defer browser.Close()
	srv := servePages(t, pages)
	ctx, cancel := context.WithTimeout(browser.Ctx, 3*time.Minute)
	defer cancel()
	w := chromium.WatchWorlds(ctx, browser.ExtensionID)
	var console consoleLog
	watchConsole(t, ctx, "page", &console)
	watchConsole(t, browser.Worker, "service worker", &console)
	state := func() labelState {
		t.Helper()
		st, err := chromium.EvalIsolated[labelState](ctx, w, `globalThis.boilernet.state`)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	save := func() labelState {
		t.Helper()
		clickPanel(t, ctx, w, "save")
		if err := chromium.WaitIsolated(ctx, w, `!!(globalThis.boilernet.state.saved || globalThis.boilernet.state.saveError)`, 30*time.Second); err != nil {
			items, _ := chromedp.Run(browser.Worker, chromedp.Evaluate[[]map[string]any](`chrome.downloads.search({})`, chromedp.EvalAwaitPromise))
			t.Fatalf("%v; downloads %v", err, items)
		}
		st := state()
		if st.SaveError != "" {
			t.Fatalf("save: %s", st.SaveError)
		}
		return st
	}

	// Page 1: two blocks changed with the mouse.
	url := srv.URL + "/article.html"
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	clickAndWait(t, ctx, w, browser.ExtensionID)
	clickPanel(t, ctx, w, "label")
	if err := chromium.WaitIsolated(ctx, w, `globalThis.boilernet.state.labeling`, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	before := state()
	if before.Missing != 0 {
		t.Errorf("%d blocks not found on the page", before.Missing)
	}
	drop := slices.Index(before.Labels, "content")
	keep := slices.Index(before.Labels, "boilerplate")
	if drop < 0 || keep < 0 {
		t.Fatalf("the model's verdicts: %q", before.Labels)
	}
	for _, i := range []int{keep, drop} {
		xy, err := chromium.EvalIsolated[[]float64](ctx, w, `(() => {
		  const r = globalThis.boilernet.rangeOf(`+itoa(i)+`);
		  r.startContainer.parentElement.scrollIntoView({block: 'center'});
		  const box = r.getClientRects()[0];
		  return [box.x + Math.min(box.width / 2, 20), box.y + box.height / 2];
		})()`)
		if err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
			t.Fatal(err)
		}
	}
	after := state()
	want := slices.Clone(before.Labels)
	want[keep], want[drop] = "content", "boilerplate"
	if !slices.Equal(after.Labels, want) {
		t.Fatalf("after clicking blocks %d and %d, labels\n%q\nwant\n%q", keep, drop, after.Labels, want)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`)); err != nil {
		t.Fatal(err)
	}
	screenshotAs(t, ctx, "label")
	first := save()
	if first.Saved.Split != "train" || first.Saved.Kept != strings.Count(strings.Join(want, " "), "content")+strings.Count(strings.Join(want, " "), "headline") {
		t.Errorf("saved %+v", first.Saved)
	}
	t.Logf("saved %+v", *first.Saved)

	// Page 2, with the keys: the cursor moves down a block, Space flips it.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/dynamic.html"), chromedp.WaitReady(chromedp.CSS(`body[data-ready="yes"]`))); err != nil {
		t.Fatal(err)
	}
	clickAndWait(t, ctx, w, browser.ExtensionID)
	clickPanel(t, ctx, w, "label")
	if err := chromium.WaitIsolated(ctx, w, `globalThis.boilernet.state.labeling`, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	before = state()
	if err := chromedp.Do(ctx, chromedp.KeyEvent("j"), chromedp.KeyEvent(" ")); err != nil {
		t.Fatal(err)
	}
	after = state()
	if after.Cursor <= before.Cursor || after.Labels[after.Cursor] == before.Labels[after.Cursor] {
		t.Errorf("keys j, Space: cursor %d → %d, label %q → %q", before.Cursor, after.Cursor, before.Labels[after.Cursor], after.Labels[after.Cursor])
	}
	second := save()
	if second.Saved.Split != "dev" || second.Saved.Pages["train"] != 1 || second.Saved.Pages["dev"] != 1 {
		t.Errorf("saved %+v", second.Saved)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if st := state(); st.Labeling {
		t.Error("Esc did not end label mode")
	}

	// The folder, as boilernet train -data reads it.
	dir := filepath.Join(downloads, "boilernet-labels")
	ds, err := data.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ds.IDs["train"], []string{first.Saved.ID}) || !slices.Equal(ds.IDs["dev"], []string{second.Saved.ID}) || ds.Meta[first.Saved.ID]["url"] != url {
		t.Fatalf("splits %v, meta %v", ds.IDs, ds.Meta)
	}
	for _, page := range []struct {
		saved  labelState
		labels []string
	}{{first, want}, {second, after.Labels}} {
		id, labels := page.saved.Saved.ID, page.labels
		lf, err := labelset.ReadLabels(dir, id)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := ds.Load(id, data.Options{Strict: true})
		if err != nil {
			t.Fatal(err)
		}
		agree := 0
		for i, b := range lf.Blocks {
			if b.Label.String() != labels[i] {
				t.Errorf("%s block %d: labels file %s, set %s", id, i, b.Label, labels[i])
			}
			if doc.Labels[i] == b.Label.Kept() {
				agree++
			}
		}
		// data labels the blocks by aligning the page to the gold text:
		// as set, but for a block without words (a "|"), which takes its
		// neighbours' label, as the panel said (Saved.Agree).
		if len(lf.Blocks) != len(labels) || agree != page.saved.Saved.Agree || agree < len(labels)-1 {
			t.Errorf("%s: %d labels in the file, %d set; data labels %d as set, the panel said %d", id, len(lf.Blocks), len(labels), agree, page.saved.Saved.Agree)
		}
		for i, b := range lf.Blocks {
			if doc.Labels[i] != b.Label.Kept() {
				t.Logf("%s block %d %q: set %s, data's alignment %v", id, i, b.Text, b.Label, doc.Labels[i])
			}
		}
	}

	// Fine-tune the embedded model's first network on it, as boilernet
	// train -data DIR -init default -epochs 1 does, and extract with it.
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	md := ex.Model()
	opts := train.DefaultOptions()
	opts.Data, opts.Init, opts.Epochs, opts.KeepLast = []string{dir}, md.Net(), 1, true
	opts.Features, opts.Words, opts.Tags, opts.Attrs = nil, 0, 0, 0
	opts.Network.Dense, opts.Network.Hidden, opts.Network.Layers, opts.Network.Pool = 0, 0, 0, nil
	res, err := train.Run(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.TrainDocs != 1 || res.DevDocs != 1 {
		t.Errorf("trained on %d pages, %d dev", res.TrainDocs, res.DevDocs)
	}
	raw, err := os.ReadFile("testdata/article.html")
	if err != nil {
		t.Fatal(err)
	}
	out, err := infer.New(res.Model).ExtractBytes(t.Context(), raw, infer.Options{})
	if err != nil || out.Text == "" {
		t.Errorf("the fine-tuned model's extraction: %v, %q", err, out.Text)
	}
}

// screenshotAs saves the page's screenshot as DIR/NAME.png when
// BOILERNET_SCREENSHOTS=DIR.
func screenshotAs(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("BOILERNET_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644)
	}
	if err != nil {
		t.Error(err)
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }
