package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"github.com/boilernet/boilernet/infer"
	"io"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
)

// xmlNode is a parsed XML element: its name, attributes, children and text.
type xmlNode struct {
	name     xml.Name
	attrs    map[string]string
	children []*xmlNode
	text     string
}

// parseXML parses a whole document strictly; it fails on anything that is
// not well-formed XML 1.0.
func parseXML(raw []byte) (*xmlNode, error) {
	dec := xml.NewDecoder(bytes.NewReader(raw))
	dec.Strict = true
	var stack []*xmlNode
	var root *xmlNode
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &xmlNode{name: t.Name, attrs: map[string]string{}}
			for _, a := range t.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.children = append(top.children, n)
			} else if root != nil {
				return nil, fmt.Errorf("two root elements")
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("no root element")
	}
	return root, nil
}

func (n *xmlNode) child(name string) *xmlNode {
	for _, c := range n.children {
		if c.name.Local == name {
			return c
		}
	}
	return nil
}

// teiContent lists, for the elements TEI writes, the children the TEI
// P5 schema allows them (the subset TEI uses); "#text" marks elements
// that hold text.
var teiContent = map[string][]string{
	"TEI":             {"teiHeader", "text"},
	"teiHeader":       {"fileDesc", "profileDesc"},
	"fileDesc":        {"titleStmt", "publicationStmt", "sourceDesc"},
	"titleStmt":       {"title", "author"},
	"publicationStmt": {"publisher", "p"},
	"sourceDesc":      {"bibl"},
	"bibl":            {"title", "author", "date", "ptr"},
	"profileDesc":     {"langUsage"},
	"langUsage":       {"language"},
	"text":            {"body"},
	"body":            {"div"},
	"div":             {"head", "p", "list", "ab", "table", "quote"},
	"quote":           {"p", "list", "ab", "table", "quote"},
	"list":            {"item"},
	"table":           {"row"},
	"row":             {"cell"},
	"title":           {"#text"}, "author": {"#text"}, "publisher": {"#text"}, "p": {"#text"}, "date": {"#text"},
	"head": {"#text"}, "item": {"#text"}, "ab": {"#text"}, "cell": {"#text"}, "ptr": {}, "language": {},
}

