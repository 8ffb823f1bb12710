package labelset

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzID feeds arbitrary names and URLs to ID: an id it returns is a
// plain file name (no separator, not . or .., no leading dot, no control
// character, at most MaxIDLen bytes) that checkID accepts, so it names a
// file inside the folder and nowhere else.
func FuzzID(f *testing.F) {
	for _, s := range []string{"my page", "..", "../x", "/abs", `C:\x`, ".hidden", "a\x00b", "Straße", strings.Repeat("é", 80)} {
		f.Add(s, "")
	}
	f.Add("", "https://www.example.com/news/story.html?x=1")
	f.Add("", "http://[::1]:80/..%2f..%2fetc")
	f.Fuzz(func(t *testing.T, name, pageURL string) {
		id, err := ID(name, pageURL)
		if err != nil {
			return
		}
		if id == "" || id == "." || id == ".." || strings.HasPrefix(id, ".") || strings.ContainsAny(id, "/\\\x00") ||
			len(id) > MaxIDLen || filepath.IsAbs(id) || filepath.Base(id) != id {
			t.Fatalf("ID(%q, %q) = %q: not a plain file name", name, pageURL, id)
		}
		if err := checkID(id); err != nil {
			t.Fatalf("ID(%q, %q) = %q, which checkID refuses: %v", name, pageURL, id, err)
		}
	})
}

// FuzzParseLabels feeds arbitrary bytes to ParseLabels: it never panics,
// and a file it accepts has an id that is a plain file name and a split
// of the dataset's.
func FuzzParseLabels(f *testing.F) {
	f.Add([]byte(`{"format":1,"id":"a","split":"train","blocks":[{"label":"content","text":"x"}]}`))
	f.Add([]byte(`{"format":1,"id":"..","split":"train"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		l, err := ParseLabels(raw)
		if err != nil {
			return
		}
		if checkID(l.ID) != nil || (l.Split != "train" && l.Split != "dev" && l.Split != "test") {
			t.Fatalf("accepted %+v", l)
		}
	})
}
