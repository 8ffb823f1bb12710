// Package metadata reads a web page's metadata — title, authors, dates,
// site name, description, language, canonical URL, main image and tags —
// from what the page states: <meta> tags (plain, OpenGraph, Twitter
// cards, Dublin Core and common publisher tags), JSON-LD (schema.org
// Article, NewsArticle, BlogPosting, … also inside @graph), microdata
// (itemprop), <time datetime>, <link rel=canonical> and <html lang>. The
// language a page declares is checked against its content text (a page
// that declares English but whose text is mostly Han, or has the letters
// of Polish, is not in English; one that declares German whose words are
// English's is not in German); when the page declares none that holds,
// the language is detected from the text (by its writing system, or
// github.com/abadojack/whatlanggo's trigrams).
//
// Extract makes one pass over the parsed page and parses only the
// JSON-LD scripts it finds, so it costs a small fraction of extraction.
package metadata

import (
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/boilernet/boilernet/internal/urlref"
	"github.com/boilernet/boilernet/sanitize"
	"golang.org/x/net/html"
)

// Metadata is what a page says about itself. Empty fields are unknown.
type Metadata struct {
	Title   string   `json:"title,omitempty"`
	Authors []string `json:"authors,omitempty"`
	// Published and Modified are ISO 8601: a date ("2025-09-04") or a
	// date and time, with its zone when the page gives one.
	Published   string `json:"published,omitempty"`
	Modified    string `json:"modified,omitempty"`
	SiteName    string `json:"site_name,omitempty"`
	Description string `json:"description,omitempty"`
	// Language is the page's language as it states it (a BCP 47 tag such
	// as "en" or "pt-BR": the first of <html lang>, <meta
	// http-equiv="content-language">, og:locale, <meta name="language">,
	// JSON-LD inLanguage and dc.language that is a language tag and that
	// the text does not contradict), or the ISO 639-1 code detected from
	// its text (LanguageDetected set).
	Language         string `json:"language,omitempty"`
	LanguageDetected bool   `json:"language_detected,omitempty"`
	// Canonical and Image are absolute http or https URLs when the page's
	// base is known (sanitize.BaseURL: its <base href> when that is an
	// http or https URL, else Options.URL), else as the page wrote them
	// when relative; a URL of any other scheme (javascript:, data:, …)
	// is left out (internal/urlref, the resolver of every URL boilernet
	// writes).
	Canonical string   `json:"canonical,omitempty"`
	Image     string   `json:"image,omitempty"`
	Tags      []string `json:"tags,omitempty"`
}

// Options control Extract.
type Options struct {
	// URL is the page's address: the base for relative URLs (a <base
	// href> in the page that is an http or https URL takes precedence) and a last source of the date
	// (/2025/09/04/ in its path; then in the path of the address the page
	// states, <link rel=canonical> or og:url). "" when unknown.
	URL string
	// Text is the page's main text, for checking the language the page
	// declares and detecting it when the page declares none that holds;
	// "" skips both (the first declaration that is a language tag is
	// taken).
	Text string
}

// maxTags bounds the tags kept; maxField bounds a text field (in bytes).
const (
	maxTags  = 50
	maxField = 2000
)

// Extract reads the metadata of a parsed page (the document node of
// golang.org/x/net/html).
func Extract(root *html.Node, opts Options) *Metadata {
	return Read(root, opts.URL).Metadata(opts.Text)
}

// Page is what one pass over a parsed page found, from which Title and
// Metadata read: a caller that needs the title before the page's text
// (to find the headline) and the metadata after it walks the page once.
type Page struct {
	c     *collected
	url   string
	base  *url.URL
	art   Node
	g     graph
	site  string
	title string // Title's answer, found once by Read
}

// Read walks a parsed page (the document node of golang.org/x/net/html)
// at address pageURL ("" when unknown; see Options.URL).
func Read(root *html.Node, pageURL string) *Page {
	c := collect(root)
	p := &Page{c: c, url: pageURL, base: sanitize.BaseURL(root, pageURL)}
	p.art, p.g = c.article()
	p.site = first(c.meta("og:site_name"), c.ld(p.art, p.g, "publisher", "name"), c.siteFromLD(p.g), c.meta("application-name"), c.meta("twitter:site", "@"), c.logoName())
	p.title = p.findTitle()
	return p
}

