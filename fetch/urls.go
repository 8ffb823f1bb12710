package fetch

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxURLLength bounds one line of a URL list.
const MaxURLLength = 8 << 10

// ReadURLs reads a list of URLs, one per line; blank lines and lines
// starting with # are skipped, surrounding space is trimmed. Every other
// line must be an absolute http or https URL (see CheckURL). name (the
// list's file name) and the line number are in every error.
func ReadURLs(r io.Reader, name string) ([]string, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxURLLength+2) // the line and its CRLF
	var urls []string
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if len(s) > MaxURLLength {
			return nil, fmt.Errorf("%s:%d: URL longer than %d bytes", name, line, MaxURLLength)
		}
		if _, err := CheckURL(s); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		urls = append(urls, s)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s:%d: line longer than %d bytes", name, line+1, MaxURLLength)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return urls, nil
}

// IsURL reports whether a command-line argument names a URL (it starts
// with http:// or https://) rather than a file.
func IsURL(arg string) bool {
	s := strings.ToLower(arg)
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}
