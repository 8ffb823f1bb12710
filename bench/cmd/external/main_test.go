package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	const mini = "../../extractors/testdata/mini"
	out := filepath.Join(t.TempDir(), "out.jsonl")
	tests := []struct {
		name   string
		args   []string
		ok     bool
		stdout []string
		stderr []string
	}{
		{"to stdout", []string{"-q", "-tool", "readability", "-data", mini}, true,
			[]string{`{"dataset":"mini","id":"art","text":"`, `{"dataset":"mini","id":"ce","text":"`}, []string{"readability on mini test: 2 pages (0 failed)", "pages/s per core"}},
		{"to a file", []string{"-tool", "trafilatura", "-data", mini, "-o", out, "-workers", "2"}, true, nil,
			[]string{"trafilatura mini test: 2/2 pages", "with 2 worker(s)"}},
		{"no tool", []string{"-data", mini}, false, nil, []string{"give -tool and -data"}},
		{"unknown tool", []string{"-tool", "magic", "-data", mini}, false, nil, nil},
		{"bad folder", []string{"-tool", "readability", "-data", "nope"}, false, nil, nil},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		err := run(tt.args, &stdout, &stderr)
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v", tt.name, err)
		}
		if err != nil {
			stderr.WriteString(err.Error())
		}
		for _, w := range tt.stdout {
			if !strings.Contains(stdout.String(), w) {
				t.Errorf("%s: stdout lacks %q:\n%s", tt.name, w, stdout.String())
			}
		}
		for _, w := range tt.stderr {
			if !strings.Contains(stderr.String(), w) {
				t.Errorf("%s: stderr lacks %q:\n%s", tt.name, w, stderr.String())
			}
		}
	}
	got, err := os.ReadFile(out)
	if err != nil || strings.Count(string(got), "\n") != 2 || !strings.Contains(string(got), "overnight passenger trains") {
		t.Errorf("output file: %v\n%s", err, got)
	}
}
