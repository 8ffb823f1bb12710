package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommand builds boilernet-beam and runs it on the direct runner:
// a glob that matches no file fails before the pipeline runs, with an
// error naming the glob, and a run on files ends with the counters.
func TestCommand(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "boilernet-beam")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building boilernet-beam: %v\n%s", err, out)
	}
	in := filepath.Join(dir, "in")
	os.Mkdir(in, 0o755)
	page := `{"url": "https://example.org/j", "html": "<html><body><p>A page given as JSON, with enough words to keep.</p></body></html>"}`
	os.WriteFile(filepath.Join(in, "a.jsonl"), []byte(page+"\nnot json\n"), 0o644)

	for _, tc := range []struct {
		name, input string
		status      int      // exit status
		stderr      []string // in its standard error
		shards      int      // output files written
	}{
		{"glob matching nothing", "nothing/*.warc.gz", 1, []string{`boilernet-beam: input "nothing/*.warc.gz" matches no file`}, 0},
		{"missing file", filepath.Join(in, "b.jsonl"), 1, []string{"matches no file"}, 0},
		{"malformed glob", filepath.Join(in, "[.jsonl"), 1, []string{"syntax error in pattern"}, 0},
		{"files", filepath.Join(in, "*.jsonl"), 0, []string{"boilernet-beam: 1 files (", " bytes), 2 records read: 1 extracted, 0 skipped, 1 failed\n"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "out", strings.ReplaceAll(tc.name, " ", "-"))
			cmd := exec.Command(bin, "-runner", "direct", "-input", tc.input, "-output", out, "-shards", "1")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			status := 0
			if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if status != tc.status {
				t.Errorf("exit status %d, want %d", status, tc.status)
			}
			for _, s := range tc.stderr {
				if !strings.Contains(stderr.String(), s) {
					t.Errorf("standard error lacks %q:\n%s", s, stderr.String())
				}
			}
			if shards, _ := filepath.Glob(out + "-*"); len(shards) != tc.shards {
				t.Errorf("%d output files, want %d", len(shards), tc.shards)
			}
		})
	}
}
