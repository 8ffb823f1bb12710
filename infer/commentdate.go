package infer

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A comment's header writes its date in many forms: "May 2, 2024 at 3:04
// pm", "12 May 2022 @ 4:05 pm", "2. Mai 2024 um 14:05", "02/05/2024",
// "2024-05-02 14:05", "3 days ago", "vor 2 Stunden", "yesterday at 9:10".
// commentDateLen finds such a date at the start of a text, so that a
// byline such as "Ann wrote: Great post" keeps its text as text.

// dateToken is a run of digits, a run of letters (lowercase) or one other
// character of a text; end is the byte offset after it.
type dateToken struct {
	text string
	kind byte // 'n' digits, 'w' letters, 'p' other
	end  int
}

// maxDateTokens bounds the tokens read from the start of a text: a date
// with its time fits in fewer.
const maxDateTokens = 24

func dateTokens(s string) []dateToken {
	var toks []dateToken
	for i := 0; i < len(s) && len(toks) < maxDateTokens; {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		j, kind := i+size, byte('p')
		switch {
		case r >= '0' && r <= '9':
			kind = 'n'
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
		case unicode.IsLetter(r):
			kind = 'w'
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r2) {
					break
				}
				j += n
			}
		}
		toks = append(toks, dateToken{text: strings.ToLower(s[i:j]), kind: kind, end: j})
		i = j
	}
	return toks
}

// dateWords builds a set of words from space-separated lists.
func dateWords(lists ...string) map[string]bool {
	m := map[string]bool{}
	for _, l := range lists {
		for _, w := range strings.Fields(l) {
			m[w] = true
		}
	}
	return m
}

var (
	// monthWords are the months' names and abbreviations in the
	// languages of the comment reader's says words (commentByline).
	monthWords = dateWords(
		"january february march april may june july august september october november december",
		"jan feb mar apr jun jul aug sep sept oct nov dec",
		"januar februar märz märz april mai juni juli august september oktober november dezember jänner okt dez",
		"janvier février mars avril juin juillet août septembre octobre novembre décembre janv févr avr juil déc",
		"enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre ene dic",
		"gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre",
		"janeiro fevereiro março maio junho julho setembro outubro novembro dezembro",
		"januari februari maart mei augustus",
		"stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia",
		"styczeń luty marzec kwiecień czerwiec lipiec sierpień wrzesień październik listopad grudzień",
		"января февраля марта апреля мая июня июля августа сентября октября ноября декабря")
	// weekdayWords may open a date ("Monday, May 2, 2024").
	weekdayWords = dateWords(
		"monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun",
		"montag dienstag mittwoch donnerstag freitag samstag sonntag",
		"lundi mardi mercredi jeudi vendredi samedi dimanche",
		"lunes martes miércoles jueves viernes sábado domingo")
	// dayWords are a day named without a number ("yesterday at 9:10").
	dayWords = dateWords("yesterday today gestern heute hier ayer hoy ieri oggi wczoraj dzisiaj gisteren vandaag вчера сегодня")
	// unitWords are the units of a relative date ("3 days ago").
	unitWords = dateWords(
		"second seconds sec secs minute minutes min mins hour hours hr hrs day days week weeks month months year years",
		"sekunde sekunden minute minuten stunde stunden tag tagen woche wochen monat monaten jahr jahren",
		"seconde secondes heure heures jour jours semaine semaines mois an ans année années",
		"segundo segundos minuto minutos hora horas día días semana semanas mes meses año años",
		"secondi minuti ora ore giorno giorni settimana settimane mese mesi anno anni",
		"minut minuty godzina godziny godzin dzień dni tydzień tygodnie tygodni miesiąc miesiące miesięcy rok lata lat",
		"минуту минуты минут час часа часов день дня дней неделю недели недель месяц месяца месяцев год года лет")
	// agoWords follow a relative date ("3 days ago"), beforeWords open
	// one ("vor 3 Tagen", "hace 2 días", "il y a 3 jours").
	agoWords    = dateWords("ago temu geleden назад fa")
	beforeWords = dateWords("vor hace il y a")
	// dateFillers stand between a date's parts ("4 de mayo de 2024",
	// "the 4th of May") or after its day number ("2nd").
	dateFillers = dateWords("de del of the st nd rd th er e º")
	// dateOpeners may stand before a date ("on May 2", "am 2. Mai").
	dateOpeners = dateWords("on am le el il op dnia den")
	// timeOpeners stand between a date and its time of day.
	timeOpeners = dateWords("at um à o alle om kl")
	// clockWords follow a time of day.
	clockWords = dateWords("am pm uhr h")
)

// commentDateLen returns the length in bytes of the date that s starts
// with (a date or a day word with its time of day, or a time of day
// alone), or 0 when s does not start with one.
func commentDateLen(s string) int {
	n, _, _ := readCommentDate(s)
	return n
}

// readCommentDate is commentDateLen, and reports whether the date names
// its day and whether it has a time of day.
func readCommentDate(s string) (n int, day, clock bool) {
	toks := dateTokens(s)
	i := 0
	if i < len(toks) && toks[i].kind == 'w' && dateOpeners[toks[i].text] {
		i++
	}
	if i < len(toks) && weekdayWords[toks[i].text] {
		i++
		i = skipPunct(toks, i, ",")
	}
	end := dateCore(toks, i)
	if end < 0 {
		// A time of day before its date ("9:39 PM January 16, 2012",
		// "12:31 pm, 12-Jan-2012") or alone ("at 2:35 PM", "14:05").
		t := timeOfDay(toks, i)
		if t == i {
			return 0, false, false
		}
		j := skipPunct(toks, t, ",-|")
		if j < len(toks) && toks[j].kind == 'w' && dateOpeners[toks[j].text] {
			j++
		}
		if e := dateCore(toks, j); e > 0 {
			return toks[e-1].end, true, true
		}
		return toks[t-1].end, false, true
	}
	t := timeOfDay(toks, end)
	if t == end && dayWords[toks[end-1].text] && end < len(toks) {
		return 0, false, false // "Today I took the train": a word of the text
	}
	return toks[t-1].end, true, t > end
}