// Title returns the page's title (Metadata.Title): the structured
// headline or declared title without the site's name, or the page's <h1>
// when that is the visible form of the same title. This is the one title
// heuristic of boilernet: extraction results, the server and every method
// use it.
func (p *Page) Title() string { return p.title }

// IsSiteName reports whether s is the name of the page's site (as
// Metadata.SiteName gives it, or as the page's host names it): a title
// that is only the site's name is no article's title.
func (p *Page) IsSiteName(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && (strings.EqualFold(s, strings.TrimSpace(unescapeAgain(p.site))) || siteInHost(s, p.siteHost()))
}

// siteHost returns the host of the page's address, or when that is not
// known (a file read without its URL), of the address the page states
// (CanonicalRef, when absolute http or https): the site's name in a
// title can be told by it ("Resume Writing Service - HigherEdJobs" on
// higheredjobs.com).
func (p *Page) siteHost() string {
	if h := host(p.base); h != "" {
		return h
	}
	u, err := url.Parse(p.CanonicalRef())
	if err != nil || u.Scheme != "http" && u.Scheme != "https" {
		return ""
	}
	return host(u)
}

// CanonicalRef returns the page's address as the page states it (<link
// rel=canonical>, og:url, the article's JSON-LD url), not resolved: "" when
// it states none. Metadata.Canonical is it resolved.
func (p *Page) CanonicalRef() string {
	return strings.TrimSpace(first(p.c.canonical, p.c.meta("og:url"), p.c.ld(p.art, p.g, "url", "")))
}

// ImageRef returns the page's main image as the page states it (og:image,
// twitter:image, the article's JSON-LD image, microdata image, <link
// rel=image_src>), not resolved: "" when it states none. Metadata.Image is
// it resolved.
func (p *Page) ImageRef() string {
	c := p.c
	return strings.TrimSpace(first(c.meta("og:image"), c.meta("og:image:url"), c.meta("og:image:secure_url"), c.meta("twitter:image"),
		c.meta("twitter:image:src"), c.ld(p.art, p.g, "image", "url"), c.micro("image"), c.imageSrc))
}

// Metadata returns the page's metadata; text is its main text, for
// detecting the language when the page does not state it ("" skips
// detection).
func (p *Page) Metadata(text string) *Metadata {
	c, art, g, base := p.c, p.art, p.g, p.base
	opts := Options{URL: p.url, Text: text}
	md := &Metadata{SiteName: p.site, Title: p.Title()}
	md.Authors = p.authors(md.SiteName)
	md.Published = firstDate(c.ld(art, g, "datePublished", ""), c.meta("article:published_time"), c.meta("og:published_time"),
		c.meta("published_time"), c.meta("datepublished"), c.micro("datePublished"), c.meta("parsely-pub-date"), c.meta("sailthru.date"),
		c.meta("publish-date"), c.meta("publish_date"), c.meta("publishdate"), c.meta("pubdate"), c.meta("date"), c.meta("dc.date.issued"),
		c.meta("dcterms.created"), c.meta("dc.date"), c.meta("dcterms.date"), c.ld(art, g, "dateCreated", ""), c.pubTime, urlDate(opts.URL), urlDate(p.CanonicalRef()), c.time)
	if md.Published == "" {
		// The text search is the costly last resort: only when no
		// structured date was found.
		md.Published = firstDate(c.textDateNearHeadline())
	}
	md.Modified = firstDate(c.ld(art, g, "dateModified", ""), c.meta("article:modified_time"), c.meta("og:updated_time"),
		c.meta("modified_time"), c.micro("dateModified"), c.meta("dcterms.modified"), c.meta("last-modified"))
	md.Description = first(c.meta("og:description"), c.meta("description"), c.meta("twitter:description"), c.ld(art, g, "description", ""), c.meta("dc.description"))
	md.Canonical = urlref.Resolve(base, p.CanonicalRef())
	md.Image = urlref.Resolve(base, p.ImageRef())
	md.Tags = tags(c, art, g)

	md.Language, md.LanguageDetected = pageLanguage([]string{c.lang, c.meta("content-language"), locale(c.meta("og:locale")),
		c.meta("language"), c.ld(art, g, "inLanguage", ""), c.micro("inLanguage"), c.meta("dc.language")}, opts.Text)
	for _, f := range []*string{&md.SiteName, &md.Description} {
		*f = truncate(unescapeAgain(*f))
	}
	return md
}

