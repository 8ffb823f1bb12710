package data

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestStatsGroups(t *testing.T) {
	tests := []struct {
		dir, split string
		column     string
		groups     []string // group names, in order
		docs       []int    // documents per group
	}{
		{"gz", "train", "page_type", []string{"article", "forum"}, []int{1, 1}},
		{"tiny", "train", "", nil, nil},
	}
	for _, tt := range tests {
		ds, err := Open(filepath.Join("testdata", tt.dir))
		if err != nil {
			t.Fatal(err)
		}
		if got := ds.GroupColumn(); got != tt.column {
			t.Errorf("%s: group column %q, want %q", tt.dir, got, tt.column)
		}
		st, err := ds.Stats(tt.split, Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		groups := st.Groups()
		if len(groups) != len(tt.groups) {
			t.Fatalf("%s: %d groups, want %d", tt.dir, len(groups), len(tt.groups))
		}
		blocks := 0
		for i, g := range groups {
			if g.Group != tt.groups[i] || g.Docs != tt.docs[i] || g.Split != tt.split {
				t.Errorf("%s: group %d is %q with %d docs, want %q with %d", tt.dir, i, g.Group, g.Docs, tt.groups[i], tt.docs[i])
			}
			for _, d := range g.PerDoc {
				if d.Group != g.Group {
					t.Errorf("%s: document %s of group %q listed under %q", tt.dir, d.ID, d.Group, g.Group)
				}
			}
			blocks += g.Blocks
		}
		if groups != nil && blocks != st.Blocks {
			t.Errorf("%s: groups hold %d blocks, the split %d", tt.dir, blocks, st.Blocks)
		}
	}
}

// TestWriteStats: a split's row, its groups' rows, the pages skipped and
// the worst pages by coverage.
func TestWriteStats(t *testing.T) {
	ds := &Dataset{Name: "d"}
	st := SplitStats{Split: "dev", Docs: 2, Blocks: 10, CoverageMean: 0.5, CoverageMedian: 0.5, Skipped: 1,
		PerDoc: []DocStats{{Split: "dev", ID: "a", Coverage: 0.25}, {Split: "dev", ID: "b", Coverage: 0.75}}}
	var b strings.Builder
	WriteStats(&b, ds, []SplitStats{st}, 1)
	for _, want := range []string{"dataset d\n", "split    docs   blocks  content  cov.mean   cov.med  empty\n", "\ndev         2       10 ",
		"    0.500     0.500      0\n", "dev: 1 of 3 documents skipped (could not be loaded)\n", "lowest coverage:\n  dev   a  "} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), " b  ") {
		t.Errorf("more than the worst page:\n%s", b.String())
	}
}
