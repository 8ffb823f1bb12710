package metadata

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/abadojack/whatlanggo"
	"golang.org/x/text/language"
)

// The page's language: what the page declares (<html lang>, <meta
// http-equiv="content-language">, og:locale, <meta name="language">,
// JSON-LD inLanguage, Dublin Core), a declaration at a time, each taken
// only when it is a language tag and its text does not contradict it;
// else the language detected from the text. Templates declare a
// language once for a whole site ("en" on a Polish, Greek or Chinese
// page), so a declaration is checked against the writing system of the
// text (a page whose text is mostly Han is not in English) and, within
// Latin and Cyrillic, against the letters the language uses (ł, ś and ż
// are not English): letters it does not use and a detection of another
// language contradict it.

// sampleRunes is how much of the text the language is read from: on the
// texts the default model extracts from DAnIEL's train and dev pages,
// 300 runes or more detect the language of all pages but the two without
// text, 200 runes three fewer. 1000 leave a margin for pages whose
// text starts with a run of names or another script; the detector takes
// about 1 ms on 1000 runes of Latin or Cyrillic, and checking a
// declaration the text agrees with about a tenth of that. (The first
// detector read 500 bytes: under 200 letters of Greek, Russian or
// Chinese.)
const sampleRunes = 1000

// minLetters is the least number of letters worth detecting a language
// from.
const minLetters = 20

// Contradicting a declaration takes more: judgeLetters letters, of which
// judgeShare are in one writing system.
const (
	judgeLetters = 40
	judgeShare   = 0.6
)

// pageLanguage returns the language of a page: the first of its
// declarations that is a language tag the text does not contradict
// (normalized: "en-US", "pt-BR"), else the language detected from text
// (an ISO 639-1 code where there is one; detected set), else "". Without
// text the first valid declaration is trusted.
func pageLanguage(declared []string, text string) (lang string, detected bool) {
	s := newSample(text)
	for _, d := range declared {
		if tag := parseLanguage(d); tag != "" && !s.contradicts(tag) {
			return tag, false
		}
	}
	if l := s.detect(); l != "" {
		return l, true
	}
	return "", false
}

// DetectLanguage returns the ISO 639-1 code (or the ISO 639-3 code of a
// language without one) of the language of text, read from its first
// 1000 runes, or "" when these hold fewer than 20 letters or the language
// is not known.
func DetectLanguage(text string) string { return newSample(text).detect() }

// languageNames maps the names some pages give as <meta name="language">
// (English and native, lowercase) to language codes.
var languageNames = map[string]string{
	"english": "en", "german": "de", "deutsch": "de", "french": "fr", "français": "fr", "francais": "fr",
	"spanish": "es", "español": "es", "espanol": "es", "italian": "it", "italiano": "it", "portuguese": "pt",
	"português": "pt", "dutch": "nl", "nederlands": "nl", "polish": "pl", "polski": "pl", "russian": "ru",
	"русский": "ru", "ukrainian": "uk", "українська": "uk", "greek": "el", "ελληνικά": "el", "chinese": "zh",
	"中文": "zh", "japanese": "ja", "日本語": "ja", "korean": "ko", "한국어": "ko", "turkish": "tr", "türkçe": "tr",
	"czech": "cs", "čeština": "cs", "swedish": "sv", "svenska": "sv", "danish": "da", "dansk": "da",
	"norwegian": "no", "norsk": "no", "finnish": "fi", "suomi": "fi", "hungarian": "hu", "magyar": "hu",
	"romanian": "ro", "română": "ro", "arabic": "ar", "العربية": "ar", "hebrew": "he", "עברית": "he",
	"hindi": "hi", "हिन्दी": "hi", "indonesian": "id", "vietnamese": "vi", "tiếng việt": "vi", "thai": "th",
}

// parseLanguage returns the language tag of a declared value, normalized
// ("en-us, fr" → "en-US", "pt_BR" → "pt-BR", "English" → "en"), or ""
// when it names no known language ("utf-8", "x-default", "und").
func parseLanguage(s string) string {
	s = strings.TrimSpace(s)
	if code, ok := languageNames[strings.ToLower(s)]; ok {
		return code
	}
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == ' ' })
	if len(fields) == 0 {
		return ""
	}
	t, err := language.Parse(fields[0])
	if err != nil {
		return ""
	}
	if b, conf := t.Base(); conf != language.Exact || b.String() == "mul" || b.String() == "zxx" {
		return "" // "und", "x-default", many or no languages
	}
	return t.String()
}

