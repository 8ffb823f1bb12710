package tokenize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/saintfish/chardet"
	"golang.org/x/text/encoding/charmap"
)

func TestDecodeFixtures(t *testing.T) {
	tests := []struct {
		file, label      string
		encoding, reason string
		want             string // a piece of the decoded text
	}{
		{"cp1252-declared.html", "", "windows-1252", ReasonMeta, "Le café où l’on mange des crêpes à Noël — «déjà vu»"},
		{"latin1-undeclared.html", "", "windows-1252", "", "Le café où on mange des crêpes à Noël"},
		{"utf8-declared-latin1.html", "", "utf-8", ReasonUTF8, "Le café où l’on mange des crêpes à Noël — «déjà vu»"},
		{"utf8-declared-latin1.html", "iso-8859-1", "utf-8", ReasonUTF8, "crêpes à Noël"},
		{"shiftjis-declared.html", "", "shift_jis", ReasonMeta, "日本語のテキストです。東京は晴れ。"},
		{"shiftjis-undeclared.html", "", "shift_jis", ReasonDetected, "東京は今日も晴れています。"},
		{"gb2312-declared.html", "", "gbk", ReasonMeta, "中文网页的正文内容。北京今天天气很好。"},
		{"utf8-mixed-cp1252.html", "", "utf-8+windows-1252", ReasonMixed, "L’ café où on mange des crêpes à Noël"},
		{"utf16le-bom.html", "", "utf-16le", ReasonBOM, "Le café où l’on mange"},
		{"cp1251-late-meta.html", "", "windows-1251", ReasonMeta, "Привет, мир! Это русский текст."},
		{"cp1252-declared.html", "windows-1252", "windows-1252", ReasonCaller, "crêpes"},
		{"cp1251-undeclared.html", "", "windows-1251", ReasonDetected, "Это русский текст о погоде в Москве."},
		// issue 10: the detector's names are all mapped (it says "GB-18030")
		{"gb18030-undeclared.html", "", "gb18030", ReasonDetected, "北京今天天气很好，明天可能会下雨。"},
		// issue 10: UTF-16 without a BOM (the declaration is no help)
		{"utf16le-nobom.html", "", "utf-16le", ReasonUTF16, "Le café où l’on mange des crêpes à Noël."},
		{"utf16be-nobom.html", "", "utf-16be", ReasonUTF16, "Le café où l’on mange des crêpes à Noël."},
		// issue 10: a declaration the bytes plainly contradict
		{"cp1251-declared-sjis.html", "", "windows-1251", ReasonOverride, "Это русский текст о погоде в Москве."},
		// issue 10: mostly UTF-8 with a stray byte, declared Latin-1: UTF-8 stays UTF-8
		{"utf8-mixed-declared-latin1.html", "", "utf-8+windows-1252", ReasonMixed, "10€ seulement, très bon marché, à côté de l’église."},
		{"utf8-mixed-declared-latin1.html", "iso-8859-1", "utf-8+windows-1252", ReasonMixed, "Le café où l’on mange"},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.label, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", "enc", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			d := Decode(raw, tt.label)
			if d.Encoding != tt.encoding || (tt.reason != "" && d.Reason != tt.reason) {
				t.Errorf("encoding %q (%s), want %q (%s)", d.Encoding, d.Reason, tt.encoding, tt.reason)
			}
			if !strings.Contains(d.Text, tt.want) {
				t.Errorf("decoded text lacks %q:\n%s", tt.want, d.Text)
			}
		})
	}
}

