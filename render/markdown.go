package render

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/metadata"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Markdown returns the content of r as Markdown: headings as #-headings,
// list items as "- " or numbered items (nested ones indented, an item's
// text in a <p> too: itemOf), data tables as pipe tables (see
// markdownTable; a layout table, one with a table or a block of running
// text inside, gives its cells' paragraphs), preformatted text fenced
// exactly as written (unless it is prose wrapped to a width, isProse:
// paragraphs), every paragraph in a block quote quoted, and other
// paragraphs as plain paragraphs, a <br> a hard line break and two a
// paragraph's end; <strong>/<b> and <em>/<i> in paragraphs and list
// items are **strong** and *emphasized* (emphasize: a short strong line
// set apart by <br> is a paragraph); text that Markdown would read as
// markup is escaped. A heading whose text a <div> or <p> inside it holds
// is a heading (headingOf). The title starts the document as a
// level-one heading when the headline was moved out of the text into
// it, or the content does not start with it (startsWith) nor with the
// page's own <h1> (ownHeadline), unless an <h1> or <h2> near the
// content's start says it (headingNearTop). With Options.Links the
// content's links are [text](href), with Options.Images its images
// ![alt](src) paragraphs (infer.Options). A Result without a page (one
// not made by an Extractor) gives its Text.
func Markdown(r *infer.Result) string {
	page := pageOf(r)
	if page == nil {
		return r.Text
	}
	links := map[int]*link{}
	for _, l := range r.Links {
		blocks := l.Blocks()
		if len(blocks) == 0 {
			continue
		}
		ml := &link{href: l.Href, first: blocks[0]}
		for _, i := range blocks {
			links[i] = ml
		}
	}
	images := r.Images
	var sb strings.Builder
	tables := map[*html.Node]bool{} // data table or not
	units := contentUnits(tokenize.Selected(page.Blocks, func(i int) bool { return r.Blocks[i].Content }), tables)
	if title := strings.Join(strings.Fields(r.Title), " "); title != "" && (movedHeadline(r) || !startsWith(units, title) && !ownHeadline(page, units)) && !headingNearTop(units, title) {
		// The document starts with its title, as the page does: the
		// headline that left the text for it, or the page's title when
		// the content does not start with it (the model left out a
		// headline, or the page has none in its flow).
		sb.WriteString("# " + escapeLineStarts(inlineEscaper.Replace(title)) + "\n\n")
	}
	markers := listMarkers{}
	printed := map[*html.Node]bool{} // the list items whose marker was written
	var write func(units []unit)
	write = func(units []unit) {
		for k, u := range units {
			for len(images) > 0 && images[0].After() < u.blocks[0].Index {
				sb.WriteString(markdownImage(images[0]) + "\n\n")
				images = images[1:]
			}
			if u.kind == atom.Table {
				if md, ok := markdownTable(u.node, u.blocks, links); ok {
					writeQuoted(&sb, md+"\n", quoteDepth(u.node))
				} else {
					tables[u.node] = false // its content is one column: paragraphs
					write(contentUnits(u.blocks, tables))
				}
				continue
			}
			var text string // the paragraph's Markdown text; not for <pre>, whose text is its code
			if u.kind != atom.Pre {
				text = escapeLineStarts(markdownText(escapeInline(u.blocks), links, unitEmphasis(u.kind)))
			}
			var out string
			switch u.kind {
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				level := int(u.kind.String()[1] - '0')
				out = strings.Repeat("#", level) + " " + strings.Join(strings.Fields(text), " ") + "\n\n"
			case atom.Li:
				pad := markers.indent(u.node, printed)
				printed[u.node] = true
				marker := markers.marker(u.node)
				inner := pad + strings.Repeat(" ", len(marker))
				if k > 0 && units[k-1].kind == atom.Li && units[k-1].node == u.node {
					// The item's next paragraph, under its first.
					out = "\n" + inner + strings.ReplaceAll(text, "\n", "\n"+inner) + "\n"
				} else {
					out = pad + marker + strings.ReplaceAll(text, "\n", "\n"+inner) + "\n"
				}
				if k == len(units)-1 || units[k+1].kind != atom.Li || outerList(units[k+1].node) != outerList(u.node) {
					out += "\n"
				}
			case atom.Pre:
				code := tokenize.PreText(u.node, u.blocks)
				if lang := preLanguage(u.node); lang != "" || !isProse(code) {
					f := fence(code)
					out = f + lang + "\n" + code + "\n" + f + "\n\n"
				} else {
					out = proseMarkdown(code)
				}
			default:
				out = text + "\n\n"
			}
			writeQuoted(&sb, out, quoteDepth(u.blocks[0].Node))
		}
	}
	write(units)
	for _, im := range images {
		sb.WriteString("\n" + markdownImage(im) + "\n")
	}
	if len(r.Comments) > 0 {
		sb.WriteString("\n---\n\n## Comments\n\n")
		for _, c := range r.Comments {
			var by []string
			if c.Author != "" {
				by = append(by, "**"+escapeLineStarts(inlineEscaper.Replace(c.Author))+"**")
			}
			if c.Date != "" {
				by = append(by, inlineEscaper.Replace(c.Date))
			}
			if len(by) > 0 {
				sb.WriteString(strings.Join(by, " · ") + "\n\n")
			}
			writeQuoted(&sb, escapeLineStarts(inlineEscaper.Replace(c.Text))+"\n\n", 1)
		}
	}
	// The text up to its last line break, not a copy of the whole.
	out := sb.String()
	if end := len(strings.TrimRight(out, "\n")); end < len(out) {
		return out[:end+1]
	}
	return out + "\n"
}

