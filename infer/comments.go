package infer

import (
	"github.com/boilernet/boilernet/metadata"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Comment is one reader's comment under the article (Options.Comments):
// its text and, where the markup says so, its author and date.
type Comment struct {
	Author string `json:"author,omitempty"`
	Date   string `json:"date,omitempty"`
	Text   string `json:"text"`
}

// Tokens that mark, inside a comment, its author's name and its date.
var (
	commentAuthorTokens = map[string]bool{"author": true, "name": true, "user": true, "username": true, "nickname": true,
		"fn": true, "nick": true, "by": true, "byline": true, "itemprop=author": true, "itemprop=name": true, "commenter": true, "poster": true}
	commentDateTokens = map[string]bool{"date": true, "time": true, "timestamp": true, "published": true, "posted": true,
		"itemprop=datepublished": true, "itemprop=datecreated": true, "ago": true, "datetime": true}
	commentToolTokens = map[string]bool{"reply": true, "respond": true, "report": true, "like": true, "likes": true,
		"vote": true, "votes": true, "share": true, "flag": true, "permalink": true, "actions": true, "tools": true,
		"edit": true, "delete": true}
	// commentTextTokens mark the element that holds a comment's text
	// (div.comment-content, div.comment-body).
	commentTextTokens = map[string]bool{"content": true, "body": true, "commentbody": true, "entry": true}
	// commentMetaTokens mark a comment's metadata line (WordPress's
	// div.comment-meta, comment-metadata), which holds its date.
	commentMetaTokens = map[string]bool{"meta": true, "metadata": true, "commentmetadata": true}
)

// commentPartTokens mark an element of a comment section that is not a
// comment itself but a part of one or of the section ("comment-content",
// "comment-list", "comment-form").
var commentPartTokens = map[string]bool{"author": true, "date": true, "time": true, "meta": true, "metadata": true,
	"content": true, "body": true, "text": true, "reply": true, "respond": true, "list": true, "area": true,
	"form": true, "count": true, "link": true, "links": true, "header": true, "footer": true,
	"actions": true, "nav": true, "navigation": true, "title": true, "pagination": true, "wrapper": true, "wrap": true,
	"thread": true, "replies": true, "holder": true, "section": true,
	"top": true, "head": true, "sub": true, "status": true, "details": true, "bottom": true, "avatar": true}

// commentSkipTokens mark what a comment section holds besides comments:
// the commenting form's messages and previews (shown by scripts), sign-in
// boxes, and the "recent comments" or "most discussed" lists of a sidebar.
var commentSkipTokens = map[string]bool{"hidden": true, "hide": true, "hiddenbox": true, "preview": true, "error": true,
	"errors": true, "status": true, "message": true, "messages": true, "captcha": true, "confirmation": true,
	"complete": true, "notice": true, "subscribe": true, "subscription": true, "feed": true, "rss": true,
	"recent": true, "widget": true, "sidebar": true, "popular": true, "login": true,
	"signin": true, "register": true, "respond": true, "form": true, "policy": true, "rules": true, "guidelines": true}

// minCommentWords is the fewest words of text a comment section must hold
// (its comments' text, not its form or links) to be one: a "5 comments"
// link in the article's header is not a section.
const minCommentWords = 8

// isCommentElement reports whether an element marks readers' comments, a
// section or one comment (metadata.MarksComments).
func isCommentElement(el *tokenize.Element) bool { return metadata.MarksComments(el.Attrs) }

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
// microdata name as comments, outside forms, sidebars, navigation and
// hidden elements. A section's comments are the elements inside it that
// are one comment (commentItem: WordPress's li.comment, Blogger's
// li.comment and div.comment-block, or an element marked as a comment and
// not as a part of one), a nested reply (in WordPress's ul.children or
// Blogger's div.comment-replies) a comment of its own after the one it
// answers, and the section's text outside them (its heading) is left out;
// where it has none, the section is one comment. In a comment, the text
// under an element marked as its author or date (or a <cite>, a <time>)
// is that field, short links that reply, report, edit or vote are left
// out, and the rest is its text; a byline such as "Comment by Ann — May
// 2, 2024", "Ann says:" or "Ann wrote: <text>" gives the author and the
// date, the text after it on its line staying text (commentByline).
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
			if el.Name == "form" || el.Name == "textarea" || el.Name == "button" || el.Name == "select" || el.Name == "aside" ||
				!pageElement[el.Name] && hasToken(el, commentSidebarTokens) && !hasToken(el, commentLayoutTokens) ||
				top != nil && hasToken(el, commentSkipTokens) {
				notComment = true
			}
			if top == nil && isCommentElement(el) && !pageElement[el.Name] {
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
			s.words += b.Words
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

// pageElement names the elements that are never a comment section: the
// class of <body> ("comments-open") describes the page, not a section.
var pageElement = map[string]bool{"html": true, "body": true, "main": true}

// commentSidebarTokens mark a sidebar or one of its widgets ("recent
// comments") wherever they stand; commentLayoutTokens mark the page's
// layout ("content-sidebar-wrap" is the column that holds the article,
// "has-sidebar" on a wrapper; any class of <body>) that says sidebar
// without being one. Above the section and on its own element only these
// count: the other skip tokens (commentSkipTokens) mark the parts of a
// section, and words such as "form" and "preview" are also in the
// section's own classes ("comments-area comment-form-position-below").
var (
	commentSidebarTokens = map[string]bool{"sidebar": true, "widget": true, "widgets": true}
	commentLayoutTokens  = map[string]bool{"content": true, "wrap": true, "wrapper": true, "has": true, "with": true,
		"layout": true, "main": true, "page": true, "site": true, "body": true, "container": true, "inner": true}
)

// commentNodes returns the elements of the DOM that a block's Ancestors
// stand for, in the same order (nil when they do not line up).
func commentNodes(b tokenize.Block) []*html.Node {
	var nodes []*html.Node
	for n := b.Node.Parent; n != nil && n.Type == html.ElementNode; n = n.Parent {
		nodes = append(nodes, n)
	}
	if len(nodes) != len(b.Ancestors) {
		return nil
	}
	slices.Reverse(nodes)
	return nodes
}

// commentIDPattern is the id of one comment in WordPress ("comment-12",
// "li-comment-12", "div-comment-12") and Blogger ("c1234567890").
var commentIDPattern = regexp.MustCompile(`^(?:(?:li|div)-)?comment[-_]?\d+$|^c\d{6,}$`)

// isCommentItem reports whether an element of a comment section is one
// comment: its class is "comment" (WordPress's comment_class, Blogger's
// li.comment), "comment-block" (Blogger's comment without its replies),
// its id that of one comment, or it is marked as a comment and not as a
// part of one or a list of them (nor a name, a date, a link or a
// heading: span.comment_name). n is the element in the DOM (nil:
// unknown).
func isCommentItem(el *tokenize.Element, n *html.Node) bool {
	if n != nil {
		for _, c := range strings.Fields(attr(n, "class")) {
			switch strings.ToLower(c) {
			case "comment", "comment-block", "comment-item", "commentitem", "single-comment":
				return true
			}
		}
		if commentIDPattern.MatchString(strings.ToLower(strings.TrimSpace(attr(n, "id")))) {
			return true
		}
	}
	return isCommentElement(el) && !inlineElement[el.Name] && !hasToken(el, commentPartTokens) && !hasToken(el, commentAuthorTokens) &&
		!hasToken(el, commentDateTokens) && !hasToken(el, commentMetaTokens) && !hasToken(el, commentToolTokens)
}

// inlineElement names the elements that hold a part of a comment's text
// or header (span.comment_name), never a whole comment.
var inlineElement = map[string]bool{"a": true, "span": true, "cite": true, "time": true, "b": true, "strong": true, "em": true,
	"i": true, "small": true, "img": true, "abbr": true, "label": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true}

// commentRepliesTokens mark the list of replies inside a comment
// (WordPress's ul.children, Blogger's div.comment-replies): its own text
// ("Replies", "Load more") is neither the comment's nor a reply's.
var commentRepliesTokens = map[string]bool{"children": true, "replies": true}

// splitComments cuts a comment section's blocks into comments: by the
// innermost comment (isCommentItem) below the section's element top, in
// page order, a reply after the comment it answers. An item with an
// author and no text (a header the markup sets apart from its comment's
// body: "Ann" and "on May 2, 2024 at 9:00 am") gives its author and date
// to the next item when that has neither.
func splitComments(blocks []tokenize.Block, top *tokenize.Element, in []int) []Comment {
	type part struct {
		item  *tokenize.Element
		field string
	}
	parts := make([]part, len(in))
	anyItem := false
	for k, i := range in {
		b := blocks[i]
		nodes := commentNodes(b)
		start := slices.Index(b.Ancestors, top) + 1
		itemAt := -1
		for j := start; j < len(b.Ancestors); j++ {
			var n *html.Node
			if nodes != nil {
				n = nodes[j]
			}
			if isCommentItem(b.Ancestors[j], n) {
				itemAt = j
			}
		}
		if itemAt >= 0 {
			parts[k].item = b.Ancestors[itemAt]
			anyItem = true
			start = itemAt + 1
		}
		under := b.Ancestors[start:]
		if slices.ContainsFunc(under, func(el *tokenize.Element) bool { return hasToken(el, commentRepliesTokens) }) {
			parts[k].field = "tool" // a control of the replies below a comment
			continue
		}
		parts[k].field = commentField(b, under)
	}
	// A comment item, or the section, that holds several comments
	// without items of their own is cut at their authors.
	groups := map[*tokenize.Element][]int{} // the positions in in of each item's blocks
	var items []*tokenize.Element
	for k, p := range parts {
		if _, ok := groups[p.item]; !ok {
			items = append(items, p.item)
		}
		groups[p.item] = append(groups[p.item], k)
	}
	for _, item := range items {
		ks := groups[item]
		group := make([]int, len(ks))
		for j, k := range ks {
			group[j] = in[k]
		}
		if item == nil {
			item = top
		}
		heads := splitAtAuthors(blocks, item, group)
		if heads == nil {
			continue
		}
		words := map[*tokenize.Element]int{} // each comment's words of text
		for j, head := range heads {
			if parts[ks[j]].field == "" {
				words[head] += blocks[group[j]].Words
			}
		}
		if slices.ContainsFunc(heads, func(head *tokenize.Element) bool { return head != nil && words[head] < minSplitWords }) {
			continue // a header of two names ("~ann replies to ~bob"), not two comments
		}
		for j, head := range heads {
			parts[ks[j]].item = head
		}
		anyItem = true
	}

	// The comments in the order they start; a reply's blocks follow its
	// parent's, and the parent's blocks after the reply (its "Reply"
	// link) stay the parent's.
	var order []*tokenize.Element
	byItem := map[*tokenize.Element]*Comment{}
	texts := map[*tokenize.Element][]tokenize.Block{}
	for k, i := range in {
		p := parts[k]
		if anyItem && p.item == nil {
			continue // the section's own heading or labels
		}
		c := byItem[p.item]
		if c == nil {
			c = &Comment{}
			byItem[p.item] = c
			order = append(order, p.item)
		}
		b := blocks[i]
		switch p.field {
		case "author":
			if !saysWord(b.Text) {
				c.Author = strings.TrimSpace(c.Author + " " + collapse(b.Text))
			}
		case "date":
			c.Date = strings.TrimSpace(c.Date + " " + collapse(b.Text))
		case "tool":
		default:
			texts[p.item] = append(texts[p.item], b)
		}
	}
	var out []Comment
	var header *Comment // an item with an author and no text, before its comment's
	for _, item := range order {
		c := byItem[item]
		text := texts[item]
		lead := "" // the comment's first words, on its byline's line
		if len(text) > 0 {
			first, rest := firstLine(text)
			line := tokenize.Text(first)
			if c.Author == "" {
				// A byline in the text: "Ann says:", "Comment by Ann —
				// <date>", "Ann wrote: <text>".
				if author, date, words, ok := commentByline(line); ok {
					c.Author, text, lead = author, rest, words
					if c.Date == "" {
						c.Date = date
					}
				}
			} else if n := saysEnd(line); n > 0 {
				// The says word after the author's element: "<b
				// class="author">Ann</b> wrote: <text>".
				date, words := splitDate(line[n:])
				text, lead = rest, words
				if c.Date == "" {
					c.Date = date
				}
			}
			if c.Date == "" && lead == "" && len(text) > 0 {
				// A line that is only the date: "October 29th, 2012 at
				// 1:49 am (#)" under "Ann says:".
				first, rest = firstLine(text)
				if author, date, words, ok := commentByline(tokenize.Text(first)); ok && author == "" && words == "" {
					c.Date, text = date, rest
				}
			}
			if lead != "" && len(text) > 0 {
				lead += tokenize.Separator(first[len(first)-1], text[0])
			}
		}
		if c.Author == "" && c.Date != "" {
			if author, date, ok := dateElementByline(c.Date); ok {
				c.Author, c.Date = author, date
			}
		}
		if c.Author != "" {
			author, date := authorByline(c.Author)
			c.Author = author
			if c.Date == "" {
				c.Date = date
			}
		}
		c.Date = strings.TrimSpace(strings.TrimPrefix(c.Date, "on "))
		c.Text = strings.TrimSpace(lead + tokenize.Text(text))
		if c.Text == "" && c.Author != "" {
			header = c // a header without text: the next item's, if it has none
			continue
		}
		if header != nil && c.Author == "" && c.Date == "" {
			c.Author, c.Date = header.Author, header.Date
		}
		header = nil
		if c.Text != "" && !commentCount(c.Text) {
			out = append(out, *c)
		}
	}
	return out
}

// commentCountWords name comments in a count ("12 responses to", "3
// thoughts on"), beside the words that mark them (metadata.MarksComments).
var commentCountWords = map[string]bool{"responses": true, "replies": true, "thoughts": true, "reactions": true}

// commentCount reports whether a comment's text is a count or a pager of
// a section, not a comment: one line that opens with a number and a word
// naming comments ("5 Comments on “Night trains”"), or more numbers than
// words, two or more ("1 - 4 of 4").
func commentCount(text string) bool {
	if strings.Contains(text, "\n") {
		return false
	}
	fields := strings.Fields(text)
	if len(fields) >= 2 && strings.Trim(fields[0], "0123456789") == "" {
		w := strings.ToLower(strings.Trim(fields[1], ":"))
		if commentCountWords[w] || metadata.MarksComments([]string{w}) {
			return true
		}
	}
	numbers, words := 0, 0
	for _, f := range fields {
		switch {
		case strings.ContainsFunc(f, unicode.IsLetter):
			words++
		case strings.ContainsFunc(f, unicode.IsDigit):
			numbers++
		}
	}
	return numbers >= 2 && numbers > words
}

// firstLine splits a comment's text blocks after its first line.
func firstLine(text []tokenize.Block) (first, rest []tokenize.Block) {
	n := 1
	for n < len(text) && text[n].Line == text[0].Line {
		n++
	}
	return text[:n], text[n:]
}

// saysWords are what a comment's header puts after its author's name
// ("Ann says:").
var saysWords = []string{"says", "said", "wrote", "sagt", "schreibt", "schrieb", "dit", "a dit", "écrit", "a écrit", "napisał", "napisała",
	"dice", "escribió", "disse", "scrive", "schreef", "пишет", "написал", "написала", "posted", "commented", "replied"}

// saysWord reports whether s is only a says word ("says:", "said...").
func saysWord(s string) bool {
	s = strings.ToLower(strings.TrimRight(strings.TrimSpace(s), ":.… "))
	return slices.Contains(saysWords, s)
}

// bylinePrefixes open a comment's byline ("Comment by Ann").
var bylinePrefixes = []string{"by", "comment by", "posted by", "written by", "submitted by", "reply by", "kommentar von", "commentaire de",
	"comentario de", "komentarz od", "geschrieben von", "verfasst von", "posté par", "publié par", "écrit par", "publicado por",
	"escrito por", "enviado por", "scritto da", "pubblicato da", "inviato da", "napisane przez", "dodane przez", "geplaatst door"}

// bylineSeps separate a byline's author from its date.
var bylineSeps = []string{" — ", " – ", " - ", " | ", " · ", " • ", " @ ", " on ", " at ", ", ", " am ", " le ", " el ", " il ", " op ", " dnia "}

// maxBylineScan bounds where in a line a byline's says word or date
// separator is looked for: its author has at most six words.
const maxBylineScan = 200

// commentByline reads a comment's byline: "Comment by Ann — May 2, 2024",
// "Ann says: May 2, 2024 at 3:04 pm", "Ann said...", "Ann on May 2, 2024",
// "hiker77 wrote: Finally, a night train!". text is what follows the
// byline on its line and is not its date: the comment's first words. ok
// is false when s is not a byline: no byline prefix, no says word (one
// followed by a colon, an ellipsis, a date or nothing), no separator
// followed by a date that ends the line and no date with its time of day
// first (dateFirstByline); or an author of more than six words.
func commentByline(s string) (author, date, text string, ok bool) {
	s = collapse(s)
	prefixed := false
	for _, p := range bylinePrefixes {
		if len(s) > len(p)+1 && strings.EqualFold(s[:len(p)], p) {
			if rest, ok := strings.CutPrefix(s[len(p):], " "); ok {
				s, prefixed = rest, true
				break
			}
			if rest, ok := strings.CutPrefix(s[len(p):], ": "); ok {
				s, prefixed = rest, true // "Posted by: Ann"
				break
			}
		}
	}
	if n, day, clock := readCommentDate(s); n > 0 && !prefixed {
		if !day || !clock {
			// "May 2024 was a fine month", "2:10.16 with a vest":
			// text, not a byline.
			return "", "", "", false
		}
		return dateFirstByline(s, n)
	}
	author = s
	says := false
	if i, j := saysAt(s); i > 0 {
		author, says = s[:i], true
		date, text = splitDate(s[j:])
	}
	if date == "" {
		// "Ann — May 2, 2024", "Ann on May 2, 2024 said:": a date
		// after a separator, ending the line or the author's part.
		if i, rest := sepDate(author); i > 0 {
			switch d, t := splitDate(rest); {
			case t == "":
				author, date = author[:i], d
			case prefixed && !says:
				author, date, text = author[:i], d, t
			case !says && !prefixed:
				// "Great post, May 2 was a fine day to travel": a
				// line of text, not a byline.
				return "", "", "", false
			}
		} else if !says && !prefixed {
			return "", "", "", false
		}
	}
	author = strings.TrimSpace(strings.TrimRight(author, " :—–-|,"))
	if author == "" || tokenize.CountWords(author) > 6 {
		return "", "", "", false
	}
	return author, date, text, true
}

// authorByline reads the text of a comment's author element: a byline
// ("Ann says: May 2, 2024", "by Ann", "Ann | Posted at 12:45pm"), and in
// it the name before a separator followed by digits, when the name has
// at most six words ("Nico on up 1 recs", "Bill, Shooter (629286)"):
// what follows is not the name's.
func authorByline(s string) (author, date string) {
	author = s
	if a, d, t, ok := commentByline(s); ok && t == "" && a != "" {
		author, date = a, d
	}
	for _, sep := range bylineSeps {
		if i := strings.Index(author, sep); i > 0 && hasDigit(author[i+len(sep):]) {
			if a := strings.TrimSpace(author[:i]); tokenize.CountWords(a) <= 6 {
				if b, _, t, ok := commentByline(a); ok && t == "" && b != "" {
					a = b // "by Ann on up 2 recs"
				}
				if date == "" {
					date, _ = splitDate(author[i+len(sep):])
				}
				return a, date
			}
		}
	}
	return author, date
}

// dateElementByline reads the text of a comment's date element that
// names the author before the date: "by Ken on May 2, 2024", "Maria
// (@maria) — June 25th, 2012", "PPC4 July 19th, 2012, 3:05 pm". The date
// must end the text, and the author have a letter and at most six words
// and be more than a says word ("Posted at 12:45pm").
func dateElementByline(s string) (author, date string, ok bool) {
	if commentDateLen(s) > 0 {
		return "", "", false // "on May 2, 2024", "Thursday, May 2"
	}
	for p := 1; p < len(s) && p < maxBylineScan; p++ {
		if s[p-1] != ' ' {
			continue
		}
		n := commentDateLen(s[p:])
		if n == 0 {
			continue
		}
		if strings.TrimRight(s[p+n:], " .,;") != "" {
			return "", "", false
		}
		author = strings.TrimSpace(strings.TrimRight(s[:p], " :—–-|,@"))
		if w := strings.LastIndexByte(author, ' '); w > 0 && timeOpeners[strings.ToLower(author[w+1:])] {
			author = strings.TrimRight(author[:w], " :—–-|,@") // "Posted by Ann at"
		}
		if a, _, t, ok := commentByline(author); ok && t == "" && a != "" {
			author = a // "by Ken", "Ann posted"
		}
		if saysWord(author) || !strings.ContainsFunc(author, unicode.IsLetter) || tokenize.CountWords(author) > 6 {
			return "", "", false
		}
		date, _ = splitDate(s[p:])
		return author, date, true
	}
	return "", "", false
}

// dateFirstByline reads a byline that starts with its date, n bytes
// long: "Fri, 2012-11-09 17:18 — Caroline Crampton", "12:31 pm,
// 12-Jan-2012 Harry Paterson", or the date alone. Only a day with its
// time of day opens one (commentByline): "May 2024 was a fine month" is
// text.
func dateFirstByline(s string, n int) (author, date, text string, ok bool) {
	date = strings.TrimSpace(s[:n])
	author = strings.TrimSpace(strings.TrimLeft(s[n:], " ,;:|—–-·•"))
	// A number before the name is the comment's ("| 2691789 Ann").
	for {
		w, rest, _ := strings.Cut(author, " ")
		if w == "" || strings.Trim(w, "#0123456789") != "" {
			break
		}
		author = rest
	}
	if tokenize.CountWords(author) > 6 || strings.ContainsAny(lastRune(author), ".!?") {
		return "", "", "", false
	}
	if !strings.ContainsFunc(author, unicode.IsLetter) {
		author = "" // "(#)", a permalink
	}
	return author, date, "", true
}

// lastRune returns the last character of s ("" for "").
func lastRune(s string) string {
	_, n := utf8.DecodeLastRuneInString(s)
	return s[len(s)-n:]
}

// saysAt returns where in s a says word after the author starts (the
// space before it) and where what follows it starts, or 0, 0.
func saysAt(s string) (i, j int) {
	for p := 1; p < len(s) && p < maxBylineScan; p++ {
		if s[p] == ' ' {
			if n := saysEnd(s[p+1:]); n > 0 {
				return p, p + 1 + n
			}
		}
	}
	return 0, 0
}

// saysEnd returns the length of the says word that s starts with and of
// the colon or ellipsis after it ("wrote:", "said...", "says" before a
// date or at the end), or 0 when s does not start with one.
func saysEnd(s string) int {
	for _, w := range saysWords {
		if len(s) < len(w) || !strings.EqualFold(s[:len(w)], w) {
			continue
		}
		rest := s[len(w):]
		trimmed := strings.TrimLeft(rest, " ")
		switch {
		case rest == "":
			return len(w)
		case strings.HasPrefix(trimmed, ":"):
			return len(s) - len(trimmed) + 1
		case strings.HasPrefix(trimmed, "..."):
			return len(s) - len(trimmed) + 3
		case strings.HasPrefix(trimmed, "…"):
			return len(s) - len(trimmed) + len("…")
		case rest[0] == ' ' && commentDateLen(trimmed) > 0:
			return len(w)
		}
	}
	return 0
}

// sepDate returns where in s the first byline separator (in any case:
// "Ann On Thursday, May 2") followed by a date stands, and what follows
// the separator, or 0, "".
func sepDate(s string) (int, string) {
	for p := 1; p < len(s) && p < maxBylineScan; p++ {
		for _, sep := range bylineSeps {
			if len(s)-p >= len(sep) && strings.EqualFold(s[p:p+len(sep)], sep) && commentDateLen(s[p+len(sep):]) > 0 {
				return p, s[p+len(sep):]
			}
		}
	}
	return 0, ""
}

// splitDate splits s after the date it starts with (commentDateLen):
// the date without a word that opens it ("on", "at") and the text after
// it, less the marks that set it off.
func splitDate(s string) (date, text string) {
	s = strings.TrimSpace(s)
	n := commentDateLen(s)
	date = strings.TrimSpace(s[:n])
	if w, rest, ok := strings.Cut(date, " "); ok && (dateOpeners[strings.ToLower(w)] || timeOpeners[strings.ToLower(w)]) {
		date = rest // "on May 2", "am 2. Mai", "at 2:35 PM"
	}
	return date, strings.TrimSpace(strings.TrimLeft(s[n:], " ,;:|—–-·•"))
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// commentField says what a block of a comment is, from the elements
// under ("under" the comment that holds it), innermost first: "author",
// "date", "tool" (a link to reply, report, edit or vote; a label in the
// comment's metadata), or "" (the comment's text).
func commentField(b tokenize.Block, under []*tokenize.Element) string {
	words := b.Words
	for _, el := range slices.Backward(under) {
		switch {
		case hasToken(el, commentTextTokens):
			return "" // the comment's text, even inside its metadata
		case hasToken(el, commentToolTokens) && words <= 3:
			return "tool"
		case el.Name == "time" || hasToken(el, commentDateTokens):
			return "date"
		case el.Name == "cite" || hasToken(el, commentAuthorTokens):
			return "author"
		case hasToken(el, commentMetaTokens):
			// The comment's metadata line: its date when it has
			// digits ("January 2, 2024 at 3:04 pm"), else a label.
			if hasDigit(b.Text) {
				return "date"
			}
			return "tool"
		}
	}
	if b.InLink && words <= 2 {
		if p := b.Node.Parent; p != nil && p.DataAtom == atom.A {
			switch strings.ToLower(strings.TrimSpace(b.Text)) {
			case "reply", "report", "like", "share", "permalink", "edit", "antworten", "odpowiedz", "ответить", "répondre", "responder":
				return "tool"
			}
		}
	}
	return ""
}

// minSplitWords is the fewest words of text each comment must have for
// splitAtAuthors' cut to stand.
const minSplitWords = 3

// splitAtAuthors cuts the blocks in of an element top (a section or a
// comment item) into comments at their authors' elements, when two or
// more of them are siblings (old Blogger's dl#comments-block: a
// dt.comment-author, then the comment's dd.comment-body and
// dd.comment-footer): it returns, for each block, the last author's
// element at or before it (nil before the first: the section's heading),
// or nil when there is no such cut.
func splitAtAuthors(blocks []tokenize.Block, top *tokenize.Element, in []int) []*tokenize.Element {
	heads := make([]*tokenize.Element, len(in))
	var parent *tokenize.Element
	depth, distinct := -1, 0
	for k, i := range in {
		b := blocks[i]
		for d := slices.Index(b.Ancestors, top) + 1; d < len(b.Ancestors); d++ {
			el := b.Ancestors[d]
			if inlineElement[el.Name] {
				break
			}
			if !hasToken(el, commentAuthorTokens) {
				continue
			}
			if depth < 0 {
				depth, parent = d, b.Ancestors[d-1]
			}
			if d != depth || b.Ancestors[d-1] != parent {
				return nil // authors at different places: no list of comments
			}
			if k == 0 || heads[k-1] != el {
				distinct++
			}
			heads[k] = el
			break
		}
	}
	if distinct < 2 {
		return nil
	}
	var cur *tokenize.Element
	for k, head := range heads {
		if head != nil {
			cur = head
		}
		heads[k] = cur
	}
	return heads
}
