package eval

import (
	"regexp"
	"strings"
)

// MarkdownStructure is what the structure score reads from a Markdown
// text: its ATX headings ("## Text") and its fenced code blocks (``` or
// ~~~), both also inside block quotes.
type MarkdownStructure struct {
	// Headings holds each heading's text, link targets taken out
	// ("[text](href)" is "[text]").
	Headings []string
	// Code holds each non-blank fenced code block's text, as written
	// between its fences.
	Code []string
}

// headingLine matches an ATX heading after its block quote markers: up
// to three spaces, one to six #, and the text after a space (a closing
// run of # dropped).
var headingLine = regexp.MustCompile(`^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`)

// linkTarget matches the target of a Markdown link or image.
var linkTarget = regexp.MustCompile(`\]\([^)]*\)`)

// ParseMarkdown finds the headings and fenced code blocks of md. A fence
// opens with three or more backticks (whose info string holds no
// backtick) or tildes, indented by any spaces, and closes with a line of
// at least as many of the same character; a block left open runs to the
// end. Inside a code block the block quote markers of its opening fence
// are taken off each line, and nothing is read as a heading.
func ParseMarkdown(md string) MarkdownStructure {
	var s MarkdownStructure
	var code []string
	fence, depth := "", 0 // the open fence and its quote depth ("" outside code)
	for line := range strings.Lines(md) {
		line = strings.TrimRight(line, "\r\n")
		if fence != "" {
			body, _ := unquote(line, depth)
			if isClosingFence(body, fence) {
				s.Code = appendCode(s.Code, code)
				fence, code = "", nil
			} else {
				code = append(code, body)
			}
			continue
		}
		body, d := unquote(line, -1)
		if f := openingFence(body); f != "" {
			fence, depth = f, d
			continue
		}
		if m := headingLine.FindStringSubmatch(body); m != nil {
			s.Headings = append(s.Headings, linkTarget.ReplaceAllString(m[1], "]"))
		}
	}
	if fence != "" {
		s.Code = appendCode(s.Code, code)
	}
	return s
}

// appendCode appends the code block of lines to blocks unless it is
// blank.
func appendCode(blocks, lines []string) []string {
	text := strings.Join(lines, "\n")
	if strings.TrimSpace(text) == "" {
		return blocks
	}
	return append(blocks, text)
}

// unquote takes up to max block quote markers ("> ", or ">" alone) off
// the start of line (all of them when max < 0) and returns the rest and
// how many it took.
func unquote(line string, max int) (string, int) {
	n := 0
	for max < 0 || n < max {
		rest := strings.TrimLeft(line, " ")
		if !strings.HasPrefix(rest, ">") || len(line)-len(rest) > 3 {
			break
		}
		line = strings.TrimPrefix(rest[1:], " ")
		n++
	}
	return line, n
}

// openingFence returns the fence that line opens (its run of backticks
// or tildes), or "" when it opens none.
func openingFence(line string) string {
	line = strings.TrimLeft(line, " \t")
	for _, c := range "`~" {
		run := line[:len(line)-len(strings.TrimLeft(line, string(c)))]
		if len(run) < 3 {
			continue
		}
		if c == '`' && strings.Contains(line[len(run):], "`") {
			return "" // an inline code span, not a fence
		}
		return run
	}
	return ""
}

// isClosingFence reports whether line closes a block opened by fence.
func isClosingFence(line, fence string) bool {
	line = strings.TrimSpace(line)
	return len(line) >= len(fence) && strings.Trim(line, fence[:1]) == ""
}
