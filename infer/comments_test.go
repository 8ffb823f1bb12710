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
// and bylines in the text ("Comment by NAME — DATE", "NAME says:").
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
