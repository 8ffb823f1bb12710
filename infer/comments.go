package infer

import (
	"slices"
	"strings"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html/atom"
)

// Comment is one reader's comment under the article (Options.Comments):
// its text and, where the markup says so, its author and date.
type Comment struct {
	Author string `json:"author,omitempty"`
	Date   string `json:"date,omitempty"`
	Text   string `json:"text"`
}

// commentTokens are the class, id and microdata tokens (tokenize.AttrTokens)
// that mark a comment section or one comment, in the languages of the
// shared datasets and the commenting systems most sites embed.
var commentTokens = map[string]bool{
	"comment": true, "comments": true, "commentlist": true, "commentbody": true, "disqus": true, "dsq": true,
	"discussion": true, "talkback": true, "usercomments": true, "kommentar": true, "kommentare": true,
	"komentarz": true, "komentarze": true, "commentaire": true, "commentaires": true, "comentario": true,
	"comentarios": true, "itemprop=comment": true, "itemtype=comment": true, "itemtype=usercomments": true,
}

// Tokens that mark, inside a comment, its author's name and its date.
var (
	commentAuthorTokens = map[string]bool{"author": true, "name": true, "user": true, "username": true, "nickname": true,
		"fn": true, "nick": true, "itemprop=author": true, "itemprop=name": true, "commenter": true, "poster": true}
	commentDateTokens = map[string]bool{"date": true, "time": true, "timestamp": true, "published": true, "posted": true,
		"itemprop=datepublished": true, "itemprop=datecreated": true, "ago": true}
	commentToolTokens = map[string]bool{"reply": true, "respond": true, "report": true, "like": true, "likes": true,
		"vote": true, "votes": true, "share": true, "flag": true, "permalink": true, "actions": true, "tools": true}
)

// commentPartTokens mark an element of a comment section that is not a
// comment itself but a part of one or of the section ("comment-content",
// "comment-list", "comment-form").
var commentPartTokens = map[string]bool{"author": true, "date": true, "time": true, "meta": true, "metadata": true,
	"content": true, "body": true, "text": true, "reply": true, "respond": true, "list": true, "area": true,
	"form": true, "count": true, "link": true, "links": true, "header": true, "footer": true,
	"actions": true, "nav": true, "navigation": true, "title": true, "pagination": true, "wrapper": true, "wrap": true}

// commentSkipTokens mark what a comment section holds besides comments:
// the commenting form's messages and previews (shown by scripts), sign-in
// boxes, and the "recent comments" or "most discussed" lists of a sidebar.
var commentSkipTokens = map[string]bool{"hidden": true, "hide": true, "hiddenbox": true, "preview": true, "error": true,
	"errors": true, "status": true, "message": true, "messages": true, "captcha": true, "confirmation": true,
	"complete": true, "notice": true, "subscribe": true, "subscription": true, "feed": true, "rss": true,
	"recent": true, "widget": true, "sidebar": true, "popular": true, "most": true, "top": true, "login": true,
	"signin": true, "register": true, "respond": true, "form": true, "policy": true, "rules": true, "guidelines": true}

// isCommentItem reports whether an element of a comment section is one
// comment: marked as a comment, and not as a part of one.
func isCommentItem(el *tokenize.Element) bool {
	return isCommentElement(el) && !hasToken(el, commentPartTokens)
}

// minCommentWords is the fewest words of text a comment section must hold
// (its comments' text, not its form or links) to be one: a "5 comments"
// link in the article's header is not a section.
const minCommentWords = 8

func isCommentElement(el *tokenize.Element) bool {
	for _, t := range el.Attrs {
		if commentTokens[t] {
			return true
		}
	}
	return false
}

func hasToken(el *tokenize.Element, set map[string]bool) bool {
	for _, t := range el.Attrs {
		if set[t] {
			return true
		}
	}
	return false
}