// collected holds what one pass over the page found.
type collected struct {
	commentDist map[*html.Node]uint8 // see inCommentOrReview
	metas       map[string][]string  // name/property/itemprop/http-equiv, lowercase → contents
	micros      map[string][]string  // itemprop → values of non-meta elements
	microAuth   []string             // names in itemprop=author
	nodes       []Node               // every JSON-LD node, in page order
	lang        string
	title, h1   string
	h1Parts     []string // the first <h1>'s first text nodes (see labeledTitle)
	h1s         int      // <h1> elements, the site's logo aside
	logo        string   // the text of an <h1> that is the site's logo (homeLogo)
	canonical   string
	imageSrc    string
	pubTime     string // <time pubdate> or <time itemprop=datePublished> or in an element classed as published
	time        string // the first <time datetime> in the body
	relAuthor   []string
	byline      [][]string   // the text nodes of elements classed as a byline or the author
	authLinks   []string     // the text of links to an author's page
	usernames   []string     // the text of elements classed "username" (forums)
	texts       []string     // the body's text nodes (at most maxTexts; not a byline's label in a control, see inControl)
	textNode    []*html.Node // the nodes of texts
	h1Text      int          // the index in texts of the first <h1>'s first text (-1: none)
	headings    []string     // the texts of the first <h2> to <h6> (at most maxHeadings)
	titled      string       // the text of the first <h2> to <h4> classed as a title (see classedTitle)
	homes       []string     // the names of the first links to the site's home page (see homeName)
}

// maxHomes bounds the links to the home page whose names are kept
// (collected.homes).
const maxHomes = 5

// maxBylines bounds the byline elements kept.
const maxBylines = 8

// maxHeadings bounds the headings kept (collected.headings).
const maxHeadings = 40

// maxTexts bounds the text nodes collected for the date in the text.
const maxTexts = 5000

