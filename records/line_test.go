package records

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/methods"
)

// TestLineEmpty: a record whose page gives no text says so in its line,
// as extract's json does ("empty", "warning"); a page with text does not.
func TestLineEmpty(t *testing.T) {
	keepAll := infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
		sel := make([]bool, len(p.Blocks))
		for i := range sel {
			sel[i] = true
		}
		return sel, nil
	}))
	tests := []struct {
		html string
		want []string
		not  []string
	}{
		{`<html><body><div id="app"></div><script>render()</script></body></html>`,
			[]string{`"text":""`, `"empty":true`, `"warning":"the page has no text (it may build its content with JavaScript)"`}, nil},
		{`<html><body><p>Some text.</p></body></html>`, []string{`"text":"Some text."`}, []string{`"empty"`, `"warning"`}},
	}
	for _, tt := range tests {
		rec := &Record{Source: "x.jsonl", Line: 1, URL: "https://example.org/", HTML: []byte(tt.html)}
		b, err := json.Marshal(Extract(context.Background(), keepAll, rec, infer.Options{}))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("line %s lacks %s", b, w)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(string(b), w) {
				t.Errorf("line %s has %s", b, w)
			}
		}
	}
}

// TestExtractCancelled: a cancelled context stops the extraction, and the
// record's line says why instead of holding text.
func TestExtractCancelled(t *testing.T) {
	keepAll := infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
		return make([]bool, len(p.Blocks)), nil
	}))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := &Record{Source: "x.jsonl", Line: 1, URL: "https://example.org/", HTML: []byte(`<p>Some text.</p>`)}
	l := Extract(ctx, keepAll, rec, infer.Options{})
	if !strings.Contains(l.Error, context.Canceled.Error()) || l.Text != "" {
		t.Errorf("line of a cancelled extraction: %+v", l)
	}
	if strings.Count(l.Error, rec.Name()) != 1 {
		t.Errorf("error %q should name the record once", l.Error)
	}
}

// TestExtractDeadline: a deadline of ctx's own that has passed is its
// error, not the page's time limit (batch.ErrPageTimeout), and the line
// names the record once, as a batch's would.
func TestExtractDeadline(t *testing.T) {
	keepAll := infer.WithClassifier(methods.Method{}, methods.Verdicts(func(p methods.Page) ([]bool, error) {
		return make([]bool, len(p.Blocks)), nil
	}))
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	rec := &Record{Source: "x.warc", Offset: 42, HTML: []byte(`<p>Some text.</p>`)}
	l := Extract(ctx, keepAll, rec, infer.Options{})
	if want := rec.Name() + ": " + context.DeadlineExceeded.Error(); l.Error != want || l.Text != "" {
		t.Errorf("line of an extraction past ctx's deadline: %+v, want the error %q", l, want)
	}
}