// findComments returns the comments of a page: the text the extraction
// did not keep (selected false) under an element that class, id or
// microdata name as comments, outside forms, navigation and hidden
// elements. A section's comments are the marked elements inside it that
// are not marked as parts of one (isCommentItem), a reply apart from the
// comment it answers, and the section's text outside them (its heading) is
// left out; where it has none, the section is one comment. In a comment, the text under an element marked as its
// author or date (or a <time>) is that field, short links that reply,
// report or vote are left out, and the rest is its text.
func findComments(blocks []tokenize.Block, selected []bool) []Comment {
	// The outermost marked element above each block not kept.
	type section struct {
		el     *tokenize.Element
		blocks []int
		words  int
	}
	var sections []*section
	index := map[*tokenize.Element]*section{}
	for i, b := range blocks {
		if selected[i] || b.Hidden || b.Navigation {
			continue
		}
		var top *tokenize.Element
		notComment := false // in a form, a sidebar or the commenting UI
		for _, el := range b.Ancestors {
			if el.Name == "form" || el.Name == "textarea" || el.Name == "button" || el.Name == "select" || el.Name == "aside" || hasToken(el, commentSkipTokens) {
				notComment = true
			}
			if top == nil && isCommentElement(el) {
				top = el
			}
		}
		if top == nil || notComment {
			continue
		}
		s := index[top]
		if s == nil {
			s = &section{el: top}
			index[top] = s
			sections = append(sections, s)
		}
		s.blocks = append(s.blocks, i)
		if !b.InLink {
			s.words += tokenize.CountWords(b.Text)
		}
	}
	var out []Comment
	for _, s := range sections {
		if s.words < minCommentWords {
			continue
		}
		out = append(out, splitComments(blocks, s.el, s.blocks)...)
	}
	return out
}

// splitComments cuts a comment section's blocks into comments: by the
// innermost comment (isCommentItem) below the section's element top, in
// page order.
func splitComments(blocks []tokenize.Block, top *tokenize.Element, in []int) []Comment {
	var out []Comment
	var cur *Comment
	var curEl *tokenize.Element
	var text []tokenize.Block
	flush := func() {
		if cur != nil {
			cur.Text = strings.TrimSpace(tokenize.Text(text))
			if cur.Text != "" {
				out = append(out, *cur)
			}
		}
		cur, text = nil, nil
	}
	// The comment each block is in: the innermost comment below top.
	items := make([]*tokenize.Element, len(in))
	anyItem := false
	for k, i := range in {
		for _, el := range below(blocks[i], top) {
			if isCommentItem(el) {
				items[k] = el
				anyItem = true
			}
		}
	}
	for k, i := range in {
		b, item := blocks[i], items[k]
		if anyItem && item == nil {
			continue // the section's own heading or labels
		}
		if item != curEl || cur == nil {
			flush()
			cur, curEl = &Comment{}, item
		}
		switch commentField(b, top) {
		case "author":
			cur.Author = strings.TrimSpace(cur.Author + " " + collapse(b.Text))
		case "date":
			cur.Date = strings.TrimSpace(cur.Date + " " + collapse(b.Text))
		case "tool":
		default:
			text = append(text, b)
		}
	}
	flush()
	return out
}

// commentField says what a block of a comment is: "author", "date",
// "tool" (a link to reply, report or vote), or "" (the comment's text).
func commentField(b tokenize.Block, top *tokenize.Element) string {
	for _, el := range below(b, top) {
		switch {
		case el.Name == "time" || hasToken(el, commentDateTokens):
			return "date"
		case el.Name == "cite" || hasToken(el, commentAuthorTokens):
			return "author"
		case hasToken(el, commentToolTokens) && tokenize.CountWords(b.Text) <= 3:
			return "tool"
		}
	}
	if b.InLink && tokenize.CountWords(b.Text) <= 2 {
		if p := b.Node.Parent; p != nil && p.DataAtom == atom.A {
			switch strings.ToLower(strings.TrimSpace(b.Text)) {
			case "reply", "report", "like", "share", "permalink", "antworten", "odpowiedz", "ответить", "répondre", "responder":
				return "tool"
			}
		}
	}
	return ""
}

// below returns the block's ancestors below top (all of them when top is
// not one).
func below(b tokenize.Block, top *tokenize.Element) []*tokenize.Element {
	return b.Ancestors[slices.Index(b.Ancestors, top)+1:]
}