func collect(root *html.Node) *collected {
	c := &collected{metas: map[string][]string{}, micros: map[string][]string{}, h1Text: -1, commentDist: map[*html.Node]uint8{}}
	inBody := false
	var h1 *html.Node
	for n := root; n != nil; n = next(n, root) {
		if n.Type == html.TextNode && inBody && len(c.texts) < maxTexts && n.Parent != nil {
			switch n.Parent.Data {
			case "script", "style", "noscript", "template":
			default:
				if n.Parent.Namespace != "" {
					break // the text of an SVG or MathML drawing
				}
				if inCommentOrReview(n.Parent, c.commentDist) {
					break // a reader's words: not the page's byline or date
				}
				if t := strings.TrimSpace(n.Data); t != "" {
					if bylineLabel(t) && inControl(n.Parent) {
						break // a search form's option "作者" (search by author): no byline's label
					}
					if h1 != nil && c.h1Text < 0 {
						c.h1Text = len(c.texts)
					}
					c.texts = append(c.texts, t)
					c.textNode = append(c.textNode, n)
				}
			}
		}
		if n.Type != html.ElementNode {
			continue
		}
		switch n.Data {
		case "html":
			c.lang = first(attr(n, "lang"), attr(n, "xml:lang"))
		case "body":
			inBody = true
		case "title":
			// The first <title> outside a drawing, in the body too: a
			// script or an element before <html> makes the parser start
			// the body there and put the head's elements in it.
			if c.title == "" && n.Namespace == "" && !inSVG(n) {
				c.title = collapse(textOf(n))
			}
		case "h1":
			if homeLogo(n) {
				if c.logo == "" {
					c.logo = collapse(textOf(n))
				}
				break // the site's logo, not a heading of the page
			}
			c.h1s++
			if c.h1 == "" {
				c.h1 = stripPermalink(collapse(textOf(n)))
				c.h1Parts = textNodes(n, 8)
				h1 = n
			}
		case "h2", "h3", "h4", "h5", "h6":
			if !inBody {
				break
			}
			if len(c.headings) < maxHeadings {
				c.headings = append(c.headings, collapse(textOf(n)))
			}
			if c.titled == "" && n.Data != "h5" && n.Data != "h6" && classedTitle(n) {
				c.titled = collapse(textOf(n))
			}
		case "meta":
			content, ok := attrOK(n, "content")
			if !ok {
				if cs := attr(n, "charset"); cs != "" {
					continue
				}
			}
			content = collapse(html.UnescapeString(content))
			if content == "" {
				continue
			}
			for _, key := range []string{"property", "name", "itemprop", "http-equiv"} {
				for _, k := range strings.Fields(strings.ToLower(attr(n, key))) {
					if len(c.metas[k]) < maxTags {
						c.metas[k] = append(c.metas[k], content)
					}
				}
			}
		case "link":
			rel := strings.ToLower(attr(n, "rel"))
			switch {
			case c.canonical == "" && hasWord(rel, "canonical"):
				c.canonical = attr(n, "href")
			case c.imageSrc == "" && hasWord(rel, "image_src"):
				c.imageSrc = attr(n, "href")
			}
		case "script":
			if strings.EqualFold(strings.TrimSpace(attr(n, "type")), "application/ld+json") && len(c.nodes) < maxNodes {
				nodes, err := ParseJSONLD([]byte(textOf(n)), "JSON-LD script")
				if err == nil {
					c.nodes = append(c.nodes, nodes...)
				}
			}
		case "time":
			dt := first(attr(n, "datetime"), attr(n, "content"))
			if dt == "" {
				continue
			}
			if c.pubTime == "" && (hasAttr(n, "pubdate") || strings.EqualFold(attr(n, "itemprop"), "datePublished") || classedPublished(n)) {
				c.pubTime = dt
			}
			if c.time == "" && inBody && !inCommentOrReview(n, c.commentDist) && !inPlayer(n) {
				c.time = dt // a comment's or a review's date is not the page's, nor a player's
			}
		case "a":
			if hasWord(strings.ToLower(attr(n, "rel")), "author") && len(c.relAuthor) < 10 && !inFurniture(n) {
				if t := collapse(textOf(n)); t != "" {
					c.relAuthor = append(c.relAuthor, t)
				}
			}
			if inBody && len(c.homes) < maxHomes && homeHref(attr(n, "href")) {
				if name := homeName(n); name != "" {
					c.homes = append(c.homes, name)
				}
			}
			if inBody && len(c.authLinks) < 5 && authorHref(attr(n, "href")) && !inFurniture(n) {
				if t := collapse(textOf(n)); t != "" {
					c.authLinks = append(c.authLinks, t)
				}
			}
		}
		if inBody && len(c.byline) < maxBylines && isBylineElement(n) && !inCommentOrReview(n, c.commentDist) && !inFurniture(n) && !holds(n, "h1", "h2") {
			if ts := bylineTexts(n, 12); len(ts) > 0 {
				c.byline = append(c.byline, ts)
			}
		}
		if inBody && len(c.usernames) < 3 && containsFold(attr(n, "class"), "username") {
			if t := collapse(textOf(n)); t != "" {
				c.usernames = append(c.usernames, t)
			}
		}
		if prop := attr(n, "itemprop"); prop != "" && n.Data != "meta" {
			c.microdata(n, strings.ToLower(prop))
		}
	}
	return c
}

// inReplyItem reports whether a microdata property belongs to a reply:
// the nearest item above it (itemscope) is a comment or an answer by its
// property (itemprop comment, answer, suggestedAnswer, acceptedAnswer)
// or its type (schema.org Comment, Answer). A forum thread's posts after
// the first are such items (Discourse: <div itemprop="comment" itemscope
// itemtype="http://schema.org/Comment">), each with its author.
func inReplyItem(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type != html.ElementNode || !hasAttr(p, "itemscope") {
			continue
		}
		for _, prop := range strings.Fields(strings.ToLower(attr(p, "itemprop"))) {
			switch prop {
			case "comment", "answer", "suggestedanswer", "acceptedanswer":
				return true
			}
		}
		t := strings.ToLower(attr(p, "itemtype"))
		return strings.HasSuffix(t, "/comment") || strings.HasSuffix(t, "/answer")
	}
	return false
}

