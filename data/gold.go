package data

import (
	"regexp"
	"strings"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// Segment is a run of gold text with one label.
type Segment struct {
	Text string
	// Content is true for main content; false for text that the gold marks
	// as not content (L3S-GN1 boilerplate, Dragnet comments when they do
	// not count). Gold text outside segments does not exist: page text that
	// matches no segment is boilerplate.
	Content bool
}

// Gold is the reference annotation of one page.
type Gold struct {
	Segments []Segment
}

// Text returns the gold content: the content segments, one per line.
func (g Gold) Text() string {
	var parts []string
	for _, s := range g.Segments {
		if s.Content {
			parts = append(parts, s.Text)
		}
	}
	return strings.Join(parts, "\n")
}

var (
	cleanEvalMarker = regexp.MustCompile(`(?i)<(p|h|l)>`)
	// strayMarkup matches tag-like markup left in CleanEval gold files
	// (<P>, </p>, <br>, <CR>, ...).
	strayMarkup      = regexp.MustCompile(`</?[a-zA-Z]{1,10}\s*/?>`)
	commentSeparator = regexp.MustCompile(`[$%^&*].*COMMENTS\s*$`)
)

// IsCleanEval reports whether a gold text file is in the CleanEval format:
// its first non-blank line starts with "URL:" or a line starts with a <p>,
// <h> or <l> marker.
func IsCleanEval(text string) bool {
	first := strings.TrimSpace(text)
	if strings.HasPrefix(first, "URL:") {
		return true
	}
	for _, line := range strings.Split(text, "\n") {
		if loc := cleanEvalMarker.FindStringIndex(strings.TrimSpace(line)); loc != nil && loc[0] == 0 {
			return true
		}
	}
	return false
}

// ParseCleanEval reads CleanEval gold text: an optional first "URL:" line,
// then blocks each started by a <p>, <h> or <l> marker and running to the
// next one. Every block becomes a content segment; markers and stray markup
// are dropped and whitespace is collapsed.
func ParseCleanEval(text string) Gold {
	text = strings.ReplaceAll(text, "\r", "\n")
	if first, rest, ok := strings.Cut(strings.TrimLeft(text, " \t\n"), "\n"); ok && strings.HasPrefix(first, "URL:") {
		text = rest
	} else if strings.HasPrefix(strings.TrimSpace(text), "URL:") {
		text = ""
	}
	var g Gold
	for _, block := range cleanEvalMarker.Split(text, -1) {
		block = strings.Join(strings.Fields(strayMarkup.ReplaceAllString(block, " ")), " ")
		if block != "" {
			g.Segments = append(g.Segments, Segment{Text: block, Content: true})
		}
	}
	return g
}

// ParsePlain reads plain gold text (the Dragnet format): one block per line.
// Text after a comments separator line (a line matching
// `[$%^&*].*COMMENTS\s*$`, e.g. "!@#$%^&*()  COMMENTS") is user comments,
// content only when withComments is true.
func ParsePlain(text string, withComments bool) Gold {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	var g Gold
	content := true
	for _, line := range strings.Split(text, "\n") {
		if commentSeparator.MatchString(line) {
			content = withComments
			continue
		}
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			g.Segments = append(g.Segments, Segment{Text: line, Content: content})
		}
	}
	return g
}

// ParseAnnotated reads an annotated HTML page in the L3S-GN1 format: text
// inside an element whose class is x-nc-sel1 (headline), x-nc-sel2 (full
// text) or x-nc-sel3 (supplemental text) is content; all other text,
// including x-nc-sel0, x-nc-sel4 (comments) and x-nc-sel5 (related
// content), is not. When annotated elements nest, the innermost decides.
// Every leaf text block of the annotated page becomes one segment, so the
// not-content text takes part in the alignment too.
func ParseAnnotated(raw []byte) (Gold, error) {
	page, err := tokenize.Parse(raw, tokenize.Options{})
	if err != nil {
		return Gold{}, err
	}
	var g Gold
	for _, b := range page.Blocks {
		g.Segments = append(g.Segments, Segment{Text: b.Text, Content: annotatedContent(b.Node)})
	}
	return g, nil
}

// annotatedContent reports whether the innermost x-nc-selN class above n is
// one of the content classes 1-3.
func annotatedContent(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type != html.ElementNode {
			continue
		}
		for _, a := range p.Attr {
			if a.Key != "class" {
				continue
			}
			for _, c := range strings.Fields(a.Val) {
				if sel, ok := strings.CutPrefix(c, "x-nc-sel"); ok && len(sel) == 1 {
					return sel >= "1" && sel <= "3"
				}
			}
		}
	}
	return false
}
