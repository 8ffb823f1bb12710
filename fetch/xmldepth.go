package fetch

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"

	"golang.org/x/net/html/charset"
)

// MaxXMLDepth is how deeply the elements of a feed or sitemap may nest.
// Real feeds and sitemaps nest fewer than 20 deep; the recursive parsers
// they go to (gofeed's extension parser among them) would overflow the
// stack on millions of levels, which a few KB of gzip give, and a stack
// overflow ends the process.
const MaxXMLDepth = 1000

// ErrXMLTooDeep is wrapped by the error of ParseFeed and ParseSitemap for
// a document whose elements nest deeper than MaxXMLDepth.
var ErrXMLTooDeep = errors.New("XML elements nested too deep")

// CheckXMLDepth reads data as XML, as the feed and sitemap parsers do
// (encoding/xml, not strict, in the charset its declaration names), and
// fails with an error wrapping ErrXMLTooDeep when its elements nest
// deeper than max. It holds no more than one token at a time, whatever
// the depth.
//
// Every start tag opens a level and every end tag closes one, whatever
// its name, so the depth it counts is never below the one a parser
// builds (encoding/xml's Token closes at least as many). A document the
// decoder cannot read passes: the parser fails at the same place, no
// deeper than the depth checked so far.
func CheckXMLDepth(data []byte, max int) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.CharsetReader = charset.NewReaderLabel
	depth := 0
	for {
		tok, err := d.RawToken()
		if err != nil {
			// io.EOF: the end. Another error is the parser's to find.
			return nil
		}
		switch tok.(type) {
		case xml.StartElement:
			if depth++; depth > max {
				line, _ := d.InputPos()
				return fmt.Errorf("%w: more than %d levels (line %d)", ErrXMLTooDeep, max, line)
			}
		case xml.EndElement:
			if depth > 0 {
				depth--
			}
		}
	}
}

// isJSONFeed reports whether gofeed takes data for a JSON feed: its first
// byte that is not a space or a byte order mark's is '{'.
func isJSONFeed(data []byte) bool {
	for _, c := range data {
		switch c {
		case ' ', '\r', '\n', '\t', 0xFE, 0xFF, 0x00, 0xEF, 0xBB, 0xBF:
			continue
		}
		return c == '{'
	}
	return false
}
