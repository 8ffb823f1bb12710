package extractors

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/eval"
	"golang.org/x/net/html"
)

func TestRun(t *testing.T) {
	ds, err := data.Open(filepath.Join("testdata", "mini"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		tool string
		opts TrafilaturaOptions
		raw  bool
	}{
		{"trafilatura", TrafilaturaOptions{}, false},
		{"trafilatura", TrafilaturaOptions{NoFallback: true, NoComments: true}, false},
		{"trafilatura", TrafilaturaOptions{}, true},
		{"readability", TrafilaturaOptions{}, false},
		{"readability", TrafilaturaOptions{}, true},
	}
	for _, tt := range tests {
		tool, err := Lookup(tt.tool, tt.opts)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		done := 0
		s, err := Run(ds, "test", tool, &out, Options{Raw: tt.raw, Done: func() { done++ }})
		if err != nil {
			t.Fatalf("%s: %v", tt.tool, err)
		}
		if s.Pages != 2 || s.Failed != 0 || done != 2 || s.Seconds <= 0 || s.PagesPerSecond() <= 0 {
			t.Errorf("%s: summary %+v, %d done", tt.tool, s, done)
		}
		var lines []eval.ExternalLine
		sc := bufio.NewScanner(&out)
		for sc.Scan() {
			var l eval.ExternalLine
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				t.Fatalf("%s: line %q: %v", tt.tool, sc.Text(), err)
			}
			lines = append(lines, l)
		}
		if len(lines) != 2 || lines[0].ID != "art" || lines[1].ID != "ce" || lines[0].Dataset != "mini" {
			t.Fatalf("%s: lines %+v", tt.tool, lines)
		}
		for _, l := range lines {
			for _, want := range []string{"overnight passenger trains are running again", "breakfast included"} {
				if !strings.Contains(l.Text, want) {
					t.Errorf("%s raw=%v on %s: text lacks %q:\n%s", tt.tool, tt.raw, l.ID, want, l.Text)
				}
			}
			for _, boiler := range []string{"Copyright 2024", "Most read", "Storm closes the pass", "<text"} {
				if strings.Contains(l.Text, boiler) {
					t.Errorf("%s raw=%v on %s: text has boilerplate %q:\n%s", tt.tool, tt.raw, l.ID, boiler, l.Text)
				}
			}
		}
		// The windows-1252 page is decoded (by boilernet, or by the tool).
		if !strings.Contains(lines[1].Text, "station café") {
			t.Errorf("%s raw=%v: windows-1252 page decoded as:\n%s", tt.tool, tt.raw, lines[1].Text)
		}
	}
}

func TestErrors(t *testing.T) {
	if _, err := Lookup("magic", TrafilaturaOptions{}); err == nil || !strings.Contains(err.Error(), `unknown tool "magic"`) {
		t.Errorf("unknown tool: %v", err)
	}
	ds, err := data.Open(filepath.Join("testdata", "mini"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(ds, "dev", Readability(), &bytes.Buffer{}, Options{}); err == nil || !strings.Contains(err.Error(), "has no dev split") {
		t.Errorf("missing split: %v", err)
	}
	failing := []struct {
		tool Tool
		want string
	}{
		{Tool{Name: "panicky", FromDocument: func(*html.Node) (string, error) { panic("boom") }}, "panicky panicked: boom"},
		{Tool{Name: "picky", FromDocument: func(*html.Node) (string, error) { return "", errors.New("no article") }}, "no article"},
	}
	for _, tt := range failing {
		var out bytes.Buffer
		s, err := Run(ds, "test", tt.tool, &out, Options{Workers: 2})
		if err != nil || s.Failed != 2 {
			t.Errorf("%s: %+v %v", tt.tool.Name, s, err)
		}
		for i, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var l eval.ExternalLine
			if err := json.Unmarshal([]byte(line), &l); err != nil || l.Text != "" || !strings.Contains(l.Error, tt.want) ||
				!strings.Contains(l.Error, filepath.Join("testdata", "mini", "html")) || l.ID != ds.IDs["test"][i] {
				t.Errorf("%s: line %s (%v)", tt.tool.Name, line, err)
			}
		}
	}
}

func TestStripCleanEval(t *testing.T) {
	tests := []struct {
		in, body, label string
	}{
		{"<text id=\"u\" encoding=\"utf8\">\n<p>x</p>\n</text>\n", "\n<p>x</p>\n", "utf8"},
		{"  <text id=\"u\"><p>x</p>", "<p>x</p>", ""},
		{"<html><p>x</p></html>", "<html><p>x</p></html>", ""},
		{"<p>x</p><text id=\"u\">", "<p>x</p><text id=\"u\">", ""},
	}
	for _, tt := range tests {
		body, label := stripCleanEval([]byte(tt.in))
		if string(body) != tt.body || label != tt.label {
			t.Errorf("stripCleanEval(%q) = %q, %q; want %q, %q", tt.in, body, label, tt.body, tt.label)
		}
	}
}
