package tokenize

import "strings"

// swallowing are the start tags, lowercase, whose element holds raw text
// up to its own end tag, so that one left open takes the rest of the page
// as its text.
var swallowing = []string{"<iframe", "<textarea", "<xmp", "<noembed", "<noframes"}

// closeNoscriptRawText ends, at their <noscript>'s end, the raw-text
// elements a <noscript> opens and does not close. A page is parsed with
// scripting disabled so that <noscript> holds markup (a lazy-loaded
// image's copy, a page's text for crawlers); a browser runs scripts and
// reads it as text, so a Google Tag Manager snippet written
// '<noscript><iframe src="…" /></noscript>' (a self-closed <iframe> is
// still open to the parser) hides nothing from a reader, while parsed
// without scripts it would take the whole page after it as the iframe's
// text.
func closeNoscriptRawText(page string) string {
	// One case for the tag, found by a fast search (indexFold would stop at
	// every tag of the page): a page writes its tags in lowercase or in
	// uppercase; one in mixed case is left as it is.
	openTag, endTag := "<noscript", "</noscript"
	if !strings.Contains(page, openTag) {
		if openTag, endTag = "<NOSCRIPT", "</NOSCRIPT"; !strings.Contains(page, openTag) {
			return page
		}
	}
	var out strings.Builder
	copied := 0 // page[:copied] is in out
	for at := 0; ; {
		open := strings.Index(page[at:], openTag)
		if open < 0 {
			break
		}
		open += at
		end := strings.Index(page[open:], endTag)
		if end < 0 {
			break
		}
		end += open
		segment := page[open:end]
		fixed := segment
		for _, tag := range swallowing {
			fixed = closeOpenRawText(fixed, tag)
		}
		if fixed != segment {
			out.WriteString(page[copied:open])
			out.WriteString(fixed)
			copied = end
		}
		at = end
	}
	if copied == 0 {
		return page
	}
	out.WriteString(page[copied:])
	return out.String()
}

// closeOpenRawText adds the end tag of tag (a start tag's "<name") after
// its first start tag in segment when segment holds none.
func closeOpenRawText(segment, tag string) string {
	i := indexFold(segment, tag)
	if i < 0 || i+len(tag) < len(segment) && strings.IndexByte("\t\n\f\r />", segment[i+len(tag)]) < 0 ||
		hasEndTag(segment[i:], "</"+tag[1:]) {
		return segment
	}
	gt := strings.IndexByte(segment[i:], '>')
	if gt < 0 {
		return segment
	}
	at := i + gt + 1
	return segment[:at] + "</" + tag[1:] + ">" + segment[at:]
}
