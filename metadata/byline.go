package metadata

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bylines in the text: the author's name after a label ("By", "Written
// by", "Author:", "Posted by", …, and their counterparts in the
// languages of the DAnIEL corpus and the common European ones), in the
// same text node ("By Jane Doe") or in the next one ("By" <a>Jane
// Doe</a>).

// Around the headline, bylineBefore text nodes before it and bylineAfter
// after it are searched for a byline.
const (
	bylineBefore = 20
	bylineAfter  = 60
)

// bylineLabels are labels that stand alone before a name (lowercase,
// without a trailing colon).
var bylineLabels = map[string]bool{
	"by": true, "written by": true, "author": true, "authors": true, "author(s)": true, "posted by": true,
	"started by": true, "recipe by": true, "words by": true, "story by": true, "reported by": true,
	"contributor": true, "contributors": true, "published by": true,
	"von": true, "autor": true, "autorin": true, "par": true, "auteur": true, "auteure": true, "por": true,
	"autora": true, "di": true, "autore": true, "door": true, "napisał": true, "napisała": true,
	"автор": true, "авторы": true, "συντάκτης": true, "γράφει": true, "作者": true, "文": true,
}

// bylinePrefixes start a text node that goes on with the name.
var bylinePrefixes = []string{"written by ", "posted by ", "started by ", "recipe by ", "words by ", "story by ",
	"reported by ", "by ", "by: ", "author: ", "authors: ", "von ", "par ", "por ", "door ", "autor: ", "auteur : ",
	"auteur: ", "autore: ", "автор: ", "συντάκτης: ", "作者：", "作者:"}

// nameEnds cut a name from what follows it in a byline.
var nameEnds = []string{" | ", " - ", " – ", " — ", " · ", " • ", " » ", ",", " on ", " at ", " in ", " for ", " with ",
	" updated", " published", " posted", "(", "|", "·", "•", "»", "\n"}

// genericNames are not anybody's name (lowercase): words for a user, a
// role, the editorial staff or an unknown author, in English and in the
// languages of the DAnIEL corpus and the common European ones, and words
// of a page's furniture. A newsroom's name ("Newsdesk") is an author as
// WCXB annotates it.
var genericNames = map[string]bool{
	"admin": true, "administrator": true, "webmaster": true, "editor": true, "editors": true, "staff": true, "guest": true,
	"anonymous": true, "anon": true, "unknown": true, "undefined": true, "null": true, "nobody": true, "user": true, "author": true,
	"moderator": true, "member": true, "visitor": true, "reader": true, "editorial": true, "editorial staff": true,
	"staff writer": true, "staff reporter": true,
	"guest author": true, "guest contributor": true, "contributor": true, "press release": true, "sponsored": true,
	"archive": true, "archives": true, "profile": true, "bio": true, "rss": true,
	// a wire's name for no one ("By AGENCY", "Agencies", "WIRE")
	"agency": true, "agencies": true, "wire": true, "wires": true, "news agencies": true, "wire services": true,
	// credentials after a comma ("Lisa Sanders, M.D.")
	"m.d.": true, "md": true, "ph.d.": true, "phd": true, "mba": true, "rn": true, "dvm": true, "cpa": true, "esq.": true,
	"home": true, "menu": true, "share": true, "comments": true, "search": true, "more": true, "read": true,
	"default": true, "email": true, "post": true, "posted": true, "updated": true, "published": true, "guide": true, "date": true, "category": true, "categories": true, "tags": true,
	// German, French, Spanish, Portuguese, Italian, Dutch, Polish
	"gast": true, "redaktion": true, "anonym": true, "unbekannt": true, "invité": true, "rédaction": true, "anonyme": true,
	"inconnu": true, "invitado": true, "redacción": true, "anónimo": true, "desconocido": true, "convidado": true,
	"redação": true, "ospite": true, "redazione": true, "anonimo": true, "redactie": true, "gość": true, "redakcja": true,
	"anonim": true, "administrador": true, "amministratore": true,
	// Russian, Ukrainian
	"гость": true, "гости": true, "аноним": true, "анонимно": true, "админ": true, "администратор": true, "модератор": true,
	"редакция": true, "редакция сайта": true, "редактор": true, "пользователь": true, "неизвестно": true, "неизвестный": true,
	"гість": true, "редакція": true,
	// Greek, Chinese
	"επισκέπτης": true, "διαχειριστής": true, "σύνταξη": true, "ανώνυμος": true, "游客": true, "访客": true, "匿名": true,
	"匿名用户": true, "管理员": true, "編輯部": true, "编辑部": true, "本报记者": true, "本站": true,
	// days, as a date's first word ("Sat" of "Sat, 12 Oct")
	"mon": true, "tue": true, "wed": true, "thu": true, "fri": true, "sat": true, "sun": true, "monday": true,
	"tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
}

