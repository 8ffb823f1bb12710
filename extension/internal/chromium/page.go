package chromium

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/boilernet/boilernet/extension/api"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// State is what the extension's content script keeps on a page
// (globalThis.boilernet.state in its isolated world).
type State struct {
	Phase       string        `json:"phase"` // idle, running, done, error
	Shown       bool          `json:"shown"`
	Highlighted bool          `json:"highlighted"`
	HTML        string        `json:"html"` // the page as serialized and sent
	Response    *api.Response `json:"response"`
	Stats       Stats         `json:"stats"`
	// Millis: serialize, extract (in the worker), roundTrip (content
	// script to worker and back), locate, total.
	Millis map[string]float64 `json:"millis"`
	Error  string             `json:"error"`
	Copied *struct {
		Kind, How, Text string
	} `json:"copied"`
	Runs int `json:"runs"`
}

// Stats are the content script's counts of the locator mapping: the kept
// blocks (content or headline), found by their locator, found by their
// text, not found on the live page (with a few examples), and found in
// text the page does not display (not highlighted).
type Stats struct {
	Kept, ByLocator, ByText, Missing, Hidden int
	Examples                                 []struct{ Locator, Text string }
}

// Worlds follows a tab's JavaScript contexts to find the extension's
// isolated world, where its content scripts run.
type Worlds struct {
	mu     sync.Mutex
	latest string // the unique id of the newest isolated world of the extension
}

// WatchWorlds starts following the contexts of the tab of ctx.
func WatchWorlds(ctx context.Context, extensionID string) *Worlds {
	w := &Worlds{}
	events := chromedp.Events(ctx, runtime.ExecutionContextCreated)
	go func() {
		for ev, err := range events {
			if err != nil {
				return
			}
			var aux struct {
				Type string `json:"type"`
			}
			json.Unmarshal(ev.Context.AuxData, &aux)
			if aux.Type == "isolated" && strings.Contains(ev.Context.Origin, extensionID) {
				w.mu.Lock()
				w.latest = ev.Context.UniqueID
				w.mu.Unlock()
			}
		}
	}()
	return w
}

// EvalIsolated evaluates expr in the extension's isolated world of the
// page, awaiting a promise, and decodes its JSON value into T.
func EvalIsolated[T any](ctx context.Context, w *Worlds, expr string) (T, error) {
	var zero T
	w.mu.Lock()
	id := w.latest
	w.mu.Unlock()
	if id == "" {
		return zero, fmt.Errorf("no isolated world of the extension in the page")
	}
	inWorld := func(p *runtime.EvaluateParams) { p.UniqueContextID = id }
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr, inWorld, chromedp.EvalAwaitPromise))
}

// WaitIsolated polls expr in the isolated world until it is true.
func WaitIsolated(ctx context.Context, w *Worlds, expr string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	var last error
	for time.Now().Before(deadline) {
		ok, err := EvalIsolated[bool](ctx, w, expr)
		if err == nil && ok {
			return nil
		}
		last = err
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("waiting for %s: timed out (last error: %v)", expr, last)
}

// Extract clicks the toolbar button on a page not extracted yet and waits
// for the extraction.
func Extract(ctx context.Context, w *Worlds, extensionID string, limit time.Duration) (State, error) {
	if err := Click(ctx, extensionID); err != nil {
		return State{}, err
	}
	if err := WaitIsolated(ctx, w, `globalThis.boilernet && ['done', 'error'].includes(globalThis.boilernet.state.phase)`, limit); err != nil {
		return State{}, err
	}
	st, err := EvalIsolated[State](ctx, w, `globalThis.boilernet.state`)
	if err != nil {
		return State{}, err
	}
	if st.Phase != "done" || st.Response == nil {
		return st, fmt.Errorf("extension: %s: %s", st.Phase, st.Error)
	}
	return st, nil
}
