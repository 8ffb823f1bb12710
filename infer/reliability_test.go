package infer

import (
	"bytes"
	"errors"
	"github.com/boilernet/boilernet/methods"
	"github.com/boilernet/boilernet/methods/defaultmodel"
	"math"
	"strings"
	"testing"
)

// keepAll is an extractor that needs no model: every block is content.
var keepAll = verdicts(func(page methods.Page) ([]bool, error) {
	sel := make([]bool, len(page.Blocks))
	for i := range sel {
		sel[i] = true
	}
	return sel, nil
})

const tinyPage = "<html><body><p>A page with a paragraph of text.</p></body></html>"

// endless is an endless page, counting what was read of it.
type endless struct{ n int64 }

func (r *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	r.n += int64(len(p))
	return len(p), nil
}

func TestMaxPageSize(t *testing.T) {
	r := &endless{}
	_, err := keepAll.Extract(t.Context(), r, Options{MaxPageSize: 1000})
	if !errors.Is(err, ErrPageSize) || r.n > 1001 {
		t.Errorf("err %v after %d bytes", err, r.n)
	}
	if _, err := keepAll.ExtractBytes(t.Context(), bytes.Repeat([]byte("a"), 1001), Options{MaxPageSize: 1000}); !errors.Is(err, ErrPageSize) {
		t.Errorf("ExtractBytes: %v", err)
	}
	if _, err := keepAll.ExtractBytes(t.Context(), bytes.Repeat([]byte("a"), 1001), Options{MaxPageSize: -1}); err != nil {
		t.Errorf("no limit: %v", err)
	}
	if (Options{}).maxPageSize() != DefaultMaxPageSize {
		t.Error("the zero Options has no page size limit")
	}
}

func TestNonFiniteProbabilityIsAnError(t *testing.T) {
	def, err := defaultmodel.Load()
	if err != nil {
		t.Fatal(err)
	}
	m := *def.Net()
	params := *m.Params
	params.BOut = []float32{float32(math.NaN())}
	m.Params = &params
	_, err = New(&m).ExtractBytes(t.Context(), []byte(tinyPage), Options{})
	if err == nil || !strings.Contains(err.Error(), "probability NaN") {
		t.Errorf("err %v", err)
	}
}
