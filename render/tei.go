package render

import (
	"cmp"
	"encoding/xml"
	"io"
	"strings"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TEINamespace is the namespace of TEI P5 documents.
const TEINamespace = "http://www.tei-c.org/ns/1.0"

// TEI writes r as a TEI P5 document, the format digital
// humanities corpora use: a <teiHeader> with the title, authors, site,
// dates, URL and language of the page (from Metadata, when present), and
// the content in <text><body>: a <div> per section, each heading opening
// one as its <head>; paragraphs as <p>, list items as <item> of a <list>
// (rend="numbered" for an ordered one), preformatted text as <ab
// type="code">, data tables as <table> of <row>s of <cell>s, quoted
// paragraphs in <quote>. The headline taken out of the text is the title,
// not a <head>.
func TEI(w io.Writer, r *infer.Result) error {
	x := newXMLWriter(w)
	x.raw(xml.Header)
	x.open("TEI", "xmlns", TEINamespace)
	x.open("teiHeader")
	x.open("fileDesc")
	x.open("titleStmt")
	x.element("title", r.Title)
	m := r.Metadata
	if m == nil {
		m = &metadata.Metadata{}
	}
	for _, a := range m.Authors {
		x.element("author", a)
	}
	x.close("titleStmt")
	x.open("publicationStmt")
	if m.SiteName != "" {
		x.element("publisher", m.SiteName)
	} else {
		x.element("p", "Extracted with boilernet.")
	}
	x.close("publicationStmt")
	x.open("sourceDesc")
	x.open("bibl")
	x.element("title", r.Title)
	for _, a := range m.Authors {
		x.element("author", a)
	}
	if m.Published != "" {
		x.element("date", m.Published, "when", isoDate(m.Published))
	}
	if url := cmp.Or(m.Canonical, r.URL); url != "" {
		x.empty("ptr", "target", url)
	}
	x.close("bibl")
	x.close("sourceDesc")
	x.close("fileDesc")
	if m.Language != "" {
		x.open("profileDesc")
		x.open("langUsage")
		x.empty("language", "ident", m.Language)
		x.close("langUsage")
		x.close("profileDesc")
	}
	x.close("teiHeader")
	x.open("text")
	x.open("body")
	x.open("div")
	open := false // the current <div> has content
	for _, u := range units(r) {
		if isHeading(u.kind) {
			x.endList()
			if open {
				x.close("div")
				x.open("div")
			}
			x.element("head", unitText(u))
			open = true
			continue
		}
		writeUnit(x, u, teiTags)
		open = true
	}
	x.endList()
	if !open {
		x.empty("p") // a <div> holds at least one element
	}
	x.close("div")
	x.close("body")
	x.close("text")
	x.close("TEI")
	return x.err
}

// XML writes r as a plain XML document (the layout of
// trafilatura's XML output): a <doc> whose attributes are the page's title,
// authors (joined by "; "), site, dates, URL and language, holding <main>
// with the content as TEI lays it out (<head rend="h2"> for headings,
// <p>, <list>/<item>, <code>, <table>/<row>/<cell>, <quote>).
func XML(w io.Writer, r *infer.Result) error {
	x := newXMLWriter(w)
	x.raw(xml.Header)
	m := r.Metadata
	if m == nil {
		m = &metadata.Metadata{}
	}
	var attrs []string
	for _, kv := range [][2]string{{"title", r.Title}, {"author", strings.Join(m.Authors, "; ")}, {"sitename", m.SiteName},
		{"date", m.Published}, {"modified", m.Modified}, {"url", cmp.Or(m.Canonical, r.URL)}, {"language", m.Language}} {
		if kv[1] != "" {
			attrs = append(attrs, kv[0], kv[1])
		}
	}
	x.open("doc", attrs...)
	x.open("main")
	for _, u := range units(r) {
		if isHeading(u.kind) {
			x.endList()
			x.element("head", unitText(u), "rend", u.kind.String())
			continue
		}
		writeUnit(x, u, xmlTags)
	}
	x.endList()
	x.close("main")
	x.close("doc")
	return x.err
}

// units returns the content's units (see contentUnits); without a page,
// the paragraphs of its text.
func units(r *infer.Result) []unit {
	page := pageOf(r)
	if page == nil {
		if r.Text == "" {
			return nil
		}
		// A result made by hand: its text's paragraphs.
		var units []unit
		for p := range strings.SplitSeq(r.Text, "\n\n") {
			units = append(units, unit{blocks: []tokenize.Block{{Text: p}}})
		}
		return units
	}
	return contentUnits(tokenize.Selected(page.Blocks, func(i int) bool { return r.Blocks[i].Content }), map[*html.Node]bool{})
}

// tagSet names the elements of the body of one XML format.
type tagSet struct{ code, codeType string }

var (
	teiTags = tagSet{code: "ab", codeType: "code"}
	xmlTags = tagSet{code: "code"}
)

// writeUnit writes one unit other than a heading.
func writeUnit(x *xmlWriter, u unit, tags tagSet) {
	depth := quoteDepth(u.blocks[0].Node)
	if u.kind == atom.Table {
		depth = quoteDepth(u.node)
	}
	if u.kind != atom.Li || depth > 0 {
		x.endList()
	}
	for range depth {
		x.open("quote")
	}
	switch u.kind {
	case atom.Li:
		list := listOf(u.blocks[0].Node)
		if x.list != list || !x.listOpen {
			x.endList()
			if ancestor(u.node, atom.Ol) != nil {
				x.open("list", "rend", "numbered")
			} else {
				x.open("list")
			}
			x.list, x.listOpen = list, true
		}
		x.element("item", unitText(u))
	case atom.Pre:
		if tags.codeType != "" {
			x.element(tags.code, tokenize.PreText(u.node, u.blocks), "type", tags.codeType)
		} else {
			x.element(tags.code, tokenize.PreText(u.node, u.blocks))
		}
	case atom.Table:
		writeTable(x, u)
	default:
		x.element("p", unitText(u))
	}
	if depth > 0 {
		x.endList() // a list inside a quote ends with it
	}
	for range depth {
		x.close("quote")
	}
}

// writeTable writes a data table's content cells, row by row; the first
// row is role="label" when it is the table's header (isHeaderRow).
func writeTable(x *xmlWriter, u unit) {
	cellText := map[*html.Node][]string{}
	for _, b := range u.blocks {
		cell := ancestor(b.Node, atom.Td, atom.Th)
		cellText[cell] = append(cellText[cell], b.Text)
	}
	x.open("table")
	for i, tr := range tableRows(u.node) {
		var cells []string
		filled := false
		for c := tr.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && (c.DataAtom == atom.Td || c.DataAtom == atom.Th) {
				text := strings.Join(strings.Fields(strings.Join(cellText[c], " ")), " ")
				filled = filled || text != ""
				cells = append(cells, text)
			}
		}
		if !filled {
			continue
		}
		if i == 0 && isHeaderRow(tr) {
			x.open("row", "role", "label")
		} else {
			x.open("row")
		}
		for _, c := range cells {
			x.element("cell", c)
		}
		x.close("row")
	}
	x.close("table")
}

