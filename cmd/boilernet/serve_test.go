package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/data/labelset"
	"github.com/chromedp/chromedp"
)

func TestServeUsage(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
		{[]string{"serve", "-max-body", "lots"}, `-max-body: bad size "lots"`},
		{[]string{"serve", "-model", "testdata/none.model"}, "no such file"},
		{[]string{"serve", "-addr", "256.0.0.1:x"}, "boilernet serve:"},
		{[]string{"serve", "-read-timeout", "0s"}, "-read-timeout 0s: must be > 0"},
		{[]string{"serve", "-idle-timeout", "-1s"}, "-idle-timeout -1s: must be > 0"},
		{[]string{"serve", "-timeout", "0"}, "-timeout 0s: must be > 0"},
		{[]string{"serve", "-timeout", "30s", "-write-timeout", "10s"}, "-write-timeout 10s: must be more than -timeout (30s)"},
		{[]string{"serve", "-memory-budget", "8MiB"}, "-memory-budget 8MiB: less than -max-body (16MiB), so a body of unknown length would never fit"},
		{[]string{"serve", "-max-body", "1MiB", "-memory-budget", "1023KiB"}, "-memory-budget 1023KiB: less than -max-body (1MiB)"},
		{[]string{"serve", "-memory-budget", "lots"}, `-memory-budget: bad size "lots"`},
		{[]string{"serve", "-queue", "9223372036854775807"}, "-queue 9223372036854775807: must be from -1 to 65536"},
		{[]string{"serve", "-queue", "-2"}, "-queue -2: must be from -1 to 65536"},
		{[]string{"serve", "-workers", "100000"}, "-workers 100000: must be from 0 to 256"},
		{[]string{"serve", "-max-body", "8589934592GiB"}, `-max-body: bad size "8589934592GiB": too large`},
		{[]string{"serve", "-max-body", "2GiB"}, "-max-body 2GiB: must be at most 1GiB"},
		{[]string{"serve", "-memory-budget", "9223372036854775807GiB"}, "-memory-budget: bad size"},
		{[]string{"serve", "-upload-stall", "0s"}, "-upload-stall 0s: must be > 0"},
		{[]string{"serve", "-memory-limit", "lots"}, `-memory-limit: bad size "lots"`},
		{[]string{"serve", "-memory-limit", "-2"}, `-memory-limit: bad size "-2"`},
		{[]string{"serve", "-host", "a/b"}, `bad host "a/b"`},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(tt.args, &stdout, &stderr); status == 0 || !bytes.Contains(stderr.Bytes(), []byte(tt.stderr)) {
			t.Errorf("%v: status %d, stderr %q, want %q", tt.args, status, stderr.String(), tt.stderr)
		}
	}
}

// TestServeToken starts boilernet serve with BOILERNET_TOKEN set, and with
// -token too (the flag wins): every /v1/ call needs the header
// Authorization: Bearer with the token (401 otherwise), the health check
// does not. The server stops gracefully on SIGTERM.
func TestServeToken(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	for _, tt := range []struct {
		name, env, flag, token string
	}{
		{"environment", "env-s3cret", "", "env-s3cret"},
		{"flag over environment", "env-s3cret", "flag-s3cret", "flag-s3cret"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"serve", "-addr", "127.0.0.1:0", "-no-fetch", "-workers", "1"}
			if tt.flag != "" {
				args = append(args, "-token", tt.flag)
			}
			base := startServe(t, []string{"BOILERNET_TOKEN=" + tt.env}, args...)
			for _, c := range []struct {
				path, auth string
				status     int
			}{
				{"/healthz", "", 200},
				{"/v1/info", "", 401},
				{"/v1/info", "Bearer wrong", 401},
				{"/v1/info", "Bearer env-s3cret", map[bool]int{true: 200, false: 401}[tt.token == "env-s3cret"]},
				{"/v1/info", "Bearer " + tt.token, 200},
				{"/v1/info", tt.token, 401}, // the token without its scheme
			} {
				req, err := http.NewRequest("GET", base+c.path, nil)
				if err != nil {
					t.Fatal(err)
				}
				if c.auth != "" {
					req.Header.Set("Authorization", c.auth)
				}
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != c.status {
					t.Errorf("GET %s with Authorization %q: %d, want %d: %s", c.path, c.auth, resp.StatusCode, c.status, body)
				}
				if resp.StatusCode == 401 && !strings.Contains(resp.Header.Get("WWW-Authenticate"), "Bearer") {
					t.Errorf("401 without WWW-Authenticate: Bearer: %v", resp.Header)
				}
			}
		})
	}
}

