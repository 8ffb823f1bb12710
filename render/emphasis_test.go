package render

import (
	"testing"

	"github.com/boilernet/boilernet/infer"
)

// TestMarkdownEmphasis: <strong>/<b> and <em>/<i> are written as
// Markdown emphasis, as the WCXB golds write them, in paragraphs and list
// items but not in headings or table cells; a run is written plain where
// CommonMark would not read its delimiters; and a short line all in
// strong set apart by <br> is a paragraph of its own (issue 38).
func TestMarkdownEmphasis(t *testing.T) {
	for _, tt := range []struct{ name, body, want string }{
		{"a subhead paragraph (Chaos burger-10)", `<div class="article__body"><p><strong>What's the lowdown?</strong></p>` +
			`<p>A new burger joint in Brisbane!</p></div>`,
			"**What's the lowdown?**\n\nA new burger joint in Brisbane!\n"},
		{"a subhead set apart by <br> (DAnIEL health.in.gr)", `<p>Ως 500.000 γυναίκες φέρουν εμφυτεύματα. <br> <br> ` +
			`<strong>Ζητούνται αλλαγές</strong><br> Πρέπει να ενισχυθούν οι κανόνες.</p>`,
			"Ως 500.000 γυναίκες φέρουν εμφυτεύματα.\n\n**Ζητούνται αλλαγές**\n\nΠρέπει να ενισχυθούν οι κανόνες.\n"},
		{"an italic title paragraph (DAnIEL we-dwoje)", `<p class="b_white"><em><span style="font-size:28px;">"Wciąż że ciąże?"</span></em></p><p>Oj.</p>`,
			"*\"Wciąż że ciąże?\"*\n\nOj.\n"},
		{"a strong sentence before a <br> stays a line", `<p><b>Lower costs are here.</b><br>With AI your budget goes further.</p>`,
			"**Lower costs are here.**  \nWith AI your budget goes further.\n"},
		{"strong lines one under another stay lines (a list)", `<p>Plan the trip!<br><b>Rent a car</b><br><b>Buy travel insurance</b><br>Words by Katerina.</p>`,
			"Plan the trip!  \n**Rent a car**  \n**Buy travel insurance**  \nWords by Katerina.\n"},
		{"a long strong line before a <br> stays a line", `<p><b>One two three four five six seven eight nine ten eleven twelve thirteen</b><br>Text.</p>`,
			"**One two three four five six seven eight nine ten eleven twelve thirteen**  \nText.\n"},
		{"inline runs", `<p>The best way is to <strong>choose direct flights</strong> and <em>fly less</em>, or <b><i>both</i></b>.</p>`,
			"The best way is to **choose direct flights** and *fly less*, or ***both***.\n"},
		{"inside a word", `<p><b>H</b>ello and <i>un</i>done.</p>`,
			"**H**ello and *un*done.\n"},
		{"punctuation against a word is left plain", `<p>say<b>"now"</b>please, and <b>"this"</b> too.</p>`,
			"say\"now\"please, and **\"this\"** too.\n"},
		{"two runs touching", `<p><b>bold</b><i>italic</i> end.</p>`,
			"**bold**italic end.\n"},
		{"a bold link", `<p>See <b><a href="/x">the docs</a></b> now.</p>`,
			"See **[the docs](/x)** now.\n"},
		{"a link partly bold is written plain", `<p>See <a href="/x"><b>the</b> docs</a> now.</p>`,
			"See [the docs](/x) now.\n"},
		{"asterisks in the text stay escaped", `<p><b>5 * 3</b> is <i>*15*</i>.</p>`,
			"**5 \\* 3** is *\\*15\\**.\n"},
		{"a list item's strong lead keeps its line break", `<ul><li><b>Fit Tips</b><br>Measure your head.</li></ul>`,
			"- **Fit Tips**  \n  Measure your head.\n"},
		{"not in headings or table cells", `<h2><b>Specs</b></h2><table><tr><th><b>Size</b></th><th>Weight</th></tr><tr><td><b>12</b></td><td>3 kg</td></tr></table>`,
			"## Specs\n\n| Size | Weight |\n| --- | --- |\n| 12 | 3 kg |\n"},
	} {
		res, err := keepAll.ExtractBytes(t.Context(), []byte("<html><body>"+tt.body+"</body></html>"), infer.Options{Links: true, KeepHeadline: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := Markdown(res); got != tt.want {
			t.Errorf("%s:\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}
