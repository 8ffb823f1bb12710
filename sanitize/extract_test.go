package sanitize_test

import (
	"os"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
	"golang.org/x/net/html"
)

// scriptedPage is the sample article with what news pages carry: scripts
// in the head and the body (eight in all), event handlers, a script URL,
// an ad frame and a style sheet that loads a tracking image.
func scriptedPage(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile("../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	page := strings.Replace(string(raw), "</head>",
		`<script async src="https://ads.example/tag.js"></script><script>var consent = 1;</script>`+
			`<script type="application/ld+json">{"@type": "NewsArticle"}</script>`+
			`<style>.byline{color:#555;background:url(https://track.example/pixel.gif)}</style></head>`, 1)
	page = strings.Replace(page, "</article>",
		`<script>document.write("<iframe src=https://ads.example/>")</script><iframe src="https://ads.example/slot"></iframe>`+
			`<p onclick="track('read')">Read the <a href="javascript:openPaywall()">full timetable</a> <img src="/px.gif" onerror="track('px')">.</p>`+
			`<script src="https://cdn.example/video.js"></script></article>`, 1)
	page = strings.Replace(page, "</body>",
		`<script>track('pageview')</script><script src="https://analytics.example/a.js"></script></body>`, 1)
	if n := strings.Count(page, "<script"); n != 8 {
		t.Fatalf("the page has %d scripts, want 8", n)
	}
	return page
}

// TestExtractHTMLHasNoScripts: what boilernet extract -format html writes
// (render.Highlighted) of a page with scripts, read by a browser
// that runs scripts, has no script, event handler, script URL, frame or
// loading style, and still has the page's content marked and its links
// resolved against its URL. The Result is left as it was.
func TestExtractHTMLHasNoScripts(t *testing.T) {
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	res, err := ex.ExtractBytes(t.Context(), []byte(scriptedPage(t)), infer.Options{URL: "https://courier.example/travel/night-trains"})
	if err != nil {
		t.Fatal(err)
	}
	markdown := render.Markdown(res)
	var sb strings.Builder
	if err := render.Highlighted(&sb, res); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	doc, err := html.Parse(strings.NewReader(out)) // scripting enabled, as a browser opens the file
	if err != nil {
		t.Fatal(err)
	}
	marks, resolved := 0, false
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "script", "iframe", "link":
			t.Errorf("<%s> in the output", n.Data)
		case "mark":
			marks++
		}
		for _, a := range n.Attr {
			if strings.HasPrefix(a.Key, "on") || strings.Contains(a.Val, "javascript:") || strings.Contains(a.Val, "url(") {
				t.Errorf("<%s %s=%q> in the output", n.Data, a.Key, a.Val)
			}
			if a.Key == "href" && a.Val == "https://courier.example/travel" {
				resolved = true
			}
		}
	}
	for _, s := range []string{"track.example", "ads.example", "openPaywall", "<script"} {
		if strings.Contains(out, s) {
			t.Errorf("output has %q", s)
		}
	}
	if marks < 5 || !strings.Contains(out, `<mark class="boilernet-headline">Night trains return to the Alps</mark>`) {
		t.Errorf("%d content blocks marked, and the headline? output:\n%s", marks, out)
	}
	if !resolved || !strings.Contains(out, `<style>.byline{color:#555;}</style>`) {
		t.Errorf("links not resolved against the page's URL, or the safe part of its style lost:\n%s", out)
	}
	var again strings.Builder
	if err := render.Highlighted(&again, res); err != nil || again.String() != out {
		t.Errorf("a second rendering differs (%v)", err)
	}
	if render.Markdown(res) != markdown {
		t.Error("the Result's Markdown changed after Highlighted")
	}
}