// writing is a writing system as ISO 15924 names it: "Latn", "Cyrl",
// "Grek", "Hani" (Han without kana: Chinese), "Jpan" (Han and kana),
// "Kore" (Hangul), "Arab", "Hebr", "Deva", "Thai"; "" for the others.
type writing string

// scripts are the writing systems a sample counts, with their Unicode
// scripts; Han, kana and Hangul are counted apart and combined by
// sample.writing.
var scripts = []struct {
	w     writing
	table *unicode.RangeTable
}{
	{"Latn", unicode.Latin}, {"Cyrl", unicode.Cyrillic}, {"Grek", unicode.Greek}, {"Hani", unicode.Han},
	{"kana", unicode.Hiragana}, {"kana", unicode.Katakana}, {"Kore", unicode.Hangul}, {"Arab", unicode.Arabic},
	{"Hebr", unicode.Hebrew}, {"Deva", unicode.Devanagari}, {"Thai", unicode.Thai},
}

// sample is the start of a text and the count of its letters by writing
// system.
type sample struct {
	text    string
	letters int
	counts  map[writing]int
}

// newSample reads the first sampleRunes runes of text.
func newSample(text string) *sample {
	s := &sample{counts: map[writing]int{}}
	n := 0
	for i, r := range text {
		if n == sampleRunes {
			text = text[:i]
			break
		}
		n++
		if !unicode.IsLetter(r) {
			continue
		}
		s.letters++
		s.counts[scriptOf(r)]++
	}
	s.text = text
	return s
}

// scriptOf returns the writing system of a letter ("kana" for Hiragana
// and Katakana).
func scriptOf(r rune) writing {
	if r < 0x80 {
		return "Latn"
	}
	for _, sc := range scripts {
		if unicode.Is(sc.table, r) {
			return sc.w
		}
	}
	return ""
}

// writing returns the writing system most of the sample's letters are
// in and its share of them. Han, kana and Hangul count together as one
// CJK writing: Korean when a third of it is Hangul, Japanese when a tenth
// is kana, else Chinese.
func (s *sample) writing() (writing, float64) {
	if s.letters == 0 {
		return "", 0
	}
	han, kana, hangul := s.counts["Hani"], s.counts["kana"], s.counts["Kore"]
	best, most := writing(""), 0
	for _, sc := range scripts { // in order, for ties
		if n := s.counts[sc.w]; sc.w != "Hani" && sc.w != "kana" && sc.w != "Kore" && n > most {
			best, most = sc.w, n
		}
	}
	if cjk := han + kana + hangul; cjk > most {
		switch {
		case 3*hangul >= cjk:
			best = "Kore"
		case 10*kana >= cjk:
			best = "Jpan"
		default:
			best = "Hani"
		}
		most = cjk
	}
	return best, float64(most) / float64(s.letters)
}

// writingOf returns the writing system a language tag is written in, or
// "" when it is not one of those counted or the language is written in
// several (Serbian, Uzbek, Azerbaijani: Latin and Cyrillic).
func writingOf(tag string) writing {
	t, err := language.Parse(tag)
	if err != nil {
		return ""
	}
	sc, conf := t.Script()
	switch sc.String() {
	case "Hans", "Hant", "Hani":
		return "Hani" // Low confidence between the simplified and traditional forms
	}
	if conf < language.High {
		return ""
	}
	w := writing(sc.String())
	for _, s := range scripts {
		if s.w == w {
			return w
		}
	}
	if w == "Jpan" {
		return w
	}
	return ""
}

