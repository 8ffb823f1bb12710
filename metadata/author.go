package metadata

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// An author's name as pages give it is often more than the name: a label
// before it ("By", "Author:", "Текст:", "View all posts by") or a word
// that names nobody ("Guest", "Гость", "Admin", "Staff") or a place
// ("Germany", "London, UK"). authorName cleans every name the sources
// of Metadata.Authors give.

// authorLabels start an author's name (lowercase). A label in
// labelsNeedColon counts only with a colon after it ("Text: Jane Doe",
// not "Di Maio"); the others with a colon or a space.
var authorLabels = []string{
	// English
	"view all posts by", "view all articles by", "view all stories by", "all posts by", "more posts by", "more articles by",
	"more stories by", "more from", "posts by", "articles by", "stories by", "guest post by", "written by", "posted by",
	"published by", "reported by", "reporting by", "compiled by", "submitted by", "created by", "started by", "recipe by",
	"words by", "story by", "article by", "text by", "interview by", "authored by", "author(s)", "authors", "author",
	"contributors", "contributor", "by", "with",
	// German, Dutch
	"geschrieben von", "verfasst von", "autorin", "von", "geschreven door", "door",
	// French, Spanish, Portuguese, Italian
	"écrit par", "publié par", "auteure", "auteur", "par", "escrito por", "publicado por", "autora", "por", "scritto da",
	"pubblicato da", "autore",
	// Polish
	"napisał", "napisała", "autorka", "autor",
	// Russian, Ukrainian
	"автор текста", "автор статьи", "автор материала", "по материалам", "за матеріалами", "материал подготовил", "материал подготовила", "подготовил",
	"подготовила", "подготовили", "авторы", "автор",
	// Greek, Chinese
	"συντάκτης", "συντάκτρια", "γράφει", "作者", "撰文", "记者", "記者",
	// with a colon only
	"text", "texte", "texto", "testo", "tekst", "текст", "di", "文",
}

// labelsNeedColon are the labels of authorLabels that start a name only
// with a colon after them.
var labelsNeedColon = map[string]bool{"text": true, "texte": true, "texto": true, "testo": true, "tekst": true, "текст": true, "di": true, "文": true}

// stripAuthorLabel drops the labels before a name: "View all posts by
// Daniel Lemire" and "Текст: Венера Ерофеева" give the names; a label
// alone gives "".
func stripAuthorLabel(s string) string {
	s = strings.TrimSpace(s)
	for range 2 { // "Author: By Jane Doe"
		label, rest, _ := cutAuthorLabel(s)
		if label == "" {
			break
		}
		s = rest
	}
	return trimAuthorTail(s)
}

// trimAuthorTail drops what follows a name in a link or a byline: an
// arrow, a separator, a colon ("Jane Doe →", "Jane Doe |", "Jane Doe »";
// not the closing quote of "ИА «НашБрянск.Ru»").
func trimAuthorTail(s string) string {
	for {
		t := strings.TrimRight(s, "  →|·•-–—:")
		if rest, ok := strings.CutSuffix(t, " »"); ok {
			t = rest
		} else if rest, ok := strings.CutSuffix(t, " ›"); ok {
			t = rest
		}
		if t == s {
			return strings.TrimSpace(s)
		}
		s = t
	}
}

// afterColonLabel returns what follows a label that counts only with a
// colon at the start of a byline's text ("Текст: Венера Ерофеева"), or
// "". (The bylines' other labels are bylinePrefixes: "Posted by:" before
// a name is as often a comment's as the article's.)
func afterColonLabel(s string) string {
	if label, rest, _ := cutAuthorLabel(s); labelsNeedColon[label] {
		return rest
	}
	return ""
}

