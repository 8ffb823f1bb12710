package tokenize

import (
	"bytes"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/saintfish/chardet"
	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// How Decode chose the encoding of a page; reported in Decoded.Reason.
const (
	ReasonBOM      = "bom"      // a byte-order mark
	ReasonUTF8     = "utf8"     // the bytes are valid UTF-8 (declarations are not trusted over that)
	ReasonTwice    = "twice"    // valid UTF-8 of text that was UTF-8 already: encoded twice, decoded twice
	ReasonCaller   = "caller"   // the label given by the caller (e.g. an HTTP Content-Type)
	ReasonMeta     = "meta"     // a <meta charset> or <meta http-equiv> declaration
	ReasonMixed    = "mixed"    // mostly UTF-8 with stray 8-bit bytes, read as windows-1252
	ReasonDetected = "detected" // statistical detection
	ReasonOverride = "override" // statistical detection over a declaration the bytes contradict (Decoded.Declared)
	ReasonUTF16    = "utf16"    // UTF-16 without a byte-order mark, recognised by its zero bytes
	ReasonFallback = "fallback" // nothing better: windows-1252
)

// metaScanLimit bounds how far into a page Decode looks for a <meta> charset.
const metaScanLimit = 64 << 10

// Decoded is a page converted to UTF-8.
type Decoded struct {
	Text     string // the page as valid UTF-8
	Encoding string // canonical name of the encoding used, e.g. "windows-1252"
	Reason   string // one of the Reason constants
	Declared string // with ReasonOverride: the declared encoding that was not used
}

// Decode converts raw page bytes to UTF-8. label is the caller's charset
// label (e.g. from an HTTP header; "" for none). The decision, in order:
//
//  1. A byte-order mark decides; without one, markup in UTF-16 shows as a
//     zero byte in every other position, which decides too.
//  2. Bytes that are valid UTF-8 are UTF-8, whatever the page declares: text in
//     an 8-bit or legacy multi-byte charset is almost never valid UTF-8 by
//     accident, while pages that declare ISO-8859-1 but are UTF-8 are common.
//     (The only exception is a page declaring a 7-bit ISO-2022 charset that
//     contains escape sequences.) A page whose UTF-8 was read as
//     windows-1252 or ISO-8859-1 and written out as UTF-8 again, once or
//     more ("Investorâ€™s", "Ã³"), is decoded as many times (ReasonTwice):
//     when its every character below U+0100 or of windows-1252 stands for a
//     byte and those bytes are UTF-8 again (twiceEncoded).
//  3. If valid UTF-8 sequences outnumber invalid bytes by far (mostlyUTF8),
//     the page is UTF-8 with stray windows-1252 bytes, whatever it declares:
//     valid sequences are read as UTF-8, each invalid byte as windows-1252
//     (pages pasted together from both).
//  4. Otherwise the caller's label, then the page's <meta> declaration, if it
//     names a known charset other than UTF-8 - unless the bytes plainly
//     contradict it (decoding fails on more than 1 in 50 non-ASCII bytes)
//     and statistical detection confidently names a charset that fits
//     better: then that one, with ReasonOverride.
//  5. Otherwise, if most non-ASCII sequences are valid UTF-8, UTF-8 with
//     stray windows-1252 bytes as in 3.
//  6. Otherwise, if most non-ASCII bytes stand alone between ASCII bytes, as
//     accented letters do in Western European text, windows-1252. Else
//     statistical detection (ICU's algorithm, for CJK, Cyrillic, Greek, ...
//     text, where non-ASCII bytes come in runs); if it is not confident,
//     windows-1252, as browsers do.
//
// Decode never fails: every byte sequence has a decoding.
func Decode(raw []byte, label string) Decoded { return decode(raw, label, true) }

// decode is Decode; without copyText, the text of a page that is valid
// UTF-8 shares raw's memory (see Parse).
func decode(raw []byte, label string, copyText bool) Decoded {
	if d, ok := decodeBOM(raw); ok {
		return d
	}
	if e, name := utf16NoBOM(raw); e != nil {
		return decodeWith(raw, e, name, ReasonUTF16)
	}
	valid8 := utf8.Valid(raw)
	if valid8 && bytes.IndexByte(raw, 0x1b) < 0 {
		// UTF-8 whatever the page declares (step 2), so the declaration
		// is not looked for: only an ISO-2022 escape could overrule it.
		if once, ok := undoTwice(raw); ok {
			return Decoded{Text: once, Encoding: "utf-8", Reason: ReasonTwice}
		}
		return utf8Text(raw, copyText)
	}
	declared, name := lookupLabel(label)
	reason := ReasonCaller
	if declared == nil {
		declared, name = lookupLabel(metaCharset(raw))
		reason = ReasonMeta
	}
	if valid8 {
		if name == "iso-2022-jp" {
			return decodeWith(raw, declared, name, reason)
		}
		return utf8Text(raw, copyText)
	}
	valid, invalid := countUTF8(raw)
	if mostlyUTF8(valid, invalid) {
		return Decoded{Text: decodeMixed(raw), Encoding: "utf-8+windows-1252", Reason: ReasonMixed}
	}
	if declared != nil && name != "utf-8" {
		d := decodeWith(raw, declared, name, reason)
		if !fits(raw, d.Text) {
			if e, dname := detect(raw); e != nil && dname != name {
				if alt := decodeWith(raw, e, dname, ReasonOverride); fits(raw, alt.Text) {
					alt.Declared = name
					return alt
				}
			}
		}
		return d
	}
	if valid > invalid {
		return Decoded{Text: decodeMixed(raw), Encoding: "utf-8+windows-1252", Reason: ReasonMixed}
	}
	if !mostlyIsolated(raw) {
		if e, name := detect(raw); e != nil {
			return decodeWith(raw, e, name, ReasonDetected)
		}
	}
	return decodeWith(raw, charmap.Windows1252, "windows-1252", ReasonFallback)
}

var boms = []struct {
	bom  []byte
	enc  encoding.Encoding
	name string
}{
	{[]byte{0xef, 0xbb, 0xbf}, unicode.UTF8, "utf-8"},
	{[]byte{0xfe, 0xff}, unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), "utf-16be"},
	{[]byte{0xff, 0xfe}, unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM), "utf-16le"},
}

