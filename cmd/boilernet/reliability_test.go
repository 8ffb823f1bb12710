package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boilernet/boilernet/render"
)

// TestMain runs the command itself when the tests start it as a
// subprocess (see command).
func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv("BOILERNET_TEST_RUN"); ok {
		os.Exit(run(strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// subprocess is the boilernet command line args run as a subprocess.
func subprocess(t *testing.T, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BOILERNET_TEST_RUN="+strings.Join(args, "\x1f"))
	return cmd
}

// mkfifo makes a FIFO and returns a function that waits until a reader
// has opened it, and keeps it open for writing until the test ends.
func mkfifo(t *testing.T, path string) (waitReader func()) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	return func() {
		for {
			fd, err := syscall.Open(path, syscall.O_WRONLY|syscall.O_NONBLOCK, 0)
			if err == nil {
				t.Cleanup(func() { syscall.Close(fd) })
				return
			}
			if !errors.Is(err, syscall.ENXIO) {
				t.Fatal(err)
			}
			time.Sleep(10 * time.Millisecond) // polling, not a time limit
		}
	}
}

// samplePages writes n copies of the sample page into dir and returns
// their paths.
func samplePages(t *testing.T, dir string, n int) []string {
	raw, err := os.ReadFile("../../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("page%03d.html", i))
		os.WriteFile(p, raw, 0o644)
		paths = append(paths, p)
	}
	return paths
}

func TestExtractFIFOAndTimeout(t *testing.T) {
	dir := t.TempDir()
	samplePages(t, dir, 2)
	fifo := filepath.Join(dir, "fifo.html")
	release := mkfifo(t, fifo)
	// In a directory, a FIFO is a failed entry at once.
	checkRun(t, []string{"extract", "-q", "-page-timeout", "-1s", "-format", "jsonl", dir}, 0,
		[]string{`"file":"` + fifo + `","text":"","error":"` + fifo + `: not a regular file`}, []string{"1 of 3 pages failed"})
	// Named, it is read, and the page time limit ends it (the small page
	// after it is there to come out after it).
	small := filepath.Join(dir, "small.htm")
	os.WriteFile(small, []byte("<p>Small.</p>"), 0o644)
	checkRun(t, []string{"extract", "-q", "-page-timeout", "200ms", "-format", "jsonl", fifo, small}, 0,
		[]string{`"error":"` + fifo + `: page time limit exceeded (200ms)"}` + "\n{\"file\":\"" + small + `","text":"Small."`}, nil)
	release() // the abandoned reader of the FIFO
}

func TestExtractRefusesEndlessModels(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "model")
	mkfifo(t, fifo)
	page := "../../testdata/sample.html"
	checkRun(t, []string{"extract", "-model", fifo, page}, 1, nil, []string{fifo + ": bad model file"})
	if _, err := os.Stat("/dev/zero"); err == nil {
		checkRun(t, []string{"extract", "-model", "/dev/zero", page}, 1, nil, []string{"/dev/zero: bad model file: not a boilernet model (bad magic)"})
	}
	dir := t.TempDir()
	checkRun(t, []string{"extract", "-model", dir, page}, 1, nil, []string{dir + " is a directory, not a model file"})
}

func TestExtractInterrupted(t *testing.T) {
	dir := t.TempDir()
	// Enough pages that the output passes bufio's 4 KiB more than once,
	// then a FIFO that blocks until the signal.
	pages := samplePages(t, dir, 30)
	fifo := filepath.Join(dir, "fifo.html")
	waitReader := mkfifo(t, fifo)
	cmd := subprocess(t, append([]string{"extract", "-q", "-workers", "1", "-page-timeout", "-1s", "-format", "jsonl"}, append(pages, fifo)...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The FIFO is opened once at most 4 pages wait before it: the others
	// were written.
	waitReader()
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
		t.Fatalf("exit %v, want status %d; stderr: %s", err, exitInterrupted, stderr.String())
	}
	out := stdout.String()
	if !strings.HasSuffix(out, "}\n") {
		t.Errorf("output ends in the middle of a record: %q", out[max(0, len(out)-80):])
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i, l := range lines {
		var rec render.Record
		if err := json.Unmarshal([]byte(l), &rec); err != nil || rec.File != pages[i] || rec.Error != "" {
			t.Errorf("line %d: %v %q", i+1, err, l)
		}
	}
	if len(lines) < 26 || len(lines) > 30 {
		t.Errorf("%d records written, want 26 to 30", len(lines))
	}
	if !strings.Contains(stderr.String(), "interrupted: ") || !strings.Contains(stderr.String(), " of 31 pages done") {
		t.Errorf("no summary: %s", stderr.String())
	}
}

func TestExtractSecondSignalExitsAtOnce(t *testing.T) {
	dir := t.TempDir()
	pages := samplePages(t, dir, 2)
	fifo := filepath.Join(dir, "fifo.html")
	waitReader := mkfifo(t, fifo)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := subprocess(t, "extract", "-q", "-workers", "1", "-page-timeout", "-1s", "-format", "jsonl", pages[0], pages[1], fifo)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitReader()
	// The two records wait in the command's buffer; fill the pipe, so
	// that flushing them after the first signal blocks.
	fd := int(w.Fd())
	syscall.SetNonblock(fd, true)
	junk := make([]byte, 4096)
	for {
		if _, err := syscall.Write(fd, junk); err != nil {
			break
		}
	}
	syscall.SetNonblock(fd, false)
	w.Close()
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Process.Signal(syscall.SIGTERM)
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted || !strings.Contains(stderr.String(), "second signal") {
		t.Errorf("exit %v; stderr: %s", err, stderr.String())
	}
}

func TestExtractToDirectoryIsAtomic(t *testing.T) {
	out := t.TempDir()
	dir := t.TempDir()
	pages := samplePages(t, dir, 2)
	checkRun(t, []string{"extract", "-q", "-format", "json", "-o", out, pages[0], pages[1]}, 0, nil, nil)
	entries, _ := os.ReadDir(out)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		st, _ := e.Info()
		if st.Size() == 0 || st.Mode().Perm() != 0o644 {
			t.Errorf("%s: %d bytes, mode %v", e.Name(), st.Size(), st.Mode())
		}
	}
	if strings.Join(names, " ") != "page000.json page001.json" {
		t.Errorf("files %v (no temporary file may stay)", names)
	}
}

// ../../data/testdata/bad: a train split of one good page and four bad
// ones (no page, no gold, a PNG as gold, a binary page), an empty dev
// split and one test page.
func TestDatasetsSkipBadDocuments(t *testing.T) {
	bad := "../../data/testdata/bad"
	reasons := []string{
		"skipped: " + bad + "/html/nohtml.html: no such page",
		"skipped: open " + bad + "/gold/nogold.txt: no such file",
		"skipped: " + bad + "/gold/bingold.txt: binary content, not gold text",
		"skipped: " + bad + "/html/binhtml.html: binary content",
	}
	checkRun(t, []string{"data", "stats", "-q", bad}, 0,
		[]string{"train       1", "dev         0        0    0.000         -         -      0\n", "train: 4 of 5 documents skipped"}, reasons)
	// With -strict the first bad document stops the run; documents load
	// concurrently, so which one comes first varies: the error names it.
	checkRun(t, []string{"data", "stats", "-q", "-strict", bad}, 1, nil, []string{"boilernet data: ", bad + "/"})
	checkRun(t, []string{"eval", "-q", "-data", bad, "-split", "train", "-methods", "boilerpipe-numwords"}, 0,
		[]string{"bad, train split, 1 pages"}, append(reasons, "bad train: 4 of 5 pages skipped"))
	checkRun(t, []string{"eval", "-q", "-strict", "-data", bad, "-split", "train", "-methods", "boilerpipe-numwords"}, 1, nil, []string{"boilernet eval: ", bad + "/"})

	// An empty dev split: train fails before writing anything.
	out := filepath.Join(t.TempDir(), "m.model")
	checkRun(t, []string{"train", "-q", "-data", bad, "-out", out, "-epochs", "1", "-hidden", "4", "-dense", "4", "-layers", "1"}, 1, nil,
		append(reasons, "1 training and 0 dev pages with text (4 could not be loaded)"))
	checkRun(t, []string{"train", "-q", "-strict", "-data", bad, "-out", out, "-epochs", "1"}, 1, nil, []string{"boilernet train: ", bad + "/"})
	for _, f := range []string{out, out + ".csv"} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s written by a failed run", f)
		}
	}
}