// next returns the node after n in document order within root, or nil.
func next(n, root *html.Node) *html.Node {
	if n.FirstChild != nil {
		return n.FirstChild
	}
	return nextOutside(n, root)
}

// microdata records the value of an element with itemprop.
func (c *collected) microdata(n *html.Node, props string) {
	for _, prop := range strings.Fields(props) {
		var v string
		switch prop {
		case "author", "creator":
			if inReplyItem(n) {
				continue // a reply's author: a thread's participant, not the page's
			}
			if hasAttr(n, "itemscope") {
				for d := range n.Descendants() {
					if d.Type == html.ElementNode && strings.EqualFold(attr(d, "itemprop"), "name") {
						v = first(attr(d, "content"), collapse(textOf(d)))
						break
					}
				}
			}
			if v == "" {
				v = first(attr(n, "content"), collapse(textOf(n)))
			}
			if v != "" && len(c.microAuth) < 10 {
				c.microAuth = append(c.microAuth, v)
			}
			continue
		case "image", "thumbnailurl":
			v = first(attr(n, "src"), attr(n, "content"), attr(n, "href"))
		case "headline", "datepublished", "datemodified", "keywords", "inlanguage":
			v = first(attr(n, "content"), attr(n, "datetime"), collapse(textOf(n)))
		default:
			continue
		}
		if v != "" && len(c.micros[prop]) < maxTags {
			c.micros[prop] = append(c.micros[prop], v)
		}
	}
}

// meta returns the first content of a meta tag (key lowercase); with a
// prefix, values starting with it are skipped (Twitter handles as site
// names).
func (c *collected) meta(key string, skipPrefix ...string) string {
	for _, v := range c.metas[key] {
		if len(skipPrefix) > 0 && strings.HasPrefix(v, skipPrefix[0]) {
			continue
		}
		return v
	}
	return ""
}