func decodeBOM(raw []byte) (Decoded, bool) {
	for _, b := range boms {
		if !bytes.HasPrefix(raw, b.bom) {
			continue
		}
		if b.enc == unicode.UTF8 {
			return Decoded{Text: strings.ToValidUTF8(string(raw[len(b.bom):]), "\uFFFD"), Encoding: b.name, Reason: ReasonBOM}, true
		}
		return decodeWith(raw, b.enc, b.name, ReasonBOM), true
	}
	return Decoded{}, false
}

// lookupLabel maps a charset label to an encoding and its canonical name,
// or nil when unknown. It accepts the WHATWG labels plus spellings seen in
// the wild such as "iso8859_1" and "euc_kr".
func lookupLabel(label string) (encoding.Encoding, string) {
	label = strings.Trim(strings.TrimSpace(label), `"' `)
	if label == "" {
		return nil, ""
	}
	e, name := charset.Lookup(label)
	if e == nil {
		e, name = charset.Lookup(strings.ReplaceAll(label, "_", "-"))
	}
	if e == nil {
		return nil, ""
	}
	// A declaration of UTF-16 on a page without a BOM is wrong by
	// construction (the page could not have been read to find it); the HTML
	// standard reads such pages as UTF-8.
	if strings.HasPrefix(name, "utf-16") {
		return unicode.UTF8, "utf-8"
	}
	return e, name
}

// metaCharset returns the charset declared by the first <meta charset> or
// <meta http-equiv="content-type" content="...; charset=..."> before <body>
// or within the first metaScanLimit bytes, or "".
func metaCharset(raw []byte) string {
	if len(raw) > metaScanLimit {
		raw = raw[:metaScanLimit]
	}
	z := html.NewTokenizer(bytes.NewReader(raw))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			switch string(name) {
			case "body":
				return ""
			case "meta":
				if cs := metaTagCharset(z, hasAttr); cs != "" {
					return cs
				}
			}
		}
	}
}