// unitEmphasis is the emphasis a unit of a kind writes: none in a
// heading, which is emphasis enough; a list item's runs; and a
// paragraph's runs with its short strong lines set apart (emphasize).
func unitEmphasis(kind atom.Atom) emphasisMode {
	switch {
	case isHeading(kind):
		return noEmphasis
	case kind == atom.Li:
		return inline
	}
	return subheads
}

// startsWith reports whether the content starts with the title: its first
// line (of its first unit, unless that is code) starts with the title's
// words, case and punctuation aside, unless it is a paragraph that goes on
// as a sentence of which they are the subject (see startsSentence), or is a short line (a
// headline, at most twice the title's length and 40 more) that holds the
// title's words or is held in them, or has most of it in common with the
// title, three fifths of the shorter of the two in one piece (and at
// least minCommonRun runes): a title that adds the site's name ("ΤΟ ΒΗΜΑ - …"), or
// that the page spells differently.
func startsWith(units []unit, title string) bool {
	if len(units) == 0 || units[0].kind == atom.Pre {
		return false
	}
	blocks := units[0].blocks
	end := 1
	for end < len(blocks) && blocks[end].Line == blocks[0].Line {
		end++
	}
	first := []rune(titleWords(tokenize.Text(blocks[:end])))
	want := []rune(titleWords(title))
	if len(first) == 0 || len(want) == 0 {
		return len(want) == 0
	}
	a, b := " "+string(first)+" ", " "+string(want)+" "
	long := len(first) > 2*len(want)+40
	if strings.HasPrefix(a, b) {
		// A headline with more after it, or glued to its lead ("…
		// protest a bill Texas plumbers are …"); not a paragraph that is
		// a sentence of which the title's words are the subject ("Sudo
		// allows a system administrator …").
		return !long || !startsSentence(tokenize.Text(blocks[:end]), len(strings.Fields(string(want))))
	}
	if long {
		return false
	}
	if strings.Contains(a, b) || strings.Contains(b, a) {
		return true
	}
	run := commonRun(first, want)
	return run >= minCommonRun && 5*run >= 3*min(len(first), len(want))
}

// titleHeadingUnits is how many units from the content's start
// headingNearTop looks at.
const titleHeadingUnits = 5

// headingNearTop reports whether one of the content's first
// titleHeadingUnits units is an <h1> or <h2> that says the title (its
// words, case and punctuation aside): a collection's <h1> after a lead
// paragraph and a subheading (wcxb 0652's "iPhone Parts"), which a
// synthesized title line would repeat. A lower heading that says it
// stays under the title line (the document's only level-one heading).
func headingNearTop(units []unit, title string) bool {
	want := titleWords(title)
	for _, u := range units[:min(len(units), titleHeadingUnits)] {
		if (u.kind == atom.H1 || u.kind == atom.H2) && titleWords(tokenize.Text(u.blocks)) == want {
			return true
		}
	}
	return false
}

// ownHeadlineUnits is how many units from the content's start
// ownHeadline looks at; minHeadlineWords the fewest words of an <h1> it
// takes for the page's headline.
const (
	ownHeadlineUnits = 2
	minHeadlineWords = 2
)

// ownHeadline reports whether one of the content's first ownHeadlineUnits
// units is the page's own headline: an <h1> of minHeadlineWords words or
// more (one word is a section's name: "News", "Books", a glossary's
// letter), shown (not hidden by an attribute, a style or a screen-reader
// class: hiddenHeading), that is not the site's name
// (metadata.Page.IsSiteName: a store's "Aliexpress Store" logo). The
// page's <h1> then starts the document as its level-one
// heading, and a title line above it that says something else ("# AI
// Assistants" over "# Access Company Knowledge", wcxb 0714) would give
// the document two.
func ownHeadline(page *tokenize.Page, units []unit) bool {
	var meta *metadata.Page // read once, when an <h1> is found
	for _, u := range units[:min(len(units), ownHeadlineUnits)] {
		if u.kind != atom.H1 || hiddenHeading(u) {
			continue
		}
		text := tokenize.Text(u.blocks)
		if len(strings.Fields(titleWords(text))) < minHeadlineWords {
			continue
		}
		if meta == nil {
			meta = metadata.Read(page.Root, "")
		}
		if !meta.IsSiteName(strings.Join(strings.Fields(text), " ")) {
			return true
		}
	}
	return false
}

// hiddenClasses are the class names that hide a heading from sighted
// readers.
var hiddenClasses = []string{"display-none", "sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text"}

// hiddenHeading reports whether a heading unit is hidden: a block of it
// under a hidden element (tokenize.Block.Hidden), or the heading of a
// class in hiddenClasses (InfoQ's <h1 class="display-none">InfoQ
// Homepage</h1>, wcxb 3016).
func hiddenHeading(u unit) bool {
	for _, b := range u.blocks {
		if b.Hidden {
			return true
		}
	}
	for c := range strings.FieldsSeq(strings.ToLower(tokenize.Attr(u.node, "class"))) {
		if slices.Contains(hiddenClasses, c) {
			return true
		}
	}
	return false
}

