// Command external runs a well-known Go main-content extractor over the
// pages of a boilernet dataset split and writes its output as JSON Lines,
// one {"dataset", "id", "text"} object per page (with "error" instead of
// text when the tool failed), for boilernet eval -external:
//
//	go run ./cmd/external -tool trafilatura -data ../../shared/data/wcxb -split test -o /tmp/traf-wcxb.jsonl
//	go run ./cmd/boilernet eval -data ../shared/data/wcxb -methods bilstm -external trafilatura=/tmp/traf-wcxb.jsonl
//
// Tools: trafilatura (go-trafilatura, default extraction: fallback and
// comments on) and readability (go-readability). The time spent in the
// tool and its pages/s are printed on stderr.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/boilernet/boilernet/bench/extractors"
	"github.com/boilernet/boilernet/bench/internal/cli"
	"github.com/boilernet/boilernet/data"
)

func main() {
	cli.Main("external", run)
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("external", flag.ContinueOnError)
	fs.SetOutput(stderr)
	toolName := fs.String("tool", "", "extractor: "+strings.Join(extractors.Names, ", "))
	dir := fs.String("data", "", "dataset folder")
	split := fs.String("split", "test", "split to extract")
	out := fs.String("o", "", "output file (default: standard output)")
	raw := fs.Bool("raw", false, "give the tool the page bytes and let it detect the encoding (default: pages decoded as boilernet decodes them)")
	workers := fs.Int("workers", 1, "pages extracted at once")
	noFallback := fs.Bool("no-fallback", false, "trafilatura: no fallback to readability and dom-distiller")
	noComments := fs.Bool("no-comments", false, "trafilatura: leave user comments out")
	quiet := fs.Bool("q", false, "no progress on stderr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *toolName == "" || *dir == "" || fs.NArg() > 0 {
		fs.Usage()
		return fmt.Errorf("give -tool and -data")
	}
	tool, err := extractors.Lookup(*toolName, extractors.TrafilaturaOptions{NoFallback: *noFallback, NoComments: *noComments})
	if err != nil {
		return err
	}
	ds, err := data.Open(*dir)
	if err != nil {
		return err
	}
	w := stdout
	var f *os.File
	if *out != "" {
		if f, err = os.Create(*out); err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	total, n := len(ds.IDs[*split]), 0
	done := func() {
		n++
		if !*quiet && (n%25 == 0 || n == total) {
			fmt.Fprintf(stderr, "\r%s %s %s: %d/%d pages", tool.Name, ds.Name, *split, n, total)
		}
	}
	s, err := extractors.Run(ds, *split, tool, bw, extractors.Options{Raw: *raw, Workers: *workers, Done: done})
	if !*quiet && n > 0 {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if f != nil {
		if err := f.Close(); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "%s on %s %s: %d pages (%d failed), %.1f s in the tool, %.1f pages/s per core; %.1f s wall with %d worker(s)\n",
		tool.Name, ds.Name, *split, s.Pages, s.Failed, s.Seconds, s.PagesPerSecond(), s.Wall.Seconds(), max(1, *workers))
	return nil
}