func metaTagCharset(z *html.Tokenizer, hasAttr bool) string {
	var content string
	isContentType := false
	for hasAttr {
		var k, v []byte
		k, v, hasAttr = z.TagAttr()
		switch strings.ToLower(string(k)) {
		case "charset":
			return string(v)
		case "http-equiv":
			isContentType = strings.EqualFold(strings.TrimSpace(string(v)), "content-type")
		case "content":
			content = string(v)
		}
	}
	if !isContentType {
		return ""
	}
	i := strings.Index(strings.ToLower(content), "charset")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(content[i+len("charset"):], " \t")
	if !strings.HasPrefix(rest, "=") {
		return ""
	}
	rest = strings.Trim(strings.TrimSpace(rest[1:]), `"'`)
	if j := strings.IndexAny(rest, `;"' `); j >= 0 {
		rest = rest[:j]
	}
	return rest
}

// countUTF8 counts valid multi-byte UTF-8 sequences and invalid bytes.
func countUTF8(raw []byte) (valid, invalid int) {
	for i := 0; i < len(raw); {
		if raw[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			invalid++
		} else {
			valid++
		}
		i += size
	}
	return valid, invalid
}

// mostlyUTF8 reports whether valid multi-byte UTF-8 sequences outnumber
// invalid bytes so far that the page is UTF-8 with a few stray bytes. Text in
// a legacy charset forms valid UTF-8 sequences only by accident, far fewer
// than its invalid bytes.
func mostlyUTF8(valid, invalid int) bool {
	return valid >= 3 && valid >= 8*invalid
}

// fits reports whether decoded, the decoding of raw, has at most one U+FFFD
// (an undecodable sequence) per 50 non-ASCII bytes of raw beyond those raw
// already contains as UTF-8.
func fits(raw []byte, decoded string) bool {
	high := 0
	for _, c := range raw {
		if c >= utf8.RuneSelf {
			high++
		}
	}
	bad := strings.Count(decoded, "\uFFFD") - bytes.Count(raw, []byte("\uFFFD"))
	return bad*50 <= high
}

// utf16NoBOM recognises UTF-16 without a byte-order mark: markup is mostly
// ASCII, so in UTF-16 a zero byte fills every other position (the high byte:
// even positions in big-endian, odd in little-endian) and almost never the
// other. It returns nil when raw does not look like that.
func utf16NoBOM(raw []byte) (encoding.Encoding, string) {
	head := raw[:min(len(raw), 4096)&^1]
	if len(head) < 16 {
		return nil, ""
	}
	var zeros [2]int
	for i, c := range head {
		if c == 0 {
			zeros[i&1]++
		}
	}
	half := len(head) / 2
	switch {
	case zeros[0]*2 > half && zeros[1]*20 < zeros[0]:
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), "utf-16be"
	case zeros[1]*2 > half && zeros[0]*20 < zeros[1]:
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), "utf-16le"
	}
	return nil, ""
}

// decodeMixed reads valid UTF-8 sequences as UTF-8 and every other byte as
// windows-1252.
func decodeMixed(raw []byte) string {
	var sb strings.Builder
	sb.Grow(len(raw) + len(raw)/8)
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			r = charmap.Windows1252.DecodeByte(raw[i])
		}
		sb.WriteRune(r)
		i += size
	}
	return sb.String()
}

// mostlyIsolated reports whether most bytes ≥ 0x80 have ASCII bytes on both
// sides.
func mostlyIsolated(raw []byte) bool {
	high, isolated := 0, 0
	for i, c := range raw {
		if c < utf8.RuneSelf {
			continue
		}
		high++
		if (i == 0 || raw[i-1] < utf8.RuneSelf) && (i+1 == len(raw) || raw[i+1] < utf8.RuneSelf) {
			isolated++
		}
	}
	return 2*isolated > high
}

// detectMinConfidence is the ICU detector confidence (0-100) below which its
// guess is not used.
const detectMinConfidence = 20

// detectLimit bounds the bytes given to the detector.
const detectLimit = 64 << 10

