package shallow

import (
	"regexp"
	"strings"
)

// eachBlock labels every block with rule, given the features of the
// previous, current and next block (zero at the page's ends: the paper's
// empty start and end blocks).
func eachBlock(blocks []Block, rule func(prev, curr, next Features) bool) []bool {
	out := make([]bool, len(blocks))
	for i := range blocks {
		out[i] = rule(neighbourFeatures(blocks, i))
	}
	return out
}

// neighbourFeatures returns the features of blocks i-1, i and i+1, zero
// beyond the page's ends.
func neighbourFeatures(blocks []Block, i int) (prev, curr, next Features) {
	if i > 0 {
		prev = blocks[i-1].Features
	}
	if i+1 < len(blocks) {
		next = blocks[i+1].Features
	}
	return prev, blocks[i].Features, next
}

// linkDensityTree is the root both of the paper's C4.8 trees share: a block
// with a link density over 0.333333 is boilerplate; the others are labeled
// by fewLinks after a block with a link density of at most 0.555556, and by
// manyLinks after one with more.
func linkDensityTree(fewLinks, manyLinks func(prev, curr, next Features) bool) func(prev, curr, next Features) bool {
	return func(prev, curr, next Features) bool {
		switch {
		case curr.LinkDensity > 0.333333:
			return false
		case prev.LinkDensity <= 0.555556:
			return fewLinks(prev, curr, next)
		default:
			return manyLinks(prev, curr, next)
		}
	}
}

// NumWords is the paper's Algorithm 2, the C4.8 tree on the number of words
// and the link density of the previous, current and next block.
func NumWords(blocks []Block) []bool {
	return eachBlock(blocks, linkDensityTree(
		func(prev, curr, next Features) bool {
			if curr.NumWords <= 16 {
				if next.NumWords <= 15 {
					return prev.NumWords > 4
				}
				return true
			}
			return true
		},
		func(_, curr, next Features) bool {
			if curr.NumWords <= 40 {
				return next.NumWords > 17
			}
			return true
		}))
}

// Densitometric is the paper's Algorithm 1, the C4.8 tree on the text
// density and the link density of the previous, current and next block.
func Densitometric(blocks []Block) []bool {
	return eachBlock(blocks, linkDensityTree(
		func(prev, curr, next Features) bool {
			if curr.TextDensity <= 9 {
				if next.TextDensity <= 10 {
					return prev.TextDensity > 4
				}
				return true
			}
			return next.TextDensity != 0
		},
		func(_, _, next Features) bool {
			return next.TextDensity > 11
		}))
}

// CleanEvalRule is the rule the paper derives for CleanEval: a block is
// content when its text density is at least 7 and its link density at most
// 0.35.
func CleanEvalRule(blocks []Block) []bool {
	return eachBlock(blocks, func(_, curr, _ Features) bool {
		return curr.TextDensity >= 7 && curr.LinkDensity <= 0.35
	})
}

// LargestContent is the Largest Content Filter: of the runs of
// consecutive blocks labeled content (neighbouring content blocks fused, as
// Boilerpipe's block proximity fusion does before it keeps the largest
// block), only the run with the most words stays (the first on a tie).
func LargestContent(blocks []Block, content []bool) []bool {
	out := make([]bool, len(blocks))
	if from, to := largestRun(blocks, content, 0, len(blocks)); from >= 0 {
		for i := from; i <= to; i++ {
			out[i] = true
		}
	}
	return out
}

// largestRun returns the run of consecutive content blocks in [lo, hi) with
// the most words, or -1, -1.
func largestRun(blocks []Block, content []bool, lo, hi int) (from, to int) {
	from, to = -1, -1
	best := -1
	for i := lo; i < hi; {
		if !content[i] {
			i++
			continue
		}
		j, words := i, 0
		for j < hi && content[j] {
			words += blocks[j].Words
			j++
		}
		if words > best {
			best, from, to = words, i, j-1
		}
		i = j
	}
	return from, to
}

// commentsIndicator matches the text of a block that starts a comment
// section: a short block such as "Comments", "12 comments", "Leave a
// reply" or "Have your say".
var commentsIndicator = regexp.MustCompile(`(?i)^(\d+\s+)?(reader(s'?)?\s+)?(comments?|responses?|replies)\b|^(post|leave|add|write)\s+(a|your)?\s*(comment|reply|response)|^have your say|^what do you think|^join the (discussion|conversation)|^discuss this`)

// IsCommentsIndicator reports whether a block's text starts a comment
// section (at most 8 words, matching commentsIndicator).
func IsCommentsIndicator(text string) bool {
	t := strings.TrimSpace(text)
	return len(strings.Fields(t)) <= 8 && commentsIndicator.MatchString(t)
}

// minWordsBeforeEnd is how many words of content must precede a comments
// indicator for it to end the main content (as in Boilerpipe), so that a
// "Comments" link in the navigation does not cut the page before the
// article.
const minWordsBeforeEnd = 60

// MainContent is the Main Content Filter, as read here from the paper's
// description (Largest Content, plus cutting at a comments indicator and
// starting at the title) and Boilerpipe's article pipeline: blocks from
// the first comments indicator that follows at least minWordsBeforeEnd
// words of content on are boilerplate; the largest run of
// content blocks before it is found as by LargestContent; the main content
// starts at the last block before that run whose text matches the page
// title (else at the run) and ends with the run. The title block, the
// blocks labeled content between it and the run, and the run are kept.
func MainContent(blocks []Block, content []bool, title string) []bool {
	out := make([]bool, len(blocks))
	end, words := len(blocks), 0
	for i, b := range blocks {
		if words >= minWordsBeforeEnd && IsCommentsIndicator(b.Text) {
			end = i
			break
		}
		if content[i] {
			words += b.Words
		}
	}
	from, to := largestRun(blocks, content, 0, end)
	if from < 0 {
		return out
	}
	start := from
	if want := normalize(title); want != "" {
		for i := from; i >= 0; i-- {
			if matchesTitle(normalize(blocks[i].Text), want) {
				start = i
				out[i] = true
				break
			}
		}
	}
	for i := start; i <= to; i++ {
		out[i] = out[i] || content[i]
	}
	return out
}

func normalize(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// matchesTitle reports whether a block's text is the page title: equal, or
// one contains the other and the shorter has at least 4 words (titles
// carry site names, headlines carry kickers).
func matchesTitle(text, title string) bool {
	if text == "" {
		return false
	}
	if text == title {
		return true
	}
	short, long := text, title
	if len(short) > len(long) {
		short, long = long, short
	}
	return len(strings.Fields(short)) >= 4 && strings.Contains(long, short)
}
