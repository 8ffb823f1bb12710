package main

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"time"

	"github.com/boilernet/boilernet/extension/api"
	"github.com/boilernet/boilernet/extension/internal/chromium"
	"github.com/boilernet/boilernet/infer"
	"github.com/chromedp/chromedp"
)

// pageCSP lets a stored page run its inline scripts (with scripts) and
// styles and load nothing at all: its images, style sheets and scripts
// were never stored.
func pageCSP(scripts bool) string {
	script := "'none'"
	if scripts {
		script = "'unsafe-inline'"
	}
	return "default-src 'none'; script-src " + script + "; style-src 'unsafe-inline'; img-src data:; font-src data:"
}

// liveResult is the extension run on a page loaded in Chromium.
type liveResult struct {
	Skipped string         `json:"skipped,omitempty"` // why the page was not run
	Stats   chromium.Stats `json:"stats"`
	Millis  map[string]float64
	// SameAsNative: the extension's text equals the native extraction of
	// the HTML it serialized; SameAsFile: equals the CLI's text of the
	// page's file (the live DOM, after scripts and re-serialization, can
	// differ from the file).
	SameAsNative, SameAsFile bool
	FileDiff                 string `json:",omitempty"` // the first line that differs from the file's text
	Blocks, Kept             int
}

// runLive loads each page's bytes in a tab and clicks the extension.
func runLive(b *chromium.Browser, ex *infer.Extractor, pages []page, scripts bool) []liveResult {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/raw/"))
		if err != nil || i < 0 || i >= len(pages) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Security-Policy", pageCSP(scripts))
		w.Header().Set("Content-Type", "text/html") // the page's <meta> or the browser's guess decides
		w.Write(pages[i].Raw)
	}))
	defer srv.Close()

	out := make([]liveResult, len(pages))
	for i, p := range pages {
		out[i] = runOne(b, ex, srv.URL+"/raw/"+strconv.Itoa(i), p)
		if out[i].Skipped != "" {
			log.Printf("live %s: skipped: %s", p.name(), out[i].Skipped)
		}
	}
	return out
}

// runOne runs the extension on one page, in a tab of its own.
func runOne(b *chromium.Browser, ex *infer.Extractor, url string, p page) liveResult {
	tab, cancel := chromedp.NewContext(b.Ctx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(tab, 90*time.Second)
	defer cancelTimeout()
	if err := chromedp.Do(ctx); err != nil { // opens the tab
		return liveResult{Skipped: err.Error()}
	}
	w := chromium.WatchWorlds(ctx, b.ExtensionID)
	// Some pages never finish loading (an image whose onerror sets its
	// src again, forever): they are run once their DOM is parsed.
	nctx, cancelNav := context.WithTimeout(ctx, 10*time.Second)
	err := chromedp.Do(nctx, chromedp.Navigate(url))
	cancelNav()
	if err != nil {
		state, serr := chromedp.Run(ctx, chromedp.Evaluate[string](`document.readyState`))
		if serr != nil || state == "loading" {
			return liveResult{Skipped: "loading: " + err.Error()}
		}
	}
	chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond)) // let load handlers run
	// A page whose script or <meta refresh> went elsewhere is not the page.
	if loc, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href`)); err != nil || loc != url {
		return liveResult{Skipped: fmt.Sprintf("the page went to %q", loc)}
	}
	st, err := chromium.Extract(ctx, w, b.ExtensionID, 60*time.Second)
	if err != nil {
		return liveResult{Skipped: "extension: " + err.Error()}
	}
	native := api.Extract(ex, api.Request{HTML: st.HTML, URL: url})
	fileRes, _ := ex.ExtractBytes(context.Background(), p.Raw, infer.Options{})
	r := liveResult{Stats: st.Stats, Millis: st.Millis, Blocks: len(st.Response.Blocks), Kept: st.Response.Kept}
	r.SameAsNative = native.Error == "" && native.Text == st.Response.Text
	r.SameAsFile = fileRes != nil && fileRes.Text == st.Response.Text
	if !r.SameAsFile && fileRes != nil {
		r.FileDiff = firstDiff(fileRes.Text, st.Response.Text)
	}
	return r
}

// firstDiff returns the first line of a that b does not have at its
// place, and b's line there.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: file %.120q, live %.120q", i+1, x, y)
		}
	}
	return ""
}
