package render

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/sanitize"
	"github.com/boilernet/boilernet/vocab"
	"golang.org/x/net/html"
)

// FuzzRender runs extraction and every output format on arbitrary input
// with a small random model: nothing may panic, and the outputs are
// bounded by the page and well-formed.
func FuzzRender(f *testing.F) {
	v, err := vocab.New([]string{"the", "a", "."}, []string{"p", "div", "td", "li", "a"})
	if err != nil {
		f.Fatal(err)
	}
	c := bilstm.Config{Input: v.Dim(), Dense: 4, Hidden: 3, Layers: 1}
	e := infer.New(&bilstm.Model{Config: c, Vocab: v, Params: bilstm.InitParams(c, 1)})
	// Every feature part, so that the page-level statistics see the input too.
	all := vocab.Features{Attrs: true, Stats: true, Regions: true, Repeats: true, Visible: true, Topic: true}
	va, err := vocab.NewFeatures(all, []string{"the", "a", "."}, []string{"p", "div", "td", "li", "a"}, []string{"nav", "menu"})
	if err != nil {
		f.Fatal(err)
	}
	ca := bilstm.Config{Input: va.Dim(), Dense: 4, Hidden: 3, Layers: 1}
	eAll := infer.New(&bilstm.Model{Config: ca, Vocab: va, Params: bilstm.InitParams(ca, 1)})
	f.Add([]byte(structuredPage), 0.3, true)
	f.Add([]byte(`<table><tr><td>a<td>b<tr><th>c</table><ol><li>x<ul><li>y</ul></ol><pre>p</pre>`), 0.5, false)
	f.Add([]byte(`<table><thead><tr><th colspan=3>h<th>i</thead><tr><td><ul><li>x<li><a href=y>y</a></ul><td colspan=99999>|</table><table><tr><td><table><tr><td>in<td>out</table><td>b</table>`), 0.4, false)
	f.Add([]byte(`<p>keep <a href=x>gap</a> keep<img src=i>Next<span>★</span>one</p>`), 0.5, false)
	f.Add([]byte(`<table><tr><td>a<td>b<tr><td colspan=64>x<td colspan=64>y<tr><td>r<tr><td>s</table>`), 0.5, false)
	f.Add([]byte(`<div class=comments><h3>2 comments</h3><div class=comment><cite class=fn>A</cite><time>today</time><p>First comment text here, long enough.</p><a class=reply>Reply</a><div class=comment><p>A reply.</p></div></div><form class=comment-form><textarea>x</textarea></form></div>`), 0.0, false)
	f.Add([]byte(`<nav><a href=/>Home</a></nav><p>[<a>edit</a>]</p><pre><span>def</span> <span>f</span>():</pre><math><mi>N</mi><annotation>N</annotation></math><li>a<div>b</div></li>`), 0.0, false)
	f.Fuzz(func(t *testing.T, raw []byte, threshold float64, useFilter bool) {
		m, err := methods.Parse("", methods.Params{Threshold: threshold})
		if err != nil {
			return // a threshold outside [0, 1]
		}
		if _, err := infer.WithClassifier(m, eAll.Classifier()).ExtractBytes(t.Context(), raw, infer.Options{}); err != nil {
			return
		}
		spec := "bilstm"
		if useFilter {
			spec += "+ancestor"
		}
		ex := thresholded(t, e, spec, threshold)
		res, err := ex.ExtractBytes(t.Context(), raw, infer.Options{Comments: true})
		if err != nil {
			t.Fatalf("one model read the page, the other failed: %v", err)
		}
		// Every output is bounded by the page, not by products of its
		// attributes (colspan padding).
		if md := Markdown(res); len(md) > 16*len(raw)+65536 {
			t.Fatalf("%d bytes of Markdown from %d bytes of page", len(md), len(raw))
		}
		if err := Highlighted(io.Discard, res); err != nil {
			t.Fatal(err)
		}
		var tei, plain bytes.Buffer
		if err := TEI(&tei, res); err != nil {
			t.Fatal(err)
		}
		if root, err := parseXML(tei.Bytes()); err != nil {
			t.Fatalf("TEI not well-formed: %v", err)
		} else if err := checkTEI(root); err != nil {
			t.Fatalf("TEI: %v", err)
		}
		if err := XML(&plain, res); err != nil {
			t.Fatal(err)
		}
		if _, err := parseXML(plain.Bytes()); err != nil {
			t.Fatalf("XML not well-formed: %v", err)
		}
	})
}