// roleWords are words of labels and titles, not of names ("Topic
// Author", "Privacy Policy", "Shop All").
var roleWords = map[string]bool{
	"author": true, "authors": true, "owner": true, "member": true, "moderator": true, "admin": true, "policy": true,
	"privacy": true, "review": true, "reviews": true, "spotlight": true, "topic": true, "posts": true, "profile": true,
	"contact": true, "about": true, "all": true, "shop": true, "more": true, "view": true, "terms": true, "cookie": true,
	"cookies": true, "newsletter": true, "subscribe": true, "follow": true, "share": true, "menu": true, "login": true,
}

// nameParticles may start lowercase inside a name.
var nameParticles = map[string]bool{
	"van": true, "von": true, "der": true, "den": true, "de": true, "da": true, "di": true, "du": true, "del": true,
	"della": true, "la": true, "le": true, "bin": true, "al": true, "y": true, "e": true, "the": true, "of": true,
	"dos": true, "das": true, "ten": true, "ter": true, "zu": true,
}

// bylineLabel reports whether a text node is a label alone ("By",
// "Written By:", "AUTHOR").
func bylineLabel(t string) bool {
	if len(t) > 24 {
		return false
	}
	t = strings.ToLower(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t), ":：")))
	return bylineLabels[t]
}

// afterBylinePrefix returns what follows a byline prefix at the start of
// t ("By Jane Doe, May 5" → "Jane Doe, May 5"), or "" when t does not
// start with one.
func afterBylinePrefix(t string) string {
	for _, p := range bylinePrefixes {
		if len(t) > len(p) && strings.EqualFold(t[:len(p)], p) {
			return strings.TrimSpace(t[len(p):])
		}
	}
	return ""
}

// cutName returns the start of s up to what ends a name in a byline.
func cutName(s string) string {
	low := strings.ToLower(s)
	end := len(s)
	for _, e := range nameEnds {
		if i := strings.Index(low, e); i > 0 && i < end {
			end = i
		}
	}
	return strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s[:end]), ".:;-–—"))
}

// personName returns s when it reads as a person's (or a team's) name:
// one to six words, each capitalized or a particle ("van", "de"), without
// digits or URL characters; a single word may also be a user name
// ("b.scherer", "chunix64") when user is set. Else "".
func personName(s string, user bool) string {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 60 || strings.ContainsAny(s, "@/:=<>{}[]\"“”?!") {
		return ""
	}
	words := strings.Fields(s)
	if len(words) > 6 {
		return ""
	}
	if len(words) == 1 {
		w := words[0]
		if genericNames[strings.ToLower(w)] || utf8.RuneCountInString(w) < 2 {
			return ""
		}
		letters := 0
		for _, r := range w {
			switch {
			case unicode.IsLetter(r):
				letters++
			case unicode.IsDigit(r) || r == '.' || r == '_' || r == '-' || r == '\'':
			default:
				return ""
			}
		}
		if letters == 0 {
			return ""
		}
		if r, _ := utf8.DecodeRuneInString(w); user || unicode.IsUpper(r) || !unicode.IsLower(r) && !isDigitRune(r) {
			return w
		}
		return ""
	}
	capitals := 0
	for i, w := range words {
		if roleWords[strings.ToLower(w)] {
			return ""
		}
		r, _ := utf8.DecodeRuneInString(w)
		switch {
		case unicode.IsUpper(r):
			capitals++
		case nameParticles[strings.ToLower(w)] && (i > 0 || w == "the"):
		case unicode.IsLetter(r) && !unicode.IsLower(r): // scripts without case
			capitals++
		default:
			return ""
		}
		for _, r := range w {
			if isDigitRune(r) {
				return ""
			}
		}
	}
	if capitals == 0 || genericNames[strings.ToLower(s)] {
		return ""
	}
	return s
}