func detect(raw []byte) (encoding.Encoding, string) {
	res, err := chardet.NewHtmlDetector().DetectBest(raw[:min(len(raw), detectLimit)])
	if err != nil || res.Confidence < detectMinConfidence {
		return nil, ""
	}
	d, ok := detectedCharsets[res.Charset]
	if !ok || d.name == "utf-8" {
		return nil, ""
	}
	return d.enc, d.name
}

// detectedCharsets maps every name the chardet detector can return to a
// decoder and its canonical name; a nil decoder for those x/text cannot
// decode (IBM EBCDIC Hebrew and Arabic, ISO-2022-CN), which fall back. The
// test TestDetectedCharsetsComplete checks this list against the detector's.
var detectedCharsets = map[string]struct {
	enc  encoding.Encoding
	name string
}{
	"UTF-8":        {unicode.UTF8, "utf-8"},
	"UTF-16BE":     {unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), "utf-16be"},
	"UTF-16LE":     {unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), "utf-16le"},
	"UTF-32BE":     {utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM), "utf-32be"},
	"UTF-32LE":     {utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM), "utf-32le"},
	"ISO-8859-1":   {charmap.Windows1252, "windows-1252"}, // as WHATWG and browsers read it
	"ISO-8859-2":   {charmap.ISO8859_2, "iso-8859-2"},
	"ISO-8859-5":   {charmap.ISO8859_5, "iso-8859-5"},
	"ISO-8859-6":   {charmap.ISO8859_6, "iso-8859-6"},
	"ISO-8859-7":   {charmap.ISO8859_7, "iso-8859-7"},
	"ISO-8859-8":   {charmap.ISO8859_8, "iso-8859-8"},
	"ISO-8859-8-I": {charmap.ISO8859_8I, "iso-8859-8-i"},
	"ISO-8859-9":   {charmap.Windows1254, "windows-1254"}, // as WHATWG reads it
	"windows-1250": {charmap.Windows1250, "windows-1250"},
	"windows-1251": {charmap.Windows1251, "windows-1251"},
	"windows-1252": {charmap.Windows1252, "windows-1252"},
	"windows-1253": {charmap.Windows1253, "windows-1253"},
	"windows-1254": {charmap.Windows1254, "windows-1254"},
	"windows-1255": {charmap.Windows1255, "windows-1255"},
	"windows-1256": {charmap.Windows1256, "windows-1256"},
	"KOI8-R":       {charmap.KOI8R, "koi8-r"},
	"Shift_JIS":    {japanese.ShiftJIS, "shift_jis"},
	"GB-18030":     {simplifiedchinese.GB18030, "gb18030"},
	"EUC-JP":       {japanese.EUCJP, "euc-jp"},
	"EUC-KR":       {korean.EUCKR, "euc-kr"},
	"Big5":         {traditionalchinese.Big5, "big5"},
	"ISO-2022-JP":  {japanese.ISO2022JP, "iso-2022-jp"},
	"ISO-2022-KR":  {nil, ""}, // no x/text decoder (WHATWG: replacement)
	"ISO-2022-CN":  {nil, ""},
	"IBM424_rtl":   {nil, ""},
	"IBM424_ltr":   {nil, ""},
	"IBM420_rtl":   {nil, ""},
	"IBM420_ltr":   {nil, ""},
}

// decodeWith decodes raw with e; x/text decoders replace invalid input with
// U+FFFD rather than fail.
func decodeWith(raw []byte, e encoding.Encoding, name, reason string) Decoded {
	out, err := e.NewDecoder().Bytes(raw)
	if err != nil {
		out = []byte(decodeMixed(raw))
	}
	return Decoded{Text: strings.ToValidUTF8(string(out), "\uFFFD"), Encoding: name, Reason: reason}
}

// DecodeText converts a plain-text file to UTF-8: a byte-order mark decides
// (UTF-8, UTF-16LE or UTF-16BE); otherwise valid UTF-8 sequences are kept and
// every other byte is read as windows-1252, which is right for UTF-8 files,
// for windows-1252 and ISO-8859-1 files and for files that mix both.
func DecodeText(raw []byte) string {
	if d, ok := decodeBOM(raw); ok {
		return d.Text
	}
	if utf8.Valid(raw) {
		return string(raw)
	}
	return decodeMixed(raw)
}

