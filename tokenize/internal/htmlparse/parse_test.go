package htmlparse

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// dump writes a tree, one node a line, indented by depth: its type,
// namespace, data and attributes.
func dump(doc *html.Node) string {
	var sb strings.Builder
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		fmt.Fprintf(&sb, "%s%d %s %q", strings.Repeat(" ", depth), n.Type, n.Namespace, n.Data)
		for _, a := range n.Attr {
			fmt.Fprintf(&sb, " %s:%s=%q", a.Namespace, a.Key, a.Val)
		}
		sb.WriteByte('\n')
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, depth+1)
		}
	}
	if doc != nil {
		walk(doc, 0)
	}
	return sb.String()
}

// elements counts the elements of a tree.
func elements(doc *html.Node) (elems, attrs int) {
	if doc == nil {
		return 0, 0
	}
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode {
			elems++
			attrs += len(n.Attr)
		}
	}
	return elems, attrs
}

// compare parses page with x/net/html and with ParseDocument (no limits),
// both with scripting on and off, and reports any difference.
func compare(t *testing.T, name, page string) {
	t.Helper()
	for _, scripting := range []bool{true, false} {
		want, werr := html.ParseWithOptions(strings.NewReader(page), html.ParseOptionEnableScripting(scripting))
		got, built, gerr := ParseDocument(strings.NewReader(page), scripting, Limits{})
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Fatalf("%s (scripting %v): error %v, x/net/html's %v", name, scripting, gerr, werr)
		}
		if w, g := dump(want), dump(got); w != g {
			t.Fatalf("%s (scripting %v): tree\n%s\nx/net/html's\n%s", name, scripting, g, w)
		}
		if e, a := elements(got); e > built.Elements || a > built.Attrs {
			t.Fatalf("%s: %d elements and %d attributes in the tree, %d and %d counted", name, e, a, built.Elements, built.Attrs)
		}
	}
}

// html5libTests returns the document inputs of the tree-construction tests
// that come with golang.org/x/net/html (html5lib's and its own), or skips.
func html5libTests(t testing.TB) map[string]string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/net").Output()
	if err != nil {
		t.Skipf("golang.org/x/net not found: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "html", "testdata")
	files, _ := filepath.Glob(filepath.Join(dir, "html5lib-tests", "tree-construction", "*.dat"))
	more, _ := filepath.Glob(filepath.Join(dir, "go", "*.dat"))
	files = append(files, more...)
	if len(files) == 0 {
		t.Skipf("no test data in %s", dir)
	}
	tests := map[string]string{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		var data []string
		section, fragment, n := "", false, 0
		flush := func() {
			if data != nil && !fragment {
				tests[fmt.Sprintf("%s #%d", filepath.Base(f), n)] = strings.Join(data, "\n")
			}
			data, fragment = nil, false
			n++
		}
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "#") && (section != "#data" || line == "#errors" || line == "#new-errors") {
				if line == "#data" {
					flush()
					data = []string{}
				}
				if line == "#document-fragment" {
					fragment = true
				}
				section = line
				continue
			}
			if section == "#data" {
				data = append(data, line)
			}
		}
		flush()
		fh.Close()
	}
	return tests
}

// TestSameAsXNetHTML: without limits, ParseDocument builds the tree
// x/net/html does on every document of its tree-construction tests.
func TestSameAsXNetHTML(t *testing.T) {
	tests := html5libTests(t)
	for name, page := range tests {
		compare(t, name, page)
	}
	t.Logf("%d documents", len(tests))
}

// storm is a page of n distinct formatting elements left open in a <div>,
// then m paragraphs of one word: the parser reopens (copies) the n
// elements in each paragraph.
func storm(n, m int) string {
	var sb strings.Builder
	sb.WriteString("<html><body><div>")
	for i := range n {
		fmt.Fprintf(&sb, "<b id=%d>", i)
	}
	sb.WriteString("</div>")
	sb.WriteString(strings.Repeat("<div>x</div>", m))
	return sb.String()
}

