package render

import (
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
)

const linkPage = `<html><head><title>T</title></head><body>
<p>drop <a href="/nav">menu drop</a></p>
<p>Read <a href="/a/b?x=1">the <b>report</b></a> and <a href="https://other.example/(x)">this</a>. <a href="javascript:void(0)">js</a></p>
<figure><img src="fig.png" alt="A [figure]"><figcaption>Caption</figcaption></figure>
<div><img src="data:image/gif;base64,R0l" data-src="lazy.jpg" alt="lazy"></div>
<p>More text.</p>
<img src="pixel.gif" width="1" height="1">
<div><p>drop</p><img src="ad.png"><p>drop</p></div>
</body></html>`

func TestMarkdownLinksAndImages(t *testing.T) {
	res, err := keepAllBut.ExtractBytes(t.Context(), []byte(linkPage), infer.Options{URL: "https://site.example/", Links: true, Images: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "# T\n\nRead [the report](https://site.example/a/b?x=1) and [this](https://other.example/%28x%29). js\n\n" +
		"![A \\[figure\\]](https://site.example/fig.png)\n\n" +
		"Caption\n\n" +
		"![lazy](https://site.example/lazy.jpg)\n\n" +
		"More text.\n"
	if got := Markdown(res); got != want {
		t.Errorf("Markdown:\n%s\nwant:\n%s", got, want)
	}
	plain, _ := keepAllBut.ExtractBytes(t.Context(), []byte(linkPage), infer.Options{})
	if md := Markdown(plain); strings.Contains(md, "](") {
		t.Errorf("links without Options.Links:\n%s", md)
	}
}
