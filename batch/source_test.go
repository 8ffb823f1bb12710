package batch_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/boilernet/boilernet/batch"
)

// TestPagesStream: a Source's pages come as the walk reaches them, so a
// page written below a later directory while the first page is taken is
// among them (collected first, it would not be), with its output name.
func TestPagesStream(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files []string // below the test's directory
		dirs  []string // empty directories
		args  []string
		late  string // written when the first page is taken
		want  []string
	}{
		{"later subdirectory", []string{"d/a.html"}, []string{"d/z"}, []string{"d"}, "d/z/late.html", []string{"a", "z/late"}},
		{"later argument", []string{"d/a.html"}, []string{"e"}, []string{"d", "e"}, "e/late.html", []string{"a", "late"}},
		{"after a file", []string{"p.html"}, []string{"e"}, []string{"p.html", "e"}, "e/sub/late.htm", []string{"p", "sub/late"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, d := range tc.dirs {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, f := range append(tc.files, tc.late) {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, f := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, f), []byte("<p>x"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var args []string
			for _, a := range tc.args {
				args = append(args, filepath.Join(dir, a))
			}
			src, err := batch.NewSource(args, "", nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if src.Known() != -1 {
				t.Errorf("known %d pages before the walk", src.Known())
			}
			st := &batch.Names{}
			var got []string
			for range st.Pages(context.Background(), src) {
				if len(got) == 0 {
					if err := os.WriteFile(filepath.Join(dir, tc.late), []byte("<p>y"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				got = append(got, st.Next())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("pages %q, want %q", got, tc.want)
			}
			if st.Total() != len(tc.want) {
				t.Errorf("total %d, want %d", st.Total(), len(tc.want))
			}
		})
	}
}

// TestMayMeetOutput: a batch collects its pages before writing only when
// the output may be one of them or be walked as one.
func TestMayMeetOutput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	full := filepath.Join(dir, "full")
	for _, d := range []string{in, full} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	page := filepath.Join(in, "a.html")
	for _, f := range []string{page, filepath.Join(full, "old.txt")} {
		if err := os.WriteFile(f, []byte("<p>x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args        []string
		out, format string
		want        bool
	}{
		{[]string{in}, "", "text", false},
		{[]string{in}, filepath.Join(dir, "new") + "/", "text", false},
		{[]string{in}, full + "/", "text", true},                                     // may hold a page's output
		{[]string{page}, full + "/", "text", true},                                   // so the files named too
		{[]string{in}, filepath.Join(in, "o") + "/", "text", false},                  // .txt files are no pages
		{[]string{in}, filepath.Join(in, "o") + "/", "html", true},                   // .html files are
		{[]string{dir}, filepath.Join(in, "x", "o") + "/", "html", true},             // below, at any depth
		{[]string{in}, filepath.Join(dir, "o.html"), "html", false},                  // outside the walk
		{[]string{in}, filepath.Join(in, "o.html"), "html", true},                    // new, in it
		{[]string{in}, filepath.Join(in, "o.txt"), "text", false},                    // not a page
		{[]string{in}, filepath.Join(full, "old.txt"), "text", true},                 // there already
		{[]string{page}, page, "html", false},                                        // checked without a walk
		{[]string{filepath.Join(in, ".")}, filepath.Join(in, "o.htm"), "text", true}, // spelled otherwise
	} {
		src, err := batch.NewSource(tc.args, "", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := src.MayMeetOutput(tc.out, tc.format == "html"); got != tc.want {
			t.Errorf("%q -o %s -format %s: %v, want %v", tc.args, tc.out, tc.format, got, tc.want)
		}
	}
}
