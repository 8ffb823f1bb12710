package render

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// emphasis is how a text is emphasized: strong (<strong>, <b>), em
// (<em>, <i>), both, or neither.
type emphasis uint8

const (
	emItalic emphasis = 1 << iota
	emStrong
)

// marker is the Markdown delimiter of e.
func (e emphasis) marker() string {
	return strings.Repeat("*", int(e&emItalic)+int(e&emStrong))
}

// emphasisOf returns the emphasis of a text node: the <strong>, <b>, <em>
// and <i> above it up to its nearest element that is not inline.
func emphasisOf(n *html.Node) emphasis {
	var e emphasis
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type != html.ElementNode {
			continue
		}
		switch p.DataAtom {
		case atom.Strong, atom.B:
			e |= emStrong
		case atom.Em, atom.I:
			e |= emItalic
		case atom.A, atom.Span, atom.Font, atom.U, atom.Small, atom.Big, atom.Sup, atom.Sub, atom.Mark, atom.Abbr,
			atom.Cite, atom.Q, atom.Label, atom.Time, atom.Code, atom.Kbd, atom.Samp, atom.Var, atom.S, atom.Strike,
			atom.Del, atom.Ins, atom.Dfn, atom.Bdi, atom.Bdo, atom.Data, atom.Tt:
		default:
			return e
		}
	}
	return e
}

// piece is a block or a link of a paragraph as Markdown writes it: the
// separator before it, its text (escaped), its emphasis and its words.
type piece struct {
	sep, text string
	em        emphasis
	words     int
}

// maxSubheadWords is the most words of a line that emphasize may set
// apart as a subhead.
const maxSubheadWords = 12

// emphasize joins the pieces of a paragraph, each run of pieces of one
// emphasis on one line between Markdown delimiters ("**" strong, "*"
// em, "***" both) when CommonMark reads them so (canEmphasize; else the
// run is written plain). With subheads, a line that is all strong, of
// one to maxSubheadWords words and not ending in a full stop, comma,
// semicolon or exclamation mark, is a paragraph of its own (setApart):
// the hard line breaks around it end paragraphs (a subhead set apart by
// <br>, "<br><strong>Ζητούνται αλλαγές</strong><br>").
func emphasize(ps []piece, subheads bool) string {
	if subheads {
		setApart(ps)
	}
	var sb strings.Builder
	for i := 0; i < len(ps); {
		sb.WriteString(ps[i].sep)
		j := i + 1
		for j < len(ps) && ps[j].em == ps[i].em && !strings.Contains(ps[j].sep, "\n") {
			j++
		}
		var run strings.Builder
		for k := i; k < j; k++ {
			if k > i {
				run.WriteString(ps[k].sep)
			}
			run.WriteString(ps[k].text)
		}
		text := run.String()
		after := ""
		if j < len(ps) {
			after = ps[j].sep + ps[j].text
		}
		if m := ps[i].em.marker(); m != "" && canEmphasize(sb.String(), text, after) {
			sb.WriteString(m + text + m)
		} else {
			sb.WriteString(text)
		}
		i = j
	}
	return sb.String()
}

// setApart makes each subhead line of ps (see emphasize) a paragraph of
// its own, changing the hard line breaks before and after it to
// paragraph breaks, unless a line next to it is all strong too: lines
// of strong text one under another are a list, not a subhead.
func setApart(ps []piece) {
	type line struct {
		start, end int
		strong     bool // all strong
		subhead    bool
	}
	var lines []line
	for start := 0; start < len(ps); {
		l := line{start: start, strong: true}
		words := 0
		for l.end = start; l.end < len(ps) && (l.end == start || !strings.Contains(ps[l.end].sep, "\n")); l.end++ {
			words += ps[l.end].words
			l.strong = l.strong && ps[l.end].em&emStrong != 0
		}
		last, _ := utf8.DecodeLastRuneInString(ps[l.end-1].text)
		l.subhead = l.strong && words > 0 && words <= maxSubheadWords && !strings.ContainsRune(".,;!", last)
		lines = append(lines, l)
		start = l.end
	}
	for i, l := range lines {
		if !l.subhead || i > 0 && lines[i-1].strong || i+1 < len(lines) && lines[i+1].strong {
			continue
		}
		if i > 0 && ps[l.start].sep == hardBreak {
			ps[l.start].sep = "\n\n"
		}
		if i+1 < len(lines) && ps[l.end].sep == hardBreak {
			ps[l.end].sep = "\n\n"
		}
	}
}

// hardBreak is a Markdown hard line break (markdownSeparator).
const hardBreak = "  \n"

// canEmphasize reports whether delimiters around text, written after
// before and before after, open and close emphasis as CommonMark reads
// them: the text starts and ends with no space, a delimiter next to
// punctuation has space or punctuation on its other side, and no other
// delimiter touches them.
func canEmphasize(before, text, after string) bool {
	if text == "" || strings.TrimSpace(text) != text {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(before)
	first, _ := utf8.DecodeRuneInString(text)
	last, _ := utf8.DecodeLastRuneInString(text)
	next, _ := utf8.DecodeRuneInString(after)
	if prev == '*' || next == '*' {
		return false
	}
	edge := func(r rune) bool { return r == utf8.RuneError || unicode.IsSpace(r) || punctuation(r) }
	return (!punctuation(first) || edge(prev)) && (!punctuation(last) || edge(next))
}

// punctuation reports whether CommonMark counts r as punctuation next to
// an emphasis delimiter (Unicode punctuation and symbols).
func punctuation(r rune) bool {
	return r != utf8.RuneError && (unicode.IsPunct(r) || unicode.IsSymbol(r))
}
