// Package chromium starts a headless Chromium for the extension's tests
// and tools, with the unpacked extension loaded and no way out to the
// network: every request other than to loopback addresses goes to a proxy
// that is not there, and no host name resolves.
package chromium

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/chromedp/cdproto/extensions"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// Path returns the path of a Chromium or Chrome binary, or "".
func Path() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// ErrNotFound is returned by Start when no browser is installed.
var ErrNotFound = errors.New("chromium not found: install it (Debian: apt-get install -y chromium)")

// Options configure Start.
type Options struct {
	Extension   string // an unpacked extension's directory to load ("" for none)
	UserDataDir string // a fresh profile directory
	Width       int    // the window's size (1280×900 when 0)
	Height      int
	// ViaProtocol loads the extension with the DevTools protocol's
	// Extensions.loadUnpacked rather than --load-extension, which branded
	// Chrome ignores; Start falls back to it anyway.
	ViaProtocol bool
}

// Browser is a started browser.
type Browser struct {
	Ctx         context.Context // its first tab's chromedp context
	ExtensionID string          // the loaded extension's id ("" without one)
	// Worker is the extension's service worker's chromedp context (nil
	// without one): its console and state, for a test's diagnostics.
	Worker context.Context
	cancel []context.CancelFunc
}

// Close ends the browser.
func (b *Browser) Close() {
	for i := len(b.cancel) - 1; i >= 0; i-- {
		b.cancel[i]()
	}
}

// Start starts the browser (headless=new, which runs extensions) and, with
// an extension, waits for its service worker to learn its id.
func Start(opts Options) (*Browser, error) {
	path := Path()
	if path == "" {
		return nil, ErrNotFound
	}
	if opts.Width == 0 {
		opts.Width, opts.Height = 1280, 900
	}
	flags := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", "new"),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// No network: loopback is reached directly (it bypasses proxies),
		// everything else goes to a closed loopback port, and names do
		// not resolve at all.
		chromedp.Flag("proxy-server", "http://127.0.0.1:9"),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"),
		chromedp.UserDataDir(opts.UserDataDir),
		chromedp.WindowSize(opts.Width, opts.Height),
	}
	if opts.Extension != "" {
		// Extensions.triggerAction (the toolbar click of the tests) and
		// loadUnpacked need this.
		flags = append(flags, chromedp.Flag("enable-unsafe-extension-debugging", true))
		if !opts.ViaProtocol {
			flags = append(flags,
				chromedp.Flag("load-extension", opts.Extension),
				chromedp.Flag("disable-extensions-except", opts.Extension))
		}
	}
	b := &Browser{}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), flags...)
	b.cancel = append(b.cancel, cancel)
	ctx, cancel := chromedp.NewContext(actx)
	b.cancel = append(b.cancel, cancel)
	b.Ctx = ctx
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		b.Close()
		return nil, err
	}
	if opts.Extension != "" {
		wait := 10 * time.Second
		if opts.ViaProtocol {
			wait = 0
		}
		id, worker, err := extensionID(ctx, wait)
		if err != nil {
			// Branded Chrome ignores --load-extension; the protocol
			// still loads an unpacked extension.
			if _, lerr := chromedp.CallBrowser(ctx, extensions.LoadUnpacked, extensions.LoadUnpackedParams{Path: opts.Extension}); lerr == nil {
				id, worker, err = extensionID(ctx, 10*time.Second)
			}
		}
		if err != nil {
			b.Close()
			return nil, err
		}
		wctx, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(worker), chromedp.WithDetachOnCancel())
		b.cancel = append(b.cancel, cancel)
		if err := waitListening(wctx, time.Now().Add(20*time.Second)); err != nil {
			b.Close()
			return nil, err
		}
		b.ExtensionID, b.Worker = id, wctx
	}
	return b, nil
}

// extensionID waits for the extension's service worker and returns the
// extension's id, the host of its chrome-extension:// address, and the
// worker's target.
func extensionID(ctx context.Context, limit time.Duration) (string, target.ID, error) {
	deadline := time.Now().Add(limit)
	for first := true; first || time.Now().Before(deadline); first = false {
		infos, err := chromedp.Targets(ctx)
		if err != nil {
			return "", "", err
		}
		for _, info := range infos {
			if info.Type == "service_worker" && strings.HasPrefix(info.URL, "chrome-extension://") {
				id := strings.SplitN(strings.TrimPrefix(info.URL, "chrome-extension://"), "/", 2)[0]
				return id, info.TargetID, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", "", errors.New("the extension did not start: no service worker (can this Chromium load unpacked extensions headless?)")
}

// waitListening waits until the service worker of wctx has registered its
// toolbar button handler: a click before that would be lost.
func waitListening(wctx context.Context, deadline time.Time) error {
	var err error
	for time.Now().Before(deadline) {
		var ok bool
		ok, err = chromedp.Run(wctx, chromedp.Evaluate[bool](`chrome.action.onClicked.hasListeners()`))
		if err == nil && ok {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("the extension's service worker does not listen for its button: %v", err)
}

// Click clicks the extension's toolbar button for the tab of ctx, as a
// user would: it runs the action's click handler with activeTab granted.
func Click(ctx context.Context, extensionID string) error {
	tab, err := tabOf(ctx)
	if err != nil {
		return err
	}
	_, err = chromedp.CallBrowser(ctx, extensions.TriggerAction, extensions.TriggerActionParams{ID: extensionID, TargetID: string(tab)})
	if err != nil {
		return fmt.Errorf("Extensions.triggerAction: %w", err)
	}
	return nil
}

// tabOf returns the id of the "tab" target that holds the page of ctx
// (triggerAction takes a tab, chromedp drives its page): the one tab at
// the page's address.
func tabOf(ctx context.Context) (target.ID, error) {
	c := chromedp.FromContext(ctx)
	if c == nil || c.Target == nil {
		return "", errors.New("chromium: the context has no tab")
	}
	res, err := chromedp.CallBrowser(ctx, target.GetTargets, target.GetTargetsParams{Filter: target.Filter{{Type: "tab"}, {Type: "page"}}})
	if err != nil {
		return "", err
	}
	url := ""
	for _, in := range res.TargetInfos {
		if in.TargetID == c.Target.TargetID {
			url = in.URL
		}
	}
	var tabs []target.ID
	for _, in := range res.TargetInfos {
		if in.Type == "tab" && in.URL == url {
			tabs = append(tabs, in.TargetID)
		}
	}
	if url == "" || len(tabs) != 1 {
		return "", fmt.Errorf("chromium: %d tabs at the page's address %q, want 1", len(tabs), url)
	}
	return tabs[0], nil
}
