// Package urlref resolves the URLs a page states (links, images, its
// canonical address) against the page's base, keeping only web URLs: the
// one reference resolver behind every URL of boilernet's output. The base
// itself is sanitize.BaseURL (the page's first <base href>, http or https
// only, resolved against the page's URL).
package urlref

import (
	"net/url"
	"strings"

	"github.com/boilernet/boilernet/sanitize"
)

// Resolve returns ref resolved against base when base is an absolute
// http or https URL (sanitize.BaseURL gives only those), else ref as the
// page wrote it (trimmed); a ref that does not parse as a URL stays as
// the page wrote it too. It returns "" for a reference that is no use
// outside the page or that could run code: an empty one, a fragment alone
// (#top), and one whose scheme, as a browser reads it (sanitize.Scheme:
// " JaVa\tScript:" is javascript), is anything but http or https
// (javascript:, vbscript:, data:, mailto:, …).
func Resolve(base *url.URL, ref string) string {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.HasPrefix(ref, "#") {
		return ""
	}
	if s := sanitize.Scheme(ref); s != "" && s != "http" && s != "https" {
		return ""
	}
	u, err := url.Parse(ref)
	if err != nil {
		return ref
	}
	if u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
		return "" // a scheme url.Parse reads where sanitize.Scheme sees none
	}
	if base == nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return ref
	}
	return base.ResolveReference(u).String()
}
