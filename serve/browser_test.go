package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"log/slog"
	"math"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/boilernet/boilernet/fetch"
	"github.com/boilernet/boilernet/infer"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chromium returns the path of a Chromium or Chrome binary, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser starts a headless Chromium with a fresh profile and no network
// beyond what the test asks for, and returns its context.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := chromium()
	if path == "" {
		t.Skip("chromium not found: install it (Debian: apt-get install -y chromium) to run the browser test; .ci/run does")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	return ctx
}

// browserPage is the fixture pasted into the page: the sample article with
// a script and an event handler that must not run.
func browserPage(t *testing.T) string {
	raw, err := os.ReadFile("../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	evil := `<script>parent.document.body.dataset.pwned = "script";</script>` +
		`<img src="data:," onerror="parent.document.body.dataset.pwned = 'handler'">`
	return strings.Replace(string(raw), "</body>", evil+"</body>", 1)
}

// TestBrowser loads the page in headless Chromium, pastes a page, runs the
// extraction and checks the highlighted blocks and the text panel. With
// BOILERNET_SCREENSHOT=FILE.png it saves a screenshot of the result.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	ctx := browser(t)
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Extractor: ex, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Fetch: FetchWith(fetch.New(fetch.Options{DenyPrivate: true})),
	})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()

	err = chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(chromedp.ID("html")),
		// /v1/info filled the decodings: the page's script ran under its CSP.
		chromedp.WaitReady(chromedp.CSS(`#decode option[value="isolated"]`)),
		chromedp.SetValue(chromedp.ID("html"), browserPage(t)),
		chromedp.Click(chromedp.ID("go")),
		chromedp.WaitVisible(chromedp.ID("results")),
	)
	if err != nil {
		t.Fatal(err)
	}
	text := func(id string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID(id)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if title := text("doc-title"); title != "Night trains return to the Alps" {
		t.Errorf("title %q", title)
	}
	if out := text("out"); !strings.Contains(out, "overnight passenger trains are running again") || strings.Contains(out, "Subscribe") {
		t.Errorf("text panel:\n%s", out)
	}
	if status := text("status"); !strings.HasPrefix(status, "Done: ") {
		t.Errorf("status %q", status)
	}

	// The highlighted page: marks with probabilities, inside the frame;
	// nothing of the pasted page's scripts is left there.
	fr := frameReport(t, ctx)
	t.Logf("frame: %+v", fr)
	if fr.Marks < 5 {
		t.Errorf("%d highlighted blocks, want at least 5", fr.Marks)
	}
	if !strings.HasPrefix(fr.Title, "P(content) ") {
		t.Errorf("mark title %q", fr.Title)
	}
	if fr.Scripts != 0 || fr.Pwned != "" {
		t.Errorf("frame has %d scripts, pwned %q", fr.Scripts, fr.Pwned)
	}
	sandbox, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.ID("frame"), "sandbox"))
	if err != nil {
		t.Fatal(err)
	}
	if !sandbox.Exists || sandbox.Value != "" {
		t.Errorf("frame sandbox %+v, want the attribute with no permissions", sandbox)
	}
	pwned, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.pwned || ""`))
	if err != nil {
		t.Fatal(err)
	}
	if pwned != "" {
		t.Errorf("the pasted page's %s ran in the server's page", pwned)
	}
	// The frame is painted: its highlight shows in a screenshot.
	if n := highlightPixels(t, ctx); n == 0 {
		t.Error("the highlighted page is not painted")
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tab-md"))); err != nil {
		t.Fatal(err)
	}
	if md := text("out"); !strings.Contains(md, "## What changes for passengers") || !strings.Contains(md, "- Zurich to Vienna") {
		t.Errorf("markdown panel:\n%s", md)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("tab-tei"))); err != nil {
		t.Fatal(err)
	}
	if tei := text("out"); !strings.Contains(tei, "<head>What changes for passengers</head>") || !strings.Contains(tei, "<TEI xmlns=") {
		t.Errorf("TEI panel:\n%s", tei)
	}

	// Every block's probability, shown on hover in the frame, is reachable
	// by keyboard: the arrow keys move from tab to tab, and the Blocks tab
	// is a table of the blocks and their probabilities.
	// The wait is bounded, so that a key that does not reach the tab fails
	// with the tabs' state below rather than with the test's deadline.
	wctx, wcancel := context.WithTimeout(ctx, 15*time.Second)
	err = chromedp.Do(wctx,
		chromedp.Focus(chromedp.ID("tab-tei")),
		chromedp.KeyEvent(kb.ArrowRight),
		chromedp.WaitVisible(chromedp.ID("blocks-panel")),
	)
	wcancel()
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		t.Fatal(err)
	}
	type blocksState struct {
		Focused, Selected string
		Rows, Kept        int
		First             []string
		OutHidden         bool
	}
	bs, err := chromedp.Run(ctx, chromedp.Evaluate[blocksState](`(() => {
		const rows = document.querySelectorAll("#blocks tbody tr");
		return {Focused: document.activeElement.id, Selected: document.querySelector("[role=tab][aria-selected=true]").id,
			Rows: rows.length, Kept: document.querySelectorAll("#blocks tbody tr.c").length,
			First: rows.length ? [...rows[0].cells].map(c => c.textContent) : [], OutHidden: document.getElementById("out").hidden}; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if bs.Focused != "tab-blocks" || bs.Selected != "tab-blocks" || !bs.OutHidden || bs.Rows < 10 || bs.Kept < 5 ||
		len(bs.First) != 4 || len(bs.First[1]) != 5 || !strings.HasPrefix(bs.First[1], "0.") && bs.First[1] != "1.000" {
		t.Errorf("blocks tab by keyboard: %+v", bs)
	}
	wctx, wcancel = context.WithTimeout(ctx, 15*time.Second)
	err = chromedp.Do(wctx,
		chromedp.KeyEvent(kb.ArrowRight), // wraps around to Text
		chromedp.WaitVisible(chromedp.ID("out")),
	)
	wcancel()
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		t.Fatal(err)
	}
	selected, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("[role=tab][aria-selected=true]").id`))
	if err != nil {
		t.Fatal(err)
	}
	if out := text("out"); selected != "tab-text" || !strings.Contains(out, "overnight passenger trains") {
		t.Errorf("after the arrow key wrapped to the text tab: tab %q, %q", selected, out)
	}

	// An uploaded file goes as the raw body, options in the query.
	sample, err := filepath.Abs("../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`input[name=mode][value=file]`)),
		chromedp.SetUploadFiles(chromedp.ID("file"), []string{sample}),
		chromedp.SetValue(chromedp.ID("method"), "newsfeed"),
		chromedp.Click(chromedp.ID("go")),
	)
	if err == nil {
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("status").textContent.startsWith("Done")`))
	}
	if err != nil {
		t.Fatal(err)
	}
	if meta := text("meta"); !strings.Contains(meta, "newsfeed") {
		t.Errorf("after an upload with method newsfeed, metadata panel:\n%s", meta)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("method"), "bilstm")); err != nil {
		t.Fatal(err)
	}

	// A URL on the loopback interface is refused by the fetch guard, and
	// the page says so.
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`input[name=mode][value=url]`)),
		chromedp.SetValue(chromedp.ID("url"), ts.URL+"/"),
		chromedp.Click(chromedp.ID("go")),
	)
	if err == nil {
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("status").className === "error"`))
	}
	if err != nil {
		t.Fatal(err)
	}
	if status := text("status"); !strings.Contains(status, "address not allowed") {
		t.Errorf("status after fetching a loopback URL: %q", status)
	}
	// After the error hid the results, the same page again: the new
	// result's frame must be painted, not left blank (as it once was).
	err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`input[name=mode][value=paste]`)))
	if err == nil {
		_, err = chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("url").value = ""`))
	}
	if err == nil {
		err = chromedp.Do(ctx, chromedp.Click(chromedp.ID("go")))
	}
	if err == nil {
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("status").textContent.startsWith("Done")`))
	}
	if err != nil {
		t.Fatal(err)
	}
	if n := highlightPixels(t, ctx); n == 0 {
		t.Error("after an error, the next result's highlighted page is not painted")
	}
	if out := os.Getenv("BOILERNET_SCREENSHOT"); out != "" {
		// The pasted page's result, as a person sees it.
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBrowserToken: with a token, the page opened as /#token=TOKEN sends
// it with its calls (the methods load and an extraction runs); opened
// without it, it says how to open it.
func TestBrowserToken(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	ctx := browser(t)
	cfg := testConfig(newGate())
	cfg.Token = "tok-" + fmt.Sprint(time.Now().UnixNano())
	ts := newTestServer(t, cfg)
	err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/#token="+cfg.Token),
		chromedp.WaitReady(chromedp.CSS(`#method option[value="newsfeed"]`)),
		chromedp.SetValue(chromedp.ID("html"), testPage),
		chromedp.Click(chromedp.ID("go")),
		chromedp.WaitVisible(chromedp.ID("results")),
	)
	if err != nil {
		t.Fatal(err)
	}
	if title, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("doc-title"))); err != nil || title != "Storm hits coast" {
		t.Errorf("with the token: title %q, %v", title, err)
	}
	wctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	err = chromedp.Do(wctx, chromedp.Navigate(ts.URL+"/"))
	if err == nil {
		_, err = chromedp.Run(wctx, chromedp.Poll[bool](`document.getElementById("status").textContent.includes("#token=")`))
	}
	if err != nil {
		status, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("status")))
		t.Errorf("without the token: %v; status %q", err, status)
	}
}

