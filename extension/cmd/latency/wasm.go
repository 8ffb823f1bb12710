package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"

	"github.com/chromedp/chromedp"
)

// benchPage runs the extension's worker (worker.js, wasm_exec.js and
// boilernet.wasm, served from /ext/) on the pages served at /page/N, one
// after the other, and returns what the worker measured: the time of the
// module's extract call, and enough of the answer to compare.
const benchPage = `<!doctype html><meta charset="utf-8"><title>bench</title>
<script>
const worker = new Worker('/ext/worker.js');
let next = 0;
const pending = new Map();
worker.onmessage = (e) => { pending.get(e.data.id)(e.data.response); pending.delete(e.data.id); };
function call(request) {
  const id = ++next;
  return new Promise((resolve) => { pending.set(id, resolve); worker.postMessage({id, request}); });
}
async function bench(count, warmup) {
  for (let i = 0; i < warmup; i++) {
    await call({html: await (await fetch('/page/' + i)).text(), url: '', threshold: 0});
  }
  const out = [];
  for (let i = 0; i < count; i++) {
    const html = await (await fetch('/page/' + i)).text();
    const r = await call({html, url: '', threshold: 0});
    out.push({millis: r.workerMillis, goMillis: r.millis, startMillis: r.startMillis, title: r.title, text: r.text,
      error: r.error || '', kept: r.kept, verdicts: (r.blocks || []).map((b) => b.content ? '1' : '0').join(''),
      probs: (r.blocks || []).map((b) => b.prob)});
  }
  return out;
}
</script>`

// wasmResult is one page extracted by the module in Chromium.
type wasmResult struct {
	Millis      float64   `json:"millis"`      // the extract call, in the worker
	GoMillis    float64   `json:"goMillis"`    // the extraction inside Go
	StartMillis float64   `json:"startMillis"` // loading the module and the model, once
	Title       string    `json:"title"`
	Text        string    `json:"text"`
	Error       string    `json:"error"`
	Kept        int       `json:"kept"`
	Verdicts    string    `json:"verdicts"`
	Probs       []float64 `json:"probs"`
}

// timeWasm runs the bench page in a new tab of the browser.
func timeWasm(ctx context.Context, extDir string, pages []page) ([]wasmResult, error) {
	mux := http.NewServeMux()
	mux.Handle("/ext/", http.StripPrefix("/ext/", http.FileServer(http.Dir(extDir))))
	mux.HandleFunc("/bench", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, benchPage)
	})
	mux.HandleFunc("/page/", func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/page/"))
		if err != nil || i < 0 || i >= len(pages) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, pages[i].HTML)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate(srv.URL+"/bench")); err != nil {
		return nil, err
	}
	expr := fmt.Sprintf("bench(%d, %d)", len(pages), min(3, len(pages)))
	return chromedp.Run(tab, chromedp.Evaluate[[]wasmResult](expr, chromedp.EvalAwaitPromise))
}
