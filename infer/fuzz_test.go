package infer

import (
	"io"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/vocab"
)

// FuzzExtract runs extraction and every output format on arbitrary input
// with a small random model: nothing may panic.
func FuzzExtract(f *testing.F) {
	v, err := vocab.New([]string{"the", "a", "."}, []string{"p", "div", "td", "li", "a"})
	if err != nil {
		f.Fatal(err)
	}
	c := bilstm.Config{Input: v.Dim(), Dense: 4, Hidden: 3, Layers: 1}
	e := New(&bilstm.Model{Config: c, Vocab: v, Params: bilstm.InitParams(c, 1)})
	f.Add([]byte(structuredPage), 0.3, true)
	f.Add([]byte(`<table><tr><td>a<td>b<tr><th>c</table><ol><li>x<ul><li>y</ul></ol><pre>p</pre>`), 0.5, false)
	f.Add([]byte(`<table><thead><tr><th colspan=3>h<th>i</thead><tr><td><ul><li>x<li><a href=y>y</a></ul><td colspan=99999>|</table><table><tr><td><table><tr><td>in<td>out</table><td>b</table>`), 0.4, false)
	f.Add([]byte(`<p>keep <a href=x>gap</a> keep<img src=i>Next<span>★</span>one</p>`), 0.5, false)
	f.Fuzz(func(t *testing.T, raw []byte, threshold float64, useFilter bool) {
		res, err := e.ExtractBytes(raw, Options{Threshold: threshold, Filter: useFilter})
		if err != nil {
			return
		}
		res.Markdown()
		if err := res.WriteHighlighted(io.Discard); err != nil {
			t.Fatal(err)
		}
	})
}
