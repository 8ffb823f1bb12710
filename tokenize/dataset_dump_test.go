//go:build datasetdump

package tokenize

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/internal/datasetpages"
	"github.com/boilernet/boilernet/tokenize/internal/htmlparse"
	"golang.org/x/net/html"
)

// TestDatasetDump writes, for every page of ../../shared/data/*/html, a
// hash of what Parse makes of it (its tree and blocks) to the file named
// by $DUMP, to compare two versions of Parse:
//
//	DUMP=/tmp/a go test -tags datasetdump -run DatasetDump ./tokenize
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
	var maxBuilt, maxTags int
	var maxRatio float64
	for _, f := range files {
		raw, err := datasetpages.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		dec := decode(raw, "", false)
		tags, _, _ := scanTags(closeTitle(dec.Text), 1<<30, 1<<30)
		if _, built, err := htmlparse.ParseDocument(strings.NewReader(closeTitle(dec.Text)), false, htmlparse.Limits{}); err == nil {
			maxBuilt, maxTags = max(maxBuilt, built.Elements), max(maxTags, tags)
			if tags > 0 {
				maxRatio = max(maxRatio, float64(built.Elements)/float64(tags))
			}
		}
		p, err := Parse(raw, Options{})
		if err != nil {
			fmt.Fprintf(h, "error %v\n", err)
		} else {
			if err := html.Render(h, p.Root); err != nil {
				fmt.Fprintf(h, "render error %v\n", err)
			}
			for _, b := range p.Blocks {
				fmt.Fprintf(h, "%q %q %v %d %d %d %v %v %v\n", b.Text, b.Path, b.InLink, b.Index, b.Para, b.Line, b.SpaceBefore, b.Hidden, b.Navigation)
				for _, a := range b.Ancestors {
					fmt.Fprintf(h, " %s %q %v %d", a.Name, a.Attrs, a.Hidden, a.Index)
				}
				fmt.Fprintln(h)
			}
		}
		fmt.Fprintf(&sb, "%s %x\n", f, h.Sum(nil))
	}
	if err := os.WriteFile(out, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d pages; at most %d start tags, %d elements built, %.2f elements built per start tag", len(files), maxTags, maxBuilt, maxRatio)
}
