package records

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/fetch"
)

// Inputs returns the corpus files (WARC, JSONL; IsRecordFile) among the
// pages given to a run (args, and a URL list file, "" for none: the
// arguments of boilernet extract and its -i): the files named, and those
// below a directory. ok is false when there are none; mixing them with
// pages or URLs is an error that names both and says how to run them
// apart, for a run writes either one line per record or the pages'
// outputs.
func Inputs(args []string, urlList string) (files []string, ok bool, err error) {
	others := urlList != ""
	for _, a := range args {
		if IsRecordFile(a) {
			files = append(files, a)
			continue
		}
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			others = true
			continue
		}
		found := corpusFilesBelow(a)
		if pages, _ := batch.Files(context.Background(), []string{a}); len(found) == 0 || len(pages) > 0 {
			others = true // HTML pages here, which a corpus run would leave out
		}
		files = append(files, found...)
	}
	if len(files) > 0 && others {
		return nil, false, mixedInputs(args, urlList)
	}
	return files, len(files) > 0, nil
}

// mixedInputs is the error for arguments (args, and the URL list file of
// -i) that hold both corpus files and pages or URLs. It names the corpus
// files (a directory of pages with a WARC file among them would
// otherwise be refused without saying which file) and the first page or
// URL, and gives the command that extracts the corpus files, and for a
// directory of both, what to do for its pages.
func mixedInputs(args []string, list string) error {
	var corpus []string // the corpus files, in argument order
	var other string    // the first page or URL
	var mixedDir string // the first directory of both
	note := func(s string) {
		if other == "" {
			other = s
		}
	}
	if list != "" {
		note("the URLs of -i " + list)
	}
	for _, a := range args {
		if IsRecordFile(a) {
			corpus = append(corpus, a)
			continue
		}
		st, err := os.Stat(a)
		switch {
		case fetch.IsURL(a):
			note("the URL " + a)
		case a == "-":
			note("standard input")
		case err != nil || !st.IsDir():
			note("the page " + a)
		default:
			found := corpusFilesBelow(a)
			corpus = append(corpus, found...)
			pages, _ := batch.Files(context.Background(), []string{a})
			switch {
			case len(pages) > 0:
				note("the pages below " + a)
				if len(found) > 0 && mixedDir == "" {
					mixedDir = a
				}
			case len(found) == 0:
				note("the directory " + a + ", which holds neither")
			}
		}
	}
	if len(corpus) == 0 || other == "" {
		return errors.New(mixed)
	}
	return MixError(corpus, other, mixedDir)
}

// mixed says why corpus files and pages cannot be extracted in one run.
const mixed = "corpus files (.warc, .warc.gz, .jsonl, .jsonl.gz) give one stream of records and cannot be mixed with pages or URLs in one run"

// MixError is the error of a run given the corpus files and other pages
// (other names them: "the URL https://…", "the pages of -feed"): it names
// the corpus files and gives the command that extracts them alone, and
// for a directory of both (mixedDir, "" for none), what to do for its
// pages.
func MixError(files []string, other, mixedDir string) error {
	them, their := "them", "their"
	if len(files) == 1 {
		them, their = "it", "its"
	}
	msg := fmt.Sprintf("%s and %s: %s; extract %s in a run of %s own: boilernet extract %s",
		listCorpus(files), other, mixed, them, their, shellArgs(files))
	if mixedDir != "" {
		msg += fmt.Sprintf("; and for the pages, move %s out of %s or name the pages", them, mixedDir)
	}
	return errors.New(msg)
}

// corpusFilesBelow returns the corpus files below the directory dir,
// sorted.
func corpusFilesBelow(dir string) []string {
	var found []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && IsRecordFile(d.Name()) {
			found = append(found, path)
		}
		return nil
	})
	sort.Strings(found)
	return found
}

// listCorpus names the corpus files: the first three, and how many more.
func listCorpus(files []string) string {
	if len(files) == 1 {
		return "the corpus file " + files[0]
	}
	shown := files[:min(len(files), 3)]
	if more := len(files) - len(shown); more > 0 {
		return fmt.Sprintf("the corpus files %s and %d more", strings.Join(shown, ", "), more)
	}
	return fmt.Sprintf("the corpus files %s and %s", strings.Join(shown[:len(shown)-1], ", "), shown[len(shown)-1])
}

// shellArgs writes the files as arguments of a shell command (quoted
// where they need it), the first three and "…" for more.
func shellArgs(files []string) string {
	var args []string
	for _, f := range files[:min(len(files), 3)] {
		if strings.ContainsFunc(f, func(r rune) bool { return !strings.ContainsRune("+-./:=@_,%", r) && !isAlnum(r) }) {
			f = "'" + strings.ReplaceAll(f, "'", `'\''`) + "'"
		}
		args = append(args, f)
	}
	if len(files) > 3 {
		args = append(args, "…")
	}
	return strings.Join(args, " ")
}

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}
