// Command memory writes hostile pages — huge block counts in pages within
// the 64 MiB page limit — and reports the peak resident memory of one
// `boilernet extract` of each against the bound the project promises:
// 256 MiB + 8× the page's decoded size.
//
//	go build -o /tmp/boilernet ./cmd/boilernet   # in the main module
//	go run ./cmd/memory -boilernet /tmp/boilernet
//
// The pages (written to -dir, a temporary directory by default):
//
//   - paragraphs.html: 30 MB of 600,000 short paragraphs;
//   - links.html: 1,000,000 links;
//   - bomb.html.gz: 90 KB of gzip that expands to 63 MB of <p>a</p>;
//   - attributes.html: one element with 6,000,000 distinct attributes;
//   - deep.html: 99,700 blocks each 252 elements deep;
//   - limit-flat.html: 99,990 paragraphs, just under the default element
//     limit (tokenize.DefaultMaxElements);
//   - limit-deep.html: 7,900 blocks 252 deep, just under the default limit
//     of the blocks' ancestors in all;
//
// and issue 39's attack pages:
//
//   - formatting.html: 480 open <b id=…> in a <div>, then 99,000
//     <div>x</div> (1.2 MB): the parser copies the open formatting
//     elements into every new block;
//   - quotes.html: 500 nested <blockquote> around 2,000 paragraphs (190
//     KB), extracted with -method keep-all (every format's output grows
//     with the depth; measure -formats jsonl,markdown,xml,tei);
//   - images.html: one <p> with 99,000 <img> (1.5 MB), extracted with
//     -images -links.
//
// Each page is extracted by a separate process (`extract -q -workers 1
// -page-timeout -1s -format F PAGE`, for each format of -formats), whose peak RSS is read from
// the kernel's accounting of the finished child (the figure /usr/bin/time -v
// prints as "Maximum resident set size"). -limit caps the address space of
// the child, so that a run that would exhaust the machine's memory fails
// instead; such a run is reported as over the bound.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/boilernet/boilernet/bench/internal/cli"
)

func main() {
	cli.Main("memory", run)
}

// page is a hostile page: its file name, how to write its decoded bytes,
// and extract's flags for it besides the format.
type page struct {
	name  string
	write func(w io.Writer) error
	flags []string
}

var pages = []page{
	// 600,000 paragraphs of ~50 bytes: 30 MB.
	{name: "paragraphs.html", write: repeated("<!DOCTYPE html><html><head><title>Paragraphs</title></head><body>\n", 600_000,
		"<p>Paragraph %07d holds a short sentence.</p>\n", "</body></html>\n")},
	// 1,000,000 links in list items: ~50 MB.
	{name: "links.html", write: repeated("<!DOCTYPE html><html><head><title>Links</title></head><body><ul>\n", 1_000_000,
		"<li><a href=\"/p/%07[1]d\">link %07[1]d</a>\n", "</ul></body></html>\n")},
	// Just under the default element limit: 99,990 one-word paragraphs,
	// one block each.
	{name: "limit-flat.html", write: repeated("<html><head><title>Flat</title></head><body>\n", 99_990,
		"<p>w%d</p>\n", "</body></html>\n")},
	// One element with 6,000,000 distinct attributes: 45 MB.
	{name: "attributes.html", write: repeated("<html><body><p", 6_000_000, " a%x", ">x</p></body></html>\n")},
	// As deep as the parser goes: 250 nested elements, then blocks in
	// elements of their own class, each block with 252 ancestors. With
	// 7,900 blocks they have just under the default limit of 2,000,000
	// ancestors in all.
	{name: "deep.html", write: repeated(deepHead, 99_700, deepBlock, deepTail)},
	{name: "limit-deep.html", write: repeated(deepHead, 7_900, deepBlock, deepTail)},
	// Issue 39: the parser multiplies elements (480 formatting elements
	// left open, copied into each of 99,000 blocks).
	{name: "formatting.html", write: func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		bw.WriteString("<html><body><div>")
		for i := range 480 {
			fmt.Fprintf(bw, "<b id=%d>", i)
		}
		bw.WriteString("</div>" + strings.Repeat("<div>x</div>", 99_000) + "</body></html>")
		return bw.Flush()
	}},
	// Issue 39: deep quotes multiply the output (units × depth).
	{name: "quotes.html", write: repeated("<html><body>"+strings.Repeat("<blockquote>", 500), 2_000,
		"<p>Quoted paragraph %d, long enough to be kept as content by every method there is.</p>\n", strings.Repeat("</blockquote>", 500)+"</body></html>"), flags: []string{"-method", "keep-all"}},
	// Issue 39: one paragraph of 99,000 images, read with -images.
	{name: "images.html", write: repeated("<html><body><p>A paragraph of images.", 99_000,
		"<img src=%d.png>", "</p></body></html>"), flags: []string{"-images", "-links"}},
	{name: "bomb.html.gz", write: func(w io.Writer) error {
		// 63 MB of <p>a</p>, gzip-compressed to 90 KB.
		z, err := gzip.NewWriterLevel(w, gzip.BestCompression)
		if err != nil {
			return err
		}
		chunk := bytes.Repeat([]byte("<p>a</p>"), 1<<13)
		for range 63_000_000 / len(chunk) {
			if _, err := z.Write(chunk); err != nil {
				return err
			}
		}
		return z.Close()
	}},
}

