package serve

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"net/http"
)

// indexHTML is the page of GET /: one file, its style and script inline.
//
//go:embed ui/index.html
var indexHTML []byte

// pageCSP is the Content-Security-Policy of the page: its one inline
// script (by hash) and requests to its own origin run; styles may be
// inline, since the highlighted page in its srcdoc frame inherits this
// policy and keeps its own styles; images only as data: URLs.
var pageCSP = "default-src 'none'; script-src '" + scriptHash(indexHTML) + "'; style-src 'unsafe-inline'; " +
	"img-src data:; font-src data:; connect-src 'self'; frame-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"

// scriptHash returns the CSP hash source of the page's inline script.
func scriptHash(page []byte) string {
	_, rest, ok := bytes.Cut(page, []byte("<script>"))
	if !ok {
		panic("serve: the page has no <script>")
	}
	script, _, ok := bytes.Cut(rest, []byte("</script>"))
	if !ok {
		panic("serve: the page's <script> is not closed")
	}
	sum := sha256.Sum256(script)
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", pageCSP)
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(indexHTML)
	}
}
