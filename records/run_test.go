package records

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/boilernet/boilernet/batch"
	"github.com/boilernet/boilernet/corpus"
	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/render"
)

// TestExtractFiles: every record of the files gives one line, in order,
// a file that cannot be read gives its own line and the run goes on, the
// summary counts them, and a failed write stops the run with its error.
func TestExtractFiles(t *testing.T) {
	keepAll := infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
		sel := make([]bool, len(p.Blocks))
		for i := range sel {
			sel[i] = true
		}
		return sel, nil
	}))
	dir := t.TempDir()
	jsonl := filepath.Join(dir, "a.jsonl")
	os.WriteFile(jsonl, []byte(`{"url": "https://example.org/a", "html": "<p>A page.</p>"}`+"\nnot json\n"), 0o644)
	filter, err := corpus.New(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var lines []render.Record
	var results []*infer.Result
	sum, err := ExtractFiles(t.Context(), keepAll, []string{jsonl, filepath.Join(dir, "none.warc")}, batch.Options{}, filter, func(l render.Record, res *infer.Result) error {
		lines, results = append(lines, l), append(results, res)
		return nil
	})
	if err != nil || sum.String() != "3 records read: 1 extracted, 0 skipped, 2 failed" || len(lines) != 3 {
		t.Fatalf("%v, %s, %d lines", err, sum, len(lines))
	}
	if lines[0].Text != "A page." || LineName(lines[0]) != "https://example.org/a" || LineName(lines[1]) != jsonl+": line 2" || lines[2].Offset != -1 {
		t.Errorf("lines %+v", lines)
	}
	if results[0] == nil || results[0].Text != "A page." || results[1] != nil || results[2] != nil {
		t.Errorf("results %+v: the extracted record's alone", results)
	}
	full := errors.New("disk full")
	sum, err = ExtractFiles(context.Background(), keepAll, []string{jsonl, jsonl}, batch.Options{}, filter, func(render.Record, *infer.Result) error { return full })
	if !errors.Is(err, full) || sum.Read != 1 {
		t.Errorf("a failed write: %v after %s", err, sum)
	}
}