// startsSentence reports whether line, which starts with n words of a
// title, goes on with them as one sentence: the next word starts with a
// lower-case letter or the title's last word ends in a comma ("Sudo
// allows …", "Επιστροφή στα «σπιτικά μαγειρέματα», θέλοντας …"), where a
// headline glued to its lead goes on with a capital.
func startsSentence(line string, n int) bool {
	seen := 0
	for _, f := range strings.Fields(line) {
		if titleWords(f) == "" {
			continue // a dash or a mark between the words
		}
		if seen == n {
			r, _ := utf8.DecodeRuneInString(strings.TrimLeft(f, "\"«“‘'(["))
			return unicode.IsLower(r)
		}
		seen += len(strings.Fields(titleWords(f)))
		if seen == n && strings.HasSuffix(f, ",") {
			return true
		}
	}
	return false
}

// minCommonRun is the shortest run of runes in common that makes a line
// the title when neither holds the other whole.
const minCommonRun = 8

// maxTitleRunes bounds the text commonRun compares.
const maxTitleRunes = 300

// commonRun returns the length of the longest run of runes that a and b
// both hold (each cut at maxTitleRunes).
func commonRun(a, b []rune) int {
	a, b = a[:min(len(a), maxTitleRunes)], b[:min(len(b), maxTitleRunes)]
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	best := 0
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
				best = max(best, cur[j+1])
			} else {
				cur[j+1] = 0
			}
		}
		prev, cur = cur, prev
	}
	return best
}

// titleWords returns a text's words lowercased, without punctuation,
// joined by spaces.
func titleWords(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}

// movedHeadline reports whether the extraction moved the page's headline
// out of the text into its title (infer.Options.KeepHeadline unset).
func movedHeadline(r *infer.Result) bool {
	if strings.TrimSpace(r.Title) == "" {
		return false
	}
	for _, b := range r.Blocks {
		if b.Headline {
			return true
		}
	}
	return false
}

// unit is one piece of the content as the structured formats (Markdown,
// TEI, XML) render it: a data table, or a paragraph (blocks with no
// block-level boundary between them) of some kind.
type unit struct {
	// kind is atom.Table for a data table (node), else the nearest block
	// element above the paragraph (blockKind): a heading, list item or
	// <pre> (node) is rendered as such, any other as a paragraph.
	kind   atom.Atom
	node   *html.Node
	blocks []tokenize.Block
}

// contentUnits cuts content blocks, in page order, into units: the blocks
// of one data table (dataTable; known caches which tables are, and a table
// marked false there is read as paragraphs) together, those of one <pre>
// together, the others by paragraph. A table's caption that its one row
// repeats (repeatedCaption) is left out.
func contentUnits(content []tokenize.Block, known map[*html.Node]bool) []unit {
	var units []unit
	for start := 0; start < len(content); {
		end := start + 1
		if tbl := dataTable(content[start].Node, known); tbl != nil {
			for end < len(content) && dataTable(content[end].Node, known) == tbl {
				end++
			}
			units = append(units, unit{kind: atom.Table, node: tbl, blocks: content[start:end]})
			start = end
			continue
		}
		kind, node := blockKind(content[start].Node)
		for end < len(content) && dataTable(content[end].Node, known) == nil &&
			(content[end].Para == content[start].Para || kind == atom.Pre && ancestor(content[end].Node, atom.Pre) == node) {
			end++
		}
		if !repeatedCaption(content[start:end], known) {
			units = append(units, unit{kind: kind, node: node, blocks: content[start:end]})
		}
		start = end
	}
	return units
}

// blockKind returns the nearest block element above a text node that
// Markdown renders specially, and that element: a <pre> whatever lies
// between (highlighters write a <div> per line of code).
func blockKind(n *html.Node) (atom.Atom, *html.Node) {
	if pre := ancestor(n, atom.Pre); pre != nil {
		return atom.Pre, pre
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type != html.ElementNode {
			continue
		}
		switch p.DataAtom {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Li, atom.Pre, atom.Blockquote:
			return p.DataAtom, p
		case atom.P, atom.Div:
			if li := itemOf(p); li != nil {
				return atom.Li, li
			}
			if h := headingOf(p); h != nil {
				return h.DataAtom, h
			}
			return p.DataAtom, p
		case atom.Body, atom.Td, atom.Th:
			return p.DataAtom, p
		}
	}
	return 0, nil
}

// maxHeadingDepth is how many elements headingOf climbs from a <p> or
// <div> to a heading; maxHeadingWords and maxHeadingNodes bound the
// heading whose text that element holds: its words, and the nodes
// wholeHeading looks at.
const (
	maxHeadingDepth = 4
	maxHeadingNodes = 256
	maxHeadingWords = 20
)

// headingOf returns the heading whose text a <p> or <div> holds, or nil:
// the nearest h1-h6 above p through at most maxHeadingDepth <div>,
// <span>, <p>, <a>, <button>, <section> or inline elements, when p holds
// all of that heading's text (wholeHeading). Site builders write a
// heading's text so: GitBook's <h3><div class="hash"><a href="#x"><svg>
// </a></div><div>Read it Online</div></h3>, Google Sites' <h1><div>
// <span>, an accordion's <h3><button><p>Weight</p></button></h3>. A
// heading left open that swallows the paragraphs after it (<h2>Title<p>
// …</p><p>…</p>) holds text outside each of them: they stay paragraphs.
func headingOf(p *html.Node) *html.Node {
	for a, depth := p.Parent, 0; a != nil && depth < maxHeadingDepth; a, depth = a.Parent, depth+1 {
		if a.Type != html.ElementNode {
			continue
		}
		switch a.DataAtom {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			if wholeHeading(a, p) {
				return a
			}
			return nil
		case atom.Div, atom.Span, atom.P, atom.A, atom.Button, atom.Section, atom.B, atom.Strong, atom.I, atom.Em:
		default:
			return nil
		}
	}
	return nil
}

