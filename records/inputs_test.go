package records

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMixedInputs: the error of a run given both corpus files and
// pages or URLs names the corpus files and the first page or URL, and
// says how to run them apart.
func TestMixedInputs(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	page := "<html><body><p>A page.</p></body></html>"
	pages := filepath.Join(dir, "pages")
	write("pages/a.html", page)
	write("pages/sub/b.html", page)
	crawl := write("pages/sub/crawl.warc.gz", "")
	many := filepath.Join(dir, "many")
	write("many/a.html", page)
	var manyWARCs []string
	for _, n := range []string{"1", "2", "3", "4", "5"} {
		manyWARCs = append(manyWARCs, write("many/"+n+".warc", ""))
	}
	spaced := write("my crawl.warc", "")
	single := write("page.html", page)
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	tests := []struct {
		name string
		args []string
		list string
		want []string // in the error
		not  []string // not in it
	}{
		{"directory of pages with one WARC file", []string{pages}, "",
			[]string{"the corpus file " + crawl + " and the pages below " + pages + ": ", "cannot be mixed with pages or URLs",
				"extract it in a run of its own: boilernet extract " + crawl, "; and for the pages, move it out of " + pages + " or name the pages"}, nil},
		{"directory of pages with five WARC files", []string{many}, "",
			[]string{"the corpus files " + strings.Join(manyWARCs[:3], ", ") + " and 2 more and the pages below " + many,
				"extract them in a run of their own: boilernet extract " + strings.Join(manyWARCs[:3], " ") + " …", "move them out of " + many}, nil},
		{"a WARC file and a page", []string{spaced, single}, "",
			[]string{"the corpus file " + spaced + " and the page " + single + ": ", "boilernet extract '" + spaced + "'"}, []string{"move"}},
		{"a WARC file and a URL", []string{"https://example.org/", crawl}, "",
			[]string{"the corpus file " + crawl + " and the URL https://example.org/: "}, []string{"move"}},
		{"a WARC file and a URL list", []string{crawl}, "urls.txt", []string{"and the URLs of -i urls.txt: "}, nil},
		{"a WARC file and standard input", []string{crawl, "-"}, "", []string{"and standard input: "}, nil},
		{"a WARC file and an empty directory", []string{crawl, empty}, "", []string{"and the directory " + empty + ", which holds neither: "}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := mixedInputs(tt.args, tt.list)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q\nlacks %q", err, w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(err.Error(), w) {
					t.Errorf("%q\nhas %q", err, w)
				}
			}
		})
	}
}
