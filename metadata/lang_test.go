package metadata

import (
	"strings"
	"testing"
)

// Texts in several languages for the language tests.
var (
	chineseText = "今天从上海铁路局获悉，农民工团体订票的门槛降低了，十张以上即可办理。铁路部门还将增开临时列车，方便旅客春节回家。"
	polishText  = "Naukowcy z Uniwersytetu Warszawskiego zaobserwowali, że krótki spacer w czasie przerwy w pracy zmniejsza ochotę na słodycze " +
		"i poprawia samopoczucie. Badanie objęło grupę ponad stu pracowników biurowych, którzy przez dwa tygodnie chodzili na spacery."
	englishText = "After an absence of more than ten years, overnight passenger trains are running again between Zurich and Vienna, " +
		"and the café owners near the station say business has never been better since the first train arrived."
	japaneseText = "東京の気象庁によると、週末は全国的に気温が下がり、北日本では雪が降る見込みです。外出の際は暖かい服装でお出かけください。"
	greekText    = "Νέα μέθοδο εμβολίων ανέπτυξαν ερευνητές του πανεπιστημίου της Οξφόρδης, σύμφωνα με δημοσίευμα της εφημερίδας."
	// longEnglish and longGerman are long enough (30 words and more) for
	// their common words to count.
	longEnglish = "The city council approved the new cycling plan on Tuesday evening, after a debate that lasted more than four hours. " +
		"Residents who spoke at the meeting were divided: some welcomed the protected lanes, while others said that the loss of " +
		"parking would hurt the small shops on the main street. The first lanes are expected to open in the spring."
	longGerman = "Der Stadtrat hat am Dienstagabend den neuen Radverkehrsplan beschlossen, nach einer Debatte, die mehr als vier Stunden " +
		"dauerte. Die Anwohner, die in der Sitzung sprachen, waren geteilter Meinung: Einige begrüßten die geschützten Radwege, " +
		"andere sagten, dass der Wegfall von Parkplätzen den kleinen Läden in der Hauptstraße schaden werde. Ein Sprecher nannte " +
		"das Projekt „a game changer for the city“, die ersten Wege sollen im Frühjahr öffnen."
	// mojibakePolish is Polish decoded as Latin-1: letters Polish does not
	// use, in a Polish text all the same.
	mojibakePolish = "Podagra, artretyzm â\u0080\u0093 to doÅ\u009bÄ\u0087 czÄ\u0099sto uÅ¼ywane nazwy zamienne, zasÅ\u0082aniajÄ\u0085ce tajemniczÄ\u0085 " +
		"chorobÄ\u0099, ktÃ³ra dotyka coraz wiÄ\u0099cej osÃ³b w naszym kraju i w caÅ\u0082ej Europie."
)