// wholeHeading reports whether the element inner of heading h holds all of
// h's text, of one to maxHeadingWords words: no letter or digit outside it
// (a permalink's "#" or an icon may stand beside it), and no list, table,
// <pre>, quote or other heading in h. Script, style, template and SVG
// text is no text of the heading.
func wholeHeading(h, inner *html.Node) bool {
	words, nodes := 0, 0
	var walk func(n *html.Node, in bool) bool
	walk = func(n *html.Node, in bool) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if nodes++; nodes > maxHeadingNodes {
				return false
			}
			switch c.Type {
			case html.TextNode:
				if in {
					words += len(strings.Fields(c.Data))
				} else if titleWords(c.Data) != "" {
					return false
				}
			case html.ElementNode:
				switch c.DataAtom {
				case atom.Script, atom.Style, atom.Template, atom.Svg:
					continue
				case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Ul, atom.Ol, atom.Dl, atom.Table, atom.Pre, atom.Blockquote:
					return false
				}
				if !walk(c, in || c == inner) {
					return false
				}
			}
		}
		return true
	}
	return walk(h, false) && words > 0 && words <= maxHeadingWords
}

// listOf returns the list element of a text node in a list item, or nil.
func listOf(n *html.Node) *html.Node {
	k, li := blockKind(n)
	if k != atom.Li {
		return nil
	}
	return li.Parent
}

// itemOf returns the list item whose text a <p> or <div> holds
// (<li><p>Text</p></li>, as editors write items), or nil: the nearest
// <li> above p through <p>, <div> and inline elements, when it is a short
// item (shortItem). The paragraphs of a long item, or of one that holds a
// heading, code, a table or a quote (a card, a whole post), stay
// paragraphs.
func itemOf(p *html.Node) *html.Node {
	for a, depth := p.Parent, 0; a != nil && depth < 4; a, depth = a.Parent, depth+1 {
		if a.Type != html.ElementNode {
			continue
		}
		switch a.DataAtom {
		case atom.Li:
			if shortItem(a) {
				return a
			}
			return nil
		case atom.P, atom.Div, atom.Span, atom.A, atom.B, atom.Strong, atom.I, atom.Em, atom.Label:
		default:
			return nil
		}
	}
	return nil
}

// maxItemWords and maxItemNodes bound a short list item: its words
// outside nested lists, and the nodes shortItem looks at.
const (
	maxItemWords = 150
	maxItemNodes = 400
)

// shortItem reports whether a list item is short: at most maxItemWords
// words outside its nested lists, and no heading, <pre>, table, quote,
// figure or sectioning element in it.
func shortItem(li *html.Node) bool {
	words, nodes := 0, 0
	var walk func(n *html.Node) bool
	walk = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if nodes++; nodes > maxItemNodes {
				return false
			}
			switch c.Type {
			case html.TextNode:
				if words += len(strings.Fields(c.Data)); words > maxItemWords {
					return false
				}
			case html.ElementNode:
				switch c.DataAtom {
				case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Pre, atom.Table, atom.Blockquote,
					atom.Figure, atom.Section, atom.Article:
					return false
				case atom.Ul, atom.Ol:
					continue // its items are units of their own
				}
				if !walk(c) {
					return false
				}
			}
		}
		return true
	}
	return walk(li)
}

// listMarkers numbers the items of ordered lists, each list once (a
// list of many items is not walked once per item).
type listMarkers map[*html.Node]int

// marker returns a list item's Markdown marker: "- ", or in an <ol> its
// number ("3. "): the list's start (1 unless its start attribute says)
// plus the items before it.
func (m listMarkers) marker(li *html.Node) string {
	list := ancestor(li.Parent, atom.Ul, atom.Ol)
	if list == nil || list.DataAtom != atom.Ol {
		return "- "
	}
	if _, ok := m[li]; !ok {
		n := 1
		if v, err := strconv.Atoi(strings.TrimSpace(tokenize.Attr(list, "start"))); err == nil && v >= 0 && v < 1e8 {
			n = v
		}
		for c := li.Parent.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.Li {
				m[c] = n
				n++
			}
		}
	}
	n, ok := m[li]
	if !ok { // an item whose parent is not its list: the first
		n = 1
	}
	return strconv.Itoa(n) + ". "
}

// indent returns the spaces that put a nested list item under the text of
// the items it is nested in: each enclosing item's marker width, for at
// most maxQuoteDepth levels (deeper items are written as at that depth).
// Only the enclosing items whose marker was written (printed) count: a
// level the output leaves out (an item with no text of its own, or not
// kept) would indent its items under nothing, which Markdown reads as
// the previous item's text.
func (m listMarkers) indent(li *html.Node, printed map[*html.Node]bool) string {
	var widths int
	levels := 0
	for a := ancestor(li.Parent, atom.Li); a != nil && levels < maxQuoteDepth; a = ancestor(a.Parent, atom.Li) {
		if printed[a] {
			widths += len(m.marker(a))
			levels++
		}
	}
	return strings.Repeat(" ", widths)
}

