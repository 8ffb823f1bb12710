package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/boilernet/boilernet/extension/api"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/tokenize"
)

// A page is one test page.
type page struct {
	Set, ID string
	File    string // its file, as the CLI reads it
	Raw     []byte // its bytes, gunzipped
	HTML    string // its text as a browser has it (tokenize.Decode)
}

func (p page) name() string { return p.Set + "/" + p.ID }

// loadPages reads the first n ids of each dataset's test split.
func loadPages(data string, n int) ([]page, error) {
	var pages []page
	for _, set := range []struct{ name, ext string }{{"wcxb", ".html.gz"}, {"dragnet", ".html"}} {
		f, err := os.Open(filepath.Join(data, set.name, "test.txt"))
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		for k := 0; k < n && sc.Scan(); k++ {
			id := strings.TrimSpace(sc.Text())
			file := filepath.Join(data, set.name, "html", id+set.ext)
			raw, err := readPage(file)
			if err != nil {
				f.Close()
				return nil, err
			}
			pages = append(pages, page{Set: set.name, ID: id, File: file, Raw: raw, HTML: tokenize.Decode(raw, "").Text})
		}
		f.Close()
	}
	return pages, nil
}

func readPage(file string) ([]byte, error) {
	raw, err := os.ReadFile(file)
	if err != nil || !strings.HasSuffix(file, ".gz") {
		return raw, err
	}
	z, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return io.ReadAll(z)
}

// A nativeResult is one page extracted in this process.
type nativeResult struct {
	Millis float64
	Resp   api.Response
}

// timeNative extracts each page as the module does (api.Extract and its
// JSON encoding), after a warm-up on the first pages.
func timeNative(ex *infer.Extractor, pages []page) []nativeResult {
	for _, p := range pages[:min(3, len(pages))] {
		api.Extract(ex, api.Request{HTML: p.HTML})
	}
	out := make([]nativeResult, len(pages))
	for i, p := range pages {
		start := time.Now()
		resp := api.Extract(ex, api.Request{HTML: p.HTML})
		json.Marshal(resp)
		out[i] = nativeResult{Millis: since(start), Resp: resp}
	}
	return out
}

// cliResult is the CLI's run over all pages.
type cliResult struct {
	Command      string
	TotalMillis  float64 // the run over all pages
	StartMillis  float64 // a run over the first page alone
	PerPage      float64 // (total - one page's run) / (pages - 1)
	Text, Errors map[string]string
}

// runCLI builds the CLI and runs extract -workers 1 -format jsonl on the
// page files.
func runCLI(pages []page, tmp string) (*cliResult, error) {
	bin := filepath.Join(tmp, "boilernet")
	build := exec.Command("go", "build", "-o", bin, "./cmd/boilernet")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the CLI: %v\n%s", err, out)
	}
	run := func(files []string) ([]byte, float64, error) {
		cmd := exec.Command(bin, append([]string{"extract", "-workers", "1", "-format", "jsonl", "-q"}, files...)...)
		cmd.Stderr = os.Stderr
		start := time.Now()
		out, err := cmd.Output()
		return out, since(start), err
	}
	var files []string
	for _, p := range pages {
		files = append(files, p.File)
	}
	res := &cliResult{Command: "boilernet extract -workers 1 -format jsonl -q FILES", Text: map[string]string{}, Errors: map[string]string{}}
	if _, ms, err := run(files[:1]); err == nil {
		res.StartMillis = ms
	}
	out, ms, err := run(files)
	if err != nil && len(out) == 0 {
		return nil, fmt.Errorf("boilernet extract: %v", err)
	}
	res.TotalMillis = ms
	if len(files) > 1 {
		res.PerPage = (res.TotalMillis - res.StartMillis) / float64(len(files)-1)
	}
	for _, line := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		var rec struct{ File, Text, Error string }
		if err := json.Unmarshal(line, &rec); err != nil {
			return nil, fmt.Errorf("boilernet extract: a line that is not JSON: %.80s", line)
		}
		if rec.Error != "" {
			res.Errors[rec.File] = rec.Error
		} else {
			res.Text[rec.File] = rec.Text
		}
	}
	return res, nil
}