// utf8Text is raw as valid UTF-8 text: a copy with copyText, else sharing
// raw's memory.
func utf8Text(raw []byte, copyText bool) Decoded {
	text := unsafe.String(unsafe.SliceData(raw), len(raw))
	if copyText {
		text = string(raw)
	}
	return Decoded{Text: text, Encoding: "utf-8", Reason: ReasonUTF8}
}

// twiceLeads are the second bytes of the UTF-8 of the characters that a
// UTF-8 lead byte read as windows-1252 or ISO-8859-1 becomes, all of them
// C3 xx: "Â" and "Ã" (leads C2, C3: Latin letters and signs), "Ä" to "Ë"
// and "Î", "Ï", "Ð", "Ñ" (C4–D1: more Latin, Greek, Cyrillic), "â" (E2:
// punctuation such as ’ and —), "ã" to "é" (E3–E9: CJK), "ð" (F0: emoji).
var twiceLeads = [256]bool{0x82: true, 0x83: true, 0x84: true, 0x85: true, 0x86: true, 0x87: true, 0x88: true,
	0x89: true, 0x8a: true, 0x8b: true, 0x8e: true, 0x8f: true, 0x90: true, 0x91: true,
	0xa2: true, 0xa3: true, 0xa4: true, 0xa5: true, 0xa6: true, 0xa7: true, 0xa8: true, 0xa9: true, 0xb0: true}

// maxTwice is the most times undoTwice decodes a page.
const maxTwice = 3

// undoTwice returns the text of a valid UTF-8 page that was encoded twice
// (or up to maxTwice times): each of its characters stands for one byte,
// as windows-1252 (or ISO-8859-1, for the five bytes windows-1252 leaves
// undefined and the C1 controls) maps bytes to characters, and those
// bytes are valid UTF-8 holding a character beyond ASCII. ok is false for
// any other page, among them every page with a character that is no
// such byte (one properly encoded "’" beside "â€™" leaves it as it is) and
// every page without non-ASCII text.
func undoTwice(raw []byte) (text string, ok bool) {
	if !hasTwiceMark(raw) {
		return "", false
	}
	cur := raw
	for range maxTwice {
		once, ok := onceLess(cur)
		if !ok {
			break
		}
		cur, text = once, string(once)
		if !hasTwiceMark(cur) {
			break
		}
	}
	return text, text != ""
}

// hasTwiceMark reports whether raw holds a character of twiceLeads
// followed by one that stands for a UTF-8 continuation byte (U+0080–U+00BF,
// or a windows-1252 sign for one of 80–9F): one pass over the bytes.
func hasTwiceMark(raw []byte) bool {
	for rest := raw; ; {
		i := bytes.IndexByte(rest, 0xc3)
		if i < 0 || i+2 >= len(rest) {
			return false
		}
		rest = rest[i+1:]
		if twiceLeads[rest[0]] {
			if r, _ := utf8.DecodeRune(rest[1:]); continuationByte(r) >= 0 {
				return true
			}
		}
	}
}

// continuationByte returns the byte 80–BF that r stands for read as
// windows-1252 (or as ISO-8859-1), or -1.
func continuationByte(r rune) int {
	if b, ok := byteOf(r); ok && b >= 0x80 && b <= 0xbf {
		return int(b)
	}
	return -1
}

// byteOf returns the byte r stands for read as ISO-8859-1 (below U+0100,
// the C1 controls included) or as windows-1252 (its signs for 80–9F).
func byteOf(r rune) (byte, bool) {
	if r < 0x100 {
		return byte(r), true
	}
	return charmap.Windows1252.EncodeRune(r)
}

// onceLess maps each character of valid UTF-8 text to the byte it stands
// for (see undoTwice); ok is false when a character stands for none or
// the bytes are not valid UTF-8 with a character beyond ASCII.
func onceLess(text []byte) (out []byte, ok bool) {
	out = make([]byte, 0, len(text))
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(text[i:])
		i += n
		b, ok := byteOf(r)
		if !ok {
			return nil, false
		}
		out = append(out, b)
	}
	return out, len(out) < len(text) && utf8.Valid(out)
}
