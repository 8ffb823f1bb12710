//go:build datasetdump

package render

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/infer"
	"github.com/boilernet/boilernet/internal/datasetpages"
)

// TestDatasetDump writes, for every page of ../../shared/data/*/html, a
// hash of its Markdown, XML and TEI with every block content (keepAll) to
// the file named by $DUMP, to compare two versions of the formats:
//
//	DUMP=/tmp/a go test -tags datasetdump -run DatasetDump ./render
func TestDatasetDump(t *testing.T) {
	out := os.Getenv("DUMP")
	if out == "" {
		t.Skip("DUMP not set")
	}
	files, err := datasetpages.Paths(filepath.Join("..", "..", "shared", "data"))
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, f := range files {
		raw, err := datasetpages.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		res, err := keepAll.ExtractBytes(t.Context(), raw, infer.Options{Links: true, Images: true})
		if err != nil {
			fmt.Fprintf(h, "error %v\n", err)
		} else {
			io.WriteString(h, Markdown(res))
			fmt.Fprintln(h, XML(h, res), TEI(h, res))
		}
		fmt.Fprintf(&sb, "%s %x\n", f, h.Sum(nil))
	}
	if err := os.WriteFile(out, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d pages", len(files))
}