// FuzzHighlight renders any page as the server's frame shows it
// (HighlightOptions.Frame) and parses the result again as the sandboxed
// frame does (scripting disabled): no element that
// runs code or loads a document, no event handler and no script URL may
// be left, and the policy must come first in the head.
func FuzzHighlight(f *testing.F) {
	f.Add(`<html><head><title>T</title></head><body><nav><a href="/">Home</a></nav><article><h1>T</h1><p>Text <a href="b.html">link</a>.</p></article></body></html>`)
	f.Add(`<noscript>&lt;script&gt;alert(1)&lt;/script&gt;</noscript><p>x</p>`)
	f.Add(`<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)">x</a></svg><math><mi>y</mi></math>`)
	f.Add(`<p><a href=" java\tscript:alert(1)">x</a><img src=x onerror=alert(1)><form action=javascript:1><button formaction=javascript:2>b</button></form></p>`)
	f.Add(`<table><td><template><script>1</script></template><object data=x></object><embed src=x></td></table>`)
	f.Add(`<frameset><frame src=x></frameset>`)
	f.Add(`<portal src=x></portal><fencedframe src=x></fencedframe><style>a{background:u\72l(x)}</style><p style="b:u\72l(y)">z</p>`)
	all := infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
		sel := make([]bool, len(p.Blocks))
		for i := range sel {
			sel[i] = i%2 == 0
		}
		return sel, nil
	}))
	f.Fuzz(func(t *testing.T, page string) {
		res, err := all.ExtractBytes(t.Context(), []byte(page), infer.Options{URL: "https://example.com/a/"})
		if err != nil {
			return
		}
		var sb strings.Builder
		if err := Highlight(t.Context(), &sb, res, HighlightOptions{Frame: true}); err != nil {
			return
		}
		doc, err := html.ParseWithOptions(strings.NewReader(sb.String()), html.ParseOptionEnableScripting(false))
		if err != nil {
			t.Fatal(err)
		}
		for n := range doc.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			name := strings.ToLower(n.Data)
			switch name {
			case "script", "iframe", "frame", "object", "embed", "applet", "base", "link", "portal", "fencedframe",
				"template", "video", "audio", "animate", "set", "foreignobject":
				t.Fatalf("<%s> left in %q\nfrom %q", name, sb.String(), page)
			case "meta":
				for _, a := range n.Attr {
					if a.Key == "http-equiv" && !strings.EqualFold(a.Val, "content-type") &&
						(a.Val != "Content-Security-Policy" || n.Attr[1].Val != FrameCSP) {
						t.Fatalf("meta http-equiv left in %q", sb.String())
					}
				}
			}
			for _, a := range n.Attr {
				key := strings.ToLower(a.Key)
				if strings.HasPrefix(key, "on") || key == "srcdoc" || key == "action" || key == "formaction" {
					t.Fatalf("attribute %s left in %q\nfrom %q", a.Key, sb.String(), page)
				}
				if s := sanitize.Scheme(a.Val); s == "javascript" || s == "vbscript" {
					t.Fatalf("script URL in %s=%q left in %q", a.Key, a.Val, sb.String())
				}
			}
			if name == "head" {
				c := n.FirstChild
				for c != nil && c.Type != html.ElementNode {
					c = c.NextSibling
				}
				if c == nil || c.Data != "meta" {
					t.Fatalf("head does not start with meta: %q", sb.String())
				}
			}
		}
	})
}
