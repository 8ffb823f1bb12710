package metadata

import (
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// TestMarksComments: the attribute tokens that mark readers' comments,
// and those that only hold the word.
func TestMarksComments(t *testing.T) {
	for _, tc := range []struct {
		attrs string
		want  bool
	}{
		{`class="comments-area"`, true},
		{`id="comment-12"`, true},
		{`class="commentlist"`, true},
		{`id="disqus_thread"`, true},
		{`class="jcomments-latest"`, true},
		{`class="userComments"`, true},
		{`id="Kommentare"`, true},
		{`itemprop="comment" itemscope itemtype="http://schema.org/Comment"`, true},
		{`class="most-commented"`, false},
		{`id="commentform"`, false},
		{`itemscope itemtype="http://schema.org/Comment"`, false},
		{`itemscope itemtype="http://schema.org/UserComments"`, false},
		{`class="post-content"`, false},
		{``, false},
	} {
		doc, err := html.Parse(strings.NewReader(`<div ` + tc.attrs + `>x</div>`))
		if err != nil {
			t.Fatal(err)
		}
		div := doc.LastChild.LastChild.FirstChild // html, body, div
		if got := MarksComments(tokenize.AttrTokens(div)); got != tc.want {
			t.Errorf("MarksComments(%s) = %v, want %v", tc.attrs, got, tc.want)
		}
		if got := nodeMarksComments(div); got != tc.want {
			t.Errorf("nodeMarksComments(%s) = %v, want %v", tc.attrs, got, tc.want)
		}
	}
}

// TestCommentStems: every comment token holds a stem, so that the
// elements holding none, which nodeMarksComments does not split into
// tokens, mark no comments.
func TestCommentStems(t *testing.T) {
	stems := slices.Concat(commentStemsC, commentStemsD, commentStemsK, commentStemsT)
	for tok := range commentTokens {
		word := tok[strings.IndexByte(tok, '=')+1:]
		if !holdsStem(word) || !holdsStem(strings.ToUpper(word)) {
			t.Errorf("comment token %q holds none of the stems %v", tok, stems)
		}
	}
	for _, s := range []string{"content", "DSQ", "x-Talkback", "main comentarios"} {
		if got, want := holdsStem(s), s != "content"; got != want {
			t.Errorf("holdsStem(%q) = %v", s, got)
		}
	}
}

// TestCommentsNotThePages: the author and date under readers' comments
// (a Disqus thread, JComments' latest comments, a reply with the
// microdata property comment) are not the page's; a forum's first post,
// which forums give the microdata type Comment, is the page's.
func TestCommentsNotThePages(t *testing.T) {
	for _, tc := range []struct {
		name, body        string
		author, published string
	}{
		{"disqus", `<article><p>The article's text.</p></article>
<div id="disqus_thread"><div class="post"><p class="byline">By Ann Smith</p><time datetime="2024-05-02">May 2</time><p>A comment.</p></div></div>`, "", ""},
		{"jcomments", `<article><p>The article's text.</p></article>
<ul class="jcomments-latest"><li><span class="author">George Oates</span> <time datetime="2024-05-02">May 2</time></li></ul>`, "", ""},
		{"forum", `<ol id="posts" itemscope itemtype="http://schema.org/UserComments">
<li class="postbit" itemscope itemtype="http://schema.org/Comment"><span class="postdate">Posted on 29 November 2024</span><p>The first post's text, which starts the thread.</p></li>
<li class="postbit" itemprop="comment" itemscope itemtype="http://schema.org/Comment"><span class="postdate">Posted on 2 December 2024</span><p>A reply.</p></li></ol>`, "", "2024-11-29"},
		// A reader's review is not the page's; a review that holds the
		// headline is (GSMArena classes its news so), and hReview's
		// dtreviewed and reviewer are a review's parts, not one.
		{"a reader's review", `<h1>Acme kettle</h1><p>A kettle.</p><div class="review hreview"><span class="reviewer">Ann Smith</span>
<span class="dtreviewed">2 May 2024</span><p>It boils.</p></div>`, "", ""},
		{"the page's own review", `<div class="main main-review"><div class="review-header hreview"><h1>Xiaomi Mi Mix 2 concept shows dual camera</h1>
<p><span class="reviewer"><a href="author.php3?idAuthor=30">Ricky</a></span> <span class="dtreviewed">21 March 2017</span></p></div>
<div class="review-body"><p>The text.</p></div></div>`, "Ricky", "2017-03-21"},
		{"a reviewer's table cell", `<h1>Sleep and memory</h1><table><tr><td class="reviewer"><span>Published: January 11, 2012</span></td></tr></table><p>Text.</p>`, "", "2012-01-11"},
	} {
		doc, err := html.Parse(strings.NewReader(`<html><head><title>Night trains</title></head><body>` + tc.body + `</body></html>`))
		if err != nil {
			t.Fatal(err)
		}
		md := Extract(doc, Options{})
		if got := strings.Join(md.Authors, ", "); got != tc.author || md.Published != tc.published {
			t.Errorf("%s: authors %q, published %q; want %q, %q", tc.name, got, md.Published, tc.author, tc.published)
		}
	}
}
