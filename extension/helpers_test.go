package extension_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/boilernet/boilernet/extension"
	"github.com/boilernet/boilernet/extension/internal/chromium"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"golang.org/x/text/encoding/charmap"
)

// The extension is built once per test binary, in a directory TestMain
// removes.
var (
	buildOnce sync.Once
	buildDir  string
	built     *extension.Built
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// build returns the built extension, building it on the first call.
func build(t *testing.T) *extension.Built {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "boilernet-extension-")
		if buildErr != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		built, buildErr = extension.Build(ctx, buildDir)
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return built
}

// A fixture is a test page: a file of testdata/, served as it is or
// encoded in a legacy charset.
type fixture struct {
	name    string // the path it is served at, and its file
	charset string // "" for the file's UTF-8; "windows-1252" to encode it
}

// body is the fixture's bytes as served.
func (f fixture) body() ([]byte, error) {
	b, err := os.ReadFile("testdata/" + f.name)
	if err != nil || f.charset == "" {
		return b, err
	}
	return charmap.Windows1252.NewEncoder().Bytes(b)
}

// pageServer serves the fixtures on loopback and records every path asked
// for, so the test can tell that nothing else was fetched.
type pageServer struct {
	*httptest.Server
	mu    sync.Mutex
	paths []string
}

func servePages(t *testing.T, pages []fixture) *pageServer {
	t.Helper()
	bodies := map[string][]byte{}
	for _, p := range pages {
		b, err := p.body()
		if err != nil {
			t.Fatal(err)
		}
		bodies["/"+p.name] = b
	}
	s := &pageServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.paths = append(s.paths, r.URL.Path)
		s.mu.Unlock()
		b, ok := bodies[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		// No charset here: the page's <meta> says it, as on many sites.
		w.Header().Set("Content-Type", "text/html")
		w.Write(b)
	}))
	t.Cleanup(s.Close)
	return s
}

// unexpected returns the paths asked for that are neither a page nor the
// browser's own favicon request.
func (s *pageServer) unexpected(pages []fixture) []string {
	known := map[string]bool{"/favicon.ico": true}
	for _, p := range pages {
		known["/"+p.name] = true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, p := range s.paths {
		if !known[p] {
			out = append(out, p)
		}
	}
	return out
}

// needBrowser skips a browser test in -short mode or where Chromium is
// not installed.
func needBrowser(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	if chromium.Path() == "" {
		t.Skip("chromium not found: install it (Debian: apt-get install -y chromium) to run the browser test; .ci/run does")
	}
}

// startBrowser starts Chromium with the extension, or skips the test
// where there is none.
func startBrowser(t *testing.T, dir string) *chromium.Browser {
	t.Helper()
	needBrowser(t)
	b, err := chromium.Start(chromium.Options{Extension: dir, UserDataDir: t.TempDir(), Width: 1280, Height: 900})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b
}

// collapse joins s's words with single spaces.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// squash drops every whitespace character of s.
func squash(s string) string { return strings.Join(strings.Fields(s), "") }

// consoleLog gathers a target's console messages and exceptions, which a
// failed test prints.
type consoleLog struct {
	mu    sync.Mutex
	lines []string
}

func watchConsole(t *testing.T, ctx context.Context, name string, log *consoleLog) {
	calls := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	add := func(s string) {
		log.mu.Lock()
		log.lines = append(log.lines, name+": "+s)
		log.mu.Unlock()
	}
	go func() {
		for ev, err := range calls {
			if err != nil {
				return
			}
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			add(string(ev.Type) + " " + strings.Join(parts, " "))
		}
	}()
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			add("exception " + msg)
		}
	}()
	t.Cleanup(func() {
		if t.Failed() {
			log.mu.Lock()
			defer log.mu.Unlock()
			for _, l := range log.lines {
				t.Log(l)
			}
		}
	})
}
