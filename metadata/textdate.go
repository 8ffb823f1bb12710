package metadata

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// Dates in visible text, the last source of the publication date: a day,
// a month name and a year in English, German, French, Spanish, Italian,
// Portuguese, Dutch, Polish, Russian or Greek ("4 September 2025", "Sep
// 4th, 2025", "4. September 2025", "4 de septiembre de 2025", "4 września
// 2025", "4 сентября 2025 г.", "4 Σεπτεμβρίου 2025"), numeric dates
// (2025-09-04, 2025.09.04, 04.09.2025, 09/04/2025) and the Chinese,
// Japanese and Korean form 2025年9月4日.

// Around the headline, textDateBefore text nodes before it and
// textDateAfter after it are searched: bylines and datelines sit there.
// A page without an <h1> is searched from its first text node.
const (
	textDateBefore = 15
	textDateAfter  = 60
	textDateNoH1   = 80
	// Beyond that window, a date labeled as published is looked for in
	// textDateLabeled more text nodes.
	textDateLabeled = 400
)

// updatedWords mark a date that may not be the publication date: the
// first date without one wins, else the first date with one (a page that
// shows only "Updated March 5" was published, as far as a reader knows,
// then).
var updatedWords = []string{"updated", "modified", "edited", "reviewed", "aktualisiert", "geändert", "mis à jour",
	"modifié", "actualizado", "aggiornato", "atualizado", "bijgewerkt", "zaktualizowano", "обновлено", "изменено",
	"ενημερώθηκε", "更新"}

// monthNames maps a month name or abbreviation (lowercase, Latin and
// Greek diacritics removed; see foldWord) to its number: in Polish and
// Russian the short forms of a date line ("03 Sty 2012", "12 фев
// 2012"), in Greek the spoken genitives too ("13 Δεκέμβρη 2011").
var monthNames = func() map[string]int {
	m := map[string]int{}
	for i, names := range [12]string{
		"january jan januar janvier janv enero ene gennaio gen janeiro januari styczen stycznia sty январь января янв ιανουαριος ιανουαριου ιαν γεναρη janner",
		"february feb februar fevrier fevr fev febrero febbraio fevereiro februari luty lutego lut февраль февраля фев февр φεβρουαριος φεβρουαριου φλεβαρη φεβ",
		"march mar marz marzo marco maart mrt marzec marca март марта мар μαρτιος μαρτιου μαρτη μαρ mars",
		"april apr avril avr abril abr aprile kwiecien kwietnia kwi апрель апреля апр απριλιος απριλιου απριλη απρ",
		"may mai mayo maggio mag maio mei maj maja май мая μαιος μαιου μαη μαι",
		"june jun juni juin junio giugno giu junho czerwiec czerwca cze июнь июня июн ιουνιος ιουνιου ιουνη ιουν",
		"july jul juli juillet juil julio luglio lug julho lipiec lipca lip июль июля июл ιουλιος ιουλιου ιουλη ιουλ",
		"august aug aout agosto ago augustus sierpien sierpnia sie август августа авг αυγουστος αυγουστου αυγ",
		"september sep sept septembre septiembre setiembre settembre set setembro wrzesien wrzesnia wrz сентябрь сентября сен сент σεπτεμβριος σεπτεμβριου σεπτεμβρη σεπ",
		"october oct oktober okt octobre octubre ottobre ott outubro out pazdziernik pazdziernika paz октябрь октября окт οκτωβριος οκτωβριου οκτωβρη οκτ",
		"november nov novembre noviembre novembro listopad listopada lis ноябрь ноября ноя нояб νοεμβριος νοεμβριου νοεμβρη νοε",
		"december dec dezember dez decembre diciembre dic dicembre dezembro grudzien grudnia gru декабрь декабря дек δεκεμβριος δεκεμβριου δεκεμβρη δεκ",
	} {
		for _, n := range strings.Fields(names) {
			m[n] = i + 1
		}
	}
	return m
}()

// dateFillers may stand between a date's parts ("4 de septiembre de
// 2025", "the 4th of September"), ordinal suffixes included.
var dateFillers = map[string]bool{"de": true, "del": true, "of": true, "st": true, "nd": true, "rd": true, "th": true,
	"er": true, "e": true, "º": true, "o": true}

