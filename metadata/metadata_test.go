package metadata

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func parse(t testing.TB, s string) *html.Node {
	t.Helper()
	root, err := html.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func TestExtract(t *testing.T) {
	tests := []struct {
		name string
		page string
		opts Options
		want Metadata
	}{
		{
			name: "opengraph and meta",
			page: `<html lang="en-us"><head><title>Storm hits coast | Daily News</title>
<meta property="og:title" content="Storm hits coast">
<meta property="og:site_name" content="Daily News">
<meta name="description" content="A storm &amp; its aftermath.">
<meta name="author" content="Jane Doe and John Roe">
<meta property="article:published_time" content="2025-09-04T10:00:00+02:00">
<meta property="article:modified_time" content="2025-09-05">
<meta property="article:tag" content="weather"><meta property="article:tag" content="Coast, Weather">
<meta property="og:image" content="/img/storm.jpg">
<link rel="canonical" href="/news/storm">
</head><body><p>Text</p></body></html>`,
			opts: Options{URL: "https://news.example/news/storm?utm=x"},
			want: Metadata{Title: "Storm hits coast", Authors: []string{"Jane Doe", "John Roe"}, Published: "2025-09-04T10:00:00+02:00",
				Modified: "2025-09-05", SiteName: "Daily News", Description: "A storm & its aftermath.", Language: "en-US",
				Canonical: "https://news.example/news/storm", Image: "https://news.example/img/storm.jpg", Tags: []string{"weather", "Coast"}},
		},
		{
			name: "JSON-LD graph with references",
			page: `<html><head><title>x</title><script type="application/ld+json">
{"@context":"https://schema.org","@graph":[
 {"@type":"WebSite","@id":"#site","name":"Tech Blog"},
 {"@type":"Person","@id":"#jane","name":"Jane Doe"},
 {"@type":["BlogPosting"],"headline":"Go &amp; you","author":{"@id":"#jane"},"datePublished":"2024-01-02T03:04:05Z",
  "dateModified":"2024-02-03","publisher":{"@type":"Organization","name":"Tech Inc"},"image":{"@type":"ImageObject","url":"https://cdn.example/a.png"},
  "keywords":["go","programming"],"inLanguage":"de-DE","description":"About Go."}
]}</script></head><body></body></html>`,
			want: Metadata{Title: "Go & you", Authors: []string{"Jane Doe"}, Published: "2024-01-02T03:04:05Z", Modified: "2024-02-03",
				SiteName: "Tech Inc", Description: "About Go.", Language: "de-DE", Image: "https://cdn.example/a.png", Tags: []string{"go", "programming"}},
		},
		{
			name: "JSON-LD array, article beats organization, broken script ignored",
			page: `<html><head><script type="application/ld+json">{broken</script>
<script type="application/ld+json">[{"@type":"Organization","name":"Org"},{"@type":"http://schema.org/NewsArticle","headline":"Headline",
"author":[{"@type":"Person","name":"A One"},"B Two"],"datePublished":"March 4, 2023"}]</script></head><body></body></html>`,
			want: Metadata{Title: "Headline", Authors: []string{"A One", "B Two"}, Published: "2023-03-04"},
		},
		{
			name: "microdata and time",
			page: `<html><body><article itemscope itemtype="https://schema.org/Article"><h1 itemprop="headline">Micro title</h1>
<span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ann Author</span></span>
<time itemprop="datePublished" datetime="2022-12-31">New Year's Eve</time><p>Body</p></article></body></html>`,
			want: Metadata{Title: "Micro title", Authors: []string{"Ann Author"}, Published: "2022-12-31"},
		},
		{
			name: "byline and date in the text, language detected",
			page: `<html><body><h1>Night trains return</h1><p class="byline">By Marta Keller · 14 March 2025 · 4 min read</p>
<p>After an absence of more than ten years, overnight passenger trains are running again between Zurich and Vienna.</p></body></html>`,
			opts: Options{Text: "After an absence of more than ten years, overnight passenger trains are running again between Zurich and Vienna."},
			want: Metadata{Title: "Night trains return", Authors: []string{"Marta Keller"}, Published: "2025-03-14", Language: "en", LanguageDetected: true},
		},
		{
			name: "date in the URL, base href, twitter card",
			page: `<html><head><base href="https://cdn.example/base/"><meta name="twitter:title" content="Tweeted title">
<meta name="twitter:image" content="pic.jpg"><meta name="twitter:site" content="@handle"><meta name="twitter:label1" content="Written by">
<meta name="twitter:data1" content="Tyler Brown"></head><body></body></html>`,
			opts: Options{URL: "https://blog.example/2021/07/22/post/"},
			want: Metadata{Title: "Tweeted title", Authors: []string{"Tyler Brown"}, Published: "2021-07-22", Image: "https://cdn.example/base/pic.jpg"},
		},
		{
			name: "og:locale, an updated date in the text taken when it is the only one",
			page: `<html><head><meta property="og:locale" content="pt_BR"></head><body><h1>Título</h1><p>Updated March 3, 2020</p></body></html>`,
			want: Metadata{Title: "Título", Language: "pt-BR", Published: "2020-03-03"},
		},
		{
			name: "label and name in separate elements, published date after an updated one",
			page: `<html><body><h1>Heat pumps explained</h1><div><span>Written By:</span> <a href="/people/jd">Jane van Doe</a></div>
<p>Last updated</p><time>Aug 04, 2025</time><p>Published 12. Mai 2024</p></body></html>`,
			want: Metadata{Title: "Heat pumps explained", Authors: []string{"Jane van Doe"}, Published: "2024-05-12"},
		},
		{
			name: "author page link; a comment's author and a sign-up line are not bylines",
			page: `<html><body><h1>Title here</h1><p>By submitting, you agree</p><p><a href="https://x.example/author/jo-li/">Jo Li</a></p>
<div class="comments"><span class="comment-author">Bob Smith</span></div></body></html>`,
			want: Metadata{Title: "Title here", Authors: []string{"Jo Li"}},
		},
		{
			name: "styles inside the headline",
			page: `<html><head><title>Big news</title></head><body><h1><style>.c{color:red}</style>Big news today</h1></body></html>`,
			want: Metadata{Title: "Big news today"},
		},
		{
			name: "a twice-escaped title, the site's name in the host",
			page: `<html><head><title>And finally&amp;#8230; trouble - Pi Forums</title></head><body></body></html>`,
			opts: Options{URL: "https://forums.pi.example/t/1"},
			want: Metadata{Title: "And finally… trouble"},
		},
		{
			name: "a person in the byline rather than the publisher as the author",
			page: `<html><head><script type="application/ld+json">{"@type":"BlogPosting","headline":"Soil","author":{"@type":"Organization","name":"Green Co"}}</script></head>
<body><h1>Soil</h1><p>By <a href="/team/ann">Ann Lee</a></p></body></html>`,
			want: Metadata{Title: "Soil", Authors: []string{"Ann Lee"}},
		},
		{
			name: "the site's name as the author when no byline names a person",
			page: `<html><head><meta name="author" content="Green Co"></head><body><h1>Soil</h1></body></html>`,
			opts: Options{URL: "https://greenco.example/soil"},
			want: Metadata{Title: "Soil", Authors: []string{"Green Co"}},
		},
		{
			name: "forum user name",
			page: `<html><body><h2>Topic</h2><p class="author">by <a class="username" href="/u/1">b.scherer</a> » Sun Dec 17, 2023 11:18 am</p></body></html>`,
			want: Metadata{Title: "", Authors: []string{"b.scherer"}, Published: "2023-12-17"},
		},
		{
			name: "author class, generic meta author skipped",
			page: `<html><head><meta name="author" content="admin"></head><body><h1>T</h1><div class="post-hero__author"><img alt=""><div class="post-hero__author__name">Christian Winter</div></div></body></html>`,
			want: Metadata{Title: "T", Authors: []string{"Christian Winter"}},
		},
		{
			name: "empty page",
			page: ``,
			want: Metadata{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := *Extract(parse(t, tt.page), tt.opts)
			if !equal(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func equal(a, b Metadata) bool {
	return a.Title == b.Title && slices.Equal(a.Authors, b.Authors) && a.Published == b.Published && a.Modified == b.Modified &&
		a.SiteName == b.SiteName && a.Description == b.Description && a.Language == b.Language && a.LanguageDetected == b.LanguageDetected &&
		a.Canonical == b.Canonical && a.Image == b.Image && slices.Equal(a.Tags, b.Tags)
}

// TestPublished: the publication date of whole pages, where a player's
// or a news list's <time> is not it and the page's own address dates it.
func TestPublished(t *testing.T) {
	const player = `<div class="pleer"><ul class="pleer-list"><li class="pleer-item" id="pleer-item-radio-last-news">
<time class="pleer-time" datetime="2013-04-10T10:30:00">10:30</time></li></ul></div>`
	const newsList = `<ul class="news"><li class="news-item"><a class="news-item-link" href="/2013_04_10/launch/">Launch</a><time datetime="2013-04-10T07:37:00">Today, 7:37</time></li></ul>`
	tests := []struct{ name, url, page, want string }{
		{"the date in og:url over a player's and a news list's <time>", "http://radio.example/",
			`<head><meta property="og:url" content="http://radio.example/2012/01/06/63446204"></head><body>` + player +
				`<h1>Forward tops the scorers</h1><p>Text.</p>` + newsList + `</body>`,
			"2012-01-06"},
		{"the date in a relative canonical link", "",
			`<head><link rel="canonical" href="/2012/11/06/fantasy-live-podcast/"></head><body><h1>Podcast</h1><p>Text.</p></body>`,
			"2012-11-06"},
		{"the page's URL before its canonical link", "https://news.example/2025/09/04/storm",
			`<head><link rel="canonical" href="https://news.example/2025/09/03/storm"></head><body><h1>Storm</h1></body>`,
			"2025-09-04"},
		{"a player's <time> is not the page's", "",
			`<body>` + player + `<h1>Forward tops the scorers</h1><p>Text, <time datetime="2012-01-06T09:00">6 January</time>.</p></body>`,
			"2012-01-06T09:00:00"},
		{"nor a video's", "",
			`<body><video controls><source src="/clip.mp4"><time datetime="2013-04-10">April 10</time></video><h1>Clip</h1><p>Posted <time datetime="2012-01-06">6 January</time>.</p></body>`,
			"2012-01-06"},
		{"a structured date before the address's", "http://radio.example/2012/01/06/1",
			`<head><meta property="article:published_time" content="2012-01-05T22:00:00Z"></head><body><h1>T</h1></body>`,
			"2012-01-05T22:00:00Z"},
		// A link whose text is a story's title with its date is not the
		// page's date (DAnIEL christian.org.uk); a link that is a date
		// alone, in the headline or in the author's block is.
		{"a related story's date in its link", "",
			`<body><h1><span>The Institute</span></h1><div id="heading"><h1>No safe way to allow assisted suicide</h1></div>
<div class="linklist"><ul><li><a href="http://www.dailymail.example/news/article-2082930/">Assisted death plan is risky, admits Falconer (dailymail.co.uk, 06 January 2012)</a></li>
<li><a href="/news/biased-report/">'Biased' assisted suicide report under fire (5 January 2012)</a></li></ul></div>
<div class="datestamp"><p class="date">Wed, 11 Jan 2012</p></div><p>Text.</p></body>`,
			"2012-01-11"},
		{"an archive's entries", "",
			`<body><ul class="archive-item-list"><li><a href="/blog/2012/10/26/stuff.html">Stuff The Internet Says On Scalability For October 26, 2012</a></li></ul>
<h2>Not All Regions are Created Equal</h2><p>Text.</p></body>`,
			""},
		{"a date that links to its day's edition", "",
			`<body><div id="article"><div class="date"><a href="/dziennik;2012-01-02,wydanie,434.html">02 Sty 2012</a></div>
<div class="author"><a href="/publikacje;agata,zrodlo,10.html">Agata Chabierska</a></div><h1>Jak się reklamuje biżuterię?</h1><p>Text.</p></div></body>`,
			"2012-01-02"},
		{"a permalink with its label", "",
			`<body><h2>Wolverine's goodbye</h2><table class="rounded_links"><tr><td><a class="left" href="/2012/11/goodbye/">POSTED ON November 7th, 2012</a></td></tr></table><p>Text.</p></body>`,
			"2012-11-07"},
		{"a headline that links to itself", "",
			`<body><div class="post-title"><h1><a href="/post/20591"><span>Lemmy Development Update 2024-10-04</span></a></h1></div><p>Text.</p></body>`,
			"2024-10-04"},
		{"the author's block as one link", "",
			`<body><a class="author-wrapper w--current" href="/blog/gift"><div>Team SimplyThrilled</div><div class="published-date">September 4, 2025</div></a>
<h1>Gift ideas</h1><p>Text.</p></body>`,
			"2025-09-04"},
		// A date line before a date in a sentence (Dragnet 100, a
		// caption's and a story's date after the headline).
		{"a date line before the headline, a sentence's date after it", "",
			`<body><div class="heading"><div class="timeLine">July 24, 2012 12:11 AM</div><h1>Amelia Earhart search</h1></div>
<p>Earhart and Noonan were flying from New Guinea to Howland Island when they went missing on July 2, 1937, over the Pacific.</p></body>`,
			"2012-07-24"},
		{"a date line with its labels", "",
			`<body><h1>Wiadomości</h1><p class="caption">Zdjęcie z 12 grudnia 2011 roku, kiedy drużyna wygrała mecz w Gdańsku po raz pierwszy.</p>
<span class="date">Data publikacji: 2012-01-03 18:15:00 | Data aktualizacji: 2012-01-10 00:32:27</span><p>Text.</p></body>`,
			"2012-01-03"},
		{"the page's address written out", "",
			`<body><h2>Наука</h2><p>Text.</p><p>Ссылка: <a class="gray" href="http://www.utro.example/articles/2011/11/25/1012905.shtml"><u>http://www.utro.example/articles/2011/11/25/1012905.shtml</u></a></p></body>`,
			"2011-11-25"},
	}
	for _, tt := range tests {
		if got := Extract(parse(t, "<html>"+tt.page+"</html>"), Options{URL: tt.url}).Published; got != tt.want {
			t.Errorf("%s: published %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestParseDate(t *testing.T) {
	tests := []struct{ in, want string }{
		{"2025-09-04", "2025-09-04"},
		{" 2025-9-4 ", "2025-09-04"},
		{"2025/09/04 10:30", "2025-09-04T10:30:00"},
		{"2025-09-04T10:00:00Z", "2025-09-04T10:00:00Z"},
		{"2025-09-04T10:00:00.123456+0200", "2025-09-04T10:00:00+02:00"},
		{"2025-09-04T23:59:59-05:00", "2025-09-04T23:59:59-05:00"},
		{"2025-09-04 10:00:00 UTC", "2025-09-04T10:00:00Z"},
		{"Thu, 04 Sep 2025 10:00:00 GMT", "2025-09-04T10:00:00Z"},
		{"Thu, 04 Sep 2025 10:00:00 +0200", "2025-09-04T10:00:00+02:00"},
		{"September 4, 2025", "2025-09-04"},
		{"Sep 4th, 2025", "2025-09-04"},
		{"SEPTEMBER 4, 2025", "2025-09-04"},
		{"Thursday, September 4, 2025", "2025-09-04"},
		{"4 September 2025", "2025-09-04"},
		{"04.09.2025", "2025-09-04"},
		{"Jan 2, 2006 3:04 PM", "2006-01-02T15:04:00Z"},
	}
	for _, tt := range tests {
		got, err := ParseDate(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseDate(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "yesterday", "2025-02-30", "2025-13-01", "1800-01-01", "2025-01-01T25:00", "2025-01-01T10:00+15:00",
		strings.Repeat("2025-", 30), "September 2025"} {
		if got, err := ParseDate(bad); err == nil {
			t.Errorf("ParseDate(%q) = %q, want an error", bad, got)
		} else if bad != "" && !strings.Contains(err.Error(), "date") {
			t.Errorf("ParseDate(%q): error %q does not say what failed", bad, err)
		}
	}
}

func TestDateIn(t *testing.T) {
	tests := []struct {
		in      string
		mdy     bool
		want    string
		updated bool
	}{
		{"Posted September 4th, 2025 by Jo", false, "2025-09-04", false},
		{"20 December, 2025", false, "2025-12-20", false},
		{"19 Dec, 2025", false, "2025-12-19", false},
		{"Sun Dec 17, 2023 11:18 am", false, "2023-12-17", false},
		{"Essay - Published: 2025.12.17 |", false, "2025-12-17", false},
		{"2019-02-23, 09:14 PM", false, "2019-02-23", false},
		{"23.07.2025", true, "2025-07-23", false},
		{"03/10/2023", false, "2023-10-03", false},
		{"03/10/2023", true, "2023-03-10", false},
		{"11-29-2024,", false, "2024-11-29", false},
		{"Last updated: November 13, 2025", false, "2025-11-13", true},
		{"4. September 2025", false, "2025-09-04", false},
		{"aktualisiert am 3. März 2024", false, "2024-03-03", true},
		{"le 1er février 2012", false, "2012-02-01", false},
		{"4 de septiembre de 2025", false, "2025-09-04", false},
		{"12 dicembre 2011", false, "2011-12-12", false},
		{"7 de março de 2012", false, "2012-03-07", false},
		{"3 januari 2012", false, "2012-01-03", false},
		{"4 września 2011", false, "2011-09-04", false},
		{"1 ноября 2011 г.", false, "2011-11-01", false},
		{"Παρασκευή, 09 Δεκεμβρίου 2011, 14:58:30", false, "2011-12-09", false},
		{"ΠΑΡΑΣΚΕΥΗ 9 ΔΕΚΕΜΒΡΙΟΥ 2011", false, "2011-12-09", false},
		{"03 Sty 2012", false, "2012-01-03", false},
		{"21 Lis 2011", false, "2011-11-21", false},
		{"7 paź 2011", false, "2011-10-07", false},
		{"12 фев 2012", false, "2012-02-12", false},
		{"Τρίτη 13 Δεκέμβρη 2011", false, "2011-12-13", false},
		{"Παρασκευή 6 Γενάρη 2012", false, "2012-01-06", false},
		{"30 Ιούνη 2012", false, "2012-06-30", false},
		{"5 Μαΐου 2012", false, "2012-05-05", false},
		{"发布时间：2011年11月3日 10:21", false, "2011-11-03", false},
		{"2011 年 11 月 3 日", false, "2011-11-03", false},
		{"31 February 2024", false, "", false},
		{"4 September 1850", false, "", false},
		{"Call 555-1234 in 2024", false, "", false},
		{"The 2024 model", false, "", false},
	}
	for _, tt := range tests {
		got, upd := dateIn(tt.in, tt.mdy)
		if got != tt.want || upd != tt.updated {
			t.Errorf("dateIn(%q, %v) = %q, %v, want %q, %v", tt.in, tt.mdy, got, upd, tt.want, tt.updated)
		}
	}
}

func TestPersonName(t *testing.T) {
	tests := []struct {
		in   string
		user bool
		want string
	}{
		{"Jane Doe", false, "Jane Doe"},
		{"Nick van Mead", false, "Nick van Mead"},
		{"the Lavazza Team", false, "the Lavazza Team"},
		{"Иван Петров", false, "Иван Петров"},
		{"王小明", false, "王小明"},
		{"b.scherer", true, "b.scherer"},
		{"b.scherer", false, ""},
		{"submitting this form", true, ""},
		{"Privacy Policy", false, ""},
		{"Topic Author", false, ""},
		{"admin", true, ""},
		{"Dec 17, 2023", false, ""},
		{"https://x.example/jane", true, ""},
		{"One Two Three Four Five Six Seven", false, ""},
	}
	for _, tt := range tests {
		if got := personName(tt.in, tt.user); got != tt.want {
			t.Errorf("personName(%q, %v) = %q, want %q", tt.in, tt.user, got, tt.want)
		}
	}
}

func TestParseJSONLD(t *testing.T) {
	tests := []struct {
		name, in string
		types    []string // of the nodes, in order ("" for a node without @type)
		wantErr  string
	}{
		{name: "object", in: `{"@type":"Article","author":{"@type":"Person","name":"A"}}`, types: []string{"Article", "Person"}},
		{name: "array", in: `[{"@type":"A"},{"@type":"B"}]`, types: []string{"A", "B"}},
		{name: "graph", in: `{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":"NewsArticle"}]}`, types: []string{"WebPage", "NewsArticle"}},
		{name: "comment wrapper and semicolon", in: "<!-- {\"@type\":\"Article\"}; -->", types: []string{"Article"}},
		{name: "CDATA", in: "//<![CDATA[\n{\"@type\":\"Article\"}\n//]]>", types: []string{"Article"}},
		{name: "raw line break in a string", in: "{\"@type\":\"Article\",\"headline\":\"a\nb\"}", types: []string{"Article"}},
		{name: "empty", in: "  ", wantErr: "script.json: empty JSON-LD"},
		{name: "invalid", in: `{"@type":`, wantErr: "script.json: invalid JSON-LD"},
		{name: "no object", in: `"just a string"`, wantErr: "script.json: JSON-LD holds no object"},
		{name: "too large", in: `{"a":"` + strings.Repeat("x", MaxJSONLD) + `"}`, wantErr: "script.json: JSON-LD of"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes, err := ParseJSONLD([]byte(tt.in), "script.json")
			if tt.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range nodes {
				got = append(got, strings.Join(types(n), ","))
			}
			if !slices.Equal(got, tt.types) {
				t.Errorf("types %q, want %q", got, tt.types)
			}
		})
	}
}

func TestCleanTitle(t *testing.T) {
	tests := []struct{ in, site, h1, host, want string }{
		{"Storm hits coast | Daily News", "Daily News", "", "", "Storm hits coast"},
		{"Daily News - Storm hits coast", "Daily News", "", "", "Storm hits coast"},
		{"A long title about many things - Site", "", "", "", "A long title about many things"},
		{"Models | Django documentation", "", "Models", "", "Models"},
		{"Q&A: what now", "", "", "", "Q&A: what now"},
		{"Turning off all LEDs - Raspberry Pi Forums", "", "", "forums.raspberrypi.com", "Turning off all LEDs"},
		{"Electrical - Overview | Occupational Safety and Health Administration", "", "", "osha.gov", "Electrical - Overview"},
		{"Pacman tips - ArchWiki", "", "", "wiki.archlinux.org", "Pacman tips"},
		{"Investment strategy review - Bogleheads.org", "", "Bogleheads.org", "", "Investment strategy review"},
		{"Investment strategy review - Pi Forums", "", "", "example.org", "Investment strategy review - Pi Forums"},
		// A domain name is the site's name, at either end.
		{"ValleyTimes.com - Choi three-shot winner over Sabbatini", "", "", "", "Choi three-shot winner over Sabbatini"},
		{"Kings win third straight - NHL.com", "", "", "", "Kings win third straight"},
		{"Node.js - A JavaScript runtime", "", "", "", "Node.js - A JavaScript runtime"},
		// Even when a site name that holds the title's other part says
		// otherwise (l3s-gn1 b4fba381, whose logo repeats the title).
		{"newsobserver.com | The Force Is Strong With Soulcalibur(R) IV", "News & Observer | newsobserver.com | The Force Is Strong With Soulcalibur(R) IV", "", "",
			"The Force Is Strong With Soulcalibur(R) IV"},
		// The part the <h1> holds, when it is most of it.
		{"Mirrorless-Cameras | B&H Photo Video", "", "Results for “Mirrorless-Cameras”", "", "Mirrorless-Cameras"},
		{"Bush to Saudis: More Oil Please - World - CBN News", "", "CBN News - Christian News 24/7", "", "Bush to Saudis: More Oil Please"},
		// The <h1> that ends the title after a short site name or
		// section crumbs is the headline; one shorter than the rest
		// is the site's logo.
		{"FIRE - Colleges value civility over free expression", "", "Colleges value civility over free expression", "", "Colleges value civility over free expression"},
		{"News - Health & Business - Acme: Buys a rival", "", "Acme: Buys a rival", "", "Acme: Buys a rival"},
		{"Im in.. Are YOU in? - Virtual Geek", "", "Virtual Geek", "", "Im in.. Are YOU in?"},
		// Not cut inside brackets, nor at a slash that joins one name.
		{"Kurt Gödel (1906 - 1978)", "", "", "", "Kurt Gödel (1906 - 1978)"},
		{"The longest road trip we ever took [2019 - 2020]", "", "", "", "The longest road trip we ever took [2019 - 2020]"},
		{"Trail running shoe for long distances / Black", "", "", "", "Trail running shoe for long distances / Black"},
		{"Trail running shoe / Example Shop", "Example Shop", "", "", "Trail running shoe"},
		// The fullwidth bar of Chinese sites is a separator without
		// spaces around it (DAnIEL life.chinatimes.com).
		{"天價換到完美肌膚 名醫一次說清楚｜新聞速報｜中時樂活｜中時電子報", "", "", "", "天價換到完美肌膚 名醫一次說清楚"},
	}
	for _, tt := range tests {
		if got := cleanTitle(tt.in, pageNames{site: tt.site, h1: tt.h1, host: tt.host}); got != tt.want {
			t.Errorf("cleanTitle(%q, %q, %q) = %q, want %q", tt.in, tt.site, tt.h1, got, tt.want)
		}
	}
}

// TestTitleHeadingPart: of a title's two parts, the one that is a
// heading of the page (<h2> to <h6>) is the headline, unless it is
// shorter than the other and of fewer than three words (a blog's name).
func TestTitleHeadingPart(t *testing.T) {
	tests := []struct {
		in       string
		headings []string
		want     string
	}{
		{"Problemy z pamięcią? | Zdrowiutko.info - żyj zdrowo bez chorób!", []string{"Polecane", "Problemy z pamięcią?"}, "Problemy z pamięcią?"},
		{"Honda 0 Percent Financing | Auto Loans and Car Financing Advice", []string{"Honda 0 Percent Financing", "Archives"}, "Honda 0 Percent Financing"},
		{"Rhymes With Right - Romney Vs. Obama On Investment", []string{"Romney Vs. Obama On Investment"}, "Romney Vs. Obama On Investment"},
		{"When the Problem is You… | Peter Shankman", []string{"Peter Shankman"}, "When the Problem is You… | Peter Shankman"},
		{"Honda 0 Percent Financing | Auto Loans and Car Financing Advice", []string{"Honda 0 Percent Financing", "Auto Loans and Car Financing Advice"},
			"Honda 0 Percent Financing | Auto Loans and Car Financing Advice"},
	}
	for _, tt := range tests {
		if got := cleanTitle(tt.in, pageNames{headings: tt.headings}); got != tt.want {
			t.Errorf("cleanTitle(%q) with headings %q = %q, want %q", tt.in, tt.headings, got, tt.want)
		}
	}
}

// TestTitleAmongParts: of a title of three parts or more, the longest
// part is the headline when the page shows it (its <h1>, a heading, a
// text of the body), not a section's name that is a heading too
// (DAnIEL zabinfo.ru, life.chinatimes.com).
func TestTitleAmongParts(t *testing.T) {
	tests := []struct {
		in, h1          string
		headings, texts []string
		want            string
	}{
		{"Pensions in the region rise by two percent :: Trans-Baikal News Agency :: A new look at the region", "", nil,
			[]string{"Trans-Baikal News Agency", "PENSIONS IN THE REGION RISE BY TWO PERCENT"}, "Pensions in the region rise by two percent"},
		{"微創手術練功 電腦來幫忙｜新聞速報｜中時樂活｜中時電子報", "", []string{"微創手術練功 電腦來幫忙"}, []string{"新聞速報"}, "微創手術練功 電腦來幫忙"},
		{"DNA - Money - Phishers on the hunt for mules - Daily News & Analysis", "", []string{"Phishers on the hunt for mules"}, nil, "Phishers on the hunt for mules"},
		// A section's name that is a heading is not the headline; a
		// part as long as the longest tells nothing.
		{"Μάχη με την τρόικα για τον μισθό :: ΚΟΙΝΩΝΙΑ :: Έθνος της Κυριακής", "", []string{"ΚΟΙΝΩΝΙΑ"}, nil,
			"Μάχη με την τρόικα για τον μισθό :: ΚΟΙΝΩΝΙΑ :: Έθνος της Κυριακής"},
		{"Red fox seen downtown :: City Wildlife Trust :: Notes from the field", "", nil, []string{"Red fox seen downtown"},
			"Red fox seen downtown :: City Wildlife Trust :: Notes from the field"},
	}
	for _, tt := range tests {
		if got := cleanTitle(tt.in, pageNames{h1: tt.h1, headings: tt.headings, texts: tt.texts}); got != tt.want {
			t.Errorf("cleanTitle(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPageTitle: the title of whole pages, never the site's name.
func TestPageTitle(t *testing.T) {
	tests := []struct{ name, url, page, want string }{
		{"site name dropped", "https://news.example.com/a", `<title>Storm hits coast | Daily News</title><meta property="og:site_name" content="Daily News">`, "Storm hits coast"},
		{"visible headline", "", `<title>Storm hits the coast - Daily News</title><body><h1>Storm hits the coast</h1></body>`, "Storm hits the coast"},
		{"blog post, not the blog", "https://blog.givewell.org/2018/09/01/open-thread/",
			`<title>September 2018 open thread | The GiveWell Blog</title><meta property="og:site_name" content="The GiveWell Blog"><body><h1>The GiveWell Blog</h1><h2>September 2018 open thread</h2></body>`,
			"September 2018 open thread"},
		{"parenthesis kept", "", `<title>Kurt Gödel (1906 - 1978)</title>`, "Kurt Gödel (1906 - 1978)"},
		{"the site's name known from the address the page states", "",
			`<title>Resume Writing Service - HigherEdJobs</title><link rel="canonical" href="https://www.higheredjobs.com/career/resume.cfm">`, "Resume Writing Service"},
		{"WordPress's « before the blog's name, its logo the <h1>", "",
			`<title>Why I'm a Conference Whore « Rand's Blog</title><body><h1><a href="/blog">Rand's Blog</a></h1><h2>Why I'm a Conference Whore</h2></body>`, "Why I'm a Conference Whore"},
		{"a French quotation mark stays", "", `<title>Le maire dit « non » au projet de parking</title>`, "Le maire dit « non » au projet de parking"},
		{"a relative canonical tells no host", "",
			`<title>Resume Writing Service - HigherEdJobs</title><link rel="canonical" href="/career/resume.cfm">`, "Resume Writing Service - HigherEdJobs"},
		{"no title", "", `<p>nothing</p>`, ""},
		// The sources weighed, not the first found.
		{"JSON-LD's headline describes the subject (Wikipedia)", "https://en.wikipedia.org/wiki/Ada_Lovelace",
			`<html lang="en"><head><title>Ada Lovelace - Wikipedia</title><meta property="og:title" content="Ada Lovelace - Wikipedia">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","name":"Ada Lovelace","url":"https://en.wikipedia.org/wiki/Ada_Lovelace",
"author":{"@type":"Organization","name":"Contributors to Wikimedia projects"},"publisher":{"@type":"Organization","name":"Wikimedia Foundation, Inc."},
"headline":"English mathematician (1815\u20131852)"}</script></head>
<body><h1 id="firstHeading" class="firstHeading mw-first-heading"><span class="mw-page-title-main">Ada Lovelace</span></h1></body></html>`,
			"Ada Lovelace"},
		{"JSON-LD's headline that agrees with another source stays", "",
			`<head><title>Weather | Daily News</title><meta property="og:title" content="Storm hits the coast"><script type="application/ld+json">{"@type":"NewsArticle","headline":"Storm hits the coast overnight"}</script></head><body><h1>Weather</h1></body>`,
			"Storm hits the coast overnight"},
		{"JSON-LD's headline alone without an agreeing <title> and <h1> stays", "",
			`<head><title>Daily News</title><script type="application/ld+json">{"@type":"NewsArticle","headline":"Storm hits coast"}</script></head><body><h1>Weather</h1></body>`,
			"Storm hits coast"},
		{"a product variant's name in JSON-LD", "https://shoes.example/women/sneakers",
			`<head><title>Women sneakers athletic shoes + free shipping | Shoe Shop</title><script type="application/ld+json">{"@type":"WebPage","name":"ST-5"}</script></head><body><h1>Women sneakers athletic shoes</h1></body>`,
			"Women sneakers athletic shoes"},
		{"og:title is the URL's slug", "https://www.adac.example/rund-ums-fahrzeug/tests/kindersitze/kindersitztest-herbst-2018/",
			`<html lang="de"><head><title>ADAC Kindersitztest Herbst 2018: Zwei Sitze fallen durch | ADAC</title><meta property="og:title" content="adac-kindersitztest-herbst-2018">
<meta property="og:site_name" content="ADAC"></head><body><header><a href="/">ADAC</a></header><h1>ADAC Kindersitztest Herbst 2018: Zwei Sitze fallen durch</h1></body></html>`,
			"ADAC Kindersitztest Herbst 2018: Zwei Sitze fallen durch"},
		{"a slug that no other source spells stays", "", `<head><meta property="og:title" content="spring-sale-2025"><title>Home</title></head>`, "spring-sale-2025"},
		{"Sphinx's permalink after the heading", "https://docs.djangoproject.example/en/5.2/topics/http/middleware/",
			`<head><title>Middleware | Django documentation | Django</title></head><body><div class="section" id="middleware"><h1>Middleware<a class="headerlink" href="#middleware" title="Link to this heading">¶</a></h1></div></body>`,
			"Middleware"},
		{"a permalink after a space, C# kept", "",
			`<head><title>Pattern matching in C# - Notes</title></head><body><h1>Pattern matching in C# <a class="anchor" href="#top">#</a></h1></body>`,
			"Pattern matching in C#"},
		{"a script and an element before <html> put <title> in the body", "",
			`<script>window.dataLayer = [];</script><div id="consent-banner"></div><!DOCTYPE html><html lang="en"><head><title>Night trains return to the Alps | Rail Journal</title>
<meta property="og:site_name" content="Rail Journal"></head><body><p>Text.</p></body></html>`,
			"Night trains return to the Alps"},
		{"a line break in the <h1>", "",
			`<body><h1 class="wp-block-heading">Top MBA Programs of 2025 (US)<br>Your Guide to the Best Business Schools</h1></body>`,
			"Top MBA Programs of 2025 (US) Your Guide to the Best Business Schools"},
		{"the site's name before the headline that the description starts with", "",
			`<head><title>LA Daily News - Bynum injured as Lakers squeak by Grizzlies</title><meta name="description" content="Bynum injured as Lakers squeak by Grizzlies. The Lakers had already suffered one loss."></head><body><p>Text.</p></body>`,
			"Bynum injured as Lakers squeak by Grizzlies"},
		{"a description that starts otherwise leaves the title whole", "",
			`<head><title>Field Notes - Birds of the upper valley in winter</title><meta name="description" content="A year of walks above the village."></head><body><p>Text.</p></body>`,
			"Field Notes - Birds of the upper valley in winter"},
		{"the site's name before the headline that the body shows", "",
			`<head><title>icNewcastle - New Year revellers flock to capital</title></head><body><div class="logo">icNewcastle</div><h2>New Year revellers flock to capital</h2><p>Text.</p></body>`,
			"New Year revellers flock to capital"},
		{"a section's name in the menu is not the headline, the longest part is", "",
			`<head><title>ΤΟ ΒΗΜΑ - Ψωμί, το πολύτιμο - υγεία + fitness</title></head><body><ul><li><a href="/health">υγεία + fitness</a></li></ul><h2>Ψωμί, το πολύτιμο</h2><p>Text.</p></body>`,
			"Ψωμί, το πολύτιμο"},
		{"› before the post's title", "",
			`<head><title>Free Range Librarian › One of those birthdays</title></head><body><h2 class="entry-title">One of those birthdays</h2><p>Text.</p></body>`,
			"One of those birthdays"},
		{"a blog's name before a colon and the post's title", "",
			`<head><title>Logic+Emotion: Brands Will Become Media: Here's How</title></head><body><div class="header">Logic+Emotion</div><h3 class="post-title"><a href="/2012/11/brands.html">Brands Will Become Media: Here's How</a></h3><p>Text.</p></body>`,
			"Brands Will Become Media: Here's How"},
		{"the <h1> before the colon is the title", "",
			`<head><title>Shuteye : All &amp; Sundry</title></head><body><h1><a href="/2012/10/23/shuteye/">Shuteye</a></h1><p>Text.</p><div id="footer">Copyright <a href="/">All &amp; Sundry</a></div></body>`,
			"Shuteye"},
		{"a separator whose site's name is missing, and the name after ' :'", "",
			`<head><title>» Create a Superhealth Community :zenhabits</title><meta property="og:site_name" content="zenhabits"></head><body><p>Text.</p></body>`,
			"Create a Superhealth Community"},
		{"a title in quotes keeps them", "",
			`<head><title>«Κοπάνες»: Όσο πιο συχνές, τόσο πιο κακές για τη «Λουκίσα»</title></head><body><p>Text.</p></body>`,
			"«Κοπάνες»: Όσο πιο συχνές, τόσο πιο κακές για τη «Λουκίσα»"},
		{"a tagline in a span of the <h1>, styled apart", "",
			`<body><h1>Black Edition<span class="tagline">Complete high-protein powder meal</span></h1></body>`,
			"Black Edition Complete high-protein powder meal"},
		{"a word in parts across elements stays one", "",
			`<body><h1><b>H</b>ello <i>wor</i>ld</h1></body>`,
			"Hello world"},
		{"twitter:title is the site's name", "https://shop.sockhaus.example/collections/mens-socks",
			`<head><meta name="twitter:title" content="Sockhaus"><meta property="og:site_name" content="Sockhaus"><title>All Men&#x27;s Socks</title></head><body><p>Socks.</p></body>`,
			"All Men's Socks"},
		{"the site's name is the home page's title", "https://sockhaus.example/",
			`<head><meta property="og:title" content="Sockhaus"><title>Sockhaus | Socks that last</title></head><body><h1>Socks that last a decade</h1></body>`,
			"Sockhaus"},
		{"an <h1> that is the site's logo", "https://www.shopmart.example/item/1005.html",
			`<head><meta property="og:title" content="Mechanical keyboard, wireless, 75 keys, hot-swap - Shopmart 44"></head><body><h1>Shopmart</h1></body>`,
			"Mechanical keyboard, wireless, 75 keys, hot-swap"},
		{"a forum's prefix of the thread before the <h1>'s title", "https://forum.example/threads/digital-cameras.123/",
			`<head><title>News - Digital cameras: a 2024 status symbol? | Camera Forum</title><meta property="og:site_name" content="Camera Forum">
<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Digital cameras: a 2024 status symbol?"}</script></head>
<body><h1 class="p-title-value"><span class="label label--green">News</span><span class="label-append">&nbsp;</span>Digital cameras: a 2024 status symbol?</h1></body>`,
			"Digital cameras: a 2024 status symbol?"},
		{"a date before a blog post's title in its <h1>", "",
			`<head><title>Preparing a transition in the archive | Colin's blog</title><meta property="og:title" content="Preparing a transition in the archive"></head>
<body><h1><a href="/blog/transition.html" rel="bookmark"><time datetime="2025-12-18">Dec <span>18</span> 2025</time> Preparing a transition in the archive</a></h1></body>`,
			"Preparing a transition in the archive"},
		{"the first words of a headline that another title leaves out stay", "",
			`<head><title>Officials eyeing possible tsunami debris off Washington</title><meta property="og:title" content="Possible tsunami debris off Washington"></head>
<body><h1 class="headline">Officials eyeing possible tsunami debris off Washington</h1></body>`,
			"Officials eyeing possible tsunami debris off Washington"},
		{"JSON-LD's headline cut short by a plugin", "",
			`<head><title>Fix It Friday: How to arrange a small living room (including one trick that always works) - Jane's Blog</title>
<meta property="og:site_name" content="Jane's Blog"><meta property="og:title" content="Fix It Friday: How to arrange a small living room (including one trick that always works) - Jane's Blog">
<script type="application/ld+json">{"@type":"BlogPosting","headline":"Fix It Friday: How to arrange a small living room (including one"}</script></head>`,
			"Fix It Friday: How to arrange a small living room (including one trick that always works)"},
		{"a shorter headline that is not cut stays", "",
			`<head><meta property="og:title" content="Storm hits the coast overnight: what we know"><script type="application/ld+json">{"@type":"NewsArticle","headline":"Storm hits the coast overnight"}</script></head>`,
			"Storm hits the coast overnight"},
		{"section crumbs before the <h1>'s headline in <title>", "",
			`<head><title>News - Health &amp; Business - Acme: Takes over the distribution of Lumen </title></head><body>
<h2><a href="default.asp">Home</a><a href="newscategory.asp">News</a><a href="newscategory.asp?cat_id=3">Health &amp; Business</a></h2>
<h1>Acme: Takes over the distribution of Lumen </h1><p>Text.</p></body>`,
			"Acme: Takes over the distribution of Lumen"},
		{"a short site name before the <h1>'s headline", "",
			`<head><title>ITN - Soldier fires on patrol</title></head><body><h1>Soldier fires on patrol</h1><p>Text.</p></body>`,
			"Soldier fires on patrol"},
		{"the site's logo in the <h1>, the title's other part in an <h2>", "",
			`<head><title>What is Ownership? - The Rust Programming Language</title></head><body><h1 class="menu-title">The Rust Programming Language</h1>
<main><h2 id="what-is-ownership"><a class="header" href="#what-is-ownership">What is Ownership?</a></h2><p>Text.</p></main></body>`,
			"What is Ownership?"},
		{"a domain name before the title", "",
			`<html><head><meta http-equiv='description' content='Choi three-shot winner over Sabbatini'><title>ValleyTimes.com - Choi three-shot winner over Sabbatini</title></head>
<body><h1>Top Classifieds</h1><h1>Comments</h1></body></html>`,
			"Choi three-shot winner over Sabbatini"},
		{"a login box's <h1> is not the page's title", "",
			`<body><div style="padding:5px;"><h1>Create an Account</h1>Hi, you're either logged out, or you haven't yet become a member.</div>
<table><tr><td><a href="index.php?name=News">News</a>: <a href="index.php?sid=47">What the band is up to now.</a><p>After ten years…</p></td></tr></table></body>`,
			""},
		{"no <title> nor <h1>: the heading classed as the title", "",
			`<body><div class="menu"><a href="/entry/a-host-of-stress/">A Host of Stress</a> | <a href="/">Main</a></div>
<h3 class="date"> Wednesday, July 28, 2004 </h3><div class="blogbody"><h2 class="title">Suddenly Simple</h2><p>My revelation on Monday…</p></div></body>`,
			"Suddenly Simple"},
		{"a <title> and no <h1>: the heading classed as the title does not count", "",
			`<head><title>Suddenly Simple</title></head><body><h2 class="title">Recent posts</h2><p>Text.</p></body>`,
			"Suddenly Simple"},
		{"an <h1> that holds its text once per screen size", "",
			`<head><title>Acme – The system for product development</title><meta property="og:site_name" content="Acme"></head><body><h1><span class="mobile">The product development system for teams and agents</span>
<span class="tablet">The product development system for teams and agents</span><span class="desktop">The product development system for teams and agents</span></h1></body>`,
			"The system for product development"},
	}
	for _, tt := range tests {
		root, err := html.Parse(strings.NewReader(tt.page))
		if err != nil {
			t.Fatal(err)
		}
		p := Read(root, tt.url)
		if got := p.Title(); got != tt.want {
			t.Errorf("%s: Title() = %q, want %q", tt.name, got, tt.want)
		}
		if got := p.Metadata("").Title; got != tt.want {
			t.Errorf("%s: Metadata().Title = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCompare(t *testing.T) {
	if !SameText("Don’t Panic!", "don't panic") || SameText("", "") || SameText("a", "b") {
		t.Error("SameText")
	}
	if !SameAuthors([]string{"Jane Doe"}, "Jane Doe, MD") || !SameAuthors([]string{"A B", "C D"}, "A B and C D") || SameAuthors(nil, "x") {
		t.Error("SameAuthors")
	}
	if !SameDay("2025-09-04T23:00:00-05:00", "2025-09-04") || SameDay("2025-09-04", "2025-09-05") || SameDay("", "") {
		t.Error("SameDay")
	}
}

func TestIsByline(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"By Marta Keller · 14 March 2025 · 4 min read", true},
		{"Written by Jane Doe", true},
		{"BY JOHN SMITH", true},
		{"Von Max Müller, 3. März", true},
		{"By the river", false},
		{"By clicking Accept you agree to our cookies", false},
		{"Jane Doe", false},
		{"By", false},
	} {
		if got := IsByline(tt.line); got != tt.want {
			t.Errorf("IsByline(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// A reader's comment under the article gives the page neither its date
// nor its author.
func TestCommentsAreNotThePage(t *testing.T) {
	for _, page := range []string{
		`<html><body><article><h1>Post</h1><p>Text of the post.</p></article><ol class="comment-list"><li class="comment"><cite>Ann</cite> <time datetime="2024-01-02">January 2, 2024</time><p>Great post.</p></li></ol></body></html>`,
		`<html><body><article><h1>Post</h1><p>Text of the post.</p></article><div id="comments"><div><b>Ann</b> wrote on January 2, 2024:</div><p>Great post.</p></div></body></html>`,
	} {
		root, err := html.Parse(strings.NewReader(page))
		if err != nil {
			t.Fatal(err)
		}
		if m := Extract(root, Options{}); m.Published != "" || len(m.Authors) > 0 {
			t.Errorf("published %q, authors %q from a comment:\n%s", m.Published, m.Authors, page)
		}
	}
}

func TestHomeLogoTitle(t *testing.T) {
	tests := []struct {
		name, page, want string
	}{
		{"a blog's name before the post's title", `<html><head><title>Field notes: Marsh orchids at Ness Point</title></head><body>
			<h1 class="title"><a href="/">Field notes</a></h1><h3 class="post-title">Marsh orchids at Ness Point</h3><p>Text.</p></body></html>`,
			"Marsh orchids at Ness Point"},
		{"a logo linking to the absolute home page", `<html><head><title>Shop opening hours - The Corner Shop</title></head><body>
			<h1><a href="https://corner.example/">The Corner Shop</a></h1><h2>Shop opening hours</h2></body></html>`,
			"Shop opening hours"},
		// A blog's name before a colon, as its home link (the alt text of
		// its logo) names it, and the post's title as a heading (Dragnet
		// R549); not when the part before the colon is no site's name
		// (Dragnet R108: a heading names a series, the title's first
		// part).
		{"Blogger: the home link's logo names the blog", `<html><head><title>The Science of Sport: USADA Reasoned Decision</title></head><body>
			<div id="header"><a href="http://www.sportsscientists.com/"><img alt="The Science of Sport" src="logo.jpg"></a></div>
			<h2 class="date-header">Wednesday, October 10, 2012</h2><h3 class="post-title"><a href="/2012/10/usada.html">USADA Reasoned Decision</a></h3><p>Text.</p></body></html>`,
			"USADA Reasoned Decision"},
		{"a heading that is the title's first part", `<html><head><title>The Future of C++: Live broadcast this Friday</title></head><body>
			<div id="header"><a href="http://herbsutter.example/">Sutter's Mill</a></div>
			<h2>The Future of C++: Live broadcast this Friday</h2><h3><a href="http://channel9.example/">The Future of C++</a></h3><p>Text.</p></body></html>`,
			"The Future of C++: Live broadcast this Friday"},
		{"the post's title, the blog's name no home link's", `<html><head><title>The Science of Sport: USADA Reasoned Decision</title></head><body>
			<div id="header"><a href="/about">The Science of Sport</a></div><h3 class="post-title">USADA Reasoned Decision</h3><p>Text.</p></body></html>`,
			"The Science of Sport: USADA Reasoned Decision"},
		{"a heading linking to its own page is no logo", `<html><head><title>Models | Django</title></head><body>
			<h1><a href="/topics/models/">Models</a></h1></body></html>`,
			"Models"},
	}
	for _, tt := range tests {
		root, err := html.Parse(strings.NewReader(tt.page))
		if err != nil {
			t.Fatal(err)
		}
		if got := Read(root, "").Title(); got != tt.want {
			t.Errorf("%s: title %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestLogoHoldingTitle: an <h1> logo (a link to the home page) whose
// text holds the page's <title> whole is not the site's name (l3s-gn1
// b4fba381: "News & Observer | newsobserver.com | The Force Is Strong
// With Soulcalibur(R) IV"); a logo that is only the name is.
func TestLogoHoldingTitle(t *testing.T) {
	tests := []struct{ name, page, site string }{
		{"the logo repeats the title", `<html><head><title>newsobserver.com | The Force Is Strong With Soulcalibur(R) IV</title></head><body>
			<h1><a href="http://www.newsobserver.com" title="News &amp; Observer | Home">News &amp; Observer | newsobserver.com | The Force Is Strong With Soulcalibur(R) IV</a></h1>
			<h2>The Force Is Strong With Soulcalibur(R) IV</h2><p>Text.</p></body></html>`, ""},
		{"the logo is the site's name", `<html><head><title>Shop opening hours - The Corner Shop</title></head><body>
			<h1><a href="https://corner.example/">The Corner Shop</a></h1><h2>Shop opening hours</h2></body></html>`, "The Corner Shop"},
	}
	for _, tt := range tests {
		root, err := html.Parse(strings.NewReader(tt.page))
		if err != nil {
			t.Fatal(err)
		}
		if got := Read(root, "").Metadata("").SiteName; got != tt.site {
			t.Errorf("%s: site name %q, want %q", tt.name, got, tt.site)
		}
	}
}

// TestHostileBase: a <base href> that is not an http or https URL is no
// base, for every URL field of the metadata (Canonical, Image); the page's
// URL, when known, is the base then, and a field that states a script or
// data URL itself is left out.
func TestHostileBase(t *testing.T) {
	const head = `<link rel=canonical href="story.html"><meta property="og:image" content="/pic.png">`
	for _, tc := range []struct {
		name, base, url  string
		canonical, image string
		head             string // replaces head
	}{
		{name: "javascript base, no URL", base: "javascript:alert(1)//", canonical: "story.html", image: "/pic.png"},
		{name: "javascript base", base: "javascript:alert(1)//", url: "https://news.example/a/b", canonical: "https://news.example/a/story.html", image: "https://news.example/pic.png"},
		{name: "case and spaces", base: "  JaVaScRiPt:alert(1)//", url: "https://news.example/a/b", canonical: "https://news.example/a/story.html", image: "https://news.example/pic.png"},
		{name: "tab inside the scheme", base: "java\tscript:alert(1)//", url: "https://news.example/a/b", canonical: "https://news.example/a/story.html", image: "https://news.example/pic.png"},
		{name: "entity-encoded scheme", base: "&#106;avascript:alert(1)//", canonical: "story.html", image: "/pic.png"},
		{name: "data base", base: "data:text/html,<script>alert(1)</script>/", canonical: "story.html", image: "/pic.png"},
		{name: "data base, URL", base: "data:text/html;base64,PHNjcmlwdD4=/", url: "https://news.example/a/b", canonical: "https://news.example/a/story.html", image: "https://news.example/pic.png"},
		{name: "vbscript base", base: "vbscript:msgbox(1)//", url: "http://news.example/", canonical: "http://news.example/story.html", image: "http://news.example/pic.png"},
		{name: "relative base, no URL", base: "/static/", canonical: "story.html", image: "/pic.png"},
		{name: "relative base", base: "/static/", url: "https://news.example/a/b", canonical: "https://news.example/static/story.html", image: "https://news.example/pic.png"},
		{name: "protocol-relative base", base: "//cdn.example/x/", url: "https://news.example/a/b", canonical: "https://cdn.example/x/story.html", image: "https://cdn.example/pic.png"},
		{name: "protocol-relative base, no URL", base: "//cdn.example/x/", canonical: "story.html", image: "/pic.png"},
		{name: "http base", base: " https://cdn.example/x/ ", canonical: "https://cdn.example/x/story.html", image: "https://cdn.example/pic.png"},
		{name: "javascript page URL", base: "", url: "javascript:alert(1)//", canonical: "story.html", image: "/pic.png"},
		{name: "script fields", url: "https://news.example/", head: `<link rel=canonical href=" javascript:alert(1)"><meta property="og:image" content="data:image/svg+xml,<svg onload=alert(1)>">`},
		{name: "vbscript fields", head: `<link rel=canonical href="VBScript:x"><meta property="og:image" content="java&#9;script:alert(1)">`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := cmp.Or(tc.head, head)
			page := `<html><head><base href="` + tc.base + `">` + h + `</head><body><h1>T</h1></body></html>`
			if tc.base == "" {
				page = `<html><head>` + h + `</head><body><h1>T</h1></body></html>`
			}
			root, err := html.Parse(strings.NewReader(page))
			if err != nil {
				t.Fatal(err)
			}
			md := Extract(root, Options{URL: tc.url})
			if md.Canonical != tc.canonical || md.Image != tc.image {
				t.Errorf("canonical %q, image %q; want %q, %q", md.Canonical, md.Image, tc.canonical, tc.image)
			}
		})
	}
}
