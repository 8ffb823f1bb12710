package metadata

import (
	"slices"
	"strings"
	"testing"
)

func TestAuthorName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Jane Doe", "Jane Doe"},
		// Labels stripped.
		{"View all posts by Daniel Lemire →", "Daniel Lemire"},
		{"Текст: Венера Ерофеева", "Венера Ерофеева"},
		{"Автор: Иван Петров", "Иван Петров"},
		{"By Jane Doe", "Jane Doe"},
		{"BY: JANE DOE", "JANE DOE"},
		{"Author: By Jane Doe", "Jane Doe"},
		{"Posted by Jane Doe", "Jane Doe"},
		{"Written By Jane Doe", "Jane Doe"},
		// A site named by its host, or its publisher beside it, is
		// not the author; a person beside the host is, and a desk's
		// byline stays whole.
		{"淄博时空新闻网:www.zibosky.com", ""},
		{"in.gr — Δημοσιογραφικός Οργανισμός Λαμπράκη Α.Ε.", ""},
		{"The Wise Marketer (www.thewisemarketer.com)", ""},
		{"CBSNews.com", ""},
		{"Angela Mulholland CTVNews.ca", "Angela Mulholland"},
		{"NFL.com Staff", "NFL.com Staff"},
		{"xiaofeng.li", "xiaofeng.li"},
		{"J.Smith", "J.Smith"},
		// A wire's word for no one.
		{"AGENCY", ""},
		{"WIRE SERVICES", ""},
		// A title or an organisation alone names its author so.
		{"SFist Contributor", "SFist Contributor"},
		{"Cerebral Inc.", "Cerebral Inc."},
		// A picture's credit is not the author.
		{"STAFF PHOTO BY KATHY ANDERSON", ""},
		{"Illustration by Ann Lee", ""},
		{"Par Jean Dupont", "Jean Dupont"},
		{"Von Max Müller", "Max Müller"},
		{"Autor: Jan Kowalski", "Jan Kowalski"},
		{"Napisała Anna Nowak", "Anna Nowak"},
		{"Γράφει: Μαρία Παπαδοπούλου", "Μαρία Παπαδοπούλου"},
		{"作者：王小明", "王小明"},
		{"記者汪萬里", "汪萬里"},
		{"Text: Eva Berg", "Eva Berg"},
		{"By", ""},
		{"Author:", ""},
		// Names that start like a label are names.
		{"Parker Smith", "Parker Smith"},
		{"Byron Katie", "Byron Katie"},
		{"Doorn Jansen", "Doorn Jansen"},
		{"Di Maio", "Di Maio"},
		{"Textor Müller", "Textor Müller"},
		// Nobody's name.
		{"Guest", ""},
		{"Гость", ""},
		{"admin", ""},
		{"Staff", ""},
		{"Anonymous", ""},
		{"Аноним", ""},
		{"Redaktion", ""},
		{"Редакция", ""},
		{"Sat", ""},
		{"page.head.extra.author", ""},
		{"{{ post.author }}", ""},
		{"https://example.com/jane", ""},
		{"Author Archive", ""},
		{"Topic Author", ""},
		{"Thomas More", "Thomas More"},
		{"M.D.", ""},
		// A profile's number or address, the rest of a phrase, a call to
		// action.
		{"262588213843476", ""},
		{"www.facebook.com/jane.doe", ""},
		{"facebook.com/jane.doe", ""},
		{"Contributors to Wikimedia projects", ""},
		{"to Wikimedia projects", ""},
		{"Visit the Acme Store", ""},
		{"From Acme", ""},
		{"With Paul Magnusson", "Paul Magnusson"},
		{"Withers Jones", "Withers Jones"},
		{"Tomson Highway", "Tomson Highway"},
		{"Jan van der Berg", "Jan van der Berg"},
		// A news agency's name in quotes stays (its ".Ru" is not a
		// host alone); a host name alone is the site.
		{"gb.cri.cn", ""},
		{"ИА «НашБрянск.Ru»", "ИА «НашБрянск.Ru»"},
		{"Jane Doe »", "Jane Doe"},
		// Places.
		{"Germany", ""},
		{"Москва", ""},
		{"London, UK", ""},
		{"New York", ""},
		// A first name that is also a place's name stays a name.
		{"Jordan", "Jordan"},
		{"Sofia", "Sofia"},
		{"Newsdesk", "Newsdesk"},
		// A source's label alone names nobody.
		{"ПО МАТЕРИАЛАМ:", ""},
	}
	for _, tt := range tests {
		if got := authorName(tt.in); got != tt.want {
			t.Errorf("authorName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestAuthors: the authors of whole pages, labels stripped and generic
// words and places passed over for the next source.
func TestAuthors(t *testing.T) {
	tests := []struct {
		name, page string
		want       []string
	}{
		{"a WordPress author link", `<body><h1>Fast parsing</h1><p>Text.</p><div id="author-link"><a href="https://lemire.me/blog/author/lemire/" rel="author">View all posts by Daniel Lemire <span class="meta-nav">&rarr;</span></a></div></body>`,
			[]string{"Daniel Lemire"}},
		{"a Russian label in the meta author", `<head><meta name="author" content="Текст: Венера Ерофеева"></head><body><h1>Новости</h1></body>`,
			[]string{"Венера Ерофеева"}},
		{"a label in JSON-LD", `<head><script type="application/ld+json">{"@type":"NewsArticle","headline":"H","author":{"@type":"Person","name":"Autor: Jan Kowalski"}}</script></head><body><h1>H</h1></body>`,
			[]string{"Jan Kowalski"}},
		{"a guest in the meta author, a name in the byline", `<head><meta name="author" content="Гость"></head><body><h1>Заголовок</h1><p class="byline">Автор: <a href="/u/ip">Иван Петров</a></p></body>`,
			[]string{"Иван Петров"}},
		{"a guest as the forum user", `<body><h2>Topic</h2><p class="post"><span class="username">Гость</span> » 12 декабря 2011</p></body>`,
			nil},
		{"a place in an author element", `<body><h1>Title</h1><div class="author-location">Germany</div><p><a href="/author/anna-schmidt/">Anna Schmidt</a></p></body>`,
			[]string{"Anna Schmidt"}},
		{"staff and a place in the meta authors", `<head><meta name="author" content="Staff"><meta property="article:author" content="London, UK"><meta name="parsely-author" content="Sam Lee"></head><body><h1>T</h1></body>`,
			[]string{"Sam Lee"}},
		{"labels and roles alone are no author", `<body><h1>T</h1><a rel="author" href="/people/tg">View Profile</a> <a rel="author" href="/people/tg">Tim Grierson</a> <a rel="author" href="/people/tg">Author Archive</a></body>`,
			[]string{"Tim Grierson"}},
		{"Blogger's profile link, the name in the post's footer", `<body><h3 class="post-title entry-title">Warming Up with Beef Merlot</h3><p>Text.</p>
<div class="post-footer"><span class="post-author vcard">Posted by <span class="fn">Chef John</span></span></div>
<div class="widget Profile"><h2>Chef John's Bio</h2><dl class="profile-datablock"><dt class="profile-data"><a class="profile-name-link" href="http://www.blogger.com/profile/15030125427840815038" rel="author"></a></dt></dl>
<a class="profile-link" href="http://www.blogger.com/profile/15030125427840815038" rel="author">View my complete profile</a></div></body>`,
			[]string{"Chef John"}},
		{"a forum thread's replies, each with its author (Discourse)", `<body><div itemscope itemtype="http://schema.org/DiscussionForumPosting"><h1>Multiple agents crashing</h1>
<div id="post_1" class="topic-body crawler-post"><span class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person"><a itemprop="url" href="/u/Brian"><span itemprop="name">Brian</span></a></span><p>We just signed up.</p></div>
<div id="post_2" itemprop="comment" itemscope itemtype="http://schema.org/Comment" class="topic-body crawler-post"><span class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person"><a itemprop="url" href="/u/Thiago_Marques_0"><span itemprop="name">Thiago_Marques_0</span></a></span><p>Hi Brian.</p></div>
<div id="post_3" itemprop="comment" itemscope itemtype="http://schema.org/Comment" class="topic-body crawler-post"><span class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person"><a itemprop="url" href="/u/Docarly_Romero"><span itemprop="name">Docarly_Romero</span></a></span><p>Same here.</p></div></div></body>`,
			[]string{"Brian"}},
		{"a Q&A page's answer by its type", `<body><div itemscope itemtype="https://schema.org/QAPage"><h1>How to merge dicts?</h1><div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">
<span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Basj</span></span><div itemscope itemtype="https://schema.org/Answer"><span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Levon</span></span></div></div></div></body>`,
			[]string{"Basj"}},
		{"co-authors of one article stay", `<body><article itemscope itemtype="https://schema.org/NewsArticle"><h1>Storm hits coast</h1><span itemprop="author">Ann Lee</span> and <span itemprop="author">Bo Chen</span></article></body>`,
			[]string{"Ann Lee", "Bo Chen"}},
		{"a label and a colon under the headline", `<body><h1>Новости</h1><p>Текст: Венера Ерофеева</p><p>Статья.</p></body>`,
			[]string{"Венера Ерофеева"}},
		{"a label and a colon in an author element", `<body><h1>Wiadomości</h1><div class="article-author">Autor: Jan Kowalski</div></body>`,
			[]string{"Jan Kowalski"}},
		{"Wikipedia's contributors", `<head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","name":"Ada Lovelace",
"author":{"@type":"Organization","name":"Contributors to Wikimedia projects"},"publisher":{"@type":"Organization","name":"Wikimedia Foundation, Inc."},
"headline":"English mathematician (1815\u20131852)"}</script></head><body><h1>Ada Lovelace</h1></body>`,
			nil},
		{"a profile's number in article:author", `<head><meta property="article:author" content="262588213843476"></head><body><h1>T</h1><p class="byline">By Marta Keller</p></body>`,
			[]string{"Marta Keller"}},
		{"a shop's link to the brand's store", `<body><h1 id="title">Wireless earbuds with charging case</h1><a id="bylineInfo" class="a-link-normal" href="/stores/Acme/page/1">Visit the Acme Store</a></body>`,
			nil},
		{"a co-author after a semicolon and a place", `<head><meta name="author" content="Howard Gleckman; With Paul Magnusson; in Washington"></head><body><h1>T</h1></body>`,
			[]string{"Howard Gleckman", "Paul Magnusson"}},
		{"a template's placeholder", `<head><meta name="author" content="page.head.extra.author"></head><body><h1>T</h1><p>By Tim Enwall</p></body>`,
			[]string{"Tim Enwall"}},
		// Authors named in a menu, a navigation bar or a quotation are not
		// the page's; the article's author box in a sidebar is.
		{"a menu's link to a magazine's authors", `<body><ul id="menu-main" class="menu"><li id="menu-item-19" class="menu-item menu-item-type-custom">
<a href="https://tv.example/authors/interiordesign">DesignTV</a></li></ul><h1>2025 Best of Year Award Winners</h1><p>The winners.</p></body>`,
			nil},
		{"a quotation's author in the page's header", `<body><div id="header"><a href="/" class="logo">Glavred</a><div class="quote">
<a href="/columns/why-politicians-dislike-the-web.html" class="text" rel="me">Think of how to survive in open times</a>
<div class="info"><a href="/avtor/jane-roe" class="author" rel="author">Jane Roe</a></div></div></div>
<h1>Daughter visits her mother</h1><p>Text.</p><div class="author srcnourl"><span class="materials">ПО МАТЕРИАЛАМ:</span> <span></span></div></body>`,
			nil},
		{"a navigation list of columnists", `<body><div class="nav"><a href="/author/ann-lee/">Ann Lee</a> <a href="/author/bo-chen/">Bo Chen</a></div><h1>T</h1><p>Text.</p></body>`,
			nil},
		{"the article's author box in a sidebar", `<body><h1>Strategy, explained</h1><p>Text.</p><div class="sidebar"><div class="widget author-box"><span class="author-name">Liz Kenny</span> Former consultant</div></div></body>`,
			[]string{"Liz Kenny"}},
		// A job title and an organisation after a name are not names.
		{"a professor's title and university", `<head><script type="application/ld+json">{"@type":"NewsArticle","headline":"H",
"author":{"@type":"Person","name":"Jeremy Straub, Assistant Professor of Computer Science, North Dakota State University"}}</script></head><body><h1>H</h1></body>`,
			[]string{"Jeremy Straub"}},
		{"a title after one comma", `<head><meta name="author" content="Paul Steinhauser, CNN Political Editor"></head><body><h1>T</h1></body>`,
			[]string{"Paul Steinhauser"}},
		{"a site among the names", `<head><meta name="author" content="David Marshall, Wade A. Reynolds, VMblog.com"></head><body><h1>T</h1></body>`,
			[]string{"David Marshall", "Wade A. Reynolds"}},
		{"the site's address and its publisher", `<head><meta name="author" CONTENT="rizospastis.gr | Synchroni Epochi"><meta name="Publisher" content="Synchroni Epochi"></head><body><h1>T</h1></body>`,
			nil},
		{"one name after one comma", `<head><meta name="author" content="Doe, Jane"></head><body><h1>T</h1></body>`,
			[]string{"Doe, Jane"}},
		{"a wire's word in the byline", `<body><h1>Hugh Jackman says goodbye to Wolverine</h1><p class="post-meta"> By
AGENCY</p><p>Text.</p></body>`,
			nil},
		// A post classed after its author is no byline (Dragnet R287).
		{"a post classed after its author", `<body><h1 id="blog-title"><a href="http://librarian.example/">Free Range Librarian</a></h1>
<div id="post-3316" class="hentry post publish author-kgs category-life"><h2 class="entry-title">One of those birthdays</h2>
<div class="entry-content"><div class="wp-caption alignleft"><img title="Potato Chips (Kettle Brand)" src="chips.jpg" alt="Potato Chips (Kettle Brand)">
<p class="wp-caption-text">Potato Chips (Kettle Brand)</p></div><p>I turn fifty today.</p></div></div></body>`,
			nil},
		// A picture's caption in the author's box names the picture.
		{"a figcaption in the author's box", `<body><h1>Harbour lights</h1><p>Text.</p><div class="author-box"><figure><img src="jane.jpg" alt="">
<figcaption>Sunset Harbour Studios</figcaption></figure><span class="name">Jane Doe</span></div></body>`,
			[]string{"Jane Doe"}},
		{"a WordPress caption in the byline", `<body><h1>Chips</h1><div class="byline"><div class="wp-caption alignleft"><img src="chips.jpg" alt="">
<p class="wp-caption-text">Potato Chips</p></div><span>Karen Schneider</span></div><p>Text.</p></body>`,
			[]string{"Karen Schneider"}},
		{"Written by, far under the headline", `<body><h1>Why cheap SEO does not work</h1>` + strings.Repeat("<p>A paragraph.</p>", 70) +
			`<div class="bio"><img src="john.jpg" alt=""><p class="brxe-text-basic">Written by John Crenshaw</p></div></body>`,
			[]string{"John Crenshaw"}},
		{"Written by alone, the name after it", `<body><h1>Growth loops</h1>` + strings.Repeat("<p>A paragraph.</p>", 70) +
			`<p><span>Written by</span> <a href="/about/">Top Growth Marketing</a></p></body>`,
			[]string{"Top Growth Marketing"}},
		// The headline, or its first words, is no author (Dragnet R155,
		// DAnIEL nd.fjsen); a columnist's name before the title's colon
		// and a name of two words are.
		{"the headline's first words", `<head><title>Extend Your Battery Life - Energy Saver</title><meta name="author" content="Extend Your Battery Life"></head><body><h3 class="entry-title">Extend Your Battery Life - Energy Saver</h3><p>Text.</p></body>`,
			nil},
		{"the <h1> without its last characters", `<head><meta name="author" content="度娘刘冬爆乳一夜蹿红 晋升新宅男女神"></head><body><h1>度娘刘冬爆乳一夜蹿红 晋升新宅男女神(图)</h1><p>正文。</p></body>`,
			nil},
		{"a columnist before the title's colon", `<head><title>Casey B. Mulligan: The Flawed Case for Fiscal Stimulus - NYTimes.com</title><meta name="author" content="Casey B. Mulligan"></head><body><h1>The Flawed Case for Fiscal Stimulus</h1></body>`,
			[]string{"Casey B. Mulligan"}},
		{"a blogger's name that is the blog's", `<head><title>Ed Brill - New IBM study: The business of social business</title><meta name="author" content="Ed Brill"></head><body><h1>New IBM study</h1></body>`,
			[]string{"Ed Brill"}},
		{"a Chinese columnist's name before the title", `<head><meta name="author" content="李晓亮"></head><body><h1>李晓亮：是谁需要一个“人造”的韩寒？</h1></body>`,
			[]string{"李晓亮"}},
		// A search form's option is no byline's label.
		{"an author option in a search form", `<body><form action="/search"><a href="javascript:void(0)" data-select="author">作者</a></form><h1>Storm Warning</h1><p>Text.</p></body>`,
			nil},
		{"a label in a whole page's form", `<body><form id="aspnetForm" action="/story.aspx"><h1>Storm hits coast</h1><p>By <a href="/staff/jl">Jane Lee</a></p><p>Text.</p></form></body>`,
			[]string{"Jane Lee"}},
		// The site's makers and its CMS's accounts are no authors (DAnIEL
		// bigmir.net, fakt.pl, express.gr; WCXB 0327); a forum user's
		// account is a name.
		{"the site's makers in the meta author", `<head><meta name="Author" content="Web architecture: Volkova Dasha, Design: Maxim Tkachuk. Programming: Ivan Eidemiller, Nikolay Palamar. HTML: Nataly Momotenko."></head><body><h1>Суп</h1><p>Текст.</p></body>`,
			nil},
		{"the makers credited, the byline's name", `<head><meta name="author" content="content: MarketingSherpa, design: Scott McDaniel, code: Steve Beger, MECLABS"></head><body><h1>Digital Marketing Pricing Data</h1><p class="byline">By Daniel Burstein</p><p>Text.</p></body>`,
			[]string{"Daniel Burstein"}},
		{"a publisher's IT department", `<head><meta name="Author" content="Ringier Axel Springer Polska IT Systemy Online"></head><body><h1>Mleko pomaga schudnąć</h1></body>`,
			nil},
		{"the CMS's account named after the site", `<head><title>Αμεσα ιάσιμη νόσος η ακράτεια ούρων - Express.gr</title><meta name="author" content="express1"></head><body><h1>Αμεσα ιάσιμη νόσος η ακράτεια ούρων</h1></body>`,
			nil},
		{"a forum user's account", `<head><title>What happened with Arch Linux ISO in 2024 / Newbie Corner / Arch Linux Forums</title><meta name="author" content="chunix64"></head><body><h1>What happened with Arch Linux ISO in 2024</h1></body>`,
			[]string{"chunix64"}},
		{"written by in a sentence", `<body><h1>Unicode search</h1>` + strings.Repeat("<p>A paragraph.</p>", 70) +
			`<p>Python has a separate <a href="https://pypi.example/regex">RegEx library</a> written by <a href="/mb">Matthew Barnett</a> in C.</p>
<p>Python has a RegEx library written by Matthew Barnett in C.</p></body>`,
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Extract(parse(t, "<html>"+tt.page+"</html>"), Options{}).Authors
			if !slices.Equal(got, tt.want) {
				t.Errorf("authors %q, want %q", got, tt.want)
			}
		})
	}
}