// outerList returns the outermost list above a list item: items of one
// tree of nested lists follow each other without a blank line.
func outerList(li *html.Node) *html.Node {
	var outer *html.Node
	for l := ancestor(li, atom.Ul, atom.Ol); l != nil; l = ancestor(l.Parent, atom.Ul, atom.Ol) {
		outer = l
	}
	return outer
}

// ancestor returns the nearest of n and its ancestors that is one of the
// elements as, or nil.
func ancestor(n *html.Node, as ...atom.Atom) *html.Node {
	for p := n; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && slices.Contains(as, p.DataAtom) {
			return p
		}
	}
	return nil
}

// preLanguage returns the language of a <pre> from a "language-*" (or
// "lang-*") class on it or on a <code> inside it, or "".
func preLanguage(pre *html.Node) string {
	if l := classLanguage(pre); l != "" {
		return l
	}
	for n := range pre.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.Code {
			if l := classLanguage(n); l != "" {
				return l
			}
		}
	}
	return ""
}

func classLanguage(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Key != "class" {
			continue
		}
		for _, c := range strings.Fields(a.Val) {
			for _, prefix := range []string{"language-", "lang-"} {
				if l, ok := strings.CutPrefix(c, prefix); ok && l != "" && !strings.ContainsAny(l, "`~") {
					return l
				}
			}
		}
	}
	return ""
}

// fence returns a code fence longer than any run of backquotes in text.
func fence(text string) string {
	return strings.Repeat("`", max(3, longestBackquotes(text)+1))
}

// longestBackquotes returns the length of the longest run of backquotes
// in text.
func longestBackquotes(text string) int {
	longest, run := 0, 0
	for _, c := range text {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// maxQuoteDepth is the deepest nesting of quotes the formats write
// (Markdown's "> " markers, the <quote> elements of TEI and XML): a
// paragraph inside more <blockquote> elements is quoted this many times,
// as if the deeper ones were part of the eighth. Every quote level costs
// each line of Markdown two bytes and each paragraph of XML two elements,
// so that a page of 500 nested quotes gave a gigabyte of XML from 190 KB
// (paragraphs × depth²); capped, the quoting adds at most 16 <quote> tags
// to a paragraph of XML, and 16 bytes to a line of Markdown (fewer to a
// block of short lines, see quote). Real pages quote far less deeply: the
// 5,677 pages of the six datasets at most 3 levels, a reply chain rarely
// more than a few.
const maxQuoteDepth = 8

// quoteDepth is the number of <blockquote> elements around n, at most
// maxQuoteDepth.
func quoteDepth(n *html.Node) int {
	d := 0
	for p := n.Parent; p != nil && d < maxQuoteDepth; p = p.Parent {
		if p.Type == html.ElementNode && p.DataAtom == atom.Blockquote {
			d++
		}
	}
	return d
}

// writeQuoted writes a Markdown block (out, ending in line breaks) to sb
// with every line prefixed by depth "> " markers; the trailing blank line
// stays blank.
// The markers of a block take at most its own length plus 64 bytes: a
// block of many short lines (a <pre> of empty lines) is quoted fewer
// levels, one at least, so that the quoting cannot multiply a page's
// lines into many times their size.
func writeQuoted(sb *strings.Builder, out string, depth int) {
	if depth == 0 {
		sb.WriteString(out)
		return
	}
	body := strings.TrimRight(out, "\n")
	lines := strings.Count(body, "\n") + 1
	depth = max(1, min(depth, (len(body)+64)/(2*lines)))
	prefix := strings.Repeat("> ", depth)
	sb.Grow(len(out) + lines*len(prefix))
	first := true
	for line := range strings.SplitSeq(body, "\n") {
		if !first {
			sb.WriteByte('\n')
		}
		first = false
		// A blank line's spaces trimmed, and the prefix's (a hard line
		// break's two spaces stay).
		if strings.TrimRight(line, " ") != "" {
			sb.WriteString(prefix)
			sb.WriteString(line)
		} else {
			sb.WriteString(prefix[:len(prefix)-1])
		}
	}
	sb.WriteString(out[len(body):])
}

// inlineEscaper escapes the characters that make Markdown emphasis, code
// spans, escapes and links in running text: a page whose text reads
// "[x](javascript:…)" or "[x]: javascript:…" gives that text, not a link.
var inlineEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "<", `\<`, "[", `\[`, "]", `\]`)

// escapeInline returns a copy of blocks whose text is escaped for Markdown.
//
// The text of an inline <code>, <kbd> or <samp> (not in a <pre>) becomes
// a code span instead, unescaped, as Markdown reads code: its blocks on
// one line are one block, its text between backquotes (codeSpan), that
// stands where the last of them stood.
func escapeInline(blocks []tokenize.Block) []tokenize.Block {
	out := make([]tokenize.Block, 0, len(blocks))
	for i := 0; i < len(blocks); {
		b := blocks[i]
		code := inlineCode(b.Node)
		if code == nil {
			b.Text = inlineEscaper.Replace(b.Text)
			out = append(out, b)
			i++
			continue
		}
		j := i + 1
		for j < len(blocks) && blocks[j].Line == b.Line && blocks[j].Para == b.Para && inlineCode(blocks[j].Node) == code {
			j++
		}
		span := blocks[j-1]
		span.Text = codeSpan(tokenize.Text(blocks[i:j]))
		span.SpaceBefore = b.SpaceBefore
		if j-i > 1 {
			span.Index = b.Index // a link that starts at the first still does
		}
		out = append(out, span)
		i = j
	}
	return out
}

// inlineCode returns the <code>, <kbd> or <samp> element above a text node
// outside any <pre>, or nil.
func inlineCode(n *html.Node) *html.Node {
	if n == nil {
		return nil
	}
	var code *html.Node
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type != html.ElementNode {
			continue
		}
		switch p.DataAtom {
		case atom.Pre:
			return nil
		case atom.Code, atom.Kbd, atom.Samp:
			code = p
		}
	}
	return code
}

