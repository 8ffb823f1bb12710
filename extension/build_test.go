package extension_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/extension"
)

// TestBuild builds the extension (the WebAssembly module with GOOS=js
// GOARCH=wasm) and checks what Chromium will load: every file the manifest
// and pages name, the permissions, and the extension pages' CSP.
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("the WebAssembly build is skipped in -short mode")
	}
	b := build(t)
	vet := exec.Command("go", "vet", extension.WasmPackage)
	vet.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := vet.CombinedOutput(); err != nil && !strings.Contains(string(out), "O_NONBLOCK") {
		t.Errorf("go vet for js/wasm: %v\n%s", err, out)
	}
	t.Logf("boilernet.wasm: %d bytes, %d gzip-compressed", b.WasmBytes, b.WasmGzip)
	raw, err := os.ReadFile(filepath.Join(b.Dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		ManifestVersion int      `json:"manifest_version"`
		Permissions     []string `json:"permissions"`
		HostPermissions []string `json:"host_permissions"`
		Background      struct {
			ServiceWorker string `json:"service_worker"`
		} `json:"background"`
		Icons         map[string]string     `json:"icons"`
		OptionsUI     struct{ Page string } `json:"options_ui"`
		ContentScript []any                 `json:"content_scripts"`
		CSP           struct {
			ExtensionPages string `json:"extension_pages"`
		} `json:"content_security_policy"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if m.ManifestVersion != 3 {
		t.Errorf("manifest_version %d", m.ManifestVersion)
	}
	// Minimal permissions: no host permissions and no content script on
	// every page; the page is reached only through activeTab, at a click.
	// downloads saves the pages labeled in label mode.
	slices.Sort(m.Permissions)
	if want := []string{"activeTab", "downloads", "offscreen", "scripting", "storage"}; !slices.Equal(m.Permissions, want) {
		t.Errorf("permissions %v, want %v", m.Permissions, want)
	}
	if len(m.HostPermissions) > 0 || len(m.ContentScript) > 0 {
		t.Errorf("host permissions %v, content scripts %v", m.HostPermissions, m.ContentScript)
	}
	csp := m.CSP.ExtensionPages
	for _, want := range []string{"script-src 'self' 'wasm-unsafe-eval';", "connect-src 'self';", "object-src 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	files := []string{m.Background.ServiceWorker, m.OptionsUI.Page, "boilernet.wasm", "wasm_exec.js", "worker.js",
		"offscreen.html", "offscreen.js", "options.js", "options.css", "locate.js", "panel.js", "content.js", "highlight.css"}
	for _, f := range m.Icons {
		files = append(files, f)
	}
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(b.Dir, f)); err != nil {
			t.Error(err)
		}
	}
}