// startServe runs boilernet serve with args as a subprocess, with env
// added to its environment, and returns its base URL once it listens; the
// process gets SIGTERM when the test ends and must then exit 0.
func startServe(t *testing.T, env []string, args ...string) string {
	t.Helper()
	cmd := subprocess(t, args...)
	cmd.Env = append(cmd.Env, env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		serving := regexp.MustCompile(`msg=serving addr=(http://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := serving.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve after SIGTERM: %v", err)
			}
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Errorf("serve did not stop within 30s of SIGTERM")
		}
	})
	select {
	case a := <-addr:
		return a
	case err := <-done:
		t.Fatalf("serve exited before listening: %v\n%s", err, log.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not listen within 60s")
	}
	return ""
}

// TestServeHost: serve answers to its address, localhost and the names of
// -host (repeated or comma-separated), and refuses any other Host with
// 421 (DNS rebinding).
func TestServeHost(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	base := startServe(t, nil, "serve", "-addr", "127.0.0.1:0", "-no-fetch", "-workers", "1",
		"-host", "a.example, b.example:8080", "-host", "C.example")
	for _, c := range []struct {
		host   string
		status int
	}{
		{"", 200}, // the listen address
		{"localhost:1", 200},
		{"a.example", 200},
		{"b.example:9", 200},
		{"c.example.", 200},
		{"evil.example", 421},
		{"d.example", 421},
	} {
		req, err := http.NewRequest("GET", base+"/healthz", nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.host != "" {
			req.Host = c.host
		}
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("Host %q: %d, want %d: %s", c.host, resp.StatusCode, c.status, body)
		}
	}
}

// TestServeLabelBrowser labels pages as a user would, in the server's
// page in headless Chromium: boilernet serve -label-dir DIR, paste a
// page, extract, open the Label tab, click two blocks to change their
// labels, save; then a second page (which goes to dev). The folder loads
// with package data with the labels set, boilernet train -init default
// trains on it, and boilernet extract runs the new model.
// BOILERNET_SCREENSHOTS=DIR saves the label mode as DIR/serve-label.png.
func TestServeLabelBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process and a browser")
	}
	browser := chromiumPath()
	if browser == "" {
		t.Skip("chromium not found: install it (Debian: apt-get install -y chromium) to run the browser test; .ci/run does")
	}
	dir := filepath.Join(t.TempDir(), "mine")
	base := startServe(t, nil, "serve", "-addr", "127.0.0.1:0", "-no-fetch", "-workers", "1", "-label-dir", dir)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(browser), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.Flag("disable-background-networking", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1400, 1000))
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(actx)
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	page, err := os.ReadFile("../../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.ID("html")),
		chromedp.WaitReady(chromedp.CSS(`#tab-label:not([hidden])`))); err != nil {
		t.Fatal(err)
	}
	type state struct {
		Labels []string `json:"labels"`
		Counts string   `json:"counts"`
		Status string   `json:"status"`
		Error  bool     `json:"error"`
	}
	const read = `({labels: [...document.querySelectorAll("#label-list li")].map((li) => li.className.split(" ")[0]),
		counts: document.getElementById("label-counts").textContent, status: document.getElementById("label-status").textContent,
		error: document.getElementById("label-status").className === "error"})`
	var labeled []string
	for i, name := range []string{"", "night trains by hand"} {
		err := chromedp.Do(ctx,
			chromedp.SetValue(chromedp.ID("html"), string(page)),
			chromedp.SetValue(chromedp.ID("url"), "https://valley.example/alps/night-trains.html"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("status").textContent = ""`),
			chromedp.Click(chromedp.ID("go")),
		)
		if err == nil {
			_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("status").textContent.startsWith("Done")`))
		}
		if err == nil {
			err = chromedp.Do(ctx, chromedp.Click(chromedp.ID("tab-label")), chromedp.WaitVisible(chromedp.CSS("#label-list li")))
		}
		if err != nil {
			t.Fatal(err)
		}
		before, err := chromedp.Run(ctx, chromedp.Evaluate[state](read))
		if err != nil {
			t.Fatal(err)
		}
		// Two blocks toggled with the mouse: the first (the site's name,
		// boilerplate) kept, the last content block dropped.
		last := slices.Index(before.Labels, "content")
		for j, l := range before.Labels {
			if l == "content" {
				last = j
			}
		}
		if before.Labels[0] != "boilerplate" || last < 0 {
			t.Fatalf("the model's verdicts: %q", before.Labels)
		}
		for _, i := range []int{0, last} {
			xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
			  const li = document.getElementById("lb-`+itoa(i)+`");
			  li.scrollIntoView({block: "center"});
			  const r = li.getBoundingClientRect();
			  return [r.x + r.width / 2, r.y + r.height / 2];
			})()`))
			if err == nil {
				err = chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1]))
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		after, err := chromedp.Run(ctx, chromedp.Evaluate[state](read))
		if err != nil {
			t.Fatal(err)
		}
		want := slices.Clone(before.Labels)
		want[0], want[last] = "content", "boilerplate"
		if !slices.Equal(after.Labels, want) {
			t.Fatalf("after two clicks, labels\n%q\nwant\n%q", after.Labels, want)
		}
		if !strings.Contains(after.Counts, "blocks kept") || after.Counts == before.Counts {
			t.Errorf("counts %q, before %q", after.Counts, before.Counts)
		}
		if i == 0 {
			labeled = want
			if sd := os.Getenv("BOILERNET_SCREENSHOTS"); sd != "" {
				// The labels drawn in the page too; the frame is given
				// a moment to paint (a picture, not a check).
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("label-preview"))); err != nil {
					t.Fatal(err)
				}
				time.Sleep(time.Second)
				shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err == nil {
					err = os.WriteFile(filepath.Join(sd, "serve-label.png"), shot, 0o644)
				}
				if err != nil {
					t.Error(err)
				}
			}
		}
		quoted, _ := json.Marshal(name)
		_, err = chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("label-name").value = `+string(quoted)))
		if err == nil {
			err = chromedp.Do(ctx, chromedp.Click(chromedp.ID("label-save")))
		}
		if err == nil {
			_, err = chromedp.Run(ctx, chromedp.Poll[bool](`/^(Saved|Not saved)/.test(document.getElementById("label-status").textContent)`))
		}
		if err != nil {
			t.Fatal(err)
		}
		saved, err := chromedp.Run(ctx, chromedp.Evaluate[state](read))
		if err != nil {
			t.Fatal(err)
		}
		wantSplit := map[int]string{0: " to train ", 1: " to dev "}[i]
		if saved.Error || !strings.Contains(saved.Status, wantSplit) {
			t.Fatalf("after Save: %q", saved.Status)
		}
		t.Logf("saved: %s", saved.Status)
	}

	ds, err := data.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ds.IDs["train"], []string{"valley.example-alps-night-trains"}) || !slices.Equal(ds.IDs["dev"], []string{"night-trains-by-hand"}) {
		t.Fatalf("splits %v", ds.IDs)
	}
	id := ds.IDs["train"][0]
	if raw, _, err := ds.ReadPage(id); err != nil || !bytes.Equal(raw, page) {
		t.Errorf("the saved page is not the page pasted (%v)", err)
	}
	lf, err := labelset.ReadLabels(dir, id)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range lf.Blocks {
		got = append(got, b.Label.String())
	}
	if !slices.Equal(got, labeled) {
		t.Errorf("labels file\n%q\nwant\n%q", got, labeled)
	}
	doc, err := ds.Load(id, data.Options{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	agree := 0
	for i, l := range labeled {
		if doc.Labels[i] == (l == "content" || l == "headline") {
			agree++
		}
	}
	if agree != len(labeled) {
		t.Errorf("data labels %d of %d blocks as set", agree, len(labeled))
	}

	model := filepath.Join(t.TempDir(), "mine.model")
	checkRun(t, []string{"train", "-q", "-data", dir, "-init", "default", "-epochs", "1", "-out", model}, 0,
		[]string{"trained on 1 pages (1 dev,", "wrote " + model}, nil)
	checkRun(t, []string{"extract", "-model", model, "../../testdata/sample.html"}, 0, []string{"A sleeper train waits"}, nil)
}

// chromiumPath returns the path of a Chromium or Chrome binary, or "".
func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }
