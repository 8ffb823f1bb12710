// Command throughput measures boilernet's whole extraction side by side with
// go-trafilatura's on the same pages, in one process,
// with the runs of the two interleaved, and prints the pages/s of each and
// their ratio:
//
//	go run ./cmd/throughput -data ../../shared/data/wcxb,../../shared/data/dragnet -rounds 5
//
// -model compares models: each is a configuration of its own ("boilernet
// MODEL"), and the summary gives its ratio to the first.
//
// Each pass reads every page of the split from its file (decompressing
// .html.gz) and extracts it. boilernet's pass is what `boilernet extract
// -workers N -format jsonl FILES` does: batch.Files, batch.Run with the
// default model and options (metadata on), one JSON line per page written
// to a buffered writer (here discarding its output). go-trafilatura's pass
// gives the page's bytes to trafilatura.Extract with zero Options{} (no
// fallback, comments kept: its fastest, the yardstick) and writes its text
// as a JSON line too, on one goroutine; a second row (-fallback, on by
// default) runs it with its command line's fallback to readability and
// dom-distiller (see package extractors).
//
// A parse-only pass (-parse, on by default) reads every page and gives it
// to html.Parse, and nothing else: the physical limit of any extractor that
// builds the page's DOM, against which boilernet's one-worker pass is
// reported as a fraction (pages per CPU second).
//
// A round runs every configuration once (boilernet with each -workers
// value, then trafilatura), in reverse order on odd rounds, so that both see
// the same machine load; the summary gives the median pages/s over rounds
// (wall clock, and per CPU second of the process, which a machine shared
// with other jobs disturbs less) and the median of the per-round ratios of
// wall times. -cpuprofile writes a CPU profile of boilernet's first timed
// one-worker pass, -memprofile an allocation profile of the whole run.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/bench/extractors"
	"github.com/boilernet/boilernet/bench/internal/cli"
	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/render"
	"golang.org/x/net/html"
)

func main() {
	cli.Main("throughput", run)
}

// config is one measured configuration.
type config struct {
	name    string
	model   string // the model's label (boilernet)
	workers int
	pass    func(files []string) error
	profile bool // under -cpuprofile
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("throughput", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dirs := fs.String("data", "", "dataset folders, comma-separated")
	split := fs.String("split", "test", "split whose pages are extracted")
	rounds := fs.Int("rounds", 5, "rounds of every configuration")
	workerList := fs.String("workers", "1,2", "boilernet worker counts, comma-separated")
	noTraf := fs.Bool("no-trafilatura", false, "boilernet only")
	fallback := fs.Bool("fallback", true, "also time go-trafilatura with its fallback (to go-readability and go-domdistiller) as a second row")
	parseOnly := fs.Bool("parse", true, "also time parse-only passes (each page read and given to html.Parse, nothing else, one worker): the yardstick of what any DOM-based extractor can reach")
	modelPaths := fs.String("model", "", "model files to compare, comma-separated; \"embedded\" (or empty) is the embedded model (default: the embedded model)")
	metadata := fs.Bool("metadata", true, "boilernet: metadata in the records, as extract's jsonl default")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of boilernet's first timed one-worker pass to this file")
	memProfile := fs.String("memprofile", "", "write an allocation profile of the whole run to this file (with -no-trafilatura, of boilernet's passes)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dirs == "" || fs.NArg() > 0 || *rounds < 1 {
		fs.Usage()
		return errors.New("give -data and -rounds ≥ 1")
	}
	var files []string
	var size int64
	for _, dir := range strings.Split(*dirs, ",") {
		f, n, err := splitFiles(dir, *split)
		if err != nil {
			return err
		}
		files = append(files, f...)
		size += n
	}
	var configs []config
	for m, path := range strings.Split(*modelPaths, ",") {
		ex, err := loadExtractor(path)
		if err != nil {
			return fmt.Errorf("-model %s: %w", path, err)
		}
		label := path
		if path == "" {
			label = "embedded"
		}
		for _, s := range strings.Split(*workerList, ",") {
			w, err := strconv.Atoi(s)
			if err != nil || w < 1 {
				return fmt.Errorf("-workers: bad count %q", s)
			}
			opts := infer.Options{Metadata: *metadata, SkipLocators: true} // as extract -format jsonl
			configs = append(configs, config{name: "boilernet", model: label, workers: w, profile: w == 1 && m == 0,
				pass: func(files []string) error { return boilernetPass(ex, files, w, opts) }})
		}
	}
	if *parseOnly {
		configs = append(configs, config{name: "parse-only", workers: 1, pass: parsePass})
	}
	if !*noTraf {
		// go-trafilatura at its fastest, zero trafilatura.Options{} (no
		// fallback, comments kept): the yardstick; then with its fallback
		// to go-readability and go-domdistiller, its command line's default.
		configs = append(configs, config{name: "trafilatura", workers: 1, pass: trafilaturaPass(extractors.Trafilatura(extractors.TrafilaturaOptions{NoFallback: true}))})
		if *fallback {
			configs = append(configs, config{name: "trafilatura+fallback", workers: 1, pass: trafilaturaPass(extractors.Trafilatura(extractors.TrafilaturaOptions{}))})
		}
	}
	var prof *os.File
	if *cpuProfile != "" {
		var err error
		if prof, err = os.Create(*cpuProfile); err != nil {
			return err
		}
		defer prof.Close()
	}
	fmt.Fprintf(stdout, "%d pages (%.1f MB decompressed) of %s, split %s; %d rounds\n", len(files), float64(size)/1e6, *dirs, *split, *rounds)
	// A warm-up pass of each: page cache, lazily built tables.
	for _, c := range configs {
		if err := c.pass(files); err != nil {
			return err
		}
	}
	secs := make([][]float64, len(configs)) // wall seconds by config, by round
	cpus := make([][]float64, len(configs)) // CPU seconds of the process
	for r := range *rounds {
		order := make([]int, len(configs))
		for i := range order {
			order[i] = i
		}
		if r%2 == 1 {
			slices.Reverse(order)
		}
		var line []string
		for _, i := range order {
			c := configs[i]
			if c.profile && prof != nil {
				if err := pprof.StartCPUProfile(prof); err != nil {
					return err
				}
			}
			start, cpu0 := time.Now(), cpuTime()
			err := c.pass(files)
			d, cpu := time.Since(start).Seconds(), cpuTime()-cpu0
			if c.profile && prof != nil {
				pprof.StopCPUProfile()
				prof.Close()
				prof = nil // one profiled pass is enough and a profile file holds one
			}
			if err != nil {
				return err
			}
			secs[i] = append(secs[i], d)
			cpus[i] = append(cpus[i], cpu)
			line = append(line, fmt.Sprintf("%s/%dw %.2fs (cpu %.2fs)", c.label(), c.workers, d, cpu))
		}
		fmt.Fprintf(stdout, "round %d: %s\n", r+1, strings.Join(line, ", "))
	}
	if *memProfile != "" {
		f, err := os.Create(*memProfile)
		if err != nil {
			return err
		}
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "\n| tool | workers | pages/s (median) | MB/s | pages per CPU second |\n|---|---|---|---|---|\n")
	for i, c := range configs {
		m := median(secs[i])
		fmt.Fprintf(stdout, "| %s | %d | %.1f | %.2f | %.1f |\n", c.label(), c.workers, float64(len(files))/m, float64(size)/1e6/m, float64(len(files))/median(cpus[i]))
	}
	fmt.Fprintln(stdout)
	ratio := func(t [][]float64, num, den int) float64 {
		var rs []float64
		for r := range t[num] {
			rs = append(rs, t[den][r]/t[num][r])
		}
		return median(rs)
	}
	var trafs []int
	for i, c := range configs {
		if strings.HasPrefix(c.name, "trafilatura") {
			trafs = append(trafs, i)
		}
	}
	parse := slices.IndexFunc(configs, func(c config) bool { return c.name == "parse-only" })
	for i, c := range configs {
		if c.name != "boilernet" {
			continue
		}
		for _, t := range trafs {
			fmt.Fprintf(stdout, "%s %d worker(s) / %s 1 worker: %.2f× in pages/s, %.2f× in pages per CPU second (medians of per-round ratios)\n",
				c.label(), c.workers, configs[t].name, ratio(secs, i, t), ratio(cpus, i, t))
		}
		if parse >= 0 && c.workers == 1 {
			fmt.Fprintf(stdout, "%s 1 worker / parse-only: %.2f of parse-only's pages per CPU second\n", c.label(), ratio(cpus, i, parse))
		}
		one := slices.IndexFunc(configs, func(o config) bool { return o.name == "boilernet" && o.model == c.model && o.workers == 1 })
		if one >= 0 && i != one {
			fmt.Fprintf(stdout, "%s %d workers / 1 worker: %.2f× in pages/s, %.2f× in pages per CPU second\n", c.label(), c.workers, ratio(secs, i, one), ratio(cpus, i, one))
		}
		first := slices.IndexFunc(configs, func(o config) bool { return o.name == "boilernet" && o.workers == c.workers })
		if first >= 0 && configs[first].model != c.model {
			fmt.Fprintf(stdout, "%s / %s, %d worker(s): %.2f× in pages/s, %.2f× in pages per CPU second\n", c.label(), configs[first].label(), c.workers, ratio(secs, i, first), ratio(cpus, i, first))
		}
	}
	return nil
}

// splitFiles returns the page files of a dataset split and their total
// decompressed size.
func splitFiles(dir, split string) ([]string, int64, error) {
	ds, err := data.Open(dir)
	if err != nil {
		return nil, 0, err
	}
	ids, ok := ds.IDs[split]
	if !ok {
		return nil, 0, fmt.Errorf("%s has no %s split", dir, split)
	}
	var files []string
	var size int64
	for _, id := range ids {
		raw, path, err := ds.ReadPage(id)
		if err != nil {
			return nil, 0, err
		}
		files = append(files, path)
		size += int64(len(raw))
	}
	return files, size, nil
}

func loadExtractor(path string) (*infer.Extractor, error) {
	if path == "" || path == "embedded" {
		return infer.Default()
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return infer.Load(f)
}

// boilernetPass extracts the files as `boilernet extract -format jsonl`
// does, writing the lines to a discarding buffered writer.
func boilernetPass(ex *infer.Extractor, files []string, workers int, opts infer.Options) error {
	pages, err := batch.Files(context.Background(), files)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(io.Discard)
	var werr error
	batch.Run(context.Background(), ex, pages, batch.Options{Workers: workers, Extract: opts}, func(o batch.Outcome) {
		rec := render.Record{File: o.Page.Name}
		if o.Err != nil {
			rec.Error = o.Err.Error()
		} else {
			rec = render.NewRecord(o.Page.Name, o.Result)
		}
		if werr == nil {
			werr = json.NewEncoder(w).Encode(rec)
		}
	})
	if werr == nil {
		werr = w.Flush()
	}
	return werr
}

// parsePass reads each page and parses it with html.Parse (after
// decompressing it), and does nothing else: no decoding of its charset,
// no extraction, no output.
func parsePass(files []string) error {
	for _, f := range files {
		raw, err := readPage(f)
		if err != nil {
			return err
		}
		if _, err := html.Parse(bytes.NewReader(raw)); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
	}
	return nil
}

// trafilaturaPass returns the pass of a tool that reads the bytes of a page:
// each file read (and decompressed), extracted, its text written as a JSON
// line.
func trafilaturaPass(tool extractors.Tool) func(files []string) error {
	return func(files []string) error {
		w := bufio.NewWriter(io.Discard)
		enc := json.NewEncoder(w)
		for _, f := range files {
			raw, err := readPage(f)
			if err != nil {
				return err
			}
			line := struct {
				File  string `json:"file"`
				Text  string `json:"text"`
				Error string `json:"error,omitempty"`
			}{File: f}
			if line.Text, err = fromBytes(tool, raw); err != nil {
				line.Error = err.Error()
			}
			if err := enc.Encode(line); err != nil {
				return err
			}
		}
		return w.Flush()
	}
}

// fromBytes runs the tool on one page, turning a panic into an error.
func fromBytes(tool extractors.Tool, raw []byte) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s panicked: %v", tool.Name, r)
		}
	}()
	return tool.FromBytes(raw)
}

func readPage(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(filepath.Base(path), ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		r = z
	}
	return io.ReadAll(r)
}

// cpuTime is the user and system CPU time of the process so far, in seconds.
func cpuTime() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// label names the configuration in the output: the tool, and the model of
// boilernet's when not the embedded one.
func (c config) label() string {
	if c.model == "" || c.model == "embedded" {
		return c.name
	}
	return c.name + " " + c.model
}