// cutAuthorLabel returns the first label at the start of s (lowercase;
// "" when there is none), what follows it, and whether a colon (or a
// slash: "文/") followed the label.
func cutAuthorLabel(s string) (label, rest string, colon bool) {
	for _, l := range authorLabels {
		if len(s) < len(l) || !strings.EqualFold(s[:len(l)], l) {
			continue
		}
		after := s[len(l):]
		if r, _ := utf8.DecodeRuneInString(after); (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unicode.Is(unicode.Han, r) {
			continue // "Bye", "Parker", "Doorn"; not "記者汪萬里"
		}
		trimmed := strings.TrimLeft(after, " \u00a0")
		colon := strings.HasPrefix(trimmed, ":") || strings.HasPrefix(trimmed, "：") || strings.HasPrefix(trimmed, "/") || strings.HasPrefix(trimmed, "／")
		if labelsNeedColon[l] && !colon {
			continue
		}
		if !colon && trimmed == after && after != "" && !unicode.Is(unicode.Han, []rune(l)[0]) {
			continue // neither a colon nor a space after the label
		}
		return l, strings.TrimSpace(strings.TrimLeft(trimmed, ":：/／-–— \u00a0")), colon
	}
	return "", s, false
}

// authorName returns a name as an author (labels stripped), or "" when it
// names nobody: a generic word ("Guest", "Гость", "Admin"), a place alone
// ("Germany", "Москва", "London, UK"), a URL, a profile's number or
// address, a template's placeholder ("page.head.extra.author",
// "{{author}}") or a phrase (see isPhrase).
func authorName(s string) string {
	s = stripAuthorLabel(s)
	switch {
	case s == "", isURL(s), isProfileID(s), isGeneric(s), isPlace(s), isPlaceholder(s), isPhrase(s), isCredit(s):
		return ""
	}
	return s
}

// isCredit reports whether a byline is a picture's credit, not the
// article's author ("STAFF PHOTO BY KATHY ANDERSON" in a photo's
// span.byline).
func isCredit(s string) bool {
	low := strings.ToLower(s)
	for _, w := range []string{"photo by", "photos by", "photograph by", "photographs by", "illustration by", "image by", "video by"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// isProfileID reports whether an author is a number or an address
// without its scheme, as pages put in article:author for a profile
// ("262588213843476", Facebook's id of a profile;
// "www.facebook.com/jane.doe").
func isProfileID(s string) bool {
	digits := true
	for _, r := range s {
		digits = digits && (unicode.IsDigit(r) || r == ' ' || r == '-' || r == '.')
	}
	if digits {
		return true
	}
	if strings.ContainsAny(s, " ") {
		return false
	}
	low := strings.ToLower(s)
	domain, _, slash := strings.Cut(low, "/")
	return strings.HasPrefix(low, "www.") || slash && strings.Contains(domain, ".")
}

// isPhrase reports whether an author is the rest of a phrase, not a
// name: it starts with a preposition in lowercase ("to Wikimedia
// projects", what "Contributors to Wikimedia projects" leaves after the
// label "Contributors"), with "from" ("From Acme", a shop's maker) or
// with a call to action ("Visit the Acme Store", a shop's link to a
// brand's page).
func isPhrase(s string) bool {
	first, _, _ := strings.Cut(s, " ")
	switch first {
	case "to", "of", "for", "at", "on", "in", "about":
		return true
	}
	low := strings.ToLower(s)
	for _, p := range []string{"from ", "visit the ", "visit our ", "shop the "} {
		if strings.HasPrefix(low, p) {
			return true
		}
	}
	return false
}

// isGeneric reports whether a name is a word for a user or a role rather
// than somebody's name, or words of labels and roles alone ("Topic
// Author", "Author Profile").
func isGeneric(s string) bool {
	low := strings.ToLower(strings.TrimSpace(s))
	if genericNames[low] || genericNames[strings.Trim(low, " .!")] {
		return true
	}
	words := strings.Fields(low)
	for _, w := range words {
		if !roleWords[w] && !genericNames[w] {
			return false
		}
	}
	return len(words) > 1
}

// isPlaceholder reports whether a value is a template's placeholder left
// in the page: braces, or a dotted variable naming the author
// ("page.head.extra.author"; not a domain name such as "gb.cri.cn").
func isPlaceholder(s string) bool {
	if strings.Contains(s, "{{") || strings.Contains(s, "${") || strings.Contains(s, "%%") {
		return true
	}
	if strings.ContainsAny(s, " ") || !strings.Contains(s, ".") {
		return false
	}
	for _, part := range strings.Split(strings.ToLower(s), ".") {
		switch part {
		case "author", "authors", "byline", "creator", "name":
			return true
		}
	}
	return false
}
