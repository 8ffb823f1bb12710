package serve

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestHostCheck: a request is served only when its Host is the address
// the server was reached on, a loopback name or a configured name;
// whatever Origin and Sec-Fetch-Site say, an attacker's name (DNS
// rebinding: its page, now resolving to the server, is same-origin to
// the browser) is answered 421, on every path.
func TestHostCheck(t *testing.T) {
	cfg := testConfig(newGate())
	cfg.Hosts = []string{"boilernet.internal", " Extract.Example.ORG. "}
	_, ts := startServer(t, cfg)
	port := ts.Listener.Addr().String()[strings.LastIndex(ts.Listener.Addr().String(), ":"):]
	page := `<html><body><p>Some words of text that make a paragraph of the page.</p></body></html>`
	tests := []struct {
		name, path, host, origin, site string
		want                           int
	}{
		{"listen address", "/v1/extract", "127.0.0.1" + port, "", "", 200},
		{"listen address, the page's own call", "/v1/extract", "127.0.0.1" + port, "http://127.0.0.1" + port, "same-origin", 200},
		{"localhost", "/v1/extract", "localhost" + port, "http://localhost" + port, "same-origin", 200},
		{"localhost, upper case, trailing dot", "/v1/extract", "LOCALHOST." + port, "", "", 200},
		{"localhost without a port", "/v1/extract", "localhost", "", "", 200},
		{"another loopback address", "/v1/extract", "127.1.2.3" + port, "", "", 200},
		{"IPv6 loopback", "/v1/extract", "[::1]" + port, "", "", 200},
		{"IPv4-mapped loopback", "/v1/extract", "[::ffff:127.0.0.1]" + port, "", "", 200},
		{"configured name", "/v1/extract", "boilernet.internal" + port, "http://boilernet.internal" + port, "same-origin", 200},
		{"configured name, other spelling", "/v1/extract", "extract.example.org", "", "", 200},
		{"rebinding: same-origin", "/v1/extract", "evil.example" + port, "http://evil.example" + port, "same-origin", 421},
		{"rebinding: no fetch metadata", "/v1/extract", "evil.example" + port, "http://evil.example" + port, "", 421},
		{"rebinding: no Origin (curl-like)", "/v1/extract", "evil.example" + port, "", "", 421},
		{"rebinding: the page", "/", "evil.example" + port, "", "same-origin", 421},
		{"rebinding: info", "/v1/info", "evil.example" + port, "", "same-origin", 421},
		{"rebinding: metrics", "/metrics", "evil.example", "", "", 421},
		{"a name ending in localhost", "/v1/extract", "evil-localhost" + port, "", "same-origin", 421},
		{"a subdomain of localhost", "/v1/extract", "localhost.evil.example" + port, "", "", 421},
		{"a subdomain of a configured name", "/v1/extract", "x.boilernet.internal" + port, "", "", 421},
		{"another address", "/v1/extract", "10.0.0.1" + port, "", "", 421},
		{"the listen address, cross-site", "/v1/extract", "127.0.0.1" + port, "https://evil.example", "cross-site", 403},
		{"localhost, another origin", "/v1/extract", "localhost" + port, "https://evil.example", "", 403},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := "GET"
			if tt.path == "/v1/extract" {
				method = "POST"
			}
			req, err := http.NewRequest(method, ts.URL+tt.path, strings.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			req.Host = tt.host
			req.Header.Set("Content-Type", "text/html")
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
			}
			if tt.site != "" {
				req.Header.Set("Sec-Fetch-Site", tt.site)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tt.want, body)
			}
			if tt.want == 421 && !strings.Contains(string(body), "is not a name of this server") {
				t.Errorf("421 without the reason: %s", body)
			}
		})
	}
	_, _, m := do(t, "GET", ts.URL+"/metrics", "", "")
	if !strings.Contains(m, `boilernet_rejected_total{reason="host"} 10`) {
		t.Errorf("metrics lack the 10 refused hosts")
	}
}