func TestDecodeText(t *testing.T) {
	tests := []struct {
		name string
		raw  []byte
		want string
	}{
		{"utf8", []byte("caf\xc3\xa9"), "café"},
		{"utf8 bom", []byte("\xef\xbb\xbfcaf\xc3\xa9"), "café"},
		{"cp1252", []byte("don\x92t caf\xe9"), "don’t café"},
		{"mixed", []byte("caf\xc3\xa9 don\x92t"), "café don’t"},
		{"utf16le", []byte("\xff\xfec\x00a\x00f\x00\xe9\x00"), "café"},
		{"utf16be", []byte("\xfe\xff\x00c\x00a\x00f\x00\xe9"), "café"},
	}
	for _, tt := range tests {
		if got := DecodeText(tt.raw); got != tt.want {
			t.Errorf("%s: DecodeText = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestMetaCharset(t *testing.T) {
	tests := []struct{ page, want string }{
		{`<meta charset="utf-8">`, "utf-8"},
		{`<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=ISO-8859-1">`, "ISO-8859-1"},
		{`<meta http-equiv=content-type content='text/html;charset="koi8-r"'>`, "koi8-r"},
		{`<meta name="description" content="charset=latin1">`, ""},
		{`<script>var s = '<meta charset="big5">';</script><meta charset="euc-kr">`, "euc-kr"},
		{`<body><meta charset="big5">`, ""},
		{`<p>no meta`, ""},
	}
	for _, tt := range tests {
		if got := metaCharset([]byte(tt.page)); got != tt.want {
			t.Errorf("metaCharset(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
}

// TestDetectedCharsetsComplete checks that every name the detector returns
// for a range of pages has an entry in detectedCharsets, and that the
// entries with a decoder decode.
func TestDetectedCharsetsComplete(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "enc", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatal(files, err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		results, _ := chardet.NewHtmlDetector().DetectAll(raw)
		for _, r := range results {
			if _, ok := detectedCharsets[r.Charset]; !ok {
				t.Errorf("%s: detector name %q has no entry", f, r.Charset)
			}
		}
	}
	for name, d := range detectedCharsets {
		if d.enc == nil {
			continue
		}
		if _, err := d.enc.NewDecoder().Bytes([]byte("<p>plain text</p>")); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestParseUTF16WithoutBOM(t *testing.T) {
	for _, f := range []string{"utf16le-nobom.html", "utf16be-nobom.html"} {
		raw, err := os.ReadFile(filepath.Join("testdata", "enc", f))
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse(raw, Options{})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(p.Blocks) == 0 || !strings.Contains(p.Blocks[len(p.Blocks)-1].Text, "crêpes à Noël") {
			t.Errorf("%s: blocks %+v", f, p.Blocks)
		}
	}
}

func TestDecodeTwice(t *testing.T) {
	// twice encodes s's UTF-8 as if read as windows-1252 and written as
	// UTF-8 again.
	twice := func(s string) string {
		var b strings.Builder
		for _, c := range []byte(s) {
			if c < 0x80 {
				b.WriteByte(c)
				continue
			}
			r := charmap.Windows1252.DecodeByte(c)
			if r == utf8.RuneError { // 81, 8D, 8F, 90, 9D: the C1 control, as browsers read them
				r = rune(c)
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	latin1 := func(s string) string { // read as ISO-8859-1 instead
		var b strings.Builder
		for _, c := range []byte(s) {
			b.WriteRune(rune(c))
		}
		return b.String()
	}
	page := func(body string) []byte { return []byte("<html><body><p>" + body + "</p></body></html>") }
	tests := []struct {
		name, page string
		reason     string
		want       string
	}{
		{"punctuation, windows-1252", twice("A DIY Investor’s Guide — 2025"), ReasonTwice, "A DIY Investor’s Guide — 2025"},
		{"punctuation, ISO-8859-1", latin1("A DIY Investor’s Guide — 2025"), ReasonTwice, "A DIY Investor’s Guide — 2025"},
		{"Polish", twice("Wrocław, ósmy dzień, Łódź"), ReasonTwice, "Wrocław, ósmy dzień, Łódź"},
		{"Greek and Chinese", twice("Αθήνα 北京 😀"), ReasonTwice, "Αθήνα 北京 😀"},
		{"three times", twice(twice(twice("crêpes à Noël"))), ReasonTwice, "crêpes à Noël"},
		{"plain UTF-8 stays", "Le café où l’on mange des crêpes à Noël — «déjà vu»", ReasonUTF8, "Le café où l’on mange"},
		{"a proper character beside a twice-encoded one: left as it is", twice("Investor’s") + " l’église", ReasonUTF8, "Investorâ€™s l’église"},
		{"legit letters that look like marks stay", "SÃO PAULO, Ãgua, Âme", ReasonUTF8, "SÃO PAULO, Ãgua, Âme"},
		{"ASCII", "plain text", ReasonUTF8, "plain text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Decode(page(tt.page), "")
			if d.Reason != tt.reason || d.Encoding != "utf-8" {
				t.Errorf("encoding %q (%s), want utf-8 (%s)", d.Encoding, d.Reason, tt.reason)
			}
			if !strings.Contains(d.Text, tt.want) {
				t.Errorf("decoded text lacks %q:\n%s", tt.want, d.Text)
			}
		})
	}
}
