package serve

import (
	"bytes"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
)

// TestEncodeResponse: a response encoded in pieces, its long parts apart,
// is byte for byte what encodeJSON gives, whatever the parts hold
// (escapes, HTML characters, invalid UTF-8 and multi-byte characters
// across the pieces' cuts, U+2028, NUL, a placeholder's look).
func TestEncodeResponse(t *testing.T) {
	long := func(unit string) string { return strings.Repeat(unit, 3*longPart/len(unit)+7) }
	for _, tc := range []struct {
		name string
		resp Response
	}{
		{"short", Response{Record: render.Record{File: "a.html", Title: "T", Text: "short <b> & \"text\"\n"}, Markdown: "# T\n", Method: "bilstm"}},
		{"long text", Response{Record: render.Record{Text: long("a\n")}, Method: "bilstm"}},
		{"every part long", Response{Record: render.Record{URL: "https://example.org/", Title: "t", Text: long("line <p> & \"q\" \\ \t\n")},
			Markdown: long("> quoted\u2028 \u2029\n"), HTML: long("<mark class=\"bn-c\">x</mark>"), XML: long("<p>é</p>"),
			TEI: long("日本語\x00\x01"), Source: []byte(long("\xff\xfe<p>bytes</p>")), Charset: "latin1", Method: "keep-all"}},
		{"invalid UTF-8 at the cuts", Response{Record: render.Record{Text: long("\xe2\x82") + long("\xf0\x9f\x98\x80x")}, Markdown: long("\x80")}},
		{"a placeholder's look in the text", Response{Record: render.Record{Text: long("\x00boilernet-0000000000000000-0\"")}, Markdown: "\x00boilernet-"}},
		{"source only", Response{Source: []byte(long("ab")), Method: "bilstm"}},
		{"many blocks", Response{Record: render.Record{Text: long("x\n"), Blocks: blocks(5000)}, Markdown: long("y"), Method: "bilstm"}},
		{"few blocks", Response{Record: render.Record{Blocks: blocks(3)}, Method: "bilstm"}},
		{"source of a length not a multiple of 3", Response{Source: []byte(long("abcd") + "x"), Method: "bilstm"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r1, r2 := tc.resp, tc.resp
			want, err := encodeJSON(&r1)
			if err != nil {
				t.Fatal(err)
			}
			got, err := encodeResponse(&r2)
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range got[:len(got)-1] {
				if len(p) != pieceSize {
					t.Errorf("piece %d of %d: %d bytes", i, len(got), len(p))
				}
			}
			if joined := bytes.Join(got, nil); !bytes.Equal(joined, want) {
				i := 0
				for i < min(len(joined), len(want)) && joined[i] == want[i] {
					i++
				}
				t.Errorf("%d bytes, want %d; first difference at %d: %q, want %q", len(joined), len(want), i,
					joined[i:min(i+40, len(joined))], want[i:min(i+40, len(want))])
			}
		})
	}
}

// blocks returns n blocks of varied fields.
func blocks(n int) []infer.Block {
	out := make([]infer.Block, n)
	for i := range out {
		out[i] = infer.Block{Text: strings.Repeat("wörd <b> ", i%7+1), Prob: float64(i%100) / 97, Content: i%3 == 0, Headline: i == 5,
			Locator: "/html[1]/body[1]/p[" + strings.Repeat("1", i%4+1) + "]/text()[1]"}
	}
	return out
}

// TestJSONEscaper: a string written in writes of any size, cut anywhere
// (inside a character too), is escaped as encodeJSON escapes it whole.
func TestJSONEscaper(t *testing.T) {
	for _, s := range []string{
		"", "plain", "<p class=\"x\">a & b</p>\n\t\\", "é日本語😀", "\xe2\x82", "a\xe2\x82b\xf0\x9f\x98", "\x80\x80😀\xff",
		"\u2028\u2029\x00\x1f", strings.Repeat("😀é", 300),
	} {
		whole, err := encodeJSON(s)
		if err != nil {
			t.Fatal(err)
		}
		want := whole[1 : len(whole)-2]
		for _, step := range []int{1, 2, 3, 5, 7, 4096} {
			var e jsonEscaper
			for i := 0; i < len(s); i += step {
				if _, err := e.Write([]byte(s[i:min(i+step, len(s))])); err != nil {
					t.Fatal(err)
				}
			}
			e.flush()
			got := bytes.Join(append(e.out.done, e.out.cur), nil)
			if !bytes.Equal(got, want) || e.n != len(s) {
				t.Errorf("%q in writes of %d: %q (%d bytes), want %q", s, step, got, e.n, want)
			}
		}
	}
}
