package eval

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
)

// fuzzDatasets opens the synth fixture and writes a second dataset, named
// other, whose test split shares p40 and p41 with synth's, so that fuzzed
// lines reach the ambiguous-id and dataset-field paths too.
func fuzzDatasets(f *testing.F) []*data.Dataset {
	f.Helper()
	synth, err := data.Open(filepath.Join("..", "testdata", "synth"))
	if err != nil {
		f.Fatal(err)
	}
	dir := filepath.Join(f.TempDir(), "other")
	for _, sub := range []string{"html", "gold"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			f.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "test.txt"), []byte("p40\np41\nq1\n"), 0o644); err != nil {
		f.Fatal(err)
	}
	other, err := data.Open(dir)
	if err != nil {
		f.Fatal(err)
	}
	return []*data.Dataset{synth, other}
}

// FuzzExternalRead reads arbitrary bytes as an external tool's JSON lines
// on the test split of two datasets sharing ids. It must not panic; an
// error must start with the source name; on success every non-blank line
// is exactly one page of the split (pages read plus pages missing is the
// split), the method has an output exactly for the pages read and not
// failed, and reading the same lines again fails on a duplicate id naming
// the second source.
func FuzzExternalRead(f *testing.F) {
	for _, s := range []string{
		`{"id":"p42","text":"the text"}` + "\n\n" + `{"id":"p43","error":"timeout"}` + "\n",
		`{"dataset":"synth","id":"p40","text":"a"}` + "\r\n" + `{"dataset":"other","id":"p40","text":""}`,
		`{"id":"q1","text":"x","title":null,"extra":[1,2]}`,
		`{"id":"p40","text":"ambiguous"}`,
		`{"id":"p00","text":"train page"}`,
		`{"dataset":"wcxb","id":"p42","text":"x"}`,
		`{"id":"p42","text":"x"}` + "\n" + `{"id":"p42","text":"y"}`,
		`{"id":"p42"}`,
		`{"text":"no id"}`,
		`{"id":1,"text":"x"}`,
		`["p42","x"]`,
		`{"id":"p42","text":"x"} {"id":"p43","text":"y"}`,
		`{"id":"p42",`,
		"\xff\xfe{\"id\":\"p42\"}",
	} {
		f.Add([]byte(s))
	}
	datasets := fuzzDatasets(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		e, err := NewExternal("tool", "test", datasets)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Read(bytes.NewReader(in), "fuzz.jsonl"); err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.jsonl:") {
				t.Fatalf("error does not name the source: %v", err)
			}
			return
		}
		lines := 0
		for _, l := range bytes.Split(in, []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines++
			}
		}
		read := 0
		for _, ds := range datasets {
			missing, failed, m := e.Missing(ds), e.Failed(ds), e.Method(ds)
			read += len(ds.IDs["test"]) - len(missing)
			for _, id := range ds.IDs["test"] {
				_, ok := m.Text(&data.Document{ID: id})
				if want := !slices.Contains(missing, id) && !slices.Contains(failed, id); ok != want {
					t.Fatalf("page %s of %s: output %v, want %v", id, ds.Name, ok, want)
				}
			}
		}
		if read != lines {
			t.Fatalf("%d non-blank lines gave %d pages", lines, read)
		}
		if lines > 0 {
			err := e.Read(bytes.NewReader(in), "again.jsonl")
			if err == nil || !strings.HasPrefix(err.Error(), "again.jsonl:") || !strings.Contains(err.Error(), "duplicate id") {
				t.Fatalf("reading the lines again: %v", err)
			}
		}
	})
}

// FuzzParseExternalFlag parses arbitrary -external flag values. It must
// not panic; an error must quote the offending NAME=FILE item; on success
// there is one non-empty, trimmed name and path per comma-separated item,
// and each item (spaces aside) is NAME=FILE.
func FuzzParseExternalFlag(f *testing.F) {
	for _, s := range []string{
		"traf=a.jsonl",
		"traf=a.jsonl, read=b.jsonl,traf=c.jsonl",
		"traf=dir/x=y.jsonl",
		" traf = a.jsonl ",
		"traf",
		"=a.jsonl",
		"traf=",
		"traf=a.jsonl,",
		"",
		" , ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		items := strings.Split(s, ",")
		files, err := ParseExternalFlag(s)
		if err != nil {
			for _, item := range items {
				if strings.Contains(err.Error(), fmt.Sprintf("%q", item)) {
					return
				}
			}
			t.Fatalf("error does not name an item of %q: %v", s, err)
		}
		if len(files) != len(items) {
			t.Fatalf("%q: %d files for %d items", s, len(files), len(items))
		}
		for i, file := range files {
			if file.Name == "" || file.Path == "" || strings.Contains(file.Name, "=") {
				t.Fatalf("%q: bad file %+v", s, file)
			}
			if file.Name != strings.TrimSpace(file.Name) || file.Path != strings.TrimSpace(file.Path) {
				t.Fatalf("%q: untrimmed file %+v", s, file)
			}
			if got := file.Name + "=" + file.Path; strings.Join(strings.Fields(got), "") != strings.Join(strings.Fields(items[i]), "") {
				t.Fatalf("%q: item %q parsed as %q", s, items[i], got)
			}
		}
	})
}
