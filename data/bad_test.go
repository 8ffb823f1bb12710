package data

import (
	"math"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// testdata/bad's train split holds one good document and four bad ones:
// nohtml (no page), nogold (no gold file), bingold (a PNG as gold) and
// binhtml (a binary page); its dev split is empty.
func TestStatsSkipsBadDocuments(t *testing.T) {
	ds, err := Open(filepath.Join("testdata", "bad"))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var skipped []string
	opts := Options{Skip: func(err error) {
		mu.Lock()
		skipped = append(skipped, err.Error())
		mu.Unlock()
	}}
	st, err := ds.Stats("train", opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Docs != 1 || st.Skipped != 4 || st.PerDoc[0].ID != "good" {
		t.Errorf("%d docs, %d skipped: %+v", st.Docs, st.Skipped, st.PerDoc)
	}
	all := strings.Join(skipped, "\n")
	for _, want := range []string{
		"bad/gold/bingold.txt: binary content, not gold text",
		"bad/gold/nogold.txt: no such file",
		"bad/html/binhtml.html: binary content",
		"bad/html/nohtml.html: no such page",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("skipped:\n%s\nwant %q", all, want)
		}
	}
	if len(skipped) != 4 {
		t.Errorf("%d documents reported", len(skipped))
	}
	opts.Strict = true
	if _, err := ds.Stats("train", opts, nil); err == nil {
		t.Error("strict: no error")
	}
	empty, err := ds.Stats("dev", Options{}, nil)
	if err != nil || empty.Docs != 0 || !math.IsNaN(empty.CoverageMean) {
		t.Errorf("empty split: %+v %v", empty, err)
	}
}

func TestGoldText(t *testing.T) {
	for _, tc := range []struct {
		raw, text string
		ok        bool
	}{
		{"URL: x\n<p>Caf\xe9 au lait\r\n\tgood\f", "URL: x\n<p>Café au lait\r\n\tgood\f", true},
		{"", "", true},
		{"\xff\xfeC\x00a\x00f\x00\xe9\x00\r\x00\n\x00", "Café\r\n", true}, // UTF-16LE with BOM, as two Dragnet gold files are
		{"\xfe\xff\x00h\x00i", "hi", true},
		{"\xef\xbb\xbfhi", "hi", true},
		{"text with a \x00 NUL", "", false},
		{"\x01\x02\x03\x04 mostly control", "", false},
	} {
		text, ok := goldText([]byte(tc.raw))
		if ok != tc.ok || ok && text != tc.text {
			t.Errorf("goldText(%q) = %q, %v; want %q, %v", tc.raw, text, ok, tc.text, tc.ok)
		}
	}
}
