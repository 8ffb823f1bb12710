package main

import (
	"regexp"
	"strings"

	"github.com/boilernet/boilernet/tokenize"
)

// commentHeading matches the line that opens a comment section, in the
// shared datasets' languages ("Comments", "Leave a Reply", "Kommentare",
// "Комментарии", "Σχόλια", "评论", …).
var commentHeading = regexp.MustCompile(`(?i)^\W*(\d+\s+)?(reader'?s?'?\s+)?(comments?|responses?|replies|reactions?|discussion|leave a (comment|reply)|add (a |your )?comment|post (a |your )?comment|write a comment|join the (discussion|conversation)|have your say|kommentare?|komentarz[ey]?|комментари[йия]|коментари|σχόλι[αο]|评论|網友評論|网友评论|留言|commentaires?|reacties)(\P{L}|$)`)

// cutAfterComments drops the kept blocks from the first comment heading
// (at most maxWords words) that follows at least share of the kept words.
func cutAfterComments(blocks []tokenize.Block, sel []bool, share float64, maxWords int) []bool {
	total := 0
	for i, b := range blocks {
		if sel[i] {
			total += tokenize.CountWords(b.Text)
		}
	}
	seen := 0
	for i, b := range blocks {
		n := tokenize.CountWords(b.Text)
		if seen > 0 && float64(seen) >= share*float64(total) && n <= maxWords && commentHeading.MatchString(strings.TrimSpace(b.Text)) {
			out := append([]bool(nil), sel...)
			clear(out[i:])
			return out
		}
		if sel[i] {
			seen += n
		}
	}
	return sel
}