func (c *collected) micro(prop string) string {
	if v := c.micros[strings.ToLower(prop)]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// article returns the JSON-LD node that most likely describes the page's
// content (the first of the highest article rank), and the page's nodes
// by @id.
func (c *collected) article() (Node, graph) {
	g := graph{}
	var best Node
	bestRank := -1
	for _, n := range c.nodes {
		if id, ok := n["@id"].(string); ok && len(n) > 1 {
			if _, dup := g[id]; !dup {
				g[id] = n
			}
		}
		if len(types(n)) == 0 {
			continue
		}
		if r := articleRank(n); r > bestRank && (r > 0 || best == nil) {
			if r == 0 && hasType(n, "Organization", "Person", "WebSite", "BreadcrumbList", "ImageObject", "SiteNavigationElement", "SearchAction", "ListItem") {
				continue
			}
			best, bestRank = n, r
		}
	}
	return best, g
}

// ld returns the first string of a property of the article node; sub is
// the key read from an object value ("name" of an author, "url" of an
// image).
func (c *collected) ld(art Node, g graph, prop, sub string) string {
	if art == nil {
		return ""
	}
	v, ok := art[prop]
	if !ok {
		return ""
	}
	if sub == "" {
		sub = "@value"
	}
	return g.str(v, sub)
}

// logoName returns the text of the <h1> that is the site's logo
// (homeLogo), the site's name, unless it holds the page's <title> whole:
// a logo link whose text is "News & Observer | newsobserver.com | " and
// the story's title names the page, not the site.
func (c *collected) logoName() string {
	if nt := Normalize(c.title); nt != "" && strings.Contains(Normalize(c.logo), nt) {
		return ""
	}
	return c.logo
}

// siteFromLD returns the name of a WebSite or the first Organization node.
func (c *collected) siteFromLD(g graph) string {
	for _, n := range c.nodes {
		if hasType(n, "WebSite") {
			if s := g.str(n["name"], "@value"); s != "" {
				return s
			}
		}
	}
	return ""
}

// authors returns the page's authors (Metadata.Authors); site is the
// site's name.
func (p *Page) authors(site string) []string {
	c, art, g, host := p.c, p.art, p.g, host(p.base)
	// What names the page or its site is no author: its headline, or
	// the account of the site's own CMS (see headlinePart, siteAccount).
	headlines := []string{p.title, c.title, c.h1}
	domains := []string{p.siteHost()}
	for _, part := range titleParts(c.title) {
		if isDomain(part) {
			domains = append(domains, strings.ToLower(part))
		}
	}
	// Each source counts only when it gives a name: an article:author
	// that is a profile URL or a meta author "admin" lets the next one
	// speak.
	var out []string
	add := func(names ...string) {
		for _, n := range names {
			if builderCredit(n) {
				continue // the site's makers: "Design: Maxim Tkachuk. Programming: Ivan Eidemiller"
			}
			parts := splitAuthors(stripAuthorLabel(n))
			if len(parts) > 1 && isDomain(parts[0]) {
				continue // the site's credit led by its address: "rizospastis.gr | Synchroni Epochi", the publisher
			}
			for _, a := range parts {
				if a = authorName(a); a != "" && len(out) < 20 && !headlinePart(a, headlines) && !siteAccount(a, site, domains) &&
					!slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, a) }) {
					out = append(out, truncate(a))
				}
			}
		}
	}
	if art != nil {
		for _, k := range []string{"author", "creator"} {
			if v, ok := art[k]; ok && len(out) == 0 {
				add(g.strs(v, "name")...)
			}
		}
	}
	for _, k := range []string{"author", "article:author", "dc.creator", "dcterms.creator", "parsely-author", "sailthru.author", "byl", "citation_author"} {
		if len(out) == 0 {
			add(c.metas[k]...)
		}
	}
	if len(out) == 0 {
		add(c.microAuth...)
	}
	for i := 1; i <= 4 && len(out) == 0; i++ { // twitter:label1 "Written by", twitter:data1 the name
		label := strings.ToLower(c.meta("twitter:label" + string(rune('0'+i))))
		if strings.Contains(label, "written by") || strings.Contains(label, "author") {
			add(c.meta("twitter:data" + string(rune('0'+i))))
		}
	}
	if len(out) == 0 {
		add(c.relAuthor...)
	}
	// An organization named as the author (the publisher, the site) gives
	// way to a person named in a byline.
	var org []string
	if len(out) > 0 && (ldOrgAuthor(art, g) || !slices.ContainsFunc(out, func(n string) bool { return !isSite(n, site, host) })) {
		org, out = out, nil
	}
	for _, b := range c.byline {
		if len(out) == 0 {
			add(first(nameInTexts(b, 0, len(b), true), bylineName(strings.Join(b, " "))))
		}
	}
	if len(out) == 0 {
		lo, hi := 0, bylineAfter
		if c.h1Text >= 0 {
			lo, hi = c.h1Text-bylineBefore, c.h1Text+bylineAfter
		}
		add(nameInTexts(c.texts, lo, hi, false))
	}
	if len(out) == 0 {
		add(writtenBy(c.texts)) // far from the headline: an author's box under the article
	}
	for _, l := range c.authLinks {
		if len(out) == 0 {
			add(personName(l, false))
		}
	}
	for _, u := range c.usernames {
		if len(out) == 0 {
			add(personName(u, true))
		}
	}
	if org != nil && (len(out) == 0 || isSite(out[0], site, host)) {
		return org
	}
	return out
}

// ldOrgAuthor reports whether the article node's author is an
// Organization.
func ldOrgAuthor(art Node, g graph) bool {
	if art == nil {
		return false
	}
	v := art["author"]
	if l, ok := v.([]any); ok && len(l) > 0 {
		v = l[0]
	}
	n, ok := v.(map[string]any)
	if !ok {
		return false
	}
	if id, ok := n["@id"].(string); ok && len(n) == 1 {
		if full, ok := g[id]; ok {
			n = full
		}
	}
	return hasType(n, "Organization", "NewsMediaOrganization", "Corporation")
}