// textDateNearHeadline returns the publication date written near the
// page's first <h1> (or at the start of a page without one) in ISO 8601,
// or "": a date line's (a text of at most maxDateLineWords words: "July
// 24, 2012 12:11 AM", "Posted on Tue, Jan. 08, 2008") before a date in a
// sentence (a picture's caption, "Earhart and Noonan were flying …" of
// 1937), and of each the first after the headline, else the last one
// before it, preferring a date not marked as an update (see
// updatedWords); a date in a link's title is another page's (see
// linkedDate).
func (c *collected) textDateNearHeadline() string {
	order := c.textDateOrder()
	mdy := monthFirst(c.lang)
	if d, _ := c.firstTextDate(order, mdy, maxDateLineWords); d != "" {
		return d
	}
	d, updated := c.firstTextDate(order, mdy, 0)
	if d != "" {
		return d
	}
	// Further on, a date labeled as the publication's ("Posted on April
	// 13, 2023" at the end of a post).
	start := max(c.h1Text, 0) + textDateAfter
	for i := start; i < min(len(c.texts), start+textDateLabeled); i++ {
		t := c.texts[i]
		if !containsYear(t) {
			continue
		}
		labeled := hasPublishedWord(t)
		if !labeled && i > 0 && len(c.texts[i-1]) < 40 && hasPublishedWord(c.texts[i-1]) {
			labeled = true
		}
		if !labeled {
			continue
		}
		if d, upd := dateIn(t, mdy); d != "" && !upd && !linkedDate(c.textNode[i]) {
			return d
		}
	}
	return updated
}

// maxDateLineWords bounds the words of a date line: a date with its
// weekday, time, zone and a label or two ("Data publikacji: 2012-01-03
// 18:15:00 | Data aktualizacji: 2012-01-10 00:32:27").
const maxDateLineWords = 10

// firstTextDate returns the first date of the texts in order that is not
// marked as an update, and the first one that is; with maxWords above
// zero, of the texts of that many words at most.
func (c *collected) firstTextDate(order []int, mdy bool, maxWords int) (date, updated string) {
	for _, i := range order {
		t := c.texts[i]
		if maxWords > 0 && (!containsYear(t) || len(strings.Fields(t)) > maxWords) {
			continue
		}
		d, upd := dateIn(t, mdy)
		if d == "" || linkedDate(c.textNode[i]) {
			continue
		}
		if !upd && i > 0 && len(c.texts[i-1]) < 40 && hasUpdatedWord(c.texts[i-1]) {
			upd = true // "Updated on" <time>…</time>
		}
		if !upd {
			return d, updated
		}
		if updated == "" {
			updated = d
		}
	}
	return "", updated
}

// linkedDate reports whether a text node is part of a link whose text
// is more than a date: the title of a related story or of an archive's
// entry that holds its own date ("Assisted death plan is risky …
// (dailymail.co.uk, 06 January 2012)", "Stuff The Internet Says On
// Scalability For October 26, 2012"), not the page's. A link that is a
// date alone (a permalink's or the day's edition's: "02 Sty 2012",
// "Posted on November 7th, 2012", "Friday, January 11, 2008 : 1530 Hrs")
// gives the page's date, as does an address written out (the page's
// own, "http://www.utro.ru/articles/2011/11/25/1012905.shtml"), a link
// in the page's <h1> (the headline that links to itself) and one in the
// author's byline (an author's block that links to the author with the
// date in it).
func linkedDate(n *html.Node) bool {
	var link *html.Node
	for p := n.Parent; p != nil && p.Type == html.ElementNode && p.Data != "body"; p = p.Parent {
		switch {
		case p.Data == "h1":
			return false
		case link == nil && isBylineElement(p):
			return false
		case link == nil && p.Data == "a" && hasAttr(p, "href"):
			link = p
		}
	}
	if link == nil {
		return false
	}
	texts := textNodes(link, maxDateLinkNodes)
	if len(texts) == 1 && (isURL(texts[0]) || strings.HasPrefix(texts[0], "www.")) {
		return false
	}
	return !dateAlone(texts)
}

// maxDateLinkNodes bounds the text nodes of a link that is a date alone.
const maxDateLinkNodes = 6

// dateAlone reports whether texts hold a date and no word but the words
// of dates (month and weekday names, fillers, a time's, a label such as
// "Posted on").
func dateAlone(texts []string) bool {
	if len(texts) == maxDateLinkNodes {
		return false
	}
	for _, t := range texts {
		if len(t) > maxDateText {
			return false
		}
		for _, tok := range dateTokens(t) {
			if tok.kind == tokWord && !dateWord(tok.text) {
				return false
			}
		}
	}
	return true
}

// dateWords are words that stand in a date's line besides month and
// weekday names: fillers, a time's, time zones and the labels of a date.
var dateWords = map[string]bool{
	"on": true, "at": true, "am": true, "pm": true, "a": true, "m": true, "p": true, "h": true, "hrs": true, "r": true,
	"г": true, "utc": true, "gmt": true, "est": true, "edt": true, "pst": true, "pdt": true, "cet": true, "cest": true,
	"posted": true, "published": true, "updated": true, "date": true, "opublikowano": true, "dodano": true,
	"опубликовано": true, "обновлено": true, "δημοσιευση": true, "ενημερωση": true,
}

