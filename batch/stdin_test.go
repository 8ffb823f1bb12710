package batch

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"strings"
	"testing"
)

// TestGzipStdin: standard input may be gzip-compressed, like .html.gz files.
func TestGzipStdin(t *testing.T) {
	raw, err := os.ReadFile("../testdata/sample.html")
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(raw)
	zw.Close()
	for name, in := range map[string][]byte{"gzip": z.Bytes(), "plain": raw} {
		r, err := Stdin(bytes.NewReader(in)).Open(context.Background())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, raw) {
			t.Errorf("%s: read %d bytes (%v), want the %d of the page", name, len(got), err, len(raw))
		}
	}
	if _, err := Stdin(bytes.NewReader(z.Bytes()[:5])).Open(context.Background()); err == nil || !strings.Contains(err.Error(), "standard input") {
		t.Errorf("truncated gzip: %v", err)
	}
}
