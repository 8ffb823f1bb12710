package decode

import (
	"slices"
	"strings"

	"github.com/boilernet/boilernet/tokenize"
)

// relatedWords is the most words of a heading over related content that
// starts with a phrase of relatedHeadings ("You may be interested in the
// following topics as well"), shortWords the most of one that starts with
// a single word of them ("Related posts", not "Related Videos: the
// product's own video").
const (
	relatedWords = 12
	shortWords   = 3
)

// relatedHeadings are the starts, lowercase, of the headings that name a
// list of other pages (related stories, recommendations), in the languages
// of the datasets.
var relatedHeadings = []string{
	"related", "you may also like", "you might also like", "you may be interested", "you might be interested",
	"more to explore", "people who viewed", "people also", "customers also", "customers who viewed",
	"recommended for you", "recommended stories", "recommended articles", "read also", "read next", "more from",
	"more stories", "more articles", "popular posts", "popular stories", "most popular", "latest posts",
	"recent posts", "trending", "what's trending", "don't miss",
	"lesen sie auch", "mehr zum thema", "das könnte sie auch interessieren", "à lire aussi", "lire aussi",
	"sur le même sujet", "te puede interesar", "noticias relacionadas", "leggi anche", "czytaj także",
	"czytaj też", "zobacz także", "читайте также", "по теме", "διαβάστε επίσης", "相关", "相關", "延伸阅读",
}

// isRelatedHeading reports whether a short paragraph's text names a list
// of related pages.
func isRelatedHeading(text string) bool {
	n := tokenize.CountWords(text)
	t := label(text)
	for _, h := range relatedHeadings {
		if strings.HasPrefix(t, h) && (n <= shortWords || strings.Contains(h, " ") && n <= relatedWords) {
			return true
		}
	}
	return false
}

// dropRelated unselects the headings over related content
// (isRelatedHeading: "Related posts", "You may also like", "Lesen Sie
// auch") that a heading element or bold text sets apart, and the selected
// paragraphs after one that are mostly links (the teasers), up to the
// first paragraph that is not.
func dropRelated(blocks []tokenize.Block, selected []bool) {
	teasers := false
	for start, end := range selectedParagraphs(blocks, selected) {
		para := blocks[start:end]
		switch {
		case textBytes(para) <= maxLabelBytes && isRelatedHeading(tokenize.Text(para)) && setApart(para):
			teasers = true
		case teasers && mostlyLinks(para):
		default:
			teasers = false
			continue
		}
		for i := start; i < end; i++ {
			selected[i] = false
		}
	}
}

// apartTags are the elements that set a line apart as a heading.
var apartTags = map[string]bool{"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "strong": true, "b": true}

// setApart reports whether a paragraph is a heading or bold throughout.
func setApart(para []tokenize.Block) bool {
	for _, b := range para {
		if !slices.ContainsFunc(b.Path, func(t string) bool { return apartTags[t] }) {
			return false
		}
	}
	return true
}

// mostlyLinks reports whether at least half of a paragraph's words lie in
// links.
func mostlyLinks(para []tokenize.Block) bool {
	var in, all int
	for _, b := range para {
		n := b.Words
		all += n
		if b.InLink {
			in += n
		}
	}
	return all > 0 && 2*in >= all
}