func isDigitRune(r rune) bool { return r >= '0' && r <= '9' }

// nameInTexts returns the name a byline's text nodes give: after a label
// alone (the next text node or two), or after a byline prefix or a label
// and a colon ("Текст: Венера Ерофеева") in the same node; with bare set,
// else a text node that is a name of two words or more by itself (the
// text of an element classed as the author). lo and hi bound the nodes
// where a byline may start. A user name ("b.scherer") counts only when it
// is a whole text node after the label.
func nameInTexts(texts []string, lo, hi int, bare bool) string {
	lo, hi = max(lo, 0), min(hi, len(texts))
	for i := lo; i < hi; i++ {
		t := texts[i]
		if bylineLabel(t) {
			if n := nameAfterLabel(texts, i); n != "" {
				return n
			}
			continue
		}
		if rest := first(afterBylinePrefix(t), afterColonLabel(t)); rest != "" {
			if n := nameOf(rest); n != "" {
				return n
			}
		}
	}
	if bare {
		for i := lo; i < hi; i++ {
			if n := personName(cutName(texts[i]), false); strings.Contains(n, " ") {
				return n
			}
		}
	}
	return ""
}

// nameAfterLabel returns the name in the text nodes right after the label
// texts[i] ("By", "Written by"), separators between them allowed, or "".
func nameAfterLabel(texts []string, i int) string {
	for j := i + 1; j < min(i+3, len(texts)); j++ {
		if n := nameOf(texts[j]); n != "" {
			return n
		}
		if !isSeparator(texts[j]) {
			break
		}
	}
	return ""
}

// writtenBy returns the name after the first "Written by" label of the
// page's text nodes, alone ("Written by" <a>Jane Doe</a>) or before the
// name and nothing else in the same node ("Written by Jane Doe"), or "";
// the label is capitalized, as a byline writes it. Unlike "By",
// which starts phrases of the text too ("By the river"), the label says
// who wrote the page wherever it stands: under the article, in the
// author's box.
func writtenBy(texts []string) string {
	for i, t := range texts {
		if !strings.HasPrefix(t, "W") {
			continue // "… a library written by Jane Doe in C": a sentence's words
		}
		if strings.EqualFold(strings.TrimSpace(strings.TrimRight(t, ":：")), "written by") {
			if n := nameAfterLabel(texts, i); n != "" {
				return n
			}
			continue
		}
		if len(t) > len("written by ") && strings.EqualFold(t[:len("written by ")], "written by ") {
			// The whole rest is the name: not a sentence that goes on
			// ("written by Jane Doe in C. It implements …").
			if rest := strings.TrimSpace(t[len("written by "):]); personName(rest, false) == rest {
				return rest
			}
		}
	}
	return ""
}

// nameOf returns the name at the start of a byline's rest ("Jane Doe ·
// May 5"), or "".
func nameOf(rest string) string {
	cut := cutName(rest)
	return personName(cut, cut == strings.TrimSpace(rest))
}

// isSeparator reports whether a text node is only punctuation between a
// label and a name (":", "|", "·").
func isSeparator(t string) bool {
	for _, r := range t {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// authorHref reports whether a link points to an author's page
// (/author/jane-doe, /authors/…, ?author=…).
func authorHref(href string) bool {
	if !containsFold(href, "aut") {
		return false
	}
	h := strings.ToLower(href)
	return strings.Contains(h, "/author/") || strings.Contains(h, "/authors/") || strings.Contains(h, "author=") ||
		strings.Contains(h, "/autor/") || strings.Contains(h, "/auteur/") || strings.Contains(h, "/autore/")
}

// IsByline reports whether a line of text is a byline: a label ("By",
// "Written by", "Von", "Автор:", …) followed by a person's name, and
// perhaps a date or reading time after it ("By Jane Doe · 5 May 2025 · 4
// min read").
func IsByline(line string) bool {
	line = strings.TrimSpace(line)
	if len(line) > 200 {
		return false
	}
	rest := afterBylinePrefix(line)
	if rest == "" {
		return false
	}
	return personName(cutName(rest), false) != ""
}
