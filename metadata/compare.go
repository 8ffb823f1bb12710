package metadata

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Normalize reduces a value for comparison: Unicode NFKC, lowercase,
// letters and digits only, so that case, spacing, punctuation and
// typographic quotes do not count.
func Normalize(s string) string {
	var sb strings.Builder
	for _, r := range norm.NFKC.String(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			sb.WriteRune(unicode.ToLower(r))
		}
	}
	return sb.String()
}

// SameText reports whether two values are equal after Normalize (and not
// both empty).
func SameText(a, b string) bool {
	na := Normalize(a)
	return na != "" && na == Normalize(b)
}

// SameAuthors reports whether the authors found match an annotated author
// string: all the names together equal it after Normalize, or one name
// equals its first comma-separated part, or the names are the annotated
// list's names ("A, B and C") (an annotation "Jane Doe, MD" or
// "Jane Doe, Staff Writer" names Jane Doe).
func SameAuthors(found []string, annotated string) bool {
	if len(found) == 0 || Normalize(annotated) == "" {
		return false
	}
	if SameText(strings.Join(found, " "), annotated) {
		return true
	}
	if names := splitAuthors(annotated); len(names) == len(found) && len(names) > 1 {
		all := true
		for i := range names {
			all = all && SameText(names[i], found[i])
		}
		if all {
			return true
		}
	}
	head, _, _ := strings.Cut(annotated, ",")
	for _, f := range found {
		if SameText(f, head) || SameText(f, annotated) {
			return true
		}
	}
	return false
}

// SameDay reports whether two ISO 8601 dates (or dates and times) fall on
// the same day as written (the first ten characters, the zone ignored).
func SameDay(a, b string) bool {
	return len(a) >= 10 && len(b) >= 10 && a[:10] == b[:10]
}