// codeSpan returns text as a Markdown code span: between runs of
// backquotes longer than any inside it, with a space inside them when the
// text starts or ends with a backquote.
func codeSpan(text string) string {
	ticks := strings.Repeat("`", longestBackquotes(text)+1)
	if strings.HasPrefix(text, "`") || strings.HasSuffix(text, "`") {
		text = " " + text + " "
	}
	return ticks + text + ticks
}

// escapeLineStarts escapes what Markdown would read as block syntax at the
// start of a line: headings (#), quotes (>), list items and rules (-, +, =,
// ~), and numbered items ("1. ", "2) ").
func escapeLineStarts(text string) string {
	var sb strings.Builder
	copied := 0 // text[:copied] is in sb
	for start := 0; start <= len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		l := text[start:end]
		trimmed := strings.TrimLeft(l, " ")
		if at := lineStartEscape(trimmed); at >= 0 {
			if sb.Cap() == 0 {
				sb.Grow(len(text) + 16)
			}
			pos := start + len(l) - len(trimmed) + at
			sb.WriteString(text[copied:pos])
			sb.WriteByte('\\')
			copied = pos
		}
		start = end + 1
	}
	if sb.Cap() == 0 {
		return text // nothing to escape: no copy
	}
	sb.WriteString(text[copied:])
	return sb.String()
}

// lineStartEscape returns where in a line, its leading spaces trimmed, a
// backslash keeps Markdown from reading block syntax, or -1.
func lineStartEscape(trimmed string) int {
	if trimmed == "" {
		return -1
	}
	switch trimmed[0] {
	case '#', '>', '-', '+', '=', '~':
		return 0
	}
	j := 0
	for j < len(trimmed) && j < 9 && trimmed[j] >= '0' && trimmed[j] <= '9' {
		j++
	}
	if j > 0 && j < len(trimmed) && (trimmed[j] == '.' || trimmed[j] == ')') && (j+1 == len(trimmed) || trimmed[j+1] == ' ' || trimmed[j+1] == '\t') {
		return j
	}
	return -1
}

// dataTable returns the table that the text node n is a cell of, when that
// table is a data table (isDataTable), or nil. Other tables lay out a page
// and are not Markdown tables. known caches the answer per table.
func dataTable(n *html.Node, known map[*html.Node]bool) *html.Node {
	var cell *html.Node
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type != html.ElementNode {
			continue
		}
		switch p.DataAtom {
		case atom.Td, atom.Th:
			if cell == nil {
				cell = p
			}
		case atom.Table:
			if cell == nil {
				return nil
			}
			data, ok := known[p]
			if !ok {
				data = isDataTable(p)
				known[p] = data
			}
			if !data {
				return nil
			}
			return p
		}
	}
	return nil
}

// isDataTable reports whether a table holds data rather than a page's
// layout: at least two columns, no table, heading, <pre>, <blockquote> or
// form inside, and no cell with more than maxCellWords words.
func isDataTable(t *html.Node) bool {
	width := 0
	rows := tableRows(t)
	for _, tr := range rows {
		width = max(width, len(rowCells(tr)))
	}
	if width < 2 || len(rows) < 2 && !keyValueRow(rows) {
		// One column or one row holds no data to line up: a note's icon
		// cell beside its text (Asciidoctor's admonitions) reads as
		// paragraphs. A row of a header cell and its values is data, as
		// the same table of more rows is (a spec sheet's one-row tables
		// among the others).
		return false
	}
	for n := range t.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch n.DataAtom {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			if !cellHeading(n) {
				return false
			}
		case atom.Table, atom.Pre, atom.Blockquote, atom.Form:
			return false
		case atom.Td, atom.Th:
			if nodeWords(n) > maxCellWords {
				return false
			}
		}
	}
	return true
}

// keyValueRow reports whether rows are one row of a header cell (<th>)
// followed by data cells (<td>): "Interface | PCI Express 4.0".
func keyValueRow(rows []*html.Node) bool {
	if len(rows) != 1 {
		return false
	}
	var cells []*html.Node
	for c := rows[0].FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (c.DataAtom == atom.Td || c.DataAtom == atom.Th) {
			cells = append(cells, c)
		}
	}
	if len(cells) < 2 || cells[0].DataAtom != atom.Th {
		return false
	}
	for _, c := range cells[1:] {
		if c.DataAtom != atom.Td {
			return false
		}
	}
	return true
}

