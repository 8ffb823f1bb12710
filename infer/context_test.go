package infer

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/methods"
)

// TestExtractCanceled: a done context stops an extraction at its next step.
func TestExtractCanceled(t *testing.T) {
	page := []byte("<body><p>One paragraph of text.</p><p>Another one.</p></body>")
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	keep := func(p methods.Page) ([]bool, error) {
		out := make([]bool, len(p.Blocks))
		for i := range out {
			out[i] = true
		}
		return out, nil
	}
	// cancelInside cancels its context while the page is being labeled:
	// the steps after the selection must not run.
	var stop context.CancelFunc
	cancelInside := func(p methods.Page) ([]bool, error) {
		stop()
		return keep(p)
	}
	tests := []struct {
		name string
		ctx  func() context.Context
		sel  methods.Verdicts
		want error
	}{
		{"background", context.Background, keep, nil},
		{"canceled before", func() context.Context { return canceled }, keep, context.Canceled},
		{"canceled while labeling", func() context.Context {
			ctx, c := context.WithCancel(context.Background())
			stop = c
			return ctx
		}, cancelInside, context.Canceled},
	}
	for _, tt := range tests {
		ex := verdicts(tt.sel)
		res, err := ex.ExtractBytes(tt.ctx(), page, Options{Metadata: true})
		if !errors.Is(err, tt.want) || (err == nil) != (res != nil) {
			t.Errorf("%s: result %v, error %v; want error %v", tt.name, res != nil, err, tt.want)
		}
		if err == nil && !strings.Contains(res.Text, "Another one.") {
			t.Errorf("%s: text %q", tt.name, res.Text)
		}
	}
	if _, err := verdicts(keep).Extract(canceled, strings.NewReader(string(page)), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Extract with a canceled context: %v", err)
	}
}
