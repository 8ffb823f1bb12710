package labelset

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxIDLen bounds an id's length in bytes.
const MaxIDLen = 100

// ErrName is wrapped by ID's error for a name that is refused.
var ErrName = errors.New("bad page name")

// ID returns the dataset id of a page: its name when one is given, else
// one made of its URL's host and path (www.example.com-news-story), else
// "page". A name that holds a path separator, is "." or "..", starts
// with a dot, or holds a control character is refused, since an id names
// files; other characters than letters, digits, '.', '_' and '-' become
// '-' (one for a run), and the id is cut to MaxIDLen bytes.
func ID(name, pageURL string) (string, error) {
	if name != "" {
		switch {
		case strings.ContainsAny(name, `/\`):
			return "", fmt.Errorf("%w %q: holds a path separator", ErrName, name)
		case name == "." || name == "..":
			return "", fmt.Errorf("%w %q: not a file name", ErrName, name)
		case strings.HasPrefix(name, "."):
			return "", fmt.Errorf("%w %q: starts with a dot", ErrName, name)
		case !utf8.ValidString(name):
			return "", fmt.Errorf("%w %q: not UTF-8", ErrName, name)
		case strings.ContainsFunc(name, unicode.IsControl):
			return "", fmt.Errorf("%w %q: holds a control character", ErrName, name)
		}
		id := clean(name)
		if id == "" {
			return "", fmt.Errorf("%w %q: no letter or digit", ErrName, name)
		}
		return id, nil
	}
	if u, err := url.Parse(pageURL); err == nil && u.Host != "" {
		path := u.Path
		for _, ext := range []string{".html", ".htm", ".php", ".aspx", ".asp"} {
			path = strings.TrimSuffix(path, ext)
		}
		if id := clean(u.Hostname() + "-" + path); id != "" {
			return id, nil
		}
	}
	return "page", nil
}

// clean keeps letters, digits, '.', '_' and '-', turns every other run
// into one '-', trims dots and dashes at both ends, and cuts the result
// to MaxIDLen bytes.
func clean(s string) string {
	var sb strings.Builder
	dash := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.' || r == '_' || r == '-' {
			sb.WriteRune(r)
			dash = r == '-'
			continue
		}
		if !dash {
			sb.WriteByte('-')
			dash = true
		}
	}
	id := strings.Trim(sb.String(), ".-")
	if len(id) > MaxIDLen {
		cut := MaxIDLen
		for cut > 0 && !utf8.RuneStart(id[cut]) {
			cut--
		}
		id = strings.Trim(id[:cut], ".-")
	}
	return id
}

// checkID reports whether id is one ID returns as it is.
func checkID(id string) error {
	if id == "" {
		return fmt.Errorf("%w: empty id", ErrName)
	}
	got, err := ID(id, "")
	if err != nil {
		return err
	}
	if got != id {
		return fmt.Errorf("%w %q: not an id (ID makes it %q)", ErrName, id, got)
	}
	return nil
}

// AutoSplit returns the split of the nth page saved to a folder (n from
// 1) that names none: dev for the second page and every fifth after it
// (2, 7, 12, …), train for the others. So two pages are enough to train
// (train needs a page in each), and a fifth of a larger folder is held
// out to choose the epoch.
func AutoSplit(n int) string {
	if n%5 == 2 {
		return "dev"
	}
	return "train"
}

// Unique returns id when taken(id) is false, else the first of id-2,
// id-3, … that is not taken (cut so as to stay within MaxIDLen).
func Unique(id string, taken func(string) bool) string {
	if !taken(id) {
		return id
	}
	for k := 2; ; k++ {
		suffix := fmt.Sprintf("-%d", k)
		base := id
		if len(base)+len(suffix) > MaxIDLen {
			base = clean(base[:MaxIDLen-len(suffix)])
		}
		if c := base + suffix; !taken(c) {
			return c
		}
	}
}