// contradicts reports whether the sample's text shows that it is not in
// the language of tag: it is mostly in another writing system, or in the
// same one it has letters that the language does not use (the Polish ł,
// ś, ż of a page that declares English) and the detector finds another
// language (a page mangled in decoding has foreign letters too), or its
// words are clearly another language's (see wordsLanguage: an English
// article on a site that declares German) and the detector finds that
// language.
func (s *sample) contradicts(tag string) bool {
	if s.letters < judgeLetters {
		return false
	}
	want := writingOf(tag)
	got, share := s.writing()
	if want == "" || got == "" || share < judgeShare {
		return false
	}
	if got != want {
		return true
	}
	base, _, _ := strings.Cut(tag, "-")
	if s.foreignLetters(base) {
		d := s.detect()
		return d != "" && d != base
	}
	if other := s.wordsLanguage(base); other != "" {
		return s.detect() == other
	}
	return false
}

// The common words of a language (see commonWords) contradict a
// declaration when the text holds at least minWords words, of which a
// share of at least wordsShare are those of another language, and fewer
// than a quarter as many those of the declared one. (English text has
// about a quarter of its words among English's; a German text with
// English quotes or names many more than a quarter of that among
// German's, and languages as near as Spanish and Portuguese share
// enough of theirs never to contradict each other.)
const (
	minWords   = 30
	wordsShare = 0.12
)

// commonWords are, for languages written in Latin letters, their most
// frequent words of two letters or more, lowercase: the articles,
// pronouns, prepositions and conjunctions every text of the language is
// full of. (Words of one letter are not counted: the English "I", a
// letter of a code, a word spelled out letter by letter.) A language not
// listed is not judged by its words.
var commonWords = map[string]string{
	"en": "the and of to is that for with was this are it on be as have from by you not at or an they we his her which has were",
	"de": "der die und den von zu das mit sich des auf für ist im dem nicht ein eine als auch es werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen zum war haben nur oder aber vor zur bis",
	"fr": "le la les de des et un une du est en que qui dans pour pas au sur par plus ne se il sont avec ce cette aux ont été elle nous vous",
	"es": "el la los las de del que en un una es por con para se no al lo como más su sus pero ha fue este esta entre",
	"it": "il la le di del della che un una per in con non si da dei delle al alla sono come ha più anche gli nel nella",
	"pt": "os as de do da dos das que em um uma para com não no na por se mais ao como foi mas são",
	"nl": "de het een en van in is dat op te zijn met voor niet die aan er om ook als bij maar door wordt naar worden dan nog",
	"pl": "na do się nie że to jest jak po co od za przez ale dla są oraz tym jego było może już",
	"sv": "och att det som en på är av för med till den har de inte om ett var jag men så från kan vi sig eller",
}

// commonWordSets is commonWords as sets.
var commonWordSets = func() map[string]map[string]bool {
	sets := map[string]map[string]bool{}
	for lang, words := range commonWords {
		sets[lang] = map[string]bool{}
		for _, w := range strings.Fields(words) {
			sets[lang][w] = true
		}
	}
	return sets
}()

// wordsLanguage returns the language whose common words the sample's
// words are clearly in rather than those of lang (see minWords), or ""
// when they are not, or lang is not judged by its words.
func (s *sample) wordsLanguage(lang string) string {
	own, ok := commonWordSets[lang]
	if !ok {
		return ""
	}
	var words []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s.text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if utf8.RuneCountInString(w) > 1 { // not "I", nor a letter of a code or a spaced-out word
			words = append(words, w)
		}
	}
	if len(words) < minWords {
		return ""
	}
	count := func(set map[string]bool) int {
		n := 0
		for _, w := range words {
			if set[w] {
				n++
			}
		}
		return n
	}
	best, most := "", 0
	for l, set := range commonWordSets {
		if n := count(set); n > most || n == most && l < best {
			best, most = l, n
		}
	}
	if best == lang || float64(most) < wordsShare*float64(len(words)) || 4*count(own) >= most {
		return ""
	}
	return best
}

// foreignShare is the share of a sample's Latin or Cyrillic letters, and
// minForeign the least number of them, that a language must not use for
// the sample not to be in that language.
const (
	foreignShare = 0.01
	minForeign   = 2
)

// baseLetters are the letters all the languages of alphabets use: a–z,
// and the Cyrillic letters Russian, Ukrainian and Bulgarian share.
const baseLetters = "abcdefghijklmnopqrstuvwxyzабвгдежзийклмнопрстуфхцчшщьюя"