// highlightPixels returns how many pixels of the frame's screenshot have
// the content highlight's colour (#fff176), waiting up to 30 s for the
// frame to paint: the sandboxed frame cannot be polled from the page.
func highlightPixels(t *testing.T, ctx context.Context) int {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		shot, err := chromedp.Run(ctx, frameScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				if r>>8 == 0xff && g>>8 == 0xf1 && bl>>8 == 0x76 {
					n++
				}
			}
		}
		if n > 0 || time.Now().After(deadline) {
			return n
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// frameRect is where the result frame is on the page, in the page's
// coordinates.
const frameRect = `(() => { const f = document.getElementById("frame").getBoundingClientRect(), d = document.documentElement.getBoundingClientRect();
	return {x: f.left - d.left, y: f.top - d.top, width: f.width, height: f.height}; })()`

// frameScreenshot captures the result frame's area of the page. It finds
// the frame by script at the moment of the capture rather than by a DevTools
// node id, as chromedp.Screenshot does: Chromium gives the iframe element a
// new node id whenever its document commits, which for the sandboxed srcdoc
// frame happens after the page has shown the result, so an id read before
// the capture may be gone by then ("No node with given id found").
func frameScreenshot() chromedp.Action[[]byte] {
	return func(ctx context.Context, t *chromedp.Target) ([]byte, error) {
		clip, err := chromedp.Evaluate[page.Viewport](frameRect)(ctx, t)
		if err != nil {
			return nil, err
		}
		if clip.Width < 1 || clip.Height < 1 {
			return nil, fmt.Errorf("the result frame is %gx%g px: not shown", clip.Width, clip.Height)
		}
		x, y := math.Round(clip.X), math.Round(clip.Y)
		clip.Width, clip.Height = math.Round(clip.Width+clip.X-x), math.Round(clip.Height+clip.Y-y)
		clip.X, clip.Y, clip.Scale = x, y, 1
		yes := true
		res, err := cdp.Call(ctx, t, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Format: page.CaptureScreenshotFormatPng, Clip: &clip, FromSurface: &yes, CaptureBeyondViewport: &yes,
		})
		if err != nil {
			return nil, err
		}
		return res.Data, nil
	}
}