// checkTEI checks a document against the TEI subset: the TEI namespace,
// the required header elements, only allowed children, a <div>'s <head>
// first, and no empty <div>, <list>, <table> or <row>.
func checkTEI(root *xmlNode) error {
	if root.name.Local != "TEI" || root.name.Space != TEINamespace {
		return fmt.Errorf("root %v, want TEI in %s", root.name, TEINamespace)
	}
	for _, path := range [][]string{{"teiHeader", "fileDesc", "titleStmt", "title"}, {"teiHeader", "fileDesc", "publicationStmt"},
		{"teiHeader", "fileDesc", "sourceDesc"}, {"text", "body", "div"}} {
		n := root
		for _, name := range path {
			if n = n.child(name); n == nil {
				return fmt.Errorf("no %s", strings.Join(path, "/"))
			}
		}
	}
	var walk func(n *xmlNode) error
	walk = func(n *xmlNode) error {
		allowed, known := teiContent[n.name.Local]
		if !known {
			return fmt.Errorf("element <%s> outside the subset", n.name.Local)
		}
		if n.name.Space != TEINamespace {
			return fmt.Errorf("<%s> in namespace %q", n.name.Local, n.name.Space)
		}
		if strings.TrimSpace(n.text) != "" && !slices.Contains(allowed, "#text") {
			return fmt.Errorf("<%s> holds text %q", n.name.Local, n.text)
		}
		switch n.name.Local {
		case "div", "list", "table", "row", "publicationStmt", "sourceDesc", "quote":
			if len(n.children) == 0 {
				return fmt.Errorf("empty <%s>", n.name.Local)
			}
		}
		for i, c := range n.children {
			if !slices.Contains(allowed, c.name.Local) {
				return fmt.Errorf("<%s> inside <%s>", c.name.Local, n.name.Local)
			}
			if c.name.Local == "head" && i > 0 {
				return fmt.Errorf("<head> not first in its <div>")
			}
			if err := walk(c); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(root)
}

// TestTEI: on pages with headings, lists, quotes, tables, code and
// odd characters, the TEI is well-formed and within the subset, and it
// holds the content's text; the XML is well-formed with the same text.
func TestTEI(t *testing.T) {
	pages := map[string]string{
		"structured":   structuredPage,
		"quote list":   `<title>Q</title><article><h1>Q</h1><p>Intro paragraph of the article with enough words in it.</p><blockquote><p>A quoted paragraph that says something.</p><ul><li>quoted item one</li><li>quoted item two</li></ul></blockquote><p>After the quote & a <b>bold</b> word, <control> and a control character ` + "\x01" + `.</p></article>`,
		"no content":   `<p></p>`,
		"heading last": `<article><p>Only a paragraph of article text, long enough to be kept.</p><h2>A heading at the end</h2></article>`,
	}
	// mediawiki.html and article-code.html are infer's test pages.
	for _, name := range []string{"../infer/testdata/mediawiki.html", "../infer/testdata/article-code.html", "testdata/tables.html", "testdata/markdown-quote-escape.html"} {
		raw, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		pages[path.Base(name)] = string(raw)
	}
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	for name, page := range pages {
		t.Run(name, func(t *testing.T) {
			res, err := ex.ExtractBytes(t.Context(), []byte(page), infer.Options{Metadata: true, URL: "https://example.com/a?b=1&c=2"})
			if err != nil {
				t.Fatal(err)
			}
			var tei, plain bytes.Buffer
			if err := TEI(&tei, res); err != nil {
				t.Fatal(err)
			}
			root, err := parseXML(tei.Bytes())
			if err != nil {
				t.Fatalf("TEI not well-formed: %v\n%s", err, tei.String())
			}
			if err := checkTEI(root); err != nil {
				t.Fatalf("TEI: %v\n%s", err, tei.String())
			}
			if err := XML(&plain, res); err != nil {
				t.Fatal(err)
			}
			doc, err := parseXML(plain.Bytes())
			if err != nil || doc.name.Local != "doc" || doc.child("main") == nil {
				t.Fatalf("XML: %v\n%s", err, plain.String())
			}
			// Every word of the text is in both documents' bodies.
			body := textOf(root.child("text"))
			main := textOf(doc.child("main"))
			for _, w := range strings.Fields(strings.Map(xmlChar, res.Text)) {
				if !strings.Contains(body, w) || !strings.Contains(main, w) {
					t.Fatalf("word %q of the text missing from the TEI or XML body", w)
				}
			}
		})
	}
}

func textOf(n *xmlNode) string {
	s := n.text
	for _, c := range n.children {
		s += " " + textOf(c)
	}
	return s
}

// TestTEIHeader: the header holds the metadata, and attributes and
// text are escaped.
func TestTEIHeader(t *testing.T) {
	page := `<html lang="fr"><head><title>Un "titre" &amp; plus</title><meta name="author" content="Ana &lt;B&gt;"><meta property="og:site_name" content="Le Site"><meta property="article:published_time" content="2024-05-06T07:08:09Z"></head>
<body><article><h1>Un "titre" &amp; plus</h1><p>Un paragraphe de texte assez long pour être gardé comme contenu.</p></article></body></html>`
	ex, err := infer.Default()
	if err != nil {
		t.Fatal(err)
	}
	res, err := ex.ExtractBytes(t.Context(), []byte(page), infer.Options{Metadata: true, URL: "https://example.com/x?a=1&b=2"})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := TEI(&buf, res); err != nil {
		t.Fatal(err)
	}
	root, err := parseXML(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	fd := root.child("teiHeader").child("fileDesc")
	bibl := fd.child("sourceDesc").child("bibl")
	for _, tc := range []struct{ what, got, want string }{
		{"title", fd.child("titleStmt").child("title").text, `Un "titre" & plus`},
		{"author", fd.child("titleStmt").child("author").text, "Ana <B>"},
		{"publisher", fd.child("publicationStmt").child("publisher").text, "Le Site"},
		{"date", bibl.child("date").attrs["when"], "2024-05-06"},
		{"url", bibl.child("ptr").attrs["target"], "https://example.com/x?a=1&b=2"},
		{"language", root.child("teiHeader").child("profileDesc").child("langUsage").child("language").attrs["ident"], "fr"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %q, want %q", tc.what, tc.got, tc.want)
		}
	}
}
