package chromium

import (
	"os"
	"path/filepath"
	"testing"
)

// TestStart loads a minimal extension both ways, by flag and by the
// protocol, and waits for its service worker to listen for its button.
func TestStart(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	if Path() == "" {
		t.Skip("chromium not found: install it (Debian: apt-get install -y chromium) to run the browser test; .ci/run does")
	}
	dir := t.TempDir()
	files := map[string]string{
		"manifest.json": `{"manifest_version": 3, "name": "probe", "version": "1", "action": {}, "background": {"service_worker": "sw.js"}}`,
		"sw.js":         `chrome.action.onClicked.addListener(() => {});`,
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, via := range []bool{false, true} {
		b, err := Start(Options{Extension: dir, UserDataDir: t.TempDir(), ViaProtocol: via})
		if err != nil {
			t.Fatalf("via protocol %v: %v", via, err)
		}
		if len(b.ExtensionID) != 32 || b.Worker == nil {
			t.Errorf("via protocol %v: id %q", via, b.ExtensionID)
		}
		b.Close()
	}
}
