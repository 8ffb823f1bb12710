package decode

import (
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

// keptTexts selects every block of page, runs drop on the selection and
// returns the texts of the blocks it keeps.
func keptTexts(t *testing.T, page string, drop func([]tokenize.Block, []bool)) []string {
	t.Helper()
	return keptFrom(t, page, nil, drop)
}

// keptFrom selects the blocks of page whose text is one of selected (all
// of them when selected is nil), runs step on the selection and returns
// the texts of the blocks selected after it.
func keptFrom(t *testing.T, page string, selected []string, step func([]tokenize.Block, []bool)) []string {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sel := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		sel[i] = selected == nil || slices.Contains(selected, b.Text)
	}
	step(p.Blocks, sel)
	var kept []string
	for i, b := range p.Blocks {
		if sel[i] {
			kept = append(kept, b.Text)
		}
	}
	return kept
}

func TestDropChrome(t *testing.T) {
	tests := []struct {
		name, page string
		want       []string
	}{
		{"mediawiki", `<div id="siteSub">From the wiki</div><a class="mw-jump-link" href="#n">Jump to navigation</a>
			<h2>Usage<span class="mw-editsection"><a href="?edit">edit</a></span></h2><p>Text of the article.</p>
			<div class="printfooter">Retrieved from "<a href="https://w/x">https://w/x</a>"</div>
			<div id="catlinks" class="catlinks"><a href="/c">Categories</a>: <ul><li>Tools</li></ul></div>
			<table class="navbox"><tr><td>Other tools</td></tr></table>`,
			[]string{"Usage", "Text of the article."}},
		{"a post's position number, not a number of the text", `<div class="crawler-post-meta"><span itemprop="author">DaleJack</span> <time>September 5, 2024</time> <span itemprop="position">2</span></div>
			<p>Text of the article.</p><p><span itemprop="name">Version</span> <span>2</span></p>`,
			[]string{"DaleJack", "September 5, 2024", "Text of the article.", "Version", "2"}},
		{"pop-overs and tooltips, not a profile link in one", `<p>Text of the article.</p><span class="badge">Top Brand</span><div class="popover" style="display:none"><div class="popover-body">This badge confirms that the seller attracts a high volume of visitors.</div></div>
			<span role="tooltip">Star Sellers have an outstanding track record.</span><div role="tooltip"><a href="/netflix">Netflix Technology Blog</a></div>
			<h4>Driver type <tool-tip class="tool-tip"><span class="tool-tip__label">Final Sale</span><div class="tool-tip__content">Speakers and headphones use a device called a driver.</div></tool-tip></h4>
			<div class="tooltip-wrap">Hover me<span class="tooltiptext">Tooltip text</span></div>`,
			[]string{"Text of the article.", "Top Brand", "Netflix Technology Blog", "Driver type", "Final Sale", "Hover me"}},
		{"hidden microdata, not a hidden tab's text", `<p>Text of the article.</p><span itemprop="datePublished">April 8, 2017</span>
			<span style="display:none;"><span itemprop="dateCreated">April 8, 2017</span><span itemprop="dateModified">April 9, 2017</span></span>
			<div style="display:none" itemprop="description"><p>Made of merino wool.</p></div>`,
			[]string{"Text of the article.", "April 8, 2017", "Made of merino wool."}},
		{"a hidden byline for microdata", `<p>Text of the article.</p><p style="display:none;">Posted by <span itemprop="author">Ree</span> on <span itemprop="published">February 16 2012</span></p>`,
			[]string{"Text of the article."}},
		{"an image's credit line by its markup, not a long caption or a film's credits", `<figure><img src="a.jpg"><figcaption>Fans at the stadium. <small><span itemprop="citation" class="credit">Harry How/Getty Images</span></small></figcaption></figure>
			<p class="photo-credit">Photo: Jane Roe</p><p>Text of the article.</p>
			<div class="credits"><p>Directed by Ana Ruiz, written by Ana Ruiz and Tom Lee, music by the Harbour Band, edited by Sam Cole and Lee Park</p></div>`,
			[]string{"Fans at the stadium.", "Text of the article.", "Directed by Ana Ruiz, written by Ana Ruiz and Tom Lee, music by the Harbour Band, edited by Sam Cole and Lee Park"}},
		{"an author's biography box, not the byline", `<p class="byline">By <a href="/jane">Jane Roe</a></p><p>Text of the article.</p>
			<div class="author-bio"><p>Jane Roe covers the harbour and the council for the Gazette.</p></div>
			<dl class="author-card"><dt class="author-card__title">By Franco Gucci, writer</dt><dd class="author-card__description">I'm an avid movie fan.</dd></dl>`,
			[]string{"By", "Jane Roe", "Text of the article.", "By Franco Gucci, writer"}},
		{"an icon font's glyph names", `<h3>What is a query optimizer? <i class="material-icons">chevron_right</i></h3>
			<ul><li><span class="material-symbols-outlined">check</span> Free returns</li></ul><p>The material icons of the set are drawn for screens.</p>
			<table><tr><td>Free filing</td><td><span class="material-icons">check</span></td></tr></table>`,
			[]string{"What is a query optimizer?", "Free returns", "The material icons of the set are drawn for screens.", "Free filing", "check"}},
		{"posts of a social network embedded in a story, not a quote", `<p>The senator replied within the hour.</p>
			<blockquote class="twitter-tweet" data-width="550"><p lang="en" dir="ltr">We will vote on it next week.</p>&mdash; Jane Roe (@janeroe) <a href="https://twitter.com/janeroe/status/1">March 29, 2017</a></blockquote>
			<blockquote class="instagram-media" data-instgrm-version="14"><a href="https://www.instagram.com/p/x/">A post shared by Roe (@roe)</a></blockquote>
			<blockquote><p>We will not wait another year.</p></blockquote>`,
			[]string{"The senator replied within the hour.", "We will not wait another year."}},
		{"a script's templates for passing states", `<p>Text of the article.</p><div v-cloak v-if="isNotifyModalOpen"><h3>Notify me when back in stock</h3></div>
			<div x-show="submitted">Thanks, we got your info.</div><p class="ng-cloak">{{ board.errors[1].message }}</p>
			<div x-show="activeTab === 'details'"><p>Made of merino wool.</p></div>`,
			[]string{"Text of the article.", "Made of merino wool."}},
		{"hidden from print", `<p>Text of the article.</p><div class="share d-print-none">Share this</div>
			<div class="md:flex print:hidden">Menu</div><div class="print:prose-sm hidden md:block"><p>Kept</p></div>`,
			[]string{"Text of the article.", "Kept"}},
		{"advertising labels", `<p>First paragraph.</p><p>Advertisement</p><div>- ADVERTISEMENT -</div>
			<span>Article continues below</span><p>Anzeige</p><p>Advertisement for a better world.</p>
			<p>SPONSORED BY</p><p>Sponsored by Wind River</p><p>Sponsored by the city, the festival draws ten thousand visitors.</p>
			<p><a href="https://google.com/preferences/source">Add as a preferred source on Google</a></p>`,
			[]string{"First paragraph.", "Advertisement for a better world.", "Sponsored by the city, the festival draws ten thousand visitors."}},
		{"calls to action and controls", `<p>Our plans start at ten dollars a month for a team of five.</p>
			<p><a class="btn btn-primary" href="/demo">Book a demo</a></p><p><a href="/more">Read more »</a></p>
			<div><a class="wp-block-button__link" href="/a">Start your free trial with all the features today</a></div>
			<p>Share</p><p>Reply With Quote 0</p><p>Share your story with us in the comments.</p>
			<p>5 min read</p><p>Reading time: 3 minutes</p><p>Join the discussion</p><p>Save 30%</p><p>Was this helpful?</p>
			<p><b>Βρίσκεστε εδώ:</b></p><p>By using VS Code, you agree to its <a href="/l">license</a> and <a href="/p">privacy statement</a>.</p>
			<p>By using a sharper blade, you agree with yourself to cut less and to cut better, the carpenters say, and they have said so for a hundred years in every workshop of the valley.</p>`,
			[]string{"Our plans start at ten dollars a month for a team of five.",
				"Start your free trial with all the features today", "Share your story with us in the comments.", "Save 30%",
				"By using a sharper blade, you agree with yourself to cut less and to cut better, the carpenters say, and they have said so for a hundred years in every workshop of the valley."}},
		{"a duration is a reading time only when it says so or its markup does", `<p>Story text.</p>
			<div><span>Prep Time</span> <span>10 minutes</span></div><p>Understand the tool in <b>5 minutes</b> by playing!</p>
			<div class="post-meta"><span class="reading-time">6 min</span> <span class="readTime">4 minutes</span></div>`,
			[]string{"Story text.", "Prep Time", "10 minutes", "Understand the tool in", "5 minutes", "by playing!"}},
		{"a post's row of controls and its signature", `<div class="post"><p>Check the relief valve pipe outside first.</p>
			<div class="message-signature">Gas Safe registered · North London</div>
			<div class="actions"><a href="#">Quote</a> <a href="#">Reply</a> <a href="#">Report</a> <span>Like 3</span></div>
			<div><a href="#r">[reply]</a> <a href="#top">[top]</a></div></div>
			<h2>Report</h2><p>Edit your profile in the settings.</p><div><a href="/r">Reply</a> to this <a href="/t">thread</a></div>`,
			[]string{"Check the relief valve pipe outside first.", "Report", "Edit your profile in the settings.", "Reply", "to this", "thread"}},
		{"the page's footer, not an article's", `<article><p>Story text.</p><footer>Sources: the city's budget.</footer></article>
			<footer><p>Holiday Kitchen</p></footer><div role="contentinfo">Imprint</div>`,
			[]string{"Story text.", "Sources: the city's budget."}},
		{"class words are not chrome", `<div class="catlinks-like navbox2 editsection-note"><p>Kept</p></div>`,
			[]string{"Kept"}},
		{"a control's link at a paragraph's edge", `<p><a href="#list">Jump to the list ⤵</a> The moving process can be an adventure.</p>
			<p>The council published its report on the vote. <a href="/r">Read more »</a></p>
			<p>Write to us by <a href="mailto:x">email</a> or <a href="/p">print</a></p>`,
			[]string{"The moving process can be an adventure.", "The council published its report on the vote.",
				"Write to us by", "email", "or", "print"}},
		{"a label on a line of its own in a post", `<div class="post">The new firmware fixed it for me.<br><br>
			Sent from my SM-S908U using Tapatalk<br>Share</div><div>Sent from my desk in the newsroom at midnight, this letter reached the editor two weeks after the vote.</div>`,
			[]string{"The new firmware fixed it for me.", "Sent from my desk in the newsroom at midnight, this letter reached the editor two weeks after the vote."}},
	}
	for _, tt := range tests {
		if got := keptTexts(t, tt.page, dropChrome); !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDropTablesOfContents(t *testing.T) {
	tests := []struct {
		name, page string
		want       []string
	}{
		{"a labelled list of links to the page's sections", `<div><h3>Table of contents</h3><ul><li><a href="#cost">The cost of movers</a></li>
			<li><span>2</span><a href="#reviews">Real reviews</a></li></ul></div><h2 id="cost">The cost of movers</h2><p>Movers charge by the hour.</p>`,
			[]string{"The cost of movers", "Movers charge by the hour."}},
		{"links to other pages are no table of contents", `<h3>Contents</h3><ul><li><a href="/a">Chapter one</a></li><li><a href="/b">Chapter two</a></li></ul>`,
			[]string{"Contents", "Chapter one", "Chapter two"}},
		{"one link is too few", `<p>On this page</p><p><a href="#x">Setup</a></p><p>Text of the article.</p>`,
			[]string{"On this page", "Setup", "Text of the article."}},
	}
	for _, tt := range tests {
		if got := keptTexts(t, tt.page, dropTablesOfContents); !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDropSignupBoxes(t *testing.T) {
	article := `<p>` + strings.Repeat("The council voted to widen the bridge next spring. ", 20) + `</p>`
	tests := []struct {
		name, page string
		want       []string
	}{
		{"a newsletter box and a small form", article + `<div class="newsletter-signup"><h3>Get our weekly letter</h3>
			<p>The best stories, every Friday.</p></div><form><p>Fill this form to download the syllabus.</p>
			<label>Email</label><input type="email"></form>`,
			[]string{strings.TrimSpace(strings.Repeat("The council voted to widen the bridge next spring. ", 20))}},
		{"a page built inside one form", `<form id="aspnetForm">` + article + `<p>Contact the clerk.</p></form>`,
			[]string{strings.TrimSpace(strings.Repeat("The council voted to widen the bridge next spring. ", 20)), "Contact the clerk."}},
		{"a sign-up page whose text is its form", `<form class="signup"><h1>Join the beta</h1>
			<p>Use your work email to invite your team.</p><label>Email</label></form>`,
			[]string{"Join the beta", "Use your work email to invite your team.", "Email"}},
	}
	for _, tt := range tests {
		if got := keptTexts(t, tt.page, dropSignupBoxes); !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDropCopies(t *testing.T) {
	article := `<p>The council voted on Tuesday to close the old bridge to traffic for the winter.</p>` +
		`<p>Engineers found cracks in two of its piers during an inspection in the spring.</p>`
	listing := `use std::fs::File; use std::io::Read; fn main() { println!("opening the greeting file for reading now"); let greeting_file = File::open("hello.txt")`
	lead := "Gathering from the garden is traditional in December, and it is a great time to consider planting evergreen shrubs that will provide colour and structure in the garden over the coming years"
	tests := []struct {
		name, page string
		want       []string
	}{
		{"article again as one hidden paragraph", article +
			`<div style="display:none" itemprop="articleBody">The council voted on Tuesday to close the old bridge to traffic for the winter. Engineers found cracks in two of its piers during an inspection in the spring.</div>`,
			[]string{"The council voted on Tuesday to close the old bridge to traffic for the winter.",
				"Engineers found cracks in two of its piers during an inspection in the spring."}},
		{"pull quote", article + `<aside class="pull-quote">Engineers found cracks in two of its piers during an inspection</aside>`,
			[]string{"The council voted on Tuesday to close the old bridge to traffic for the winter.",
				"Engineers found cracks in two of its piers during an inspection in the spring."}},
		{"pull quote in quotation marks", article + `<aside class="story__pull-quote"><p>“Engineers found cracks in two of its piers during an inspection.”</p></aside>`,
			[]string{"The council voted on Tuesday to close the old bridge to traffic for the winter.",
				"Engineers found cracks in two of its piers during an inspection in the spring."}},
		{"pull quote between dashes", article + `<div class="pullquote">— Engineers found cracks in two of its piers during an inspection —</div>`,
			[]string{"The council voted on Tuesday to close the old bridge to traffic for the winter.",
				"Engineers found cracks in two of its piers during an inspection in the spring."}},
		{"a standfirst in a figure that repeats a paragraph, with its byline", `<figure><img src="a.jpg"><div>` + lead + `, says ANN LEE.</div></figure>` + article + `<p>` + lead + `.</p>`,
			[]string{"The council voted on Tuesday to close the old bridge to traffic for the winter.",
				"Engineers found cracks in two of its piers during an inspection in the spring.", lead + "."}},
		{"a caption of its own stays", `<figure><img src="a.jpg"><figcaption>The old bridge seen from the east bank of the river at dawn.</figcaption></figure>` + article,
			[]string{"The old bridge seen from the east bank of the river at dawn.",
				"The council voted on Tuesday to close the old bridge to traffic for the winter.",
				"Engineers found cracks in two of its piers during an inspection in the spring."}},
		{"code listings in figures that differ by a word stay", `<figure><pre>` + listing + `.unwrap();</pre></figure><figure><pre>` + listing + `?;</pre></figure>`,
			[]string{listing + ".unwrap();", listing + "?;"}},
		{"paragraphs of few distinct words stay", "<p>" + strings.ReplaceAll(fewWords(200), "\n", "</p><p>") + "</p>",
			strings.Split(fewWords(200), "\n")},
		{"listing items sharing a sentence stay", `<li>Level 1 charger. This estimate considers the cost of labor and the wiring needed.</li>` +
			`<li>Level 2 charger. This estimate considers the cost of labor and the wiring needed.</li>`,
			[]string{"Level 1 charger. This estimate considers the cost of labor and the wiring needed.",
				"Level 2 charger. This estimate considers the cost of labor and the wiring needed."}},
	}
	for _, tt := range tests {
		if got := keptTexts(t, tt.page, dropCopies); !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, got, tt.want)
		}
	}
}

// fewWords returns n paragraphs of 60 words each, drawn from six words in
// a fixed pseudo-random order, joined by line breaks: every word trigram
// stands in many paragraphs, none of which copies another.
func fewWords(n int) string {
	words := []string{"alpha", "beta", "gamma", "delta", "eta", "mu"}
	var b strings.Builder
	x := uint32(1)
	for k := range n {
		if k > 0 {
			b.WriteByte('\n')
		}
		for i := range 60 {
			x = x*1664525 + 1013904223
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[x>>16%6])
		}
	}
	return b.String()
}

func TestFillCode(t *testing.T) {
	tests := []struct {
		name, page string
		kept       []string // the blocks selected before fillCode
		want       []string
	}{
		{"a listing between two kept paragraphs", `<p>Install it:</p><pre><span>go</span> <span>install</span> example.com/tool</pre><p>Then run it.</p>` +
			`<div>Sidebar</div><pre>not in the flow</pre><div>Footer</div>`,
			[]string{"Install it:", "Then run it."},
			[]string{"Install it:", "go", "install", "example.com/tool", "Then run it."}},
		{"a display formula between two kept paragraphs", `<p>The mean is defined as follows:</p><dl><dd><math display="block"><mi>H</mi><mo>=</mo><mfrac><mi>n</mi><mi>S</mi></mfrac></math></dd></dl>` +
			`<p>It is at most the geometric mean.</p><div>Sidebar</div><math><mi>x</mi></math><div>Footer</div>`,
			[]string{"The mean is defined as follows:", "It is at most the geometric mean."},
			[]string{"The mean is defined as follows:", "H", "=", "n", "S", "It is at most the geometric mean."}},
		{"the listing a lead-in introduces, at the end of the text", `<p>Run this:</p><pre>make</pre><pre>make install</pre><div>Footer</div>`,
			[]string{"Run this:"},
			[]string{"Run this:", "make"}},
		{"no lead-in, no listing", `<p>That is all.</p><pre>make</pre><div>Footer</div>`,
			[]string{"That is all."},
			[]string{"That is all."}},
	}
	for _, tt := range tests {
		if kept := keptFrom(t, tt.page, tt.kept, fillCode); !slices.Equal(kept, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, kept, tt.want)
		}
	}
}

func TestDropRelated(t *testing.T) {
	storyTexts := []string{"The council voted on Tuesday to close the old bridge to traffic for the winter and to repair it.",
		"Engineers found cracks in two of its piers during an inspection in the spring, the city said on Monday.",
		"The work will cost four million euros and should be finished before the summer holidays begin next year."}
	story := "<p>" + strings.Join(storyTexts, "</p><p>") + "</p>"
	tests := []struct {
		name, page string
		want       []string
	}{
		{"teasers under a related heading", `<p>The last paragraph of the story.</p><h3>Related posts</h3>
			<ul><li><a href="/a">First other story</a></li><li><a href="/b">Second other story</a></li></ul>
			<p>A paragraph of text after the list, which is not a link.</p>`,
			[]string{"The last paragraph of the story.", "A paragraph of text after the list, which is not a link."}},
		{"lesen sie auch in bold", `<p>Der letzte Absatz.</p><p><strong>Lesen Sie auch:</strong></p><p><a href="/x">Ein anderer Artikel</a></p>`,
			[]string{"Der letzte Absatz."}},
		{"a heading that only starts alike stays", `<h2>Related work on bridges and their history in the valley region</h2><p>Text.</p>`,
			[]string{"Related work on bridges and their history in the valley region", "Text."}},
		{"plain text naming related content stays", `<p>Related posts are listed below.</p><p><a href="/a">A link</a></p>`,
			[]string{"Related posts are listed below.", "A link"}},
		{"teaser cards, headline and lead, in the section the heading opens", story +
			`<section class="more"><h2>More from Business</h2>
			<div><h3><a href="/1">Bakery chain opens its twentieth shop</a></h3><p>The family firm plans to hire more bakers.</p></div>
			<div><h3><a href="/2">Fuel prices fall again</a></h3><p>Drivers paid four cents less a litre.</p></div></section>
			<p>After the section.</p>`,
			append(slices.Clone(storyTexts), "After the section.")},
		{"a related heading that opens the article keeps it", `<div><h2>Trending</h2>` + story + `</div>`,
			storyTexts},
		{"a read-also line inside a story", `<p>The first paragraph of the story.</p>
			<p><strong>Read also:</strong> <a href="/x">Shipping rates rise as queues grow</a></p><p>The second paragraph.</p>`,
			[]string{"The first paragraph of the story.", "The second paragraph."}},
		{"an also-read line inside a story, the label and the link in one bold", `<p>The first paragraph of the story.</p>
			<p><strong>Also Read: <a href="/x">Financial Fraud Detection Using Machine Learning</a></strong></p><p>The second paragraph.</p>`,
			[]string{"The first paragraph of the story.", "The second paragraph."}},
		{"a read-more line inside a story", `<p>The first paragraph of the story.</p>
			<h4><strong>READ MORE:</strong> <a href="/x">Will ChatGPT eliminate the college essay?</a></h4><p>The second paragraph.</p>`,
			[]string{"The first paragraph of the story.", "The second paragraph."}},
		{"an up-next line inside a story", `<p>The first paragraph of the story.</p>
			<p><strong>Up Next: <a href="/x">New Warriors </a><a href="/y">TV Show Ordered Straight To Series</a></strong></p><p>The second paragraph.</p>`,
			[]string{"The first paragraph of the story.", "The second paragraph."}},
		{"a read-more heading over the page's own text stays", `<h3><strong>Read more about the average cost of movers:</strong></h3><p>Moving a studio costs about $460.</p>`,
			[]string{"Read more about the average cost of movers:", "Moving a studio costs about $460."}},
		{"a man page's SEE ALSO with its link to the top stays", `<h2><b>SEE ALSO</b> <a href="#top">top</a></h2><p>awk(1), sed(1)</p>`,
			[]string{"SEE ALSO", "top", "awk(1), sed(1)"}},
		{"a shop's filters, the section a facet heading opens", `<div class="grid"><p>Sofa, three seats, grey, with a washable linen cover and oak legs</p><p>Armchair, velvet, in five colours with a matching footstool</p></div>
			<section><h2>Filter By</h2><div><h3>Color</h3><label>Black</label><label>Grey</label></div><div><h3>Material</h3><label>Velvet</label></div></section>`,
			[]string{"Sofa, three seats, grey, with a washable linen cover and oak legs", "Armchair, velvet, in five colours with a matching footstool"}},
		{"a label over links one a line stays", `<p>The first paragraph of the story.</p>
			<p><b>Related articles:</b><br><a href="/x">One story</a><br><a href="/y">Another story</a></p>`,
			[]string{"The first paragraph of the story.", "Related articles:", "One story", "Another story"}},
	}
	for _, tt := range tests {
		if got := keptTexts(t, tt.page, dropRelated); !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDropTrailingNotices(t *testing.T) {
	tests := []struct {
		name, page string
		want       []string
	}{
		{"wire notice under a story", `<p>The storm reached the coast on Monday.</p>
			<p>© 2008 The Associated Press. All rights reserved.</p><p>This material may not be published, broadcast, rewritten or redistributed.</p>`,
			[]string{"The storm reached the coast on Monday."}},
		{"a copyright line inside the story stays", `<p>The museum's copyright on the photographs ran out in 2008.</p><p>The last paragraph.</p>`,
			[]string{"The museum's copyright on the photographs ran out in 2008.", "The last paragraph."}},
	}
	for _, tt := range tests {
		if got := keptTexts(t, tt.page, dropTrailingNotices); !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDropHiddenDialogs(t *testing.T) {
	story := strings.TrimSpace(strings.Repeat("The council voted to widen the bridge next spring. ", 20))
	article := `<p>` + story + `</p>`
	tests := []struct {
		name, page string
		want       []string
	}{
		{"a hidden report form and a hidden survey", article +
			`<div class="wt-overlay" aria-hidden="true"><h2>What’s wrong with this listing?</h2><form><p>Contact the seller first.</p><select><option>Spam</option></select></form></div>` +
			`<div style="display:none"><div role="dialog"><p>Take a 5-minute survey.</p><input type="radio"></div></div>`,
			[]string{story}},
		{"a hidden size guide in a drawer stays", article +
			`<div class="drawer modal" hidden><h2>Size guide</h2><p>Fits mattresses up to 16 inches deep.</p></div>`,
			[]string{story, "Size guide", "Fits mattresses up to 16 inches deep."}},
		{"a hidden tab panel stays", article + `<div class="tab-panel" hidden><p>Dimensions: 20 by 30 cm.</p></div>`,
			[]string{story, "Dimensions: 20 by 30 cm."}},
		{"a visible modal stays", article + `<div class="modal"><p>Sizes run small.</p><input></div>`,
			[]string{story, "Sizes run small."}},
		{"a hidden pop-up that holds the page's text stays", `<div class="popup" style="display:none">` + article + `<form><input></form></div><p>Footer line.</p>`,
			[]string{story, "Footer line."}},
	}
	for _, tt := range tests {
		if got := keptTexts(t, tt.page, dropHiddenDialogs); !slices.Equal(got, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestIsFootnoteMark: a footnote's reference mark, a link in a <sup>,
// is no word of the text; a superscript that is not a linked mark is.
func TestIsFootnoteMark(t *testing.T) {
	page := `<p>All-day battery life<sup><a href="#fn5">5</a></sup> and Wi-Fi 7<sup><a href="#fn13">[13]</a></sup>.</p>` +
		`<p>An area of 4 m<sup>2</sup>, a note<sup><a href="#n">†</a></sup>, a cited claim<sup><a href="#c">(3)</a></sup>, <sup><a href="/x">see also</a></sup>.</p>` +
		`<p>Fingerprint scanners.<span class="citation-wrapper"><span class="citation">1</span></span> That is why, in <span class="year">2</span> of them.</p>`
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var marks []string
	for _, b := range p.Blocks {
		if isFootnoteMark(b) {
			marks = append(marks, b.Text)
		}
	}
	if want := []string{"5", "[13]", "†", "(3)", "1"}; !slices.Equal(marks, want) {
		t.Errorf("marks %q, want %q", marks, want)
	}
}

// TestIsFallback: the short text a media element shows only to a browser
// that cannot play it is no one's text; a longer description is kept.
func TestIsFallback(t *testing.T) {
	page := `<video controls><source src="a.mp4">Your browser does not support the video tag.</video>` +
		`<video><p>Data visualization of predicted wheat and maize yields through the end of this century, from an ensemble of crop and climate models.</p></video>` +
		`<canvas>Your browser cannot draw this chart.</canvas><p>The text of the page.</p>`
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var fallbacks []string
	for _, b := range p.Blocks {
		if isFallback(b) {
			fallbacks = append(fallbacks, b.Text)
		}
	}
	if want := []string{"Your browser does not support the video tag.", "Your browser cannot draw this chart."}; !slices.Equal(fallbacks, want) {
		t.Errorf("fallbacks %q, want %q", fallbacks, want)
	}
}

// TestLineLabels: the lines dropped as no one's text, each test on lines
// that are and lines that are not: a listing's count of its results, a
// story's page links (a word among the numbers), a count of a post's
// reactions, an Instagram post's attribution without its post.
func TestLineLabels(t *testing.T) {
	for _, tt := range []struct {
		name  string
		is    func(string) bool
		lines map[string]bool
	}{
		{"result count", func(text string) bool { return resultCount.MatchString(label(text)) }, map[string]bool{
			"Showing all 39 results":       true,
			"Showing 1–24 of 316 products": true,
			"Showing 1 result":             true,
			"Showing the results of 2024":  false,
			"39 results in all were shown": false,
		}},
		{"pagination", isPagination, map[string]bool{
			"CONTINUED 1 | 2 Next":            true,
			"Page 2 of 5":                     true,
			"« Previous 1 2 3 Next »":         true,
			"1 2 3 Next":                      true,
			"Pages: 1, 2, 3":                  true,
			"42":                              false,
			"1 | 2":                           false,
			"Next, the council voted 5 to 2.": false,
			"Page 2 of the report says so":    false,
		}},
		{"counter", isCounter, map[string]bool{
			"1 Like":                        true,
			"7 Likes":                       true,
			"13 Comments":                   true,
			"2.4K views":                    true,
			"3 replies":                     true,
			"3 people liked the new design": false,
			"12 comments were removed":      false,
		}},
		{"embed leftover", isEmbedLeftover, map[string]bool{
			"A post shared by Power Rangers (@powerrangersmovie) on Mar 23, 2017 at 3:00pm PDT": true,
			"A photo shared by Ann (@ann) on Jan 2, 2020":                                       true,
			"A post shared by the council on its website explains the plan.":                    false,
		}},
		{"script notice", isScriptNotice, map[string]bool{
			"Please note that Javascript is turned off in your web browser. To use this site, you must turn it on and then refresh the page.": true,
			"This slideshow requires JavaScript.":                                  true,
			"To view this video please enable JavaScript, and consider upgrading.": true,
			"You must enable JavaScript to shop on IKEA.com":                       true,
			"Hybrid apps are created using HTML, CSS, and JavaScript.":             false,
			"Learn JavaScript": false,
			"Simon then ported it to JavaScript in 4.5 hours.": false,
		}},
	} {
		for text, want := range tt.lines {
			if got := tt.is(text); got != want {
				t.Errorf("%s: %q: %v, want %v", tt.name, text, got, want)
			}
		}
	}
}

// TestFillAnswers: a selected term or question (<dt>) gets its answer
// (<dd>) when none of it is selected; a term dropped leaves its answer as
// it was.
func TestFillAnswers(t *testing.T) {
	page := `<dl><dt>Will it make me hungry?</dt><dd>It has not been known to.</dd>` +
		`<dt>Is it legal?</dt><dd><p>In most states.</p><p>Check yours.</p></dd>` +
		`<dt>Shipping</dt><dd>Free over 50 euros.</dd></dl>`
	got := keptFrom(t, page, []string{"Will it make me hungry?", "Is it legal?", "Check yours."}, fillAnswers)
	if want := []string{"Will it make me hungry?", "It has not been known to.", "Is it legal?", "Check yours."}; !slices.Equal(got, want) {
		t.Errorf("kept %q, want %q", got, want)
	}
}

// TestIsLinkHint: a screen reader's hint about a link, alone or after the
// link's text read out again, is no one's text; a sentence is.
func TestIsLinkHint(t *testing.T) {
	page := `<p><a href="/p">cleared payment<span class="clipped">cleared payment - opens in a new window or tab</span></a></p>` +
		`<p><a href="https://x.example/">Install Node.js<title>(link takes you to an external page)</title></a></p>` +
		`<p>Click the button and the form opens in a new window, where you enter your name and the date of your visit.</p>`
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var hints []string
	for _, b := range p.Blocks {
		if isLinkHint(b) {
			hints = append(hints, b.Text)
		}
	}
	if want := []string{"cleared payment - opens in a new window or tab", "(link takes you to an external page)"}; !slices.Equal(hints, want) {
		t.Errorf("hints %q, want %q", hints, want)
	}
}

// TestIsSpokenCopy: a screen reader's copy of the text beside it goes; a
// screen reader's text that adds something stays.
func TestIsSpokenCopy(t *testing.T) {
	page := `<div><span class="condition">Used</span><span class="clipped">Used</span></div>` +
		`<div><span>$25</span><span class="sr-only">Original price was $40</span></div>` +
		`<p><span class="visually-hidden">Black</span><span aria-hidden="true">Black</span></p>`
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var copies []int
	for i := range p.Blocks {
		if isSpokenCopy(p.Blocks, i) {
			copies = append(copies, i)
		}
	}
	if want := []int{1, 4}; !slices.Equal(copies, want) {
		t.Errorf("copies %v, want %v", copies, want)
	}
}

func TestDropDanglingLabels(t *testing.T) {
	story := "The river rose two metres overnight and closed the old bridge."
	for _, tt := range []struct {
		name, page string
		selected   []string
		want       []string
	}{
		{"a table of contents without its list", `<h2>Table of Contents</h2><ul><li><a href="#a">Flood</a></li></ul><p>` + story + `</p>`,
			[]string{"Table of Contents", story}, []string{story}},
		{"a table of contents with its list", `<h2>Table of Contents</h2><ul><li><a href="#a">Flood</a></li></ul><p>` + story + `</p>`,
			[]string{"Table of Contents", "Flood", story}, []string{"Table of Contents", "Flood", story}},
		{"an empty box at the end", `<p>` + story + `</p><h3>Recently viewed</h3>`,
			nil, []string{story}},
		{"a byline label without its name", `<p>` + story + `</p><div>Written by</div><a href="/team/ann">Ann Lee</a>`,
			[]string{story, "Written by"}, []string{story}},
		{"a label inside a sentence stays", `<p>Written by hand, the letter ran to ten pages.</p>`,
			nil, []string{"Written by hand, the letter ran to ten pages."}},
		{"a lead-in whose list is left out", `<p>` + story + `</p><h4>More Buying Guides:</h4><ul><li><a href="/g1">Best kettles</a></li></ul><p>Footer</p>`,
			[]string{story, "More Buying Guides:", "Footer"}, []string{story, "Footer"}},
		{"a field's label without its value", `<p>` + story + `</p><div><span>Features:</span><span></span></div><div class="badge">Top Rated</div><p>Next product</p>`,
			[]string{story, "Features:", "Next product"}, []string{story, "Next product"}},
		{"a lead-in with what it introduces stays", `<p>` + story + `</p><p>The council listed three causes:</p><ul><li>heavy rain</li></ul>`,
			nil, []string{story, "The council listed three causes:", "heavy rain"}},
		{"a long line ending in a colon stays", `<p>` + story + `</p><p>Residents who were moved from the lower town last night have been told the following:</p><p>Footer</p>`,
			[]string{story, "Residents who were moved from the lower town last night have been told the following:"},
			[]string{story, "Residents who were moved from the lower town last night have been told the following:"}},
	} {
		if kept := keptFrom(t, tt.page, tt.selected, dropDanglingLabels); !slices.Equal(kept, tt.want) {
			t.Errorf("%s: kept %q, want %q", tt.name, kept, tt.want)
		}
	}
}
