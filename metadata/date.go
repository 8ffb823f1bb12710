package metadata

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// maxDateLength bounds the text ParseDate looks at.
const maxDateLength = 100

// Years outside [minYear, maxYear] are not page dates.
const (
	minYear = 1900
	maxYear = 2100
)

var isoDate = regexp.MustCompile(`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})` + // date
	`(?:(?:T|\s+|T\s*)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?` + // time
	`\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?`) // zone

// textLayouts are the other date forms ParseDate accepts (the input's
// spaces collapsed, a weekday prefix and ordinal suffixes removed).
var textLayouts = []struct {
	layout string
	clock  bool // has a time of day
}{
	{time.RFC1123Z, true}, {time.RFC1123, true}, {"2 Jan 2006 15:04:05 -0700", true}, {"2 Jan 2006 15:04:05 MST", true},
	{time.RFC850, true}, {time.ANSIC, true},
	{"January 2, 2006", false}, {"January 2 2006", false}, {"Jan 2, 2006", false}, {"Jan 2 2006", false}, {"Jan. 2, 2006", false},
	{"2 January 2006", false}, {"2 Jan 2006", false}, {"2. January 2006", false}, {"2 Jan. 2006", false},
	{"January 2, 2006 15:04", true}, {"Jan 2, 2006 15:04", true}, {"January 2, 2006 3:04 PM", true}, {"Jan 2, 2006 3:04 PM", true},
	{"02.01.2006", false}, {"20060102", false},
}

// ParseDate reads a date as pages write it in metadata — ISO 8601 and its
// variants (2025-09-04, 2025-09-04T10:00:00.000+0200, 2025/09/04 10:00),
// RFC 1123, "September 4, 2025", "4 Sep 2025", 04.09.2025 — and returns it
// in ISO 8601: "2025-09-04" for a date alone, "2025-09-04T10:00:00" for a
// time without a zone, "2025-09-04T10:00:00+02:00" or "…Z" with one. Years
// outside 1900–2100 are errors.
func ParseDate(s string) (string, error) {
	in := s
	s = strings.TrimSpace(s)
	if len(s) > maxDateLength {
		return "", fmt.Errorf("date %.20q…: longer than %d bytes", in, maxDateLength)
	}
	if s == "" {
		return "", fmt.Errorf("empty date")
	}
	if m := isoDate.FindStringSubmatch(s); m != nil {
		return isoFromMatch(m, in)
	}
	full, short := normalizeTextDate(s)
	for _, l := range textLayouts {
		s = full
		t, err := time.Parse(l.layout, s)
		if err != nil {
			s = short
			if t, err = time.Parse(l.layout, s); err != nil {
				continue
			}
		}
		if t.Year() < minYear || t.Year() > maxYear {
			return "", fmt.Errorf("date %q: year %d out of range", in, t.Year())
		}
		if !l.clock {
			return t.Format(time.DateOnly), nil
		}
		if strings.Contains(l.layout, "MST") && t.Location() != time.UTC {
			if _, off := t.Zone(); off == 0 && !strings.HasSuffix(s, "UTC") && !strings.HasSuffix(s, "GMT") {
				return t.Format("2006-01-02T15:04:05"), nil // an unknown zone name
			}
		}
		return t.Format(time.RFC3339), nil
	}
	return "", fmt.Errorf("date %q: unknown form", in)
}

func isoFromMatch(m []string, in string) (string, error) {
	y, _ := strconv.Atoi(m[1])
	mo, _ := strconv.Atoi(m[2])
	d, _ := strconv.Atoi(m[3])
	if y < minYear || y > maxYear {
		return "", fmt.Errorf("date %q: year %d out of range", in, y)
	}
	date := time.Date(y, time.Month(mo), d, 0, 0, 0, 0, time.UTC)
	if mo < 1 || mo > 12 || d < 1 || date.Day() != d {
		return "", fmt.Errorf("date %q: no such day", in)
	}
	if m[4] == "" {
		return date.Format(time.DateOnly), nil
	}
	h, _ := strconv.Atoi(m[4])
	mi, _ := strconv.Atoi(m[5])
	sec, _ := strconv.Atoi(m[6]) // "" reads as 0
	if h > 24 || mi > 59 || sec > 60 {
		return "", fmt.Errorf("date %q: no such time", in)
	}
	if h == 24 {
		h = 0 // 24:00 is midnight; keep the day as written
	}
	t := time.Date(y, time.Month(mo), d, h, mi, min(sec, 59), 0, time.UTC)
	switch z := m[7]; {
	case z == "":
		return t.Format("2006-01-02T15:04:05"), nil
	case z == "Z" || z == "UTC" || z == "GMT":
		return t.Format("2006-01-02T15:04:05Z"), nil
	default:
		digits := strings.ReplaceAll(z[1:], ":", "")
		zh, _ := strconv.Atoi(digits[:2])
		zm := 0
		if len(digits) == 4 {
			zm, _ = strconv.Atoi(digits[2:])
		}
		if zh > 14 || zm > 59 {
			return "", fmt.Errorf("date %q: no such zone offset", in)
		}
		off := zh*3600 + zm*60
		if z[0] == '-' {
			off = -off
		}
		return time.Date(y, time.Month(mo), d, h, mi, min(sec, 59), 0, time.FixedZone("", off)).Format(time.RFC3339), nil
	}
}

// normalizeTextDate collapses spaces, drops ordinal suffixes ("4th") and
// title-cases month names; the second result also drops a leading
// weekday ("Monday, ").
func normalizeTextDate(s string) (full, noWeekday string) {
	f := strings.Fields(s)
	for i, w := range f {
		lw := strings.ToLower(w)
		for _, suf := range []string{"st", "nd", "rd", "th"} {
			if n := strings.TrimSuffix(strings.TrimSuffix(lw, ","), suf); n != lw && isDigits(n) {
				w = n + strings.Repeat(",", strings.Count(w, ","))
			}
		}
		if calendarWord(strings.ToLower(strings.TrimRight(w, ".,"))) {
			w = strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
		}
		f[i] = w
	}
	full = strings.Join(f, " ")
	if len(f) > 1 {
		w := strings.ToLower(strings.TrimRight(f[0], ",."))
		for _, day := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
			if w == day || len(w) == 3 && strings.HasPrefix(day, w) {
				return full, strings.Join(f[1:], " ")
			}
		}
	}
	return full, full
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

var calendarWords = strings.Fields("january february march april may june july august september october november december " +
	"jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun")

// calendarWord reports whether a lowercase word names a month or a
// weekday, in full or abbreviated.
func calendarWord(w string) bool {
	for _, c := range calendarWords {
		if w == c {
			return true
		}
	}
	return false
}

// dateInURL finds a /2025/09/04/ or /2025-09-04 date in a URL's path.
var dateInURL = regexp.MustCompile(`/((?:19|20)\d{2})[/-](0?[1-9]|1[0-2])[/-](0?[1-9]|[12]\d|3[01])(?:/|-|$|\.)`)

// urlDate returns the ISO date in a URL's path, or "".
func urlDate(u string) string {
	m := dateInURL.FindStringSubmatch(u)
	if m == nil {
		return ""
	}
	d, err := ParseDate(m[1] + "-" + m[2] + "-" + m[3])
	if err != nil {
		return ""
	}
	return d
}
