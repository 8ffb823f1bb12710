package metadata

import (
	"regexp"
	"strings"
)

// Dates in visible text, the last source of the publication date: a month
// name with a day and a year (English), or an ISO date.
var textDate = regexp.MustCompile(`(?i)\b(?:` + monthRe + `\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}` +
	`|\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:of\s+)?` + monthRe + `\.?,?\s+\d{4}` +
	`|\d{4}-\d{2}-\d{2})\b`)

const monthRe = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

// Around the headline, textDateBefore text nodes before it and
// textDateAfter after it are searched: bylines and datelines sit there.
const (
	textDateBefore = 15
	textDateAfter  = 40
)

// updatedWords mark a date that is not the publication date.
var updatedWords = []string{"updated", "modified", "aktualisiert", "mis à jour", "reviewed"}

// textDateNearHeadline returns the first date in the text after the
// page's first <h1>, else the last one before it, in ISO 8601; "" when
// there is no <h1> or no date near it.
func (c *collected) textDateNearHeadline() string {
	if c.h1Text < 0 {
		return ""
	}
	end := min(len(c.texts), c.h1Text+textDateAfter)
	for i := c.h1Text; i < end; i++ {
		if d := dateIn(c.texts[i]); d != "" {
			return d
		}
	}
	for i := c.h1Text - 1; i >= max(0, c.h1Text-textDateBefore); i-- {
		if d := dateIn(c.texts[i]); d != "" {
			return d
		}
	}
	return ""
}

func dateIn(s string) string {
	if len(s) > 300 {
		s = s[:300] // a date in a long paragraph is not a dateline
	}
	loc := textDate.FindStringIndex(s)
	if loc == nil {
		return ""
	}
	before := strings.ToLower(s[max(0, loc[0]-20):loc[0]])
	for _, w := range updatedWords {
		if strings.Contains(before, w) {
			return ""
		}
	}
	d, err := ParseDate(s[loc[0]:loc[1]])
	if err != nil {
		return ""
	}
	return d
}
