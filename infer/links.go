package infer

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/boilernet/boilernet/internal/urlref"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/sanitize"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Link is a link in the content: its text and its target, absolute when
// the page's base is known (pageBase: the page's first <base href>,
// resolved against Options.URL, or the URL; without a URL, against the
// page's canonical address; http and https only). Without a base, a
// relative target stays as the page wrote it.
type Link struct {
	Text string `json:"text"`
	Href string `json:"href"`

	blocks []int // the content blocks of the link's text
}

// Image is an image in the content: its alt text and its source,
// absolute when the page's base is known (see pageBase; without one, src
// stays as the page wrote it).
type Image struct {
	Alt string `json:"alt"`
	Src string `json:"src"`
	// Lead marks the page's main image as its metadata states it
	// (og:image, twitter:image, JSON-LD image), given when no image was
	// found in the content's flow; it stands before the first block.
	Lead bool `json:"lead,omitempty"`

	after int // the index of the last block before it (-1: none)
}

// Blocks returns the indexes in Result.Blocks of the content blocks that
// hold the link's text, in page order (none for a Link made by hand).
func (l Link) Blocks() []int { return slices.Clone(l.blocks) }

// After returns the index in Result.Blocks of the last block before the
// image in the page (-1: no block is before it): where the image stands
// among the blocks. An Image made by hand stands after block 0.
func (im Image) After() int { return im.after }

// resolveRef makes ref absolute against base (urlref.Resolve: http and
// https only, "" for javascript:, data:, a fragment alone); a mailto: or
// tel: link, absolute already, is kept as written.
func resolveRef(base *url.URL, ref string) string {
	ref = strings.TrimSpace(ref)
	if s := sanitize.Scheme(ref); s == "mailto" || s == "tel" {
		return ref
	}
	return urlref.Resolve(base, ref)
}

// contentLinks returns the links among the selected blocks: consecutive
// selected blocks under the same <a href> make one link.
func contentLinks(blocks []tokenize.Block, selected []bool, base *url.URL) []Link {
	var links []Link
	var cur *html.Node
	for i, b := range blocks {
		if !selected[i] || !b.InLink {
			cur = nil
			continue
		}
		a := ancestor(b.Node, atom.A)
		if a == nil {
			cur = nil
			continue
		}
		if a == cur {
			l := &links[len(links)-1]
			l.blocks = append(l.blocks, i)
			continue
		}
		cur = nil
		href := resolveRef(base, attr(a, "href"))
		if href == "" {
			continue
		}
		cur = a
		links = append(links, Link{Href: href, blocks: []int{i}})
	}
	for k := range links {
		var bs []tokenize.Block
		for _, i := range links[k].blocks {
			bs = append(bs, blocks[i])
		}
		links[k].Text = tokenize.Text(bs)
	}
	return links
}

// contentImages returns the images of the content: an <img> whose
// neighbouring blocks (the last before it and the first after it) are both
// kept, whose <figure> or paragraph holds a kept block (a caption), or
// that is in a <figure> or <picture> the first block after which is kept
// (the lead image above an article's text). Tracking pixels (width or
// height 1 or 2), images without a usable source (imageSource) and a
// source seen before are left out.
func contentImages(root *html.Node, blocks []tokenize.Block, kept []bool, base *url.URL) []Image {
	index := make(map[*html.Node]int, len(blocks))
	for i, b := range blocks {
		index[b.Node] = i
	}
	// keptUnder reports whether an element holds a kept block, each
	// element's subtree walked once however many images it holds (one <p>
	// of 99,000 images took minutes walked once per image).
	known := make(map[*html.Node]bool)
	keptUnder := func(n *html.Node) bool {
		if v, ok := known[n]; ok {
			return v
		}
		v := false
		for d := range n.Descendants() {
			if i, ok := index[d]; ok && kept[i] {
				v = true
				break
			}
		}
		known[n] = v
		return v
	}
	var images []Image
	seen := map[string]bool{}
	last := -1
	for n := range root.Descendants() {
		if n.Type == html.TextNode {
			if i, ok := index[n]; ok {
				last = i
			}
			continue
		}
		if n.Type != html.ElementNode || n.DataAtom != atom.Img || len(images) >= 1000 {
			continue
		}
		if w, h := attr(n, "width"), attr(n, "height"); tiny(w) || tiny(h) {
			continue
		}
		in := last >= 0 && last+1 < len(blocks) && kept[last] && kept[last+1]
		if !in {
			for p, depth := n.Parent, 0; p != nil && depth < 3 && !in; p, depth = p.Parent, depth+1 {
				switch p.DataAtom {
				case atom.Figure, atom.P, atom.Li:
					in = keptUnder(p)
				}
				if p.DataAtom == atom.Figure || p.DataAtom == atom.P {
					break
				}
			}
		}
		if !in && last+1 < len(blocks) && kept[last+1] && inFigure(n) {
			in = true
		}
		if !in {
			continue
		}
		src := imageSource(n)
		if src = resolveRef(base, src); src == "" || seen[src] {
			continue
		}
		seen[src] = true
		images = append(images, Image{Alt: collapse(attr(n, "alt")), Src: src, after: last})
	}
	return images
}

// inFigure reports whether an image is in a <figure> or <picture> (its
// parent, or up to three levels above: figure > a > div > img).
func inFigure(n *html.Node) bool {
	for p, depth := n.Parent, 0; p != nil && depth < 4; p, depth = p.Parent, depth+1 {
		if p.DataAtom == atom.Figure || p.DataAtom == atom.Picture {
			return true
		}
	}
	return false
}

func tiny(dim string) bool {
	v, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(dim), "px"))
	return err == nil && v <= 2
}

// addExtras fills the page's URL, and the metadata, links and images that
// opts ask for.
func (r *Result) addExtras(opts Options, meta *metadata.Page) {
	r.URL = opts.URL
	if opts.Metadata {
		r.Metadata = meta.Metadata(r.Text)
		r.Metadata.Title = r.Title // the headline when the text leaves it out
	}
	if !opts.Links && !opts.Images {
		return
	}
	base := pageBase(r.page.Root, opts.URL, meta)
	if opts.Links {
		selected := make([]bool, len(r.Blocks))
		for i, b := range r.Blocks {
			selected[i] = b.Content
		}
		r.Links = contentLinks(r.page.Blocks, selected, base)
	}
	if opts.Images {
		kept := make([]bool, len(r.Blocks))
		for i, b := range r.Blocks {
			kept[i] = b.Content || b.Headline
		}
		r.Images = contentImages(r.page.Root, r.page.Blocks, kept, base)
		if len(r.Images) == 0 {
			if src := resolveRef(base, meta.ImageRef()); src != "" && !placeholderImage(src) {
				r.Images = []Image{{Src: src, Lead: true, after: -1}}
			}
		}
	}
}

// pageBase returns the base of the page's relative URLs (sanitize.BaseURL,
// the one resolver of <base href>): against pageURL; without pageURL,
// against the address the page states as its own (<link rel=canonical>,
// og:url); nil when none of them is an absolute http or https URL.
func pageBase(root *html.Node, pageURL string, meta *metadata.Page) *url.URL {
	base := sanitize.BaseURL(root, pageURL)
	if base == nil && strings.TrimSpace(pageURL) == "" {
		base = sanitize.BaseURL(root, meta.CanonicalRef())
	}
	return base
}
