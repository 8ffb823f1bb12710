package metadata

import (
	"slices"
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
	if hasHost(s) && !isURL(s) {
		s = withoutHost(s)
	}
	switch {
	case s == "", isURL(s), isProfileID(s), isGeneric(s), isPlace(s), isPlaceholder(s), isPhrase(s), isCredit(s):
		return ""
	}
	return s
}

// cutAffiliations returns the names of an author's field without the
// job title or organisation after them (isAffiliation) and the parts
// after it ("Jeremy Straub, Assistant Professor of Computer Science,
// North Dakota State University" is "Jeremy Straub"), and whether there
// was one. A field that is a title or an organisation alone stays: a
// desk's byline ("SFist Contributor") or a company's page ("Cerebral
// Inc.") names its author so.
func cutAffiliations(s string) ([]string, bool) {
	if !strings.Contains(s, ",") {
		return nil, false
	}
	parts := strings.Split(s, ",")
	for i := 1; i < len(parts); i++ {
		if !isAffiliation(parts[i]) {
			continue
		}
		var names []string
		for _, p := range parts[:i] {
			if p = strings.TrimSpace(p); p != "" {
				names = append(names, p)
			}
		}
		return names, true
	}
	return nil, false
}

// jobWords name a job or a position: a part of an author's field with
// one is the author's title, not a name ("Assistant Professor of
// Computer Science", "CNN Political Editor").
var jobWords = map[string]bool{
	"professor": true, "lecturer": true, "researcher": true, "scientist": true, "student": true, "director": true,
	"president": true, "chairman": true, "ceo": true, "founder": true, "co-founder": true, "reporter": true,
	"correspondent": true, "columnist": true, "editor": true, "writer": true, "analyst": true, "manager": true,
	"officer": true, "economist": true, "attorney": true, "fellow": true, "contributor": true, "journalist": true,
}

// orgWords name an organisation: a university, an institute, a
// company's legal form ("Inc.", "Ltd", "S.A.", the Greek "Α.Ε.").
var orgWords = map[string]bool{
	"university": true, "universität": true, "université": true, "universidad": true, "università": true,
	"uniwersytet": true, "университет": true, "πανεπιστήμιο": true, "college": true, "institute": true,
	"inc": true, "ltd": true, "llc": true, "gmbh": true, "corp": true, "plc": true, "s.a": true, "a.e": true,
	"α.ε": true, "ооо": true, "оао": true, "зао": true,
}

// isAffiliation reports whether a part of an author's field is a job
// title (jobWords) or an organisation (orgWords).
func isAffiliation(s string) bool {
	for _, w := range authorWords(s) {
		low := strings.TrimSuffix(strings.ToLower(w), ".")
		if jobWords[low] || orgWords[low] {
			return true
		}
	}
	return false
}

// hasHost reports whether an author's field holds a host name.
func hasHost(s string) bool {
	for _, w := range authorWords(s) {
		if isHost(strings.TrimSuffix(strings.ToLower(w), ".")) {
			return true
		}
	}
	return false
}

// withoutHost returns what an author's field that holds a host name
// says of the author. The host names a site, and with it the site's name
// or its publisher ("淄博时空新闻网:www.zibosky.com", "in.gr —
// Δημοσιογραφικός Οργανισμός Λαμπράκη Α.Ε.", "The Wise Marketer
// (www.thewisemarketer.com)", "CBSNews.com"): "". A person's name of two
// words or more beside it is the author ("Angela Mulholland
// CTVNews.ca"), and a desk's byline stays whole ("NFL.com Staff").
func withoutHost(s string) string {
	host := ""
	var rest []string
	for _, w := range authorWords(s) {
		if h := strings.TrimSuffix(strings.ToLower(w), "."); isHost(h) {
			host = strings.TrimPrefix(h, "www.")
			continue
		}
		rest = append(rest, w)
	}
	name := strings.Join(rest, " ")
	switch {
	case host == "":
		return s
	case len(rest) > 0 && isGeneric(name) || len(rest) == 1 && genericNames[strings.ToLower(name)]:
		return s
	case len(rest) >= 2 && personName(name, false) == name && !isAffiliation(name) && !siteInHost(name, host):
		return name
	}
	return ""
}

// authorWords splits an author's field into words at spaces and at the
// marks that join a name to an address or a title (":", "|", dashes,
// parentheses).
func authorWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == ':' || r == '：' || r == '|' || r == '—' || r == '–' || r == '(' || r == ')' || r == ','
	})
}

