package render

import (
	"bytes"
	"io"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/vocab"
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