var (
	deepHead  = "<html><head><title>Deep</title></head><body>" + strings.Repeat("<div>", 250)
	deepBlock = "<b class=c%d>w</b>\n"
	deepTail  = "</body></html>\n"
)

// repeated returns a writer of head, then item formatted with 0 … n-1,
// then tail.
func repeated(head string, n int, item, tail string) func(w io.Writer) error {
	return func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		bw.WriteString(head)
		for i := range n {
			fmt.Fprintf(bw, item, i)
		}
		bw.WriteString(tail)
		return bw.Flush()
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("memory", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bin := fs.String("boilernet", "", "the boilernet binary to measure")
	dir := fs.String("dir", "", "folder for the pages (default: a temporary folder, removed at the end)")
	formats := fs.String("formats", "jsonl", "output formats to measure, comma-separated")
	only := fs.String("pages", "", "measure only these pages, comma-separated (default: all)")
	limit := fs.Int64("limit", 8<<30, "address-space limit of each extraction, bytes (0: none)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *bin == "" || fs.NArg() > 0 {
		fs.Usage()
		return errors.New("give -boilernet")
	}
	if *dir == "" {
		d, err := os.MkdirTemp("", "boilernet-memory-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		*dir = d
	}
	fmt.Fprintf(stdout, "| page | file size | decoded size | format | peak RSS | bound | within | exit | seconds |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, p := range pages {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), p.name) {
			continue
		}
		path := filepath.Join(*dir, p.name)
		fileSize, decoded, err := ensure(path, p)
		if err != nil {
			return err
		}
		bound := 256<<20 + 8*decoded
		for _, format := range strings.Split(*formats, ",") {
			rss, status, secs, err := measure(*bin, path, format, p.flags, *limit)
			if err != nil {
				return err
			}
			within := "yes"
			if rss > bound || status == "killed" {
				within = "no"
			}
			name := p.name
			if len(p.flags) > 0 {
				name += " (" + strings.Join(p.flags, " ") + ")"
			}
			fmt.Fprintf(stdout, "| %s | %s | %s | %s | %s | %s | %s | %s | %.1f |\n",
				name, mib(fileSize), mib(decoded), format, mib(rss), mib(bound), within, status, secs)
		}
	}
	return nil
}

// ensure writes the page unless the file exists, and returns its size and
// decoded size.
func ensure(path string, p page) (fileSize, decoded int64, err error) {
	if _, err := os.Stat(path); err != nil {
		f, err := os.Create(path)
		if err != nil {
			return 0, 0, err
		}
		err = p.write(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return 0, 0, err
		}
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, 0, err
	}
	fileSize, decoded = st.Size(), st.Size()
	if strings.HasSuffix(path, ".gz") {
		f, err := os.Open(path)
		if err != nil {
			return 0, 0, err
		}
		defer f.Close()
		z, err := gzip.NewReader(f)
		if err != nil {
			return 0, 0, err
		}
		if decoded, err = io.Copy(io.Discard, z); err != nil {
			return 0, 0, err
		}
	}
	return fileSize, decoded, nil
}

// measure runs one extraction (with extract's flags besides the format)
// and returns its peak RSS in bytes, its exit
// status and its wall time.
func measure(bin, path, format string, flags []string, limit int64) (int64, string, float64, error) {
	args := append(append([]string{"extract", "-q", "-workers", "1", "-page-timeout", "-1s", "-format", format}, flags...), path)
	cmd := exec.Command(bin, args...)
	if limit > 0 {
		// The child applies the limit to itself before exec: prlimit(1)
		// semantics without the tool.
		cmd = exec.Command("/bin/sh", append([]string{"-c", "ulimit -v " + strconv.FormatInt(limit>>10, 10) + " && exec \"$0\" \"$@\"", bin}, args...)...)
	}
	var errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &errOut
	start := time.Now()
	err := cmd.Run()
	secs := time.Since(start).Seconds()
	if cmd.ProcessState == nil {
		return 0, "", 0, err
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, "", 0, errors.New("no resource usage on this system")
	}
	status := "0"
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && strings.Contains(errOut.String(), "out of memory"):
		status = "killed"
	case errors.As(err, &ee) && ee.ExitCode() < 0:
		status = "killed" // by a signal: the kernel's OOM killer, say
	case errors.As(err, &ee):
		status = strconv.Itoa(ee.ExitCode()) + ": " + firstLine(errOut.String())
	case err != nil:
		return 0, "", 0, err
	}
	return ru.Maxrss << 10, status, secs, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s = strings.TrimPrefix(s, "boilernet extract: ")
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return strings.ReplaceAll(s, "|", "/")
}

func mib(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
}