// isHost reports whether a lowercase word is a host name ("in.gr",
// "www.zibosky.com", "cbsnews.com"): labels of letters, digits and
// hyphens joined by dots, each of two characters or more (not an
// initial: "j.smith"), the last one a common top-level domain (hostTLDs;
// not a user name such as "xiaofeng.li").
func isHost(w string) bool {
	labels := strings.Split(w, ".")
	if len(labels) < 2 || !hostTLDs[labels[len(labels)-1]] {
		return false
	}
	for _, l := range labels {
		if len(l) < 2 {
			return false
		}
		for _, r := range l {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

// hostTLDs are the generic top-level domains and those of the countries
// of the shared datasets' sites and their neighbours.
var hostTLDs = map[string]bool{
	"com": true, "net": true, "org": true, "info": true, "biz": true, "edu": true, "gov": true, "io": true, "tv": true,
	"news": true, "uk": true, "au": true, "ca": true, "nz": true, "za": true, "in": true, "ie": true, "us": true,
	"de": true, "fr": true, "it": true, "es": true, "nl": true, "be": true, "ch": true, "at": true, "pl": true,
	"ru": true, "ua": true, "by": true, "kz": true, "gr": true, "cy": true, "cn": true, "hk": true, "tw": true,
	"jp": true, "kr": true, "br": true, "mx": true, "ar": true, "lk": true,
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
// brand's page; "View my complete profile", Blogger's rel=author link
// under the blogger's name).
func isPhrase(s string) bool {
	first, _, _ := strings.Cut(s, " ")
	switch first {
	case "to", "of", "for", "at", "on", "in", "about":
		return true
	}
	low := strings.ToLower(s)
	for _, p := range []string{"from ", "visit the ", "visit our ", "shop the ", "view ", "see ", "read more", "about the author"} {
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

// builderRoles name who built a site (lowercase): a name field that
// gives one with a colon credits the site's makers, not the page's
// author ("Web architecture: Volkova Dasha, Design: Maxim Tkachuk.
// Programming: Ivan Eidemiller", "content: MarketingSherpa, design:
// Scott McDaniel, code: Steve Beger").
var builderRoles = []string{
	"architecture", "design", "webdesign", "programming", "programmer", "development", "developer", "html", "css",
	"code", "coding", "layout", "hosting",
	"дизайн", "программирование", "верстка", "вёрстка", "разработка", "projekt graficzny", "programowanie",
}

// builderCredit reports whether an author's field credits the site's
// makers: a role of builderRoles with a colon after it, or the word
// "IT" (a publisher's IT department: "Ringier Axel Springer Polska IT
// Systemy Online").
func builderCredit(s string) bool {
	if slices.Contains(strings.Fields(s), "IT") {
		return true
	}
	low := strings.ToLower(s)
	for _, r := range builderRoles {
		for i := 0; ; {
			j := strings.Index(low[i:], r)
			if j < 0 {
				break
			}
			start, end := i+j, i+j+len(r)
			before, _ := utf8.DecodeLastRuneInString(low[:start])
			if (start == 0 || !unicode.IsLetter(before)) && strings.HasPrefix(strings.TrimLeft(low[end:], " "), ":") {
				return true
			}
			i = end
		}
	}
	return false
}

// headlinePart reports whether an author's name is the page's headline
// or its first words: one of headlines (the title, the <title>, the
// <h1>) starts with the name's words (of three words or more: "Extend
// Your Battery Life" of "Extend Your Battery Life - Energy Saver", what
// a byline element around the post's heading gives), or, in a script
// written without spaces, with the name's characters (five or more:
// "度娘刘冬爆乳一夜蹿红 晋升新宅男女神" of the <h1> "度娘刘冬爆乳一夜蹿红
// 晋升新宅男女神(图)"). A person's name of two words at a title's start
// ("Ed Brill - …", "John Gardner on …"), a name before the title's colon
// ("Casey B. Mulligan: The Flawed Case …", a column's author) and a
// Chinese name of two to four characters ("李晓亮：是谁需要…") stay.
func headlinePart(name string, headlines []string) bool {
	nw, nn := strings.Fields(name), Normalize(name)
	spaceless := strings.ContainsFunc(name, func(r rune) bool { return unicode.Is(unicode.Han, r) })
	if spaceless && utf8.RuneCountInString(nn) < 5 || !spaceless && wordCount(name) < 3 {
		return false
	}
	for _, h := range headlines {
		if spaceless {
			if strings.HasPrefix(Normalize(h), nn) {
				return true
			}
			continue
		}
		hw := strings.Fields(h)
		if len(hw) < len(nw) || len(hw) > len(nw) && strings.HasSuffix(hw[len(nw)-1], ":") {
			continue // a columnist's name before the colon: "Casey B. Mulligan: The Flawed Case for Fiscal Stimulus"
		}
		same := true
		for i, w := range nw {
			same = same && Normalize(w) == Normalize(hw[i])
		}
		if same {
			return true
		}
	}
	return false
}

// siteAccount reports whether an author is the account of the site's
// own CMS: lowercase letters and then digits, the letters the site's
// name or a label of its host or of a domain name that names it
// (domains: "express1" on express.gr). A reader's account on a forum
// ("chunix64" on bbs.archlinux.org) is a name.
func siteAccount(name, site string, domains []string) bool {
	letters := strings.TrimRight(name, "0123456789")
	if letters == name || letters == "" || strings.ContainsFunc(letters, func(r rune) bool { return r < 'a' || r > 'z' }) {
		return false
	}
	if letters == Normalize(site) {
		return true
	}
	for _, d := range domains {
		labels := strings.Split(strings.TrimPrefix(d, "www."), ".")
		if slices.Contains(labels[:max(len(labels)-1, 0)], letters) {
			return true
		}
	}
	return false
}

// titleParts splits a title at its separators (titleSeparators).
func titleParts(t string) []string {
	parts := []string{t}
	for _, sep := range titleSeparators {
		var next []string
		for _, p := range parts {
			next = append(next, strings.Split(p, sep)...)
		}
		parts = next
	}
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}