// repeatedCaption reports whether blocks are the <caption> of a data
// table of one row whose header cell says the same ("Interface" above
// "Interface | PCI Express 4.0"): the row says it already.
func repeatedCaption(blocks []tokenize.Block, known map[*html.Node]bool) bool {
	caption := ancestor(blocks[0].Node, atom.Caption)
	if caption == nil || ancestor(blocks[len(blocks)-1].Node, atom.Caption) != caption {
		return false
	}
	tbl := ancestor(caption.Parent, atom.Table)
	if tbl == nil {
		return false
	}
	rows := tableRows(tbl)
	if !keyValueRow(rows) {
		return false
	}
	data, ok := known[tbl]
	if !ok {
		data = isDataTable(tbl)
		known[tbl] = data
	}
	head := rowCells(rows[0])[0]
	return data && titleWords(tokenize.Text(blocks)) == titleWords(nodeText(head))
}

// nodeText is the text under n, its text nodes joined by spaces.
func nodeText(n *html.Node) string {
	var parts []string
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			parts = append(parts, d.Data)
		}
	}
	return strings.Join(parts, " ")
}

// maxCellHeadingWords is the most words of a heading that is a table
// cell's whole text (cellHeading).
const maxCellHeadingWords = 6

// cellHeading reports whether a heading is a table cell's whole text, of
// at most maxCellHeadingWords words: a shopping list's "Ingredients" or
// "Onions" in <td><h4>, which the cell shows as a label, not a section
// of the page.
func cellHeading(h *html.Node) bool {
	cell := ancestor(h.Parent, atom.Td, atom.Th)
	if cell == nil {
		return false
	}
	words := nodeWords(h)
	return words <= maxCellHeadingWords && words == nodeWords(cell)
}

// nodeWords is the number of words (strings.Fields) of the text under n.
func nodeWords(n *html.Node) int {
	words := 0
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			words += len(strings.Fields(d.Data))
		}
	}
	return words
}

// maxCellWords is the most words a data table's cell holds; a cell with
// more is a column of a page's layout.
const maxCellWords = 80

// markdownTable renders the content blocks of a data table as a pipe
// table: one row per <tr> with a content block, one column per cell
// (colspan counted) and as many columns in every row as the widest row of
// the table, so that no row is ragged. The first row is the header only
// when the table has one (a <thead> row, or a first row of <th> cells);
// otherwise the header is empty. A cell's paragraphs and list items are
// joined by <br>, list items marked "- ". ok is false when no row has two
// cells of content, or when the table is wider than maxTableColumns or
// padding its rows would more than quadruple its cells (a few wide rows
// over many narrow ones): such a table is better read as paragraphs, and
// the padding cannot grow the output beyond a multiple of the page.
func markdownTable(tbl *html.Node, blocks []tokenize.Block, links map[int]*link) (md string, ok bool) {
	rows := tableRows(tbl)
	width, cellCount := 1, 0
	for _, tr := range rows {
		n := len(rowCells(tr))
		width = max(width, n)
		cellCount += n
	}
	if width > maxTableColumns || width*len(rows) > 4*cellCount+maxTablePadding {
		return "", false
	}
	// The content text of each cell.
	cellText := map[*html.Node][]string{}
	for start := 0; start < len(blocks); {
		end := start + 1
		cell := ancestor(blocks[start].Node, atom.Td, atom.Th)
		for end < len(blocks) && blocks[end].Para == blocks[start].Para && ancestor(blocks[end].Node, atom.Td, atom.Th) == cell {
			end++
		}
		text := oneLine.Replace(markdownText(escapeInline(blocks[start:end]), links, noEmphasis))
		if k, _ := blockKind(blocks[start].Node); k == atom.Li {
			text = "- " + text
		}
		cellText[cell] = append(cellText[cell], strings.ReplaceAll(text, "|", `\|`))
		start = end
	}
	var out []string
	line := func(cells []string) string {
		for len(cells) < width {
			cells = append(cells, "")
		}
		return "| " + strings.Join(cells, " | ") + " |"
	}
	header := make([]string, width)
	caption := ""
	first := 0 // the row that may be the header
	for i, tr := range rows {
		rc := rowCells(tr)
		cells, filled := []string{}, 0
		for _, c := range rc {
			text := strings.Join(cellText[c], "<br>")
			if text != "" {
				filled++
			}
			cells = append(cells, text)
		}
		if i == 0 && width >= 2 && len(rc) == width && cells[0] != "" && rc[1] == nil {
			// A first row of one cell across the table is its title, a
			// line above it rather than a row under an empty header.
			caption = strings.ReplaceAll(cells[0], `\|`, "|")
			first = 1
			continue
		}
		ok = ok || filled >= 2
		if i == first && isHeaderRow(tr) {
			copy(header, cells)
			continue
		}
		if filled > 0 {
			out = append(out, line(cells))
		}
	}
	sep := strings.Repeat("| --- ", width) + "|"
	md = line(header) + "\n" + sep + "\n" + strings.Join(out, "\n") + "\n"
	if caption != "" {
		md = strings.ReplaceAll(caption, "<br>", " ") + "\n\n" + md
	}
	return md, ok
}

// oneLine puts a cell's lines on one line: a pipe table's row is a line.
var oneLine = strings.NewReplacer("  \n", " ", "\n\n", " ", "\n", " ")