// dateWord reports whether a word (lowercase, folded) is one of a date's
// line.
func dateWord(w string) bool {
	return dateWords[w] || monthNames[w] > 0 || dateFillers[w] || calendarWord(w)
}

// publishedWords label a publication date.
var publishedWords = []string{"published", "posted", "veröffentlicht", "publié", "publicado", "pubblicato",
	"gepubliceerd", "opublikowano", "опубликовано", "δημοσιεύθηκε", "δημοσίευση", "发布", "發布", "发表"}

func hasPublishedWord(s string) bool { return containsAny(s, publishedWords) }

// containsAny reports whether s, lowercased, contains one of words.
func containsAny(s string, words []string) bool {
	low := strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// textDateOrder lists the text nodes searched, in the order of search.
func (c *collected) textDateOrder() []int {
	var order []int
	if c.h1Text < 0 {
		for i := 0; i < min(len(c.texts), textDateNoH1); i++ {
			order = append(order, i)
		}
		return order
	}
	for i := c.h1Text; i < min(len(c.texts), c.h1Text+textDateAfter); i++ {
		order = append(order, i)
	}
	for i := c.h1Text - 1; i >= max(0, c.h1Text-textDateBefore); i-- {
		order = append(order, i)
	}
	return order
}

// monthFirst reports whether a page's language writes numeric dates month
// first (American English: 09/04/2025 is September 4).
func monthFirst(lang string) bool {
	return strings.EqualFold(lang, "en-us") || strings.EqualFold(lang, "en_us")
}

func hasUpdatedWord(s string) bool { return containsAny(s, updatedWords) }

// maxDateText bounds the text of one node searched for a date: a date in
// a long paragraph is not a dateline.
const maxDateText = 300

// dateIn returns the first date written in s, in ISO 8601 ("" when there
// is none), and whether an update word comes before it in s.
func dateIn(s string, mdy bool) (string, bool) {
	if len(s) > maxDateText {
		s = s[:maxDateText]
	}
	if !containsYear(s) {
		return "", false
	}
	toks := dateTokens(s)
	for i := range toks {
		if d := dateAt(toks, i, mdy); d != "" {
			return d, hasUpdatedWord(s[:toks[i].pos])
		}
	}
	if i := strings.Index(s, "年"); i >= 0 {
		if d := cjkDate(s); d != "" {
			return d, hasUpdatedWord(s[:i])
		}
	}
	return "", false
}

// containsYear reports whether s holds four digits in a row, the cheap
// test that skips most text nodes.
func containsYear(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			if run++; run == 4 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// dateToken is a number, a word (lowercase, folded) or one punctuation
// character of a text.
type dateToken struct {
	text string
	num  int // the value of a number of at most 4 digits, else -1
	pos  int // byte offset in the text
	kind byte
}

const (
	tokNum   = 'n'
	tokWord  = 'w'
	tokPunct = 'p'
)

// maxDateTokens bounds the tokens of one text.
const maxDateTokens = 120

func dateTokens(s string) []dateToken {
	var toks []dateToken
	for i := 0; i < len(s) && len(toks) < maxDateTokens; {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r >= '0' && r <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			n := -1
			if j-i <= 4 {
				n = 0
				for _, d := range s[i:j] {
					n = n*10 + int(d-'0')
				}
			}
			toks = append(toks, dateToken{text: s[i:j], num: n, pos: i, kind: tokNum})
			i = j
		case unicode.IsLetter(r) && !unicode.Is(unicode.Han, r):
			j := i
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r2) || unicode.Is(unicode.Han, r2) {
					break
				}
				j += n
			}
			toks = append(toks, dateToken{text: foldWord(s[i:j]), num: -1, pos: i, kind: tokWord})
			i = j
		case unicode.IsSpace(r):
			i += size
		default:
			toks = append(toks, dateToken{text: s[i : i+size], num: -1, pos: i, kind: tokPunct})
			i += size
		}
	}
	return toks
}