func TestLimits(t *testing.T) {
	page := storm(50, 400) // 453 start tags; 20,000 copies of <b>
	_, built, err := ParseDocument(strings.NewReader(page), false, Limits{})
	if err != nil || built.Elements < 50*400 {
		t.Fatalf("no limit: %d elements built, error %v", built.Elements, err)
	}
	for _, lim := range []Limits{{Elements: 1000}, {Attrs: 1000}, {Elements: 1000, Attrs: 500}} {
		doc, built, err := ParseDocument(strings.NewReader(page), false, lim)
		if !errors.Is(err, ErrTooLarge) || doc != nil {
			t.Errorf("%+v: error %v", lim, err)
		}
		if over := lim.Elements > 0 && built.Elements == lim.Elements+1 || lim.Attrs > 0 && built.Attrs > lim.Attrs; !over ||
			lim.Elements > 0 && built.Elements > lim.Elements+1 || lim.Attrs > 0 && built.Attrs > lim.Attrs+1 {
			t.Errorf("%+v: stopped after building %+v", lim, built)
		}
	}
	// At the limit the page is read.
	doc, built, err := ParseDocument(strings.NewReader(page), false, Limits{Elements: built.Elements, Attrs: built.Attrs})
	if err != nil || doc == nil {
		t.Errorf("at the limit: %v", err)
	}
	// Stray </p> and </br> build elements that no start tag announces.
	_, built, _ = ParseDocument(strings.NewReader(strings.Repeat("</p></br>", 100)), false, Limits{})
	if built.Elements < 200 {
		t.Errorf("</p></br> × 100: %d elements built", built.Elements)
	}
}

// FuzzParseDocument: ParseDocument builds x/net/html's tree, counts at
// least the elements and attributes of that tree, and never builds more
// than its limits.
func FuzzParseDocument(f *testing.F) {
	f.Add(storm(5, 20), uint16(50))
	f.Add("<b><p>x</b>y<a href=1><div>z<a href=2>w</a><table><td>q<i>r</table>", uint16(10))
	f.Add("<svg><style><b id=1><b id=2></style></svg><p>x<p>y</p></br>", uint16(8))
	f.Add("<table><b><td>x</b></td><b>y<select><b><option>z</b></select>", uint16(6))
	f.Fuzz(func(t *testing.T, page string, limit uint16) {
		compare(t, "input", page)
		lim := Limits{Elements: int(limit%512) + 1, Attrs: int(limit/512) + 1}
		doc, built, err := ParseDocument(strings.NewReader(page), false, lim)
		if err != nil {
			// It stopped at the first element over a limit.
			if !errors.Is(err, ErrTooLarge) && err.Error() != "html: open stack of elements exceeds 512 nodes" ||
				errors.Is(err, ErrTooLarge) && built.Elements <= lim.Elements && built.Attrs <= lim.Attrs ||
				built.Elements > lim.Elements+1 {
				t.Fatalf("limits %+v: built %+v, error %v", lim, built, err)
			}
			return
		}
		if e, a := elements(doc); e > lim.Elements || a > lim.Attrs || built.Elements > lim.Elements || built.Attrs > lim.Attrs {
			t.Fatalf("limits %+v: %d elements and %d attributes in the tree, %+v built", lim, e, a, built)
		}
	})
}

// TestRepeatedRootTags checks that the attributes of many <html> and
// <body> tags are merged onto the one element as the spec says (the first
// value of a name wins), which this copy does without rebuilding the
// element's keys for every tag (upstream's way is quadratic: 30,000 tags
// took 95 s).
func TestRepeatedRootTags(t *testing.T) {
	for _, tag := range []string{"html", "body"} {
		var page strings.Builder
		page.WriteString(`<html><body id="first"><p>x</p>`)
		const n = 3000
		for i := range n {
			fmt.Fprintf(&page, `<%s a%d="%d" id="later">`, tag, i, i)
		}
		doc, _, err := ParseDocument(strings.NewReader(page.String()), false, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		el := doc.FirstChild // html
		if tag == "body" {
			el = el.LastChild
		}
		keys := map[string]string{}
		for _, a := range el.Attr {
			if _, dup := keys[a.Key]; dup {
				t.Fatalf("<%s> has attribute %q twice", tag, a.Key)
			}
			keys[a.Key] = a.Val
		}
		if len(keys) < n || keys["a0"] != "0" || keys[fmt.Sprintf("a%d", n-1)] != fmt.Sprint(n-1) {
			t.Errorf("<%s>: %d attributes, a0=%q", tag, len(keys), keys["a0"])
		}
		if tag == "body" && keys["id"] != "first" {
			t.Errorf("<body> id %q, want the first tag's", keys["id"])
		}
	}
}
