package batch_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/batch"
)

func TestOutNames(t *testing.T) {
	tests := []struct{ url, want string }{
		{"https://example.com/news/a.html", "example.com/news/a"},
		{"https://example.com/", "example.com/index"},
		{"https://example.com", "example.com/index"},
		{"https://example.com/docs/", "example.com/docs/index"},
		{"https://example.com/../../etc/passwd", "example.com/etc/passwd"},
		{"https://example.com:8080/a?b=c", "example.com_8080/a"},
	}
	for _, tt := range tests {
		if got := batch.URLOutName(tt.url); got != tt.want {
			t.Errorf("URLOutName(%q) = %q, want %q", tt.url, got, tt.want)
		}
	}
	if got := batch.UniqueNames([]string{"a", "b", "A", "a", "a-2"}); !slices.Equal(got, []string{"a", "b", "A-2", "a-3", "a-2-2"}) {
		t.Errorf("UniqueNames: %q", got)
	}
}

func TestFileOutName(t *testing.T) {
	for _, tt := range []struct {
		arg, file string
		dir       bool
		want      string
	}{
		{"pages", filepath.Join("pages", "a.html"), true, "a"},
		{"pages", filepath.Join("pages", "sub", "b.HTML.gz"), true, "sub/b"},
		{filepath.Join("x", "c.htm"), filepath.Join("x", "c.htm"), false, "c"},
		{".gz", ".gz", false, ".gz"},
	} {
		if got := batch.FileOutName(tt.arg, tt.file, tt.dir); got != tt.want {
			t.Errorf("FileOutName(%q, %q, %v) = %q, want %q", tt.arg, tt.file, tt.dir, got, tt.want)
		}
	}
}

// TestRefuseOverwrite: an output that is an input, however it is
// spelled, is refused before anything is written; a new output is not.
func TestRefuseOverwrite(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "a.html")
	model := filepath.Join(dir, "m.bin")
	for _, f := range []string{page, model} {
		if err := os.WriteFile(f, []byte("<p>x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(dir, "link.html")
	if err := os.Symlink(page, link); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, out string
		inputs    []string
		dirNames  []string
		ext       string
		want      string // "" for none
	}{
		{"no output", "", []string{page}, nil, "", ""},
		{"the page", page, []string{page}, nil, "", "-o " + page + ": the output " + page + " is the input " + page + "; it would be overwritten"},
		{"a link to it", link, []string{page}, nil, "", "the output " + link + " is the input " + page},
		{"another spelling", filepath.Join(dir, ".", "a.html"), []string{page}, nil, "", "is the input " + page},
		{"a model", model, []string{page, model}, nil, "", "is the input " + model},
		{"a new file", filepath.Join(dir, "new.txt"), []string{page}, nil, "", ""},
		{"a page's output in the directory", dir + "/", []string{page}, []string{"a"}, ".html", "the output " + page + " is the input " + page},
		{"another extension", dir + "/", []string{page}, []string{"a"}, ".txt", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := batch.RefuseOverwrite(tt.out, tt.inputs, tt.dirNames, tt.ext)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}
