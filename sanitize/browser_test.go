package sanitize

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/net/html"
)

// loadingPage loads TRACKER/… in every way a page can: scripts, frames,
// embeds, links, style sheets (url(), escaped url(), image-set(), @import,
// fonts), inline styles, SVG references and images, media, refreshes and
// form submissions; and an image, which is allowed. A script that runs
// sets the title to "pwned".
const loadingPage = `<!DOCTYPE html><html><head><title>safe</title>
<meta http-equiv="refresh" content="0;url=TRACKER/meta-refresh">
<link rel="stylesheet" href="TRACKER/link-stylesheet"><link rel="preload" as="image" href="TRACKER/link-preload">
<script src="TRACKER/script-src"></script><script>document.title = "pwned"; fetch("TRACKER/script-inline")</script>
<style>
@import url(TRACKER/style-import);
@font-face{font-family:Spy;src:url(TRACKER/style-font)}
body{font-family:Spy,serif;background:url(TRACKER/style-url)}
h1{background:u\72l(TRACKER/style-escaped)}
p{background-image:image-set("TRACKER/style-image-set" 1x)}
</style></head>
<body background="TRACKER/body-background" onload="document.title = 'pwned'">
<h1 style="background:url(TRACKER/inline-url)">Title</h1>
<p style="background:u\72l(TRACKER/inline-escaped)">Text <img src="TRACKER/img-allowed" alt="allowed"></p>
<img src="x:" onerror="document.title = 'pwned'">
<iframe src="TRACKER/iframe"></iframe><iframe srcdoc="<img src=TRACKER/srcdoc>"></iframe>
<object data="TRACKER/object"></object><embed src="TRACKER/embed">
<portal src="TRACKER/portal"></portal><fencedframe src="TRACKER/fencedframe"></fencedframe>
<video src="TRACKER/video" poster="TRACKER/video-poster" autoplay muted></video><audio src="TRACKER/audio" autoplay></audio>
<svg width="40" height="40"><image href="TRACKER/svg-image" width="10" height="10"/><use href="TRACKER/svg-use#x"/>
<rect width="40" height="40" fill="url(TRACKER/svg-fill#p)"/><style>rect{stroke:url(TRACKER/svg-style)}</style></svg>
<table background="TRACKER/table-background"><tr><td>cell</td></tr></table>
<form id="f" action="TRACKER/form-action"><input name="q" value="1" autofocus onfocus="document.title = 'pwned'"></form>
</body></html>`

// TestBrowserLoadsNothing opens the sanitized loadingPage in headless
// Chromium, served without any Content-Security-Policy, and checks that
// nothing ran and the browser asked the tracker for the allowed image
// only.
func TestBrowserLoadsNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("chromium not found: install it (Debian: apt-get install -y chromium) to run the browser test")
	}
	var mu sync.Mutex
	var hits []string
	tracker := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits = append(hits, r.URL.Path)
		mu.Unlock()
		http.NotFound(w, r)
	}))
	defer tracker.Close()

	doc, err := html.Parse(strings.NewReader(strings.ReplaceAll(loadingPage, "TRACKER", tracker.URL)))
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := html.Render(&sb, Copy(doc, Options{})); err != nil {
		t.Fatal(err)
	}
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(sb.String()))
	}))
	defer page.Close()

	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(path), chromedp.Headless,
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true), chromedp.UserDataDir(t.TempDir()))
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	defer cancelTimeout()
	if err := chromedp.Do(ctx, chromedp.Navigate(page.URL+"/")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // a refresh, a late font or a media request would come by now
	type state struct {
		Title, URL    string
		Scripts, Imgs int
	}
	st, err := chromedp.Run(ctx, chromedp.Evaluate[state](
		`({title: document.title, url: location.href, scripts: document.scripts.length, imgs: document.images.length})`))
	if err != nil {
		t.Fatal(err)
	}
	if st.Title != "safe" || st.URL != page.URL+"/" || st.Scripts != 0 {
		t.Errorf("page state %+v: want title safe, no navigation, no scripts", st)
	}
	mu.Lock()
	defer mu.Unlock()
	if slices.Sort(hits); !slices.Equal(hits, []string{"/img-allowed"}) {
		t.Errorf("the browser asked the tracker for %v, want /img-allowed only\npage: %s", hits, sb.String())
	}
}