// splitAuthors splits "A, B and C" into names; "By " is dropped.
func splitAuthors(s string) []string {
	s = strings.TrimSpace(s)
	for _, p := range []string{"by ", "author: ", "written by ", "posted by "} {
		s = strings.TrimSpace(trimPrefixFold(s, p))
	}
	if low := strings.ToLower(s); low == "written by" || low == "by" || low == "author" || low == "posted by" {
		return nil
	}
	if names, ok := cutAffiliations(s); ok {
		return names
	}
	if strings.Count(s, ",") == 1 && !strings.Contains(s, " and ") && !strings.Contains(s, "&") {
		// "Smith, John" or "John Smith, Reuters" is one name.
		return []string{strings.TrimSpace(s)}
	}
	s = strings.NewReplacer(" and ", ",", " & ", ",", ";", ",", "|", ",").Replace(s)
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// bylineName returns the name in a byline text ("By Jane Doe", "Jane Doe
// | Reporter"), or "" when the text does not look like one.
func bylineName(s string) string {
	s = strings.TrimSpace(s)
	low := strings.ToLower(s)
	for _, p := range []string{"written by ", "posted by ", "by ", "author: ", "von ", "par "} {
		if i := strings.Index(low, p); i >= 0 && i < 20 {
			s = s[i+len(p):]
			break
		}
	}
	for _, sep := range []string{" | ", " - ", " – ", " — ", " on ", " · ", "\n", ","} {
		if i := strings.Index(s, sep); i > 0 {
			s = s[:i]
		}
	}
	s = strings.TrimSpace(s)
	words := strings.Fields(s)
	if len(words) < 1 || len(words) > 5 || strings.ContainsAny(s, "0123456789@:/") {
		return ""
	}
	for _, w := range words {
		if r, _ := utf8.DecodeRuneInString(w); !isUpperRune(r) {
			return ""
		}
	}
	return s
}

func tags(c *collected, art Node, g graph) []string {
	var raw []string
	raw = append(raw, c.metas["article:tag"]...)
	raw = append(raw, c.metas["article:section"]...)
	if art != nil {
		for _, k := range []string{"keywords", "articleSection"} {
			raw = append(raw, g.strs(art[k], "name")...)
		}
	}
	if len(raw) == 0 {
		raw = append(raw, c.metas["keywords"]...)
		raw = append(raw, c.metas["news_keywords"]...)
		raw = append(raw, c.micros["keywords"]...)
	}
	var out []string
	for _, r := range raw {
		for _, t := range strings.Split(r, ",") {
			t = strings.TrimSpace(t)
			if t == "" || len(t) > 100 || slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, t) }) {
				continue
			}
			if out = append(out, t); len(out) == maxTags {
				return out
			}
		}
	}
	return out
}

// host returns the lowercase host name of a URL without "www.", or "".
func host(u *url.URL) string {
	if u == nil {
		return ""
	}
	return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
}

// locale turns an OpenGraph locale ("en_US") into a language tag.
func locale(s string) string { return strings.ReplaceAll(s, "_", "-") }

// homeLogo reports whether an element's text is all one link to the site's
// home page (href "/", "./", "index.html" or an address whose path is "/"):
// a blog's or a newspaper's name set in an <h1> as its logo.
func homeLogo(n *html.Node) bool {
	var link *html.Node
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && d.Data == "a" {
			link = d
			break
		}
	}
	if link == nil || collapse(textOf(link)) == "" || collapse(textOf(link)) != collapse(textOf(n)) {
		return false
	}
	href, ok := attrOK(link, "href")
	return ok && homeHref(href)
}

// homeHref reports whether a link's href is the address of a site's home
// page: "/", "./", "index.html", or an absolute address whose path is
// "/" without a query or fragment.
func homeHref(href string) bool {
	href = strings.TrimSpace(href)
	switch href {
	case "/", "./", "index.html", "/index.html":
		return true
	}
	u, err := url.Parse(href)
	return err == nil && u.Host != "" && (u.Path == "" || u.Path == "/") && u.RawQuery == "" && u.Fragment == ""
}

// homeName returns the name a link to the home page gives the site: its
// text, or the alt text of the logo it holds (Blogger's header: <a
// href="http://blog.example/"><img alt="The Science of Sport"></a>).
func homeName(a *html.Node) string {
	if t := collapse(textOf(a)); t != "" {
		return t
	}
	for d := range a.Descendants() {
		if d.Type == html.ElementNode && d.Data == "img" {
			return collapse(attr(d, "alt"))
		}
	}
	return ""
}
