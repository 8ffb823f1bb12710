package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestEmptyResult: a page where nothing is found says so on stderr and in
// JSON instead of a silent "text": "" (issue 10). Pages with content say
// nothing of the kind.
func TestEmptyResult(t *testing.T) {
	jsOnly := "testdata/empty/js-only.html"
	page := "testdata/flags/page.html"
	const noText = "the page has no text (it may build its content with JavaScript)"
	tests := []struct {
		name           string
		args           []string
		stdout, stderr []string
	}{
		{"text", []string{"extract", jsOnly}, nil, []string{"boilernet extract: " + jsOnly + ": no content found: " + noText}},
		{"json", []string{"extract", "-format", "json", jsOnly}, []string{`"text": ""`, `"empty": true`, `"warning": "` + noText + `"`}, []string{"no content found"}},
		{"jsonl", []string{"extract", "-format", "jsonl", jsOnly}, []string{`"empty":true`, `"warning":"` + noText + `"`}, []string{"no content found"}},
		{"nothing kept", []string{"extract", "-format", "jsonl", "-threshold", "1", page}, []string{`"empty":true`, `"warning":"none of the page's `}, []string{page + ": no content found: none of the page's "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, tt.args, 0, tt.stdout, tt.stderr) })
	}
	var out, errOut bytes.Buffer
	if status := run([]string{"extract", "-format", "json", page}, &out, &errOut); status != 0 || strings.Contains(out.String(), `"empty"`) || strings.Contains(errOut.String(), "no content") {
		t.Errorf("a page with content: status %d, stdout %s, stderr %s", status, out.String(), errOut.String())
	}
}
