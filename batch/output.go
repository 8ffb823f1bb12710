package batch

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// IsDirOutput reports whether the output out names a directory: an
// existing one, or a path ending in a separator ("" is none).
func IsDirOutput(out string) bool {
	if out == "" {
		return false
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return true
	}
	return strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator))
}

// FileOutName is the output name of the page file found for the argument
// arg: its path below arg when arg is a directory (dir), its base name
// otherwise, slash-separated, without its .html, .htm or .gz extensions.
func FileOutName(arg, file string, dir bool) string {
	name := filepath.Base(file)
	if dir {
		if rel, err := filepath.Rel(arg, file); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	}
	return trimPageExt(filepath.ToSlash(name))
}

func trimPageExt(name string) string {
	lower := strings.ToLower(name)
	for _, ext := range []string{".gz", ".html", ".htm"} {
		if strings.HasSuffix(lower, ext) && len(name) > len(ext) {
			name, lower = name[:len(name)-len(ext)], lower[:len(lower)-len(ext)]
		}
	}
	return name
}

// URLOutName is the output name of a URL: its host and path
// ("example.com/news/a" for https://example.com/news/a.html), "index" for
// a path ending in a slash, with characters unsafe in file names replaced
// by "_" ("page" for a URL without a host).
func URLOutName(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "page"
	}
	p := path.Clean("/" + u.Path)
	if strings.HasSuffix(u.Path, "/") || p == "/" {
		p = path.Join(p, "index")
	}
	var parts []string
	for _, s := range strings.Split(u.Host+p, "/") {
		if s = safeName(s); s != "" && s != "." && s != ".." {
			parts = append(parts, s)
		}
	}
	return trimPageExt(strings.Join(parts, "/"))
}

// safeName replaces the characters that are unsafe or awkward in a file
// name (on any common system) by "_".
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || strings.ContainsRune(`<>:"\|?*`, r) {
			return '_'
		}
		return r
	}, s)
}

// UniqueNames makes names unique, case aside (a case-insensitive file
// system would merge them): the second "a" becomes "a-2", the third "a-3".
func UniqueNames(names []string) []string {
	var nm namer
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = nm.unique(n)
	}
	return out
}

// namer makes the names given to it one after the other unique, as
// UniqueNames does.
type namer struct{ used map[string]bool }

func (nm *namer) unique(n string) string {
	if nm.used == nil {
		nm.used = map[string]bool{}
	}
	cand := n
	for k := 2; nm.used[strings.ToLower(cand)]; k++ {
		cand = fmt.Sprintf("%s-%d", n, k)
	}
	nm.used[strings.ToLower(cand)] = true
	return cand
}

// RefuseOverwrite returns an error when an output file would be one of
// the input files (compared as files, not as strings: links and other
// spellings of one path too): out itself, or when out is a directory
// (IsDirOutput) the file each page's output gets there (dirNames, the
// pages' names, slash-separated, and ext its extension). The inputs are
// every file the run reads: its pages, and any other (a URL list, a
// model); "-" is standard input, compared by the file it is redirected
// from. Run it before anything is written, so that no input is lost.
// This is the one place of the never-overwrite-an-input rule; the error
// reads "-o OUT: the output O is the input I; it would be overwritten".
func RefuseOverwrite(out string, inputs []string, dirNames []string, ext string) error {
	if out == "" {
		return nil
	}
	var outputs []string
	if IsDirOutput(out) {
		for _, n := range dirNames {
			outputs = append(outputs, filepath.Join(out, filepath.FromSlash(n)+ext))
		}
	} else {
		outputs = []string{out}
	}
	type input struct {
		name string
		st   os.FileInfo
	}
	var ins []input
	stdin := false
	for _, in := range inputs {
		st, err := os.Stat(in)
		if in == "-" {
			if stdin {
				continue
			}
			stdin = true
			in = "standard input"
			st, err = os.Stdin.Stat()
		}
		if err == nil && st.Mode().IsRegular() {
			ins = append(ins, input{in, st})
		}
	}
	for _, o := range outputs {
		ost, err := os.Stat(o)
		if err != nil {
			continue // not there yet: nothing to overwrite
		}
		for _, in := range ins {
			if os.SameFile(ost, in.st) {
				return fmt.Errorf("-o %s: the output %s is the input %s; it would be overwritten", out, o, in.name)
			}
		}
	}
	return nil
}
