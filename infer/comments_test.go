package infer

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestComments: the readers' comments of a WordPress-style page, each with
// its author and date, replies apart, without the form, the reply links or
// the "3 comments" link above; none of it in the text.
func TestComments(t *testing.T) {
	raw, err := os.ReadFile("testdata/comments-wordpress.html")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	res, err := ex.ExtractBytes(t.Context(), raw, Options{Comments: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []Comment{
		{Author: "Ann", Date: "January 2, 2024", Text: "Great post, I agree with every word of it."},
		{Author: "Bob", Text: "Not me, I think the second paragraph is wrong."},
	}
	if !reflect.DeepEqual(res.Comments, want) {
		t.Errorf("comments %+v,\nwant %+v", res.Comments, want)
	}
	if strings.Contains(res.Text, "Great post") || !strings.Contains(res.Text, "article's own text") {
		t.Errorf("text %q", res.Text)
	}
	// Without the option, no comments.
	if res, _ := ex.ExtractBytes(t.Context(), raw, Options{}); res.Comments != nil {
		t.Errorf("comments without Options.Comments: %v", res.Comments)
	}
}

// commentArticle is the article above the comment sections of
// TestCommentMarkup: long enough to be the page's content.
const commentArticle = `<html><head><title>Night trains</title></head><body class="single content-sidebar top">
<div class="site-inner"><div class="content-sidebar-wrap"><main class="content"><article class="post"><h1>Night trains return to the Alps</h1>
<p>The night train from Zurich to Vienna runs again this winter, with sleeping cars that the railway bought from a company that closed last year.</p>
<p>Passengers board at nine in the evening and wake up in Vienna at seven, after a night crossing the mountains at a slow and quiet pace.</p>
<p>The railway says the train is full on most weekends, and that it will add a second one in the spring if the numbers hold.</p></article>`

const commentEnd = `</main></div></div></body></html>`

// TestCommentMarkup: the comment reader on the markup of common comment
// systems, written after real pages: WordPress's html5 and older
// comment_class markup (li.comment with "comment-author-NAME" classes,
// replies in ul.children), Blogger's li.comment > div.comment-block,
// and bylines in the text ("Comment by NAME — DATE", "NAME says:", the
// guestbook's "NAME wrote: TEXT", "Posted by NAME on DATE", in a few
// languages), the text after a byline on its line staying text.
// Replies are comments of their own, never folded into their parent's
// author or text.
func TestCommentMarkup(t *testing.T) {
	ex, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		html string
		want []Comment
	}{{
		name: "wordpress html5",
		html: `<div id="comments" class="comments-area comment-form-position-below"><h2 class="comments-title">2 thoughts on “Night trains”</h2>
<ol class="comment-list">
<li id="comment-11" class="comment even thread-even depth-1 parent"><article id="div-comment-11" class="comment-body">
<footer class="comment-meta"><div class="comment-author vcard"><img class="avatar" src="a.png" width="32" height="32"><b class="fn"><a href="https://ann.example" class="url">Ann Weber</a></b> <span class="says">says:</span></div>
<div class="comment-metadata"><a href="#comment-11"><time datetime="2024-01-02T10:00:00+00:00">January 2, 2024 at 10:00 am</time></a> <span class="edit-link"><a class="comment-edit-link" href="/edit">Edit</a></span></div></footer>
<div class="comment-content"><p>We took it in December and slept the whole way, a fine way to cross the Alps.</p></div>
<div class="reply"><a rel="nofollow" class="comment-reply-link" href="#comment-11">Reply</a></div></article>
<ol class="children"><li id="comment-12" class="comment byuser comment-author-marta bypostauthor odd alt depth-2"><article id="div-comment-12" class="comment-body">
<footer class="comment-meta"><div class="comment-author vcard"><b class="fn">Marta Keller</b> <span class="says">says:</span></div>
<div class="comment-metadata"><a href="#comment-12"><time datetime="2024-01-03">January 3, 2024 at 8:15 am</time></a></div></footer>
<div class="comment-content"><p>Thank you, Ann, the second train should make it easier to find a bed.</p></div>
<div class="reply"><a rel="nofollow" class="comment-reply-link" href="#comment-12">Reply</a></div></article></li></ol></li>
</ol><div id="respond" class="comment-respond"><h3>Leave a Reply</h3><form class="comment-form"><textarea></textarea></form></div></div>`,
		want: []Comment{
			{Author: "Ann Weber", Date: "January 2, 2024 at 10:00 am", Text: "We took it in December and slept the whole way, a fine way to cross the Alps."},
			{Author: "Marta Keller", Date: "January 3, 2024 at 8:15 am", Text: "Thank you, Ann, the second train should make it easier to find a bed."},
		},
	}, {
		name: "old blogger: authors, bodies and footers as siblings",
		html: `<div class="comments" id="comments"><h4>2 comments:</h4><dl id="comments-block">
<dt class="comment-author" id="c101"><a name="c101"></a><a href="/profile/1" rel="nofollow">Henrik</a> said...</dt>
<dd class="comment-body"><p>The oven light trick saved my rye too, and I leave the door ajar.</p></dd>
<dd class="comment-footer"><span class="comment-timestamp"><a href="#c101">November 21, 2011 10:02 AM</a></span></dd>
<dt class="comment-author blog-author" id="c102"><a name="c102"></a>Margit said...</dt>
<dd class="comment-body"><p>Yes, a loose lid: a plate on top is enough to keep the crust from forming.</p></dd>
<dd class="comment-footer"><span class="comment-timestamp"><a href="#c102">November 23, 2011 7:15 AM</a></span></dd>
</dl></div>`,
		want: []Comment{
			{Author: "Henrik", Date: "November 21, 2011 10:02 AM", Text: "The oven light trick saved my rye too, and I leave the door ajar."},
			{Author: "Margit", Date: "November 23, 2011 7:15 AM", Text: "Yes, a loose lid: a plate on top is enough to keep the crust from forming."},
		},
	}, {
		name: "wordpress older theme",
		html: `<div id="comments"><h3 id="comments-title">Two Responses to Night trains</h3><ol class="commentlist">
<li class="comment even thread-even depth-1" id="li-comment-21"><div id="comment-21">
<div class="comment-author vcard"><cite class="fn">Piotr</cite> <span class="says">says:</span></div>
<div class="comment-meta commentmetadata"><a href="#comment-21">March 5, 2023 at 9:12 pm</a></div>
<div class="comment-body"><p>Is there a dining car on the train, or should we bring our own dinner?</p></div>
<div class="reply"><a class="comment-reply-link" href="#">Reply</a></div></div>
<ul class="children"><li class="comment byuser comment-author-admin bypostauthor odd alt depth-2" id="li-comment-22"><div id="comment-22">
<div class="comment-author vcard"><cite class="fn">Editor</cite> <span class="says">says:</span></div>
<div class="comment-meta commentmetadata"><a href="#comment-22">March 6, 2023 at 7:40 am</a></div>
<div class="comment-body"><p>There is a small bistro car that serves a hot dinner and breakfast.</p></div></div></li></ul></li></ol></div>`,
		want: []Comment{
			{Author: "Piotr", Date: "March 5, 2023 at 9:12 pm", Text: "Is there a dining car on the train, or should we bring our own dinner?"},
			{Author: "Editor", Date: "March 6, 2023 at 7:40 am", Text: "There is a small bistro car that serves a hot dinner and breakfast."},
		},
	}, {
		name: "blogger",
		html: `<div class="comments" id="comments"><h4>2 comments:</h4><div class="comments-content"><div id="comment-holder"><div class="comment-thread toplevel-thread"><ol id="top-ra">
<li class="comment" id="c4589123401"><div class="avatar-image-container"><img src="//blogger.example/a.png"></div><div class="comment-block">
<div class="comment-header"><cite class="user"><a href="https://www.blogger.com/profile/1">Lena</a></cite><span class="icon user"></span><span class="datetime secondary-text"><a rel="nofollow" href="#c4589123401">March 5, 2015 at 10:20 AM</a></span></div>
<p class="comment-content">Lovely photos of the mountains, I want to take this train next winter.</p>
<span class="comment-actions secondary-text"><a class="comment-reply" target="_self">Reply</a><span class="item-control blog-admin"><a href="/delete">Delete</a></span></span></div>
<div class="comment-replies"><div id="c4589123401-rt" class="comment-thread inline-thread"><span class="thread-toggle thread-expanded"><span class="thread-count"><a target="_self">Replies</a></span></span>
<ol id="c4589123401-ra" class="thread-chrome thread-expanded"><div><li class="comment" id="c4589123999"><div class="comment-block">
<div class="comment-header"><cite class="user">Tom</cite><span class="datetime secondary-text"><a rel="nofollow" href="#c4589123999">March 6, 2015 at 8:01 AM</a></span></div>
<p class="comment-content">Go in February, the snow is deepest then and the cars are warm.</p></div></li></div>
<div class="continue"><a class="comment-reply" target="_self">Reply</a></div></ol></div></div></li></ol></div></div></div></div>`,
		want: []Comment{
			{Author: "Lena", Date: "March 5, 2015 at 10:20 AM", Text: "Lovely photos of the mountains, I want to take this train next winter."},
			{Author: "Tom", Date: "March 6, 2015 at 8:01 AM", Text: "Go in February, the snow is deepest then and the cars are warm."},
		},
	}, {
		name: "comment by name — date",
		html: `<section id="comments"><h2>Comments</h2><ol class="commentlist">
<li class="comment" id="comment-31"><p class="comment-author">Comment by <a href="/u/jo">Jo Smith</a> — 12 May 2022 @ 4:05 pm</p>
<div class="comment-text"><p>The sleeping cars are old but clean, and the staff were very friendly to us.</p></div></li>
<li class="comment" id="comment-32"><p>Karl says: 13 May 2022 at 6:30 am</p>
<p>We missed the connection in Salzburg, so check the times before you book a ticket.</p></li></ol></section>`,
		want: []Comment{
			{Author: "Jo Smith", Date: "12 May 2022 @ 4:05 pm", Text: "The sleeping cars are old but clean, and the staff were very friendly to us."},
			{Author: "Karl", Date: "13 May 2022 at 6:30 am", Text: "We missed the connection in Salzburg, so check the times before you book a ticket."},
		},
	}, {
		name: "name wrote: text",
		html: `<section class="comments"><h3>3 comments</h3>
<div class="comment"><b>hiker77</b> wrote: Finally! I took this train in 2009 and missed it ever since.</div>
<div class="comment"><b>anna_b</b> wrote: Are dogs allowed in the compartments?</div>
<div class="comment"><span class="author">Jens</span> schrieb am 2. Mai 2024 um 14:05: Die Betten sind schmal, aber bequem.</div></section>`,
		want: []Comment{
			{Author: "hiker77", Text: "Finally! I took this train in 2009 and missed it ever since."},
			{Author: "anna_b", Text: "Are dogs allowed in the compartments?"},
			{Author: "Jens", Date: "2. Mai 2024 um 14:05", Text: "Die Betten sind schmal, aber bequem."},
		},
	}, {
		name: "posted by name on date",
		html: `<div id="comments"><h3>Comments</h3>
<div class="comment-item"><p>Posted by Ruth on March 4, 2024 at 9:15 pm</p><p>We booked a couchette for four and it was the cheapest way to get there.</p></div>
<div class="comment-item"><p>Posté par Claire le 5 mars 2024 à 08:10</p><p>Le petit-déjeuner était froid, mais le voyage était magnifique.</p></div>
<div class="comment-item"><p>Tom said: Thursday, March 7, 2024 at 6:00 am</p><p>Does the train stop in Salzburg in both directions?</p></div></div>`,
		want: []Comment{
			{Author: "Ruth", Date: "March 4, 2024 at 9:15 pm", Text: "We booked a couchette for four and it was the cheapest way to get there."},
			{Author: "Claire", Date: "5 mars 2024 à 08:10", Text: "Le petit-déjeuner était froid, mais le voyage était magnifique."},
			{Author: "Tom", Date: "Thursday, March 7, 2024 at 6:00 am", Text: "Does the train stop in Salzburg in both directions?"},
		},
	}, {
		name: "header apart from its body",
		html: `<ol class="commentlist">
<li class="comment"><div class="comment-author"><cite>Rebekah</cite></div><p>on October 23, 2012 at 9:00 am</p></li>
<li class="comment"><p>The video is awesome, I am checking the weather three times a day before our trip.</p></li>
<li class="comment"><div class="comment-author"><cite>Byron</cite></div><p>on October 23, 2012 at 10:20 am</p></li>
<li class="comment"><p>I saw the video and laughed, you are pure entertainment as always.</p></li></ol>`,
		want: []Comment{
			{Author: "Rebekah", Date: "October 23, 2012 at 9:00 am", Text: "The video is awesome, I am checking the weather three times a day before our trip."},
			{Author: "Byron", Date: "October 23, 2012 at 10:20 am", Text: "I saw the video and laughed, you are pure entertainment as always."},
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := ex.ExtractBytes(t.Context(), []byte(commentArticle+tc.html+commentEnd), Options{Comments: true})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(res.Comments, tc.want) {
				t.Errorf("comments\n%+v,\nwant\n%+v", res.Comments, tc.want)
			}
			if !strings.Contains(res.Text, "sleeping cars that the railway bought") {
				t.Errorf("text %q", res.Text)
			}
		})
	}
}

// TestCommentDateLen: the dates a comment's header writes, found at the
// start of a text and no further; words that only look like a date's
// ("May I ask", "Today I", "In 2009") are not one.
func TestCommentDateLen(t *testing.T) {
	for _, tc := range []struct{ in, date string }{
		{"May 2, 2024 at 3:04 pm", "May 2, 2024 at 3:04 pm"},
		{"May 2, 2024 at 3:04 pm Great post", "May 2, 2024 at 3:04 pm"},
		{"12 May 2022 @ 4:05 pm", "12 May 2022 @ 4:05 pm"},
		{"2. Mai 2024 um 14:05 Uhr schrieb", "2. Mai 2024 um 14:05 Uhr"},
		{"4 de mayo de 2024, 10:20", "4 de mayo de 2024, 10:20"},
		{"le 3 mars 2023 à 18:40", "le 3 mars 2023 à 18:40"},
		{"on March 5th, 2015", "on March 5th, 2015"},
		{"Monday, May 2, 2024 I agree", "Monday, May 2, 2024"},
		{"02.05.2024 14:05", "02.05.2024 14:05"},
		{"2024-05-02 14:05:09 the", "2024-05-02 14:05:09"},
		{"5/2/24 at 9 am", "5/2/24 at 9 am"},
		{"3 days ago", "3 days ago"},
		{"vor 2 Stunden", "vor 2 Stunden"},
		{"an hour ago and then", "an hour ago"},
		{"yesterday at 9:10 pm", "yesterday at 9:10 pm"},
		{"May 2024", "May 2024"},
		{"9:39 PM January 16, 2012 and", "9:39 PM January 16, 2012"},
		{"12:31 pm, 12-Jan-2012 Harry", "12:31 pm, 12-Jan-2012"},
		{"at 2:35 PM", "at 2:35 PM"},
		{"Thursday, November 1 at 3:21 pm", "Thursday, November 1 at 3:21 pm"},
		{"May I ask whether dogs may travel?", ""},
		{"Today I took the train", ""},
		{"In 2009 I took the train", ""},
		{"2009 was the last time", ""},
		{"3 of 4 people agree", ""},
		{"Finally! I took this train in 2009", ""},
		{"", ""},
	} {
		if got := tc.in[:commentDateLen(tc.in)]; strings.TrimSpace(got) != tc.date {
			t.Errorf("commentDateLen(%q): date %q, want %q", tc.in, got, tc.date)
		}
	}
}

// TestCommentByline: a comment's header line read into author, date and
// the text that follows it on its line; lines of text are not bylines.
func TestCommentByline(t *testing.T) {
	for _, tc := range []struct {
		in                 string
		author, date, text string
		ok                 bool
	}{
		{"Ann says: May 2, 2024 at 3:04 pm", "Ann", "May 2, 2024 at 3:04 pm", "", true},
		{"hiker77 wrote: Finally! I took this train in 2009.", "hiker77", "", "Finally! I took this train in 2009.", true},
		{"Ann wrote: May 2, 2024 Great post", "Ann", "May 2, 2024", "Great post", true},
		{"Ann said...", "Ann", "", "", true},
		{"Jean a dit : Trop cher pour nous.", "Jean", "", "Trop cher pour nous.", true},
		{"Anke schrieb am 2. Mai 2024 um 14:05: Sehr schön.", "Anke", "2. Mai 2024 um 14:05", "Sehr schön.", true},
		{"Comment by Jo Smith — 12 May 2022 @ 4:05 pm", "Jo Smith", "12 May 2022 @ 4:05 pm", "", true},
		{"Posted by Karl on May 3, 2023 at 6:30 am", "Karl", "May 3, 2023 at 6:30 am", "", true},
		{"Posted by Karl on May 3, 2023 - Check the times first.", "Karl", "May 3, 2023", "Check the times first.", true},
		{"Posted by Karl", "Karl", "", "", true},
		{"Publicado por Lucía el 4 de mayo de 2024", "Lucía", "4 de mayo de 2024", "", true},
		{"Ann | 3 days ago", "Ann", "3 days ago", "", true},
		{"pos jag at 9:39 PM January 16, 2012", "pos jag", "9:39 PM January 16, 2012", "", true},
		{"Nicole Glover On Thursday, November 1 at 3:21 pm", "Nicole Glover", "Thursday, November 1 at 3:21 pm", "", true},
		{"+ C98976 on August 9th, 2012 at 10:16 am said:", "+ C98976", "August 9th, 2012 at 10:16 am", "", true},
		{"By Aaron J. Seigo, at 2:35 PM", "Aaron J. Seigo", "2:35 PM", "", true},
		{"Fri, 2012-11-09 17:18 — Caroline Crampton", "Caroline Crampton", "Fri, 2012-11-09 17:18", "", true},
		{"Thu, 08/09/2012 - 14:32 | 2691789 ReallySparky", "ReallySparky", "Thu, 08/09/2012 - 14:32", "", true},
		{"October 29th, 2012 at 1:49 am (#)", "", "October 29th, 2012 at 1:49 am", "", true},
		{"May 2024 was a fine month", "", "", "", false},
		{"May 2, 2024 at 3:04 pm we took the train and it was late.", "", "", "", false},
		{"Great post, May 2 was a fine day to travel.", "", "", "", false},
		{"Great post - I took it 2 times", "", "", "", false},
		{"Ann says the train is late", "", "", "", false},
		{"I think what everyone said about the prices is wrong and the train is cheap.", "", "", "", false},
		{"Someone with a very long name of many words wrote: hello", "", "", "", false},
	} {
		author, date, text, ok := commentByline(tc.in)
		if author != tc.author || date != tc.date || text != tc.text || ok != tc.ok {
			t.Errorf("commentByline(%q) = %q, %q, %q, %v; want %q, %q, %q, %v", tc.in, author, date, text, ok, tc.author, tc.date, tc.text, tc.ok)
		}
	}
}

// TestCommentCount: a section's count or pager is not a comment; short
// comments with a number are.
func TestCommentCount(t *testing.T) {
	for _, tc := range []struct {
		text  string
		count bool
	}{
		{"5 Comments on “Night trains return”", true},
		{"12 responses to Night trains", true},
		{"3 Kommentare", true},
		{"1 - 4 από 4", true},
		{"+1", false},
		{"10/10 would ride again", false},
		{"5 stars, the best train I took", false},
		{"2 comments:\nI agree with both of them.", false},
	} {
		if got := commentCount(tc.text); got != tc.count {
			t.Errorf("commentCount(%q) = %v, want %v", tc.text, got, tc.count)
		}
	}
}

// TestCommentAuthorAndDateElements: the text of a comment's author or
// date element that holds more than its field.
func TestCommentAuthorAndDateElements(t *testing.T) {
	for _, tc := range []struct{ author, date, wantAuthor, wantDate string }{
		{"by MrBernz on up 3 recs", "", "MrBernz", ""},
		{"by Disciple of Carolina on up 2 recs", "", "Disciple of Carolina", ""},
		{"Bill, Shooter of Bul (629286) Journal", "", "Bill", ""},
		{"Trevor | Posted at 12:45pm", "", "Trevor", "12:45pm"},
		{"Lillian @ Elle The Heiress on October 23rd, 2012 8:35 pm", "", "Lillian @ Elle The Heiress", "October 23rd, 2012 8:35 pm"},
		{"", "by Ken on December 1, 2010 at 11:58 am.", "Ken", "December 1, 2010 at 11:58 am"},
		{"", "Posted by: vachon at June 16, 2003 08:43 PM", "vachon", "June 16, 2003 08:43 PM"},
		{"", "PPC4 July 19th, 2012, 3:05 pm", "PPC4", "July 19th, 2012, 3:05 pm"},
		{"", "Maria Rider (@Akane1) — June 25th, 2012, 7:35 am", "Maria Rider (@Akane1)", "June 25th, 2012, 7:35 am"},
		{"", "on May 2, 2024 at 3:04 pm", "", "on May 2, 2024 at 3:04 pm"},
		{"", "Posted at 12:45pm", "", "Posted at 12:45pm"},
		{"", "[1] | 01/16/08 11:11AM", "", "[1] | 01/16/08 11:11AM"},
	} {
		author, date := tc.author, tc.date
		if author != "" {
			author, date = authorByline(author)
		} else if a, d, ok := dateElementByline(date); ok {
			author, date = a, d
		}
		if author != tc.wantAuthor || date != tc.wantDate {
			t.Errorf("author %q, date %q: read %q, %q; want %q, %q", tc.author, tc.date, author, date, tc.wantAuthor, tc.wantDate)
		}
	}
}
