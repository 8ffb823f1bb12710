package metadata

import (
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/net/html"
)

// commentTokens are the attribute tokens (tokenize.AttrTokens) that mark
// readers' comments, a section of them or one comment: words of a class
// or id in the languages of the shared datasets and the names of the
// commenting systems most sites embed (Disqus, JComments), and the
// microdata property comment.
var commentTokens = map[string]bool{
	"comment": true, "comments": true, "commentlist": true, "commentbody": true, "disqus": true, "dsq": true,
	"jcomments": true, "discussion": true, "talkback": true, "usercomments": true, "kommentar": true, "kommentare": true,
	"komentarz": true, "komentarze": true, "commentaire": true, "commentaires": true, "comentario": true,
	"comentarios": true, "itemprop=comment": true,
}

// MarksComments reports whether an element's attribute tokens
// (tokenize.AttrTokens) mark readers' comments: a comment section or one
// comment ("comments", "comment-list", "disqus_thread", JComments'
// "jcomments", "kommentare", itemprop="comment"). It is the one test of
// both the comments an extraction finds (package infer) and the text
// whose bylines and dates are not the page's (Read).
//
// A word that only holds "comment" is not one ("most-commented" lists,
// the comment form "commentform"), nor the microdata type Comment or
// UserComments, which forums give every post, the first too, whose author
// and date are the page's (a reply under it has the property comment).
func MarksComments(tokens []string) bool {
	for _, t := range tokens {
		if commentTokens[t] {
			return true
		}
	}
	return false
}

// commentStems are parts of words, one of which every token of
// commentTokens holds, by their first letter: an element none of whose
// class, id and itemprop values holds one (ASCII case aside) marks no
// comments, and is not split into tokens to learn it.
var (
	commentStemsC = []string{"comment", "comentario"}
	commentStemsD = []string{"discussion", "disqus", "dsq"}
	commentStemsK = []string{"kommentar", "komentarz"}
	commentStemsT = []string{"talkback"}
)

// nodeMarksComments is MarksComments of an element of a page.
func nodeMarksComments(n *html.Node) bool {
	for _, a := range n.Attr {
		if (a.Key == "class" || a.Key == "id" || a.Key == "itemprop") && holdsStem(a.Val) {
			return MarksComments(tokenize.AttrTokens(n))
		}
	}
	return false
}

// holdsStem reports whether s holds one of the comment stems, ASCII case
// aside.
func holdsStem(s string) bool {
	for i := 0; i < len(s); i++ {
		var stems []string
		switch s[i] | 0x20 {
		case 'c':
			stems = commentStemsC
		case 'd':
			stems = commentStemsD
		case 'k':
			stems = commentStemsK
		case 't':
			stems = commentStemsT
		default:
			continue
		}
		for _, stem := range stems {
			if hasPrefixFold(s[i:], stem) {
				return true
			}
		}
	}
	return false
}

// hasPrefixFold reports whether s starts with the lowercase ASCII word
// prefix, ASCII case aside.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for j := 0; j < len(prefix); j++ {
		if s[j]|0x20 != prefix[j] {
			return false
		}
	}
	return true
}
