package fetch

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	"github.com/mmcdole/gofeed"
)

// ParseFeed returns the links of a feed's items, in the feed's order: RSS
// (0.9x, 1.0, 2.0), Atom (0.3, 1.0) or JSON Feed (1.0, 1.1), parsed by
// github.com/mmcdole/gofeed. An item's link is its link (Atom: its
// alternate link), else its first link, else its guid when that is an
// http(s) URL; an item without one gives "". Relative links are resolved
// against base (the feed's own URL), when base parses. The links are not
// checked otherwise. An XML feed whose elements nest deeper than
// MaxXMLDepth is refused (an error wrapping ErrXMLTooDeep) before the
// parser sees it.
func ParseFeed(data []byte, base string) (links []string, err error) {
	defer func() {
		// The parser is a dependency's: a bug of its on some input is
		// that feed's error, not the end of a batch.
		if r := recover(); r != nil {
			links, err = nil, fmt.Errorf("feed: the parser failed: %v", r)
		}
	}()
	if !isJSONFeed(data) {
		if err := CheckXMLDepth(data, MaxXMLDepth); err != nil {
			return nil, fmt.Errorf("feed: %w", err)
		}
	}
	f, err := gofeed.NewParser().Parse(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("feed: %w", err)
	}
	b, berr := url.Parse(base)
	for _, it := range f.Items {
		if it == nil {
			continue
		}
		link := strings.TrimSpace(it.Link)
		for _, l := range it.Links {
			if link != "" {
				break
			}
			link = strings.TrimSpace(l)
		}
		if g := strings.TrimSpace(it.GUID); link == "" && IsURL(g) {
			link = g
		}
		if link != "" && berr == nil {
			if ref, err := url.Parse(link); err == nil {
				link = b.ResolveReference(ref).String()
			}
		}
		links = append(links, link)
	}
	return links, nil
}
