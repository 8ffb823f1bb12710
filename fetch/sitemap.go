package fetch

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html/charset"
)

// ErrNotSitemap is the error of ParseSitemap for a document that is
// neither a sitemap nor a sitemap index (an RSS or Atom feed, an HTML
// page).
var ErrNotSitemap = errors.New("not a sitemap")

// Sitemap is a parsed sitemap (https://www.sitemaps.org/protocol.html).
type Sitemap struct {
	// Index is true for a sitemap index, whose URLs are sitemaps.
	Index bool
	// URLs are the <loc> of each <url> (of each <sitemap> in an index),
	// or the lines of a text sitemap, in order, spaces trimmed; not
	// checked or resolved.
	URLs []string
}

// ParseSitemap parses an XML sitemap (<urlset>), a sitemap index
// (<sitemapindex>) or a text sitemap (one URL a line). Namespaces are not
// checked, so a sitemap without its xmlns is read as well; only a <loc>
// right inside a <url> or <sitemap> counts (not an image's). A document
// whose root is some other element is an error wrapping ErrNotSitemap,
// and so is a text document with no line starting with http:// or
// https://. The XML is read leniently (an unescaped & in a URL passes),
// in the charset its declaration names. An XML document whose elements
// nest deeper than MaxXMLDepth is an error wrapping ErrXMLTooDeep.
func ParseSitemap(data []byte) (*Sitemap, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if trimmed := bytes.TrimSpace(data); len(trimmed) == 0 || trimmed[0] != '<' {
		return parseTextSitemap(string(data))
	}
	if err := CheckXMLDepth(data, MaxXMLDepth); err != nil {
		return nil, fmt.Errorf("sitemap: %w", err)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.CharsetReader = charset.NewReaderLabel
	sm := &Sitemap{}
	var stack []string // the local names of the open elements
	var loc strings.Builder
	inLoc := false
	root := false // the root element was seen
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("sitemap: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			if len(stack) == 0 {
				root = true
				switch name {
				case "urlset":
				case "sitemapindex":
					sm.Index = true
				default:
					return nil, fmt.Errorf("%w: the root element is <%s>", ErrNotSitemap, t.Name.Local)
				}
			}
			stack = append(stack, name)
			if inLoc = len(stack) == 3 && name == "loc" && (stack[1] == "url" || stack[1] == "sitemap"); inLoc {
				loc.Reset()
			}
		case xml.CharData:
			if inLoc {
				loc.Write(t)
			}
		case xml.EndElement:
			if inLoc {
				sm.URLs = append(sm.URLs, strings.TrimSpace(loc.String()))
				inLoc = false
			}
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			if root && len(stack) == 0 {
				return sm, nil // the end of the root: what follows is not the sitemap's
			}
		}
	}
	if !root {
		return nil, fmt.Errorf("%w: no root element", ErrNotSitemap)
	}
	return sm, nil
}

// parseTextSitemap reads a text sitemap: every non-blank line is a URL.
func parseTextSitemap(text string) (*Sitemap, error) {
	sm := &Sitemap{}
	anyURL := false
	for _, line := range splitLines(text) {
		if line = strings.TrimSpace(line); line != "" {
			sm.URLs = append(sm.URLs, line)
			anyURL = anyURL || IsURL(line)
		}
	}
	if !anyURL {
		return nil, fmt.Errorf("%w: neither XML nor a list of URLs", ErrNotSitemap)
	}
	return sm, nil
}
