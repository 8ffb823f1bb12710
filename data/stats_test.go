package data

import (
	"path/filepath"
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