// foldWord lowercases a word and removes the diacritics of the month
// names' languages (Latin and Greek), so that "Février", "FEVRIER",
// "września" and "Νοεμβρίου" meet their table entries.
func foldWord(w string) string {
	ascii := true
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(w)
	}
	var sb strings.Builder
	for _, r := range strings.ToLower(w) {
		if f, ok := foldRunes[r]; ok {
			r = f
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

var foldRunes = func() map[rune]rune {
	m := map[rune]rune{}
	for _, p := range []string{"áa", "àa", "âa", "äa", "ãa", "ąa", "ée", "èe", "êe", "ëe", "ęe", "íi", "ìi", "îi", "ïi",
		"óo", "òo", "ôo", "öo", "õo", "úu", "ùu", "ûu", "üu", "çc", "ćc", "ńn", "ñn", "śs", "źz", "żz", "łl",
		"άα", "έε", "ήη", "ίι", "ϊι", "ΐι", "όο", "ύυ", "ϋυ", "ΰυ", "ώω", "ςσ"} {
		r := []rune(p)
		m[r[0]] = r[1]
	}
	return m
}()

// dateAt returns the date that starts at toks[i], or "".
func dateAt(toks []dateToken, i int, mdy bool) string {
	t := toks[i]
	switch {
	case t.kind == tokNum && len(t.text) == 4:
		// 2025-09-04, 2025/09/04, 2025.09.04
		if i+4 < len(toks) && isDateSep(toks[i+1]) && toks[i+3].text == toks[i+1].text && toks[i+2].kind == tokNum && toks[i+4].kind == tokNum &&
			len(toks[i+2].text) <= 2 && len(toks[i+4].text) <= 2 {
			return isoDay(t.num, toks[i+2].num, toks[i+4].num)
		}
	case t.kind == tokNum && len(t.text) <= 2:
		// 04.09.2025, 09/04/2025
		if i+4 < len(toks) && isDateSep(toks[i+1]) && toks[i+3].text == toks[i+1].text && toks[i+2].kind == tokNum && len(toks[i+2].text) <= 2 &&
			toks[i+4].kind == tokNum && len(toks[i+4].text) == 4 {
			a, b, y := t.num, toks[i+2].num, toks[i+4].num
			switch {
			case a > 12:
				return isoDay(y, b, a)
			case b > 12:
				return isoDay(y, a, b)
			case mdy && toks[i+1].text != ".":
				return isoDay(y, a, b)
			default:
				return isoDay(y, b, a)
			}
		}
		// 4 September 2025, 4. September 2025, 4th of September, 2025
		j := skipFillers(toks, i+1)
		if j < len(toks) && toks[j].kind == tokWord {
			if m := monthNames[toks[j].text]; m > 0 {
				if k := skipFillers(toks, j+1); k < len(toks) && toks[k].kind == tokNum && len(toks[k].text) == 4 {
					return isoDay(toks[k].num, m, t.num)
				}
			}
		}
	case t.kind == tokWord:
		// September 4, 2025, Sep. 4th 2025
		if m := monthNames[t.text]; m > 0 {
			j := skipFillers(toks, i+1)
			if j < len(toks) && toks[j].kind == tokNum && len(toks[j].text) <= 2 {
				if k := skipFillers(toks, j+1); k < len(toks) && toks[k].kind == tokNum && len(toks[k].text) == 4 {
					return isoDay(toks[k].num, m, toks[j].num)
				}
			}
		}
	}
	return ""
}

// skipFillers returns the index of the first token from i that is not
// ".", ",", a filler word or an ordinal suffix.
func skipFillers(toks []dateToken, i int) int {
	for n := 0; i < len(toks) && n < 3; i, n = i+1, n+1 {
		t := toks[i]
		if !(t.kind == tokPunct && (t.text == "." || t.text == ",") || t.kind == tokWord && dateFillers[t.text]) {
			break
		}
	}
	return i
}

func isDateSep(t dateToken) bool {
	return t.kind == tokPunct && (t.text == "-" || t.text == "/" || t.text == ".")
}

// isoDay formats a valid day as ISO 8601 ("" for no such day or a year
// outside minYear–maxYear).
func isoDay(y, m, d int) string {
	if y < minYear || y > maxYear || m < 1 || m > 12 || d < 1 {
		return ""
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d {
		return ""
	}
	return t.Format(time.DateOnly)
}

// cjkDate reads the first 2025年9月4日 in s.
func cjkDate(s string) string {
	for {
		i := strings.Index(s, "年")
		if i < 0 {
			return ""
		}
		var y, m, d int
		head := strings.TrimRight(s[:i], " ")
		k := len(head)
		for k > 0 && head[k-1] >= '0' && head[k-1] <= '9' && len(head)-k < 4 {
			k--
		}
		rest := s[i+len("年"):]
		if len(head)-k == 4 {
			fmt.Sscan(head[k:], &y)
			if n, _ := fmt.Sscanf(strings.ReplaceAll(rest, " ", ""), "%d月%d日", &m, &d); n == 2 {
				if iso := isoDay(y, m, d); iso != "" {
					return iso
				}
			}
		}
		s = rest
	}
}