// TestPageLanguage: the page's declarations in order, each taken when it
// is a language tag that the text does not contradict, else the language
// detected from the text.
func TestPageLanguage(t *testing.T) {
	tests := []struct {
		name     string
		head     string // inside <head>, after <html lang=...>
		lang     string // <html lang>
		text     string
		want     string
		detected bool
	}{
		{name: "declared, no text", lang: "en-us", want: "en-US"},
		{name: "declared and agreeing", lang: "pl", text: polishText, want: "pl"},
		{name: "English declared on a Chinese text", lang: "en", text: chineseText, want: "zh", detected: true},
		{name: "English declared on a Greek text", lang: "en-US", text: greekText, want: "el", detected: true},
		{name: "English declared on a Polish text", lang: "en", text: polishText, want: "pl", detected: true},
		{name: "English with a few accents stays English", lang: "en", text: englishText, want: "en"},
		{name: "Chinese declared on a Japanese text", lang: "zh-CN", text: japaneseText, want: "ja", detected: true},
		{name: "Traditional Chinese kept", lang: "zh-TW", text: chineseText, want: "zh-TW"},
		{name: "a language of two scripts is not judged", lang: "sr", text: polishText, want: "sr"},
		{name: "a page mangled in decoding keeps its declaration", lang: "pl", text: mojibakePolish, want: "pl"},
		{name: "German declared on an English text", lang: "de", text: longEnglish, want: "en", detected: true},
		{name: "German with an English quote stays German", lang: "de-DE", text: longGerman, want: "de-DE"},
		{name: "German declared on a short English text is not judged by its words", lang: "de",
			text: "The city council approved the new cycling plan on Tuesday evening, after a long debate.", want: "de"},
		{name: "a language not judged by its words keeps its declaration", lang: "ca", text: longEnglish, want: "ca"},
		{name: "the next declaration when the first is contradicted", lang: "en", head: `<meta property="og:locale" content="pl_PL">`,
			text: polishText, want: "pl-PL"},
		{name: "a charset is no language", head: `<meta http-equiv="content-language" content="utf-8">`, want: ""},
		{name: "a charset gives way to the next declaration", head: `<meta http-equiv="content-language" content="utf-8"><meta property="og:locale" content="ru_RU">`,
			want: "ru-RU"},
		{name: "x-default and und are no language", lang: "x-default", head: `<meta name="dc.language" content="und">`, text: englishText, want: "en", detected: true},
		{name: "meta name=language", head: `<meta name="language" content="de">`, want: "de"},
		{name: "meta name=language as a name", head: `<meta name="language" content="English">`, want: "en"},
		{name: "content-language with several", head: `<meta http-equiv="content-language" content="fr-ca, en">`, want: "fr-CA"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			page := `<html lang="` + tt.lang + `"><head>` + tt.head + `</head><body><p>x</p></body></html>`
			if tt.lang == "" {
				page = `<html><head>` + tt.head + `</head><body><p>x</p></body></html>`
			}
			md := Extract(parse(t, page), Options{Text: tt.text})
			if md.Language != tt.want || md.LanguageDetected != tt.detected {
				t.Errorf("language %q (detected %v), want %q (detected %v)", md.Language, md.LanguageDetected, tt.want, tt.detected)
			}
		})
	}
}

func TestDetectLanguage(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"English", "The quick brown fox jumps over the lazy dog while the farmer watches from the porch.", "en"},
		{"German", "Der schnelle braune Fuchs springt über den faulen Hund, während der Bauer von der Veranda zusieht.", "de"},
		{"Russian", "Быстрая коричневая лиса прыгает через ленивую собаку, пока фермер смотрит с крыльца.", "ru"},
		{"Polish", polishText, "pl"},
		{"Greek", greekText, "el"},
		{"Japanese", japaneseText, "ja"},
		// Short Russian texts that the trigrams alone take for
		// Bulgarian and Serbian; ы and ё are not in their alphabets.
		{"Russian, not Bulgarian", "Учёные выяснили, почему кошки любят коробки", "ru"},
		{"Russian, not Serbian", "Мировые новости. Ученые: 40-секундные тренировки помогут защитить сердце", "ru"},
		// Chinese after a run of Latin product names: the text is mostly
		// Han, though its first 500 bytes are mostly Latin.
		{"Chinese after Latin names", strings.Repeat("iPhone HTC Galaxy Nexus Kindle ", 8) + strings.Repeat(chineseText, 6), "zh"},
		{"too short", "Hello there", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := DetectLanguage(tt.text); got != tt.want {
			t.Errorf("%s: DetectLanguage(%.30q) = %q, want %q", tt.name, tt.text, got, tt.want)
		}
	}
}

func TestParseLanguage(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"en-us, fr", "en-US"}, {"pt_BR", "pt-BR"}, {" DE ", "de"}, {"iw", "he"}, {"Français", "fr"}, {"русский", "ru"},
		{"utf-8", ""}, {"utf", ""}, {"und", ""}, {"x-default", ""}, {"mul", ""}, {"", ""}, {"english please", ""},
	} {
		if got := parseLanguage(tt.in); got != tt.want {
			t.Errorf("parseLanguage(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
