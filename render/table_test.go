package render

import (
	"github.com/boilernet/boilernet/infer"
	"os"
	"strings"
	"testing"
)

// TestMarkdownTables: a header row only when the table has one (<thead> or
// a first row of <th>), every row as wide as the widest (colspan counted,
// empty cells kept in place), lists and links kept in cells, and layout
// tables and tables of one column of content as paragraphs (issue 10).
func TestMarkdownTables(t *testing.T) {
	raw, err := os.ReadFile("testdata/tables.html")
	if err != nil {
		t.Fatal(err)
	}
	res, err := keepAll.ExtractBytes(t.Context(), raw, infer.Options{Links: true, KeepHeadline: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "Prices of the plans.\n\n" +
		"|  |  |  |  |\n| --- | --- | --- | --- |\n" +
		"| Basic | 10 € | One user |  |\n" +
		"| Team | 50 € |  |  |\n" +
		"| Enterprise | call us | - SSO<br>- Audit log | extra |\n" +
		"| see [the docs](/docs) for details |  | x \\| y |  |\n\n" +
		"| Name | Size |\n| --- | --- |\n| a | 1 |\n|  | 2 |\n\n" +
		"| Key | Value |\n| --- | --- |\n| k | v |\n\n" +
		"## Layout\n\nA page laid out in a table.\n\ninner\n\nOnly this cell is content\n"
	got := Markdown(res)
	if got != want {
		t.Errorf("Markdown:\n%s\nwant:\n%s", got, want)
	}
	// Never ragged: the lines of one table have the same number of pipes.
	pipes := -1
	for i, line := range strings.Split(got, "\n") {
		if !strings.HasPrefix(line, "|") {
			pipes = -1
			continue
		}
		n := strings.Count(strings.ReplaceAll(line, `\|`, ""), "|")
		if pipes >= 0 && n != pipes {
			t.Errorf("line %d ragged: %q", i+1, line)
		}
		pipes = n
	}
}

// TestMarkdownTablePaddingBounded: a few wide rows over many narrow ones
// (colspan) render as paragraphs, so the output stays a small multiple of
// the page instead of padding every row to the widest (a 40 KB page gave
// 193 MB of Markdown).
func TestMarkdownTablePaddingBounded(t *testing.T) {
	tests := []struct {
		name       string
		wide, rows int
	}{
		{"thousands of spanning cells", 2000, 3000},
		{"one spanning cell over many rows", 1, 20000},
	}
	for _, tt := range tests {
		page := `<table><tr><td>a</td><td>b</td></tr><tr>` + strings.Repeat(`<td colspan=64>x</td>`, tt.wide) + `</tr>` +
			strings.Repeat(`<tr><td>r</td></tr>`, tt.rows) + `</table>`
		res, err := keepAll.ExtractBytes(t.Context(), []byte(page), infer.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if md := Markdown(res); len(md) > 4*len(page) {
			t.Errorf("%s: %d bytes of Markdown from a page of %d", tt.name, len(md), len(page))
		}
	}
}

// TestMarkdownTableShapes: a table of one row (a note's icon cell beside
// its text) is read as paragraphs unless the row is a header cell and its
// values, a first row of one cell across the table is its title, a line
// above it, and a caption that a one-row table's header cell repeats is
// left out.
func TestMarkdownTableShapes(t *testing.T) {
	for _, tt := range []struct{ name, body, want string }{
		{"a note laid out as one row", `<div class="admonitionblock note"><table><tr><td class="icon"><div class="title">Note</div></td>` +
			`<td class="content">Creating a new branch does not switch to it.</td></tr></table></div>`,
			"Note\n\nCreating a new branch does not switch to it.\n"},
		{"a title row across the table", `<table><tr><td colspan="2">Mini-proposals filed</td></tr><tr><th>Date</th><th>Title</th></tr>` +
			`<tr><td>May 3</td><td>Roads</td></tr><tr><td>May 9</td><td>Parks</td></tr></table>`,
			"Mini-proposals filed\n\n| Date | Title |\n| --- | --- |\n| May 3 | Roads |\n| May 9 | Parks |\n"},
		{"spec tables of one row and of more (wcxb-2890)", `<table><caption>Model</caption><tbody><tr><th>Brand </th><td>ASUS</td></tr>` +
			`<tr><th>Series </th><td>ROG</td></tr></tbody></table>` +
			`<table><caption>Interface</caption><tbody><tr><th>Interface<!-- --> </th><td>PCI Express 4.0</td></tr></tbody></table>`,
			"Model\n\n|  |  |\n| --- | --- |\n| Brand | ASUS |\n| Series | ROG |\n\n|  |  |\n| --- | --- |\n| Interface | PCI Express 4.0 |\n"},
		{"a one-row table whose caption is not its header cell", `<table><caption>Memory</caption><tr><th>Size</th><td>16GB</td></tr></table>`,
			"Memory\n\n|  |  |\n| --- | --- |\n| Size | 16GB |\n"},
		{"a row of two header cells is not data", `<table><tr><th>Size</th><th>16GB</th></tr></table>`,
			"Size\n\n16GB\n"},
	} {
		res, err := keepAll.ExtractBytes(t.Context(), []byte("<html><body>"+tt.body+"</body></html>"), infer.Options{KeepHeadline: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := Markdown(res); got != tt.want {
			t.Errorf("%s:\n%q\nwant\n%q", tt.name, got, tt.want)
		}
	}
}