// alphabets are the letters beyond baseLetters that languages written in
// Latin or Cyrillic use, lowercase. A language not listed is not judged
// by its letters.
var alphabets = map[string]string{
	"en": "", "id": "", "ms": "",
	"de": "äöüß", "fr": "àâæçéèêëîïôœùûüÿ", "es": "áéíñóúü", "it": "àèéìíîòóùú", "pt": "áâãàçéêíóôõú",
	"ca": "àçèéíïòóúü", "nl": "áéèëíïóöúü", "pl": "ąćęłńóśźż", "cs": "áčďéěíňóřšťúůýž", "sk": "áäčďéíĺľňóôŕšťúýž",
	"sl": "čćđšž", "hr": "čćđšž", "bs": "čćđšž", "ro": "ăâîșşțţ", "hu": "áéíóöőúüű", "tr": "âçğıîöşû",
	"sv": "åäöé", "da": "æøåé", "no": "æøåéèêóòô", "nb": "æøåéèêóòô", "nn": "æøåéèêóòô", "fi": "äöåšž",
	"et": "äöõüšž", "lv": "āčēģīķļņšūž", "lt": "ąčęėįšųūž",
	"ru": "ёъыэ", "uk": "ґєії", "bg": "ъѝ", "be": "ёіўыэ", "sr": "čćđšžђјљњћџ", "mk": "ѓѕјљњќџ",
}

// foreignLetters reports whether the sample has letters that language
// lang does not use: at least minForeign of them, and foreignShare of its
// Latin and Cyrillic letters.
func (s *sample) foreignLetters(lang string) bool {
	own, ok := alphabets[lang]
	if !ok {
		return false
	}
	foreign, letters := 0, 0
	for _, r := range s.text {
		if !unicode.IsLetter(r) {
			continue
		}
		if w := scriptOf(r); w != "Latn" && w != "Cyrl" {
			continue
		}
		letters++
		r = unicode.ToLower(r)
		if !strings.ContainsRune(baseLetters, r) && !strings.ContainsRune(own, r) {
			foreign++
		}
	}
	return foreign >= minForeign && float64(foreign) >= foreignShare*float64(letters)
}

// detect returns the language of the sample's text (see DetectLanguage).
func (s *sample) detect() string {
	if s.letters < minLetters {
		return ""
	}
	w, share := s.writing()
	if share >= judgeShare {
		switch w {
		case "Hani":
			return "zh"
		case "Jpan":
			return "ja"
		case "Kore":
			return "ko"
		case "Grek":
			return "el"
		case "Thai":
			return "th"
		}
	}
	info := whatlanggo.Detect(s.text)
	if info.Lang < 0 {
		return ""
	}
	if w == "Cyrl" {
		return s.cyrillic(info.Lang)
	}
	return isoCode(info.Lang)
}

// cyrillic returns the language of a Cyrillic sample that the detector
// reads as first. Its trigrams take a short Russian text for Bulgarian
// or Serbian now and then, so an answer whose letters the text
// contradicts (ы and ё in Bulgarian) gives way to the detector's choice
// among the Cyrillic languages whose letters fit, if any.
func (s *sample) cyrillic(first whatlanggo.Lang) string {
	if !s.foreignLetters(isoCode(first)) {
		return isoCode(first)
	}
	fit := map[whatlanggo.Lang]bool{}
	for _, l := range cyrillicLangs {
		if !s.foreignLetters(isoCode(l)) {
			fit[l] = true
		}
	}
	if l := whatlanggo.DetectWithOptions(s.text, whatlanggo.Options{Whitelist: fit}).Lang; len(fit) > 0 && l >= 0 {
		return isoCode(l)
	}
	return isoCode(first)
}

// cyrillicLangs are the detector's languages written in Cyrillic.
var cyrillicLangs = []whatlanggo.Lang{whatlanggo.Rus, whatlanggo.Ukr, whatlanggo.Bel, whatlanggo.Bul, whatlanggo.Mkd, whatlanggo.Srp}

// isoCode returns the ISO 639-1 code of a detected language, or its ISO
// 639-3 code when it has none.
func isoCode(l whatlanggo.Lang) string {
	switch l {
	case whatlanggo.Pes:
		return "fa"
	case whatlanggo.Ydd:
		return "yi"
	}
	if c := l.Iso6391(); c != "" {
		return c
	}
	return l.Iso6393()
}