// skipPunct skips one token at i when it is one of the marks in set.
func skipPunct(toks []dateToken, i int, set string) int {
	if i < len(toks) && toks[i].kind == 'p' && strings.Contains(set, toks[i].text) {
		return i + 1
	}
	return i
}

// skipFillers skips the filler words (and a comma or full stop) at i.
func skipFillers(toks []dateToken, i int) int {
	for i < len(toks) && (toks[i].kind == 'w' && dateFillers[toks[i].text] || toks[i].kind == 'p' && (toks[i].text == "." || toks[i].text == ",")) {
		i++
	}
	return i
}

// dateCore returns the index after the date (without its time) that
// starts at toks[i], or -1.
func dateCore(toks []dateToken, i int) int {
	if i >= len(toks) {
		return -1
	}
	num := func(k, minLen, maxLen int) bool {
		return k < len(toks) && toks[k].kind == 'n' && len(toks[k].text) >= minLen && len(toks[k].text) <= maxLen
	}
	word := func(k int, set map[string]bool) bool {
		return k < len(toks) && toks[k].kind == 'w' && set[toks[k].text]
	}
	t := toks[i]
	switch {
	case word(i, dayWords):
		return i + 1
	case word(i, beforeWords):
		// vor 3 Tagen, hace 2 días, il y a 3 jours
		j := i
		for word(j, beforeWords) {
			j++
		}
		if num(j, 1, 3) && word(j+1, unitWords) {
			return j + 2
		}
	case t.kind == 'w' && (t.text == "a" || t.text == "an" || t.text == "one") && word(i+1, unitWords) && word(i+2, agoWords):
		return i + 3 // an hour ago
	case word(i, monthWords):
		// May 2, 2024; May 2nd; May 2024
		j := skipPunct(toks, i+1, ".")
		if num(j, 4, 4) {
			return j + 1
		}
		if num(j, 1, 2) {
			k := skipFillers(toks, j+1)
			if num(k, 4, 4) {
				return k + 1
			}
			return j + 1 + boolInt(word(j+1, dateFillers))
		}
	case num(i, 4, 4):
		// 2024-05-02, 2024/05/02, 2024.05.02
		if numericDate(toks, i, 2) {
			return i + 5
		}
	case num(i, 1, 3):
		if word(i+1, unitWords) && word(i+2, agoWords) {
			return i + 3 // 3 days ago
		}
		// 02.05.2024, 2/5/24
		if num(i, 1, 2) && numericDate(toks, i, 4) && len(toks[i+4].text) != 3 && len(toks[i+4].text) != 1 {
			return i + 5
		}
		// 12-Jan-2012
		if num(i, 1, 2) && i+4 < len(toks) && toks[i+1].text == "-" && word(i+2, monthWords) && toks[i+3].text == "-" && num(i+4, 2, 4) {
			return i + 5
		}
		// 2 May 2024, 2. Mai 2024, 4 de mayo de 2024, 2nd of May
		j := skipFillers(toks, i+1)
		if word(j, monthWords) {
			j = skipPunct(toks, j+1, ".")
			if k := skipFillers(toks, j); num(k, 4, 4) {
				return k + 1
			}
			return j
		}
	}
	return -1
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// numericDate reports whether toks[i:i+5] are three numbers joined by
// the same mark ("-", "/" or "."), the second of one or two digits, the
// third of at most lastLen.
func numericDate(toks []dateToken, i, lastLen int) bool {
	if i+4 >= len(toks) {
		return false
	}
	sep := toks[i+1]
	if sep.kind != 'p' || !strings.Contains("-/.", sep.text) || toks[i+3].kind != 'p' || toks[i+3].text != sep.text {
		return false
	}
	return toks[i+2].kind == 'n' && len(toks[i+2].text) <= 2 && toks[i+4].kind == 'n' && len(toks[i+4].text) <= lastLen
}

// timeOfDay returns the index after a time of day at toks[i] ("at 3:04
// pm", ", 14:05", "@ 4:05 pm", "um 14.05 Uhr"), or i when there is none.
func timeOfDay(toks []dateToken, i int) int {
	j := skipPunct(toks, i, ",-|@")
	if j < len(toks) && toks[j].kind == 'w' && timeOpeners[toks[j].text] {
		j++
	}
	if j >= len(toks) || toks[j].kind != 'n' || len(toks[j].text) > 2 {
		return i
	}
	k := j + 1
	if k+1 < len(toks) && toks[k].kind == 'p' && (toks[k].text == ":" || toks[k].text == ".") && toks[k+1].kind == 'n' && len(toks[k+1].text) == 2 {
		k += 2
		if k+1 < len(toks) && toks[k].text == ":" && toks[k+1].kind == 'n' && len(toks[k+1].text) == 2 {
			k += 2 // seconds
		}
	} else if !(k < len(toks) && toks[k].kind == 'w' && (toks[k].text == "am" || toks[k].text == "pm")) {
		return i // a number alone is not a time
	}
	if k < len(toks) && toks[k].kind == 'w' && clockWords[toks[k].text] {
		k++
	}
	return k
}
