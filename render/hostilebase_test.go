package render

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
)

// hostileScheme finds a script or data URL in an output.
var hostileScheme = regexp.MustCompile(`(?i)(java|vb)script:|data:`)

// TestHostileBaseEveryURL: a page whose <base href> is a javascript: or
// data: URL (or another hostile form) writes no such URL in any output,
// whether its URL is known or not: the metadata's canonical address and
// image (TEI's <ptr target>, XML's url), the content's links and images
// (JSON, Markdown) and the highlighted page's links all resolve against
// the page's URL or stay relative.
func TestHostileBaseEveryURL(t *testing.T) {
	for _, base := range []string{"javascript:alert(1)//", " JaVaScRiPt:alert(1)//", "java&#9;script:alert(1)//", "data:text/html,x/",
		"DATA:text/html;base64,PHNjcmlwdD4=/", "vbscript:msgbox(1)//", "/rel/", "//cdn.example/"} {
		page := `<html><head><title>Story</title><base href="` + base + `"><link rel=canonical href="story.html">
<meta property="og:image" content="/pic.png"></head><body>
<p>Read <a href="/a/b">the report</a> and <a href="other.html">this</a> today, please.</p>
<figure><img src="fig.png" alt="A figure"><figcaption>Caption</figcaption></figure>
<p>More text.</p></body></html>`
		for _, pageURL := range []string{"", "https://site.example/dir/"} {
			res, err := keepAllBut.ExtractBytes(t.Context(), []byte(page), infer.Options{URL: pageURL, Metadata: true, Links: true, Images: true})
			if err != nil {
				t.Fatal(err)
			}
			var tei, xml, hl bytes.Buffer
			if err := TEI(&tei, res); err != nil {
				t.Fatal(err)
			}
			if err := XML(&xml, res); err != nil {
				t.Fatal(err)
			}
			if err := Highlighted(&hl, res); err != nil {
				t.Fatal(err)
			}
			js, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			for name, out := range map[string]string{"TEI": tei.String(), "XML": xml.String(), "highlighted": hl.String(), "JSON": string(js), "Markdown": Markdown(res)} {
				if m := hostileScheme.FindString(out); m != "" {
					i := strings.Index(out, m)
					t.Errorf("base %q, URL %q: %s has %q: …%s…", base, pageURL, name, m, out[max(0, i-60):min(len(out), i+60)])
				}
			}
			if res.Metadata == nil || pageURL != "" && !strings.HasPrefix(res.Metadata.Canonical, "https://") {
				t.Errorf("base %q, URL %q: metadata %+v", base, pageURL, res.Metadata)
			}
			if pageURL != "" && !strings.Contains(tei.String(), `<ptr target="https://`) {
				t.Errorf("base %q, URL %q: TEI without an https ptr:\n%s", base, pageURL, tei.String())
			}
		}
	}
}
