package infer

import (
	"github.com/boilernet/boilernet/methods"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/vocab"
)

// FuzzExtract runs extraction on arbitrary input with a small random
// model: nothing may panic (package render's FuzzRender runs the output
// formats).
func FuzzExtract(f *testing.F) {
	v, err := vocab.New([]string{"the", "a", "."}, []string{"p", "div", "td", "li", "a"})
	if err != nil {
		f.Fatal(err)
	}
	c := bilstm.Config{Input: v.Dim(), Dense: 4, Hidden: 3, Layers: 1}
	e := New(&bilstm.Model{Config: c, Vocab: v, Params: bilstm.InitParams(c, 1)})
	// Every feature part, so that the page-level statistics see the input too.
	all := vocab.Features{Attrs: true, Stats: true, Regions: true, Repeats: true, Visible: true, Topic: true}
	va, err := vocab.NewFeatures(all, []string{"the", "a", "."}, []string{"p", "div", "td", "li", "a"}, []string{"nav", "menu"})
	if err != nil {
		f.Fatal(err)
	}
	ca := bilstm.Config{Input: va.Dim(), Dense: 4, Hidden: 3, Layers: 1}
	eAll := New(&bilstm.Model{Config: ca, Vocab: va, Params: bilstm.InitParams(ca, 1)})
	f.Add([]byte(`<h2>Section <i>one</i></h2><p>Some <b>bold</b> text.<br>Second line.</p><ul><li>apple</li><li>pear <a href="#">link</a></li></ul><pre>x := 1</pre><blockquote>quoted words</blockquote>`), 0.3, true)
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
		if _, err := WithClassifier(m, eAll.Classifier()).ExtractBytes(t.Context(), raw, Options{}); err != nil {
			return
		}
		spec := "bilstm"
		if useFilter {
			spec += "+ancestor"
		}
		ex := withMethod(t, e, spec, threshold)
		if _, err := ex.ExtractBytes(t.Context(), raw, Options{Comments: true}); err != nil {
			t.Fatalf("one model read the page, the other failed: %v", err)
		}
	})
}
