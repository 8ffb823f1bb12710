package tokenize

import (
	"testing"

	"golang.org/x/net/html/atom"
)

// TestPreText: the text of a <pre> as a browser shows it: whitespace and
// <br> kept, and each block element a highlighter writes per line of code
// on a line of its own.
func TestPreText(t *testing.T) {
	for _, tt := range []struct{ name, pre, want string }{
		{"plain", "<pre>a := 1\n  b := 2\n</pre>", "a := 1\n  b := 2"},
		{"one span per token", "<pre><span>if</span> <span>x</span> {\n\t<span>y</span>()\n}</pre>", "if x {\n\ty()\n}"},
		{"br per line", "<pre><span>a</span><br><span>b</span></pre>", "a\nb"},
		{"div per line", `<pre><code><div class="line"><span>npm</span> <span>i</span></div><div class="line"><span>npm</span> start</div></code></pre>`, "npm i\nnpm start"},
		{"div per line ending in br", `<pre><div class="cm-line">a<br></div><div class="cm-line">  b<br></div></pre>`, "a\n  b"},
		{"div per line with newlines between", "<pre><div>a</div>\n<div>b</div></pre>", "a\nb"},
		{"mdBook's hidden setup lines", `<pre><code class="language-rust hide-boring"><span class="boring">#![allow(unused)]
fn main() {
</span>let x = 5;
<span class="boring">}</span></code></pre>`, "let x = 5;"},
		{"boring lines shown", `<pre><code class="language-rust"><span class="boring">fn main() {</span>
}</code></pre>`, "fn main() {\n}"},
		{"line number beside an inline-block", `<pre><div><span>1</span><div>make</div></div><div><span>2</span><div>make install</div></div></pre>`, "1 make\n2 make install"},
	} {
		p, err := Parse([]byte("<body>"+tt.pre+"</body>"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		pre := p.Blocks[0].Node
		for pre.DataAtom != atom.Pre {
			pre = pre.Parent
		}
		if got := PreText(pre, p.Blocks); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