// tableRows returns the rows of a table (not of tables inside it).
func tableRows(tbl *html.Node) []*html.Node {
	var rows []*html.Node
	for n := range tbl.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.Tr && ancestor(n.Parent, atom.Table) == tbl {
			rows = append(rows, n)
		}
	}
	return rows
}

// rowCells returns the cells of a row, a cell spanning k columns k times
// (its text in the first).
func rowCells(tr *html.Node) []*html.Node {
	var cells []*html.Node
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || (c.DataAtom != atom.Td && c.DataAtom != atom.Th) {
			continue
		}
		cells = append(cells, c)
		for _, a := range c.Attr {
			if a.Key == "colspan" {
				if k, err := strconv.Atoi(strings.TrimSpace(a.Val)); err == nil {
					for range min(k, maxColspan) - 1 {
						cells = append(cells, nil)
					}
				}
			}
		}
	}
	return cells
}

// maxColspan bounds the columns one cell adds (a page can say any number).
const maxColspan = 64

// maxTableColumns is the widest table rendered as a Markdown table;
// maxTablePadding the empty cells any table may add to its rows beyond
// four times its cells.
const (
	maxTableColumns = 64
	maxTablePadding = 1024
)

// isHeaderRow reports whether a table's first row is its header: it is in
// a <thead>, or all its cells are <th> or cells whose whole text is a
// heading (isHeadingCell).
func isHeaderRow(tr *html.Node) bool {
	if tr.Parent != nil && tr.Parent.DataAtom == atom.Thead {
		return true
	}
	cells := 0
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch {
		case c.DataAtom == atom.Th || c.DataAtom == atom.Td && isHeadingCell(c):
			cells++
		case c.DataAtom == atom.Td:
			return false
		}
	}
	return cells > 0
}

// isHeadingCell reports whether a table cell's whole text is a heading
// (cellHeading): a header cell written as <td><h4>.
func isHeadingCell(td *html.Node) bool {
	for n := range td.Descendants() {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				return cellHeading(n)
			}
		}
	}
	return false
}

// link is a content link as Markdown writes it: its target and the index
// of its first block.
type link struct {
	href  string
	first int
}

// markdownText renders a paragraph's blocks as Markdown inline text, with
// the content links as [text](href) when links is set, and with
// emphasis (emphasize; a link emphasized as all its blocks are) unless
// em is noEmphasis.
func markdownText(para []tokenize.Block, links map[int]*link, em emphasisMode) string {
	ps := make([]piece, 0, len(para))
	for i := 0; i < len(para); {
		b := para[i]
		var p piece
		if i > 0 {
			p.sep = markdownSeparator(para[i-1], b)
		}
		if em != noEmphasis {
			p.em = emphasisOf(b.Node)
		}
		l := links[b.Index]
		if l == nil || l.first != b.Index {
			p.text, p.words = b.Text, b.Words
			ps = append(ps, p)
			i++
			continue
		}
		j := i
		for j < len(para) && links[para[j].Index] == l {
			p.words += para[j].Words
			if em != noEmphasis {
				p.em &= emphasisOf(para[j].Node)
			}
			j++
		}
		text := tokenize.Text(para[i:j]) // escaped already, brackets too (inlineEscaper)
		p.text = "[" + text + "](" + markdownURL(l.href) + ")"
		ps = append(ps, p)
		i = j
	}
	if em == noEmphasis {
		var sb strings.Builder
		for _, p := range ps {
			sb.WriteString(p.sep + p.text)
		}
		return sb.String()
	}
	return emphasize(ps, em == subheads)
}

// emphasisMode is how markdownText writes emphasis.
type emphasisMode uint8

const (
	noEmphasis emphasisMode = iota // headings and table cells
	inline                         // list items: emphasized runs
	subheads                       // paragraphs: emphasized runs, short strong lines set apart
)

// markdownSeparator is tokenize.Separator in Markdown, where a single
// line break does not end a line: a <br> is a hard line break (two
// spaces before it), and two or more in a row (text<br><br>text, how
// many pages set their paragraphs apart) end a paragraph.
func markdownSeparator(prev, b tokenize.Block) string {
	sep := tokenize.Separator(prev, b)
	if sep != "\n" {
		return sep
	}
	if breaksBetween(prev.Node, b.Node, 2) >= 2 {
		return "\n\n"
	}
	return "  \n"
}

// maxBreakScan bounds the nodes breaksBetween visits between two texts.
const maxBreakScan = 64

// breaksBetween counts the <br> elements after the text node a and before
// b in document order, up to most (and over at most maxBreakScan nodes:
// then it gives what it counted); nil nodes have none between them.
func breaksBetween(a, b *html.Node, most int) int {
	if a == nil || b == nil {
		return 0
	}
	n, count := a, 0
	for range maxBreakScan {
		switch {
		case n.FirstChild != nil:
			n = n.FirstChild
		default:
			for n != nil && n.NextSibling == nil {
				n = n.Parent
			}
			if n == nil {
				return count
			}
			n = n.NextSibling
		}
		if n == b {
			return count
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.Br {
			if count++; count >= most {
				return count
			}
		}
	}
	return count
}

// markdownURL escapes the characters that would end a Markdown link
// destination.
func markdownURL(u string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(u)
}

func markdownImage(im infer.Image) string {
	alt := strings.NewReplacer("[", `\[`, "]", `\]`, "\n", " ").Replace(im.Alt)
	return "![" + alt + "](" + markdownURL(im.Src) + ")"
}