// frameState is what the test reads in the highlighted page's frame.
type frameState struct {
	Marks   int    `json:"marks"`   // content blocks highlighted
	Title   string `json:"title"`   // the first one's title (its probability)
	Scripts int    `json:"scripts"` // script elements left
	Pwned   string `json:"pwned"`
}

const frameProbe = `(() => { const m = document.querySelectorAll("mark.bn-c");
	return {marks: m.length, title: m.length ? m[0].title : "", scripts: document.scripts.length, pwned: document.body.dataset.pwned || ""}; })()`

// frameReport reads the highlighted page's frame, retrying until it shows
// marks: the page replaces the frame for every result, and the frame's
// document arrives after the page has shown the result (first an empty
// document, then the srcdoc one, in the page's process or in one of its
// own). Chromium runs a sandboxed frame in a process of its own, as a target
// of its own, which the test attaches to; where it does not, the frame is in
// the page's frame tree, and the probe runs in an isolated world of it. Each
// attempt looks the frame up afresh and is bounded, not to wait on a
// document that has been replaced.
func frameReport(t *testing.T, ctx context.Context) frameState {
	t.Helper()
	var last error
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		infos, err := chromedp.Targets(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, info := range infos {
			if info.Type != "iframe" || info.URL != "about:srcdoc" {
				continue
			}
			fctx, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(info.TargetID), chromedp.WithDetachOnCancel())
			qctx, qcancel := context.WithTimeout(fctx, 3*time.Second)
			st, err := chromedp.Run(qctx, chromedp.Evaluate[frameState](frameProbe))
			qcancel()
			cancel()
			if err == nil && st.Marks > 0 {
				return st
			}
			last = err
		}
		qctx, qcancel := context.WithTimeout(ctx, 3*time.Second)
		st, err := chromedp.Run(qctx, probeLocalFrames())
		qcancel()
		if err == nil && st.Marks > 0 {
			return st
		}
		last = err
	}
	t.Fatalf("could not read the highlighted page's frame in 30s (last error: %v)", last)
	return frameState{}
}

// probeLocalFrames runs frameProbe in an isolated world of each srcdoc
// frame in the page's process, and returns the first report with marks.
func probeLocalFrames() chromedp.Action[frameState] {
	return func(ctx context.Context, t *chromedp.Target) (frameState, error) {
		tree, err := cdp.Call(ctx, t, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			return frameState{}, err
		}
		var st frameState
		for _, child := range tree.FrameTree.ChildFrames {
			if child.Frame.URL != "about:srcdoc" {
				continue
			}
			world, err := cdp.Call(ctx, t, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: child.Frame.ID, WorldName: "boilernet-test"})
			if err != nil {
				return frameState{}, err
			}
			st, err = chromedp.Evaluate[frameState](frameProbe, func(p *runtime.EvaluateParams) { p.ContextID = world.ExecutionContextID })(ctx, t)
			if err != nil || st.Marks > 0 {
				return st, err
			}
		}
		return st, nil
	}
}