// unitText is a unit's text on one line (a <pre>'s keeps its lines).
func unitText(u unit) string {
	if u.kind == atom.Pre {
		return tokenize.PreText(u.node, u.blocks)
	}
	return strings.ReplaceAll(tokenize.Text(u.blocks), "\n", " ")
}

func isHeading(a atom.Atom) bool {
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// isoDate returns the date part of an ISO 8601 date or date and time.
func isoDate(s string) string {
	if len(s) >= 10 && s[4] == '-' {
		return s[:10]
	}
	return s
}

// xmlWriter writes indented XML, escaping text and attribute values, and
// keeps the first write error.
type xmlWriter struct {
	w        io.Writer
	depth    int
	err      error
	list     *html.Node // the list whose <list> is open
	listOpen bool
}

func newXMLWriter(w io.Writer) *xmlWriter { return &xmlWriter{w: w} }

func (x *xmlWriter) raw(s string) {
	if x.err == nil {
		_, x.err = io.WriteString(x.w, s)
	}
}

func (x *xmlWriter) start(name string, attrs []string) string {
	var sb strings.Builder
	sb.WriteString(strings.Repeat("  ", x.depth) + "<" + name)
	for i := 0; i+1 < len(attrs); i += 2 {
		sb.WriteString(" " + attrs[i] + `="` + escapeXML(attrs[i+1]) + `"`)
	}
	return sb.String()
}

func (x *xmlWriter) open(name string, attrs ...string) {
	x.raw(x.start(name, attrs) + ">\n")
	x.depth++
}

func (x *xmlWriter) close(name string) {
	x.depth--
	x.raw(strings.Repeat("  ", x.depth) + "</" + name + ">\n")
}

func (x *xmlWriter) empty(name string, attrs ...string) { x.raw(x.start(name, attrs) + "/>\n") }

func (x *xmlWriter) element(name, text string, attrs ...string) {
	x.raw(x.start(name, attrs) + ">" + escapeXML(text) + "</" + name + ">\n")
}

// endList closes the open <list>, if any.
func (x *xmlWriter) endList() {
	if x.listOpen {
		x.close("list")
		x.listOpen, x.list = false, nil
	}
}

// escapeXML escapes text for XML content and attribute values (line
// breaks kept), and drops the characters XML 1.0 does not allow (control
// characters, U+FFFE and U+FFFF).
func escapeXML(s string) string { return xmlEscaper.Replace(strings.Map(xmlChar, s)) }

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

func xmlChar(r rune) rune {
	switch {
	case r == '\t' || r == '\n' || r == '\r',
		r >= 0x20 && r <= 0xD7FF,
		r >= 0xE000 && r <= 0xFFFD,
		r >= 0x10000 && r <= 0x10FFFF:
		return r
	}
	return -1
}
