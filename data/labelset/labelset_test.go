package labelset

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/data"
	"github.com/boilernet/boilernet/tokenize"
	"golang.org/x/text/encoding/charmap"
)

// article is a small page: a menu, a headline, two paragraphs, a comment
// and a footer (blocks 0-6).
const article = `<!DOCTYPE html><html><head><title>Rain</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<h1>Rain today in the valley</h1>
<p>Expect rain all day, heavy in the afternoon.</p>
<p>The river may rise by evening.</p>
<section class="comments"><p>Great, my washing is out.</p></section>
<footer>© News Co</footer>
</body></html>`

func blocksOf(t *testing.T, page string) []string {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, b := range p.Blocks {
		out = append(out, b.Text)
	}
	return out
}

func labels(s string) []Label {
	m := map[rune]Label{'b': Boilerplate, 'c': Content, 'h': Headline, 'm': Comments}
	var out []Label
	for _, r := range s {
		out = append(out, m[r])
	}
	return out
}

func TestBuild(t *testing.T) {
	if got := blocksOf(t, article); len(got) != 7 {
		t.Fatalf("fixture blocks %q", got)
	}
	for _, tt := range []struct {
		name    string
		page    Page
		gold    string
		kept    int
		wantErr string
	}{
		{"content and headline", Page{ID: "rain", Split: "train", HTML: []byte(article), Labels: labels("bbhccbb")},
			"Rain today in the valley\nExpect rain all day, heavy in the afternoon.\nThe river may rise by evening.\n", 3, ""},
		{"comments after the separator", Page{ID: "rain", Split: "dev", URL: "https://news.example/rain", HTML: []byte(article), Labels: labels("bbhccmb")},
			"Rain today in the valley\nExpect rain all day, heavy in the afternoon.\nThe river may rise by evening.\n" + CommentsSeparator + "\nGreat, my washing is out.\n", 3, ""},
		{"nothing kept", Page{ID: "rain", Split: "test", HTML: []byte(article), Labels: labels("bbbbbbb")}, "", 0, ""},
		{"markup-like lines escaped", Page{ID: "m", Split: "train", HTML: []byte(`<p>&lt;p&gt; is a paragraph</p><p>URL: x</p><p>$5 COMMENTS</p>`), Labels: labels("ccc")},
			"- <p> is a paragraph\n- URL: x\n$5 COMMENTS -\n", 3, ""},
		{"too few labels", Page{ID: "rain", Split: "train", HTML: []byte(article), Labels: labels("bbh")}, "", 0, "7 blocks, 3 labels"},
		{"bad split", Page{ID: "rain", Split: "validation", HTML: []byte(article), Labels: labels("bbhccbb")}, "", 0, `bad split "validation"`},
		{"bad id", Page{ID: "../rain", Split: "train", HTML: []byte(article), Labels: labels("bbhccbb")}, "", 0, "path separator"},
		{"bad label", Page{ID: "rain", Split: "train", HTML: []byte(article), Labels: []Label{0, 0, 9, 0, 0, 0, 0}}, "", 0, "no such label 9"},
		{"url with a tab", Page{ID: "rain", Split: "train", URL: "http://a\tb", HTML: []byte(article), Labels: labels("bbhccbb")}, "", 0, "tab or a line break"},
		{"empty page", Page{ID: "rain", Split: "train", HTML: nil}, "", 0, "empty page"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, err := Build(tt.page)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if e.Gold != tt.gold {
				t.Errorf("gold:\n%s\nwant:\n%s", e.Gold, tt.gold)
			}
			if e.Kept != tt.kept || e.Blocks != len(tt.page.Labels) || e.Agree != e.Blocks {
				t.Errorf("kept %d of %d blocks, agree %d; want %d kept, all agreeing", e.Kept, e.Blocks, e.Agree, tt.kept)
			}
			if string(e.HTML) != string(tt.page.HTML) || e.Converted != "" {
				t.Errorf("the page was changed (converted %q)", e.Converted)
			}
			lf, err := ParseLabels(e.Labels)
			if err != nil {
				t.Fatal(err)
			}
			var got []Label
			for _, b := range lf.Blocks {
				got = append(got, b.Label)
			}
			if !slices.Equal(got, tt.page.Labels) || lf.ID != tt.page.ID || lf.Split != tt.page.Split || lf.URL != tt.page.URL {
				t.Errorf("labels file %+v", lf)
			}
		})
	}
}

// A page read with the charset of its Content-Type that its own bytes do
// not declare is saved decoded, so that data reads what was labeled.
func TestBuildConverts(t *testing.T) {
	// A server's Content-Type says windows-1251; the page's own <meta>
	// says windows-1252, which data would follow.
	raw, err := charmap.Windows1251.NewEncoder().Bytes([]byte(`<meta charset="windows-1252"><p>Мост стоит 15 миллионов.</p><p>Контакты</p>`))
	if err != nil {
		t.Fatal(err)
	}
	e, err := Build(Page{ID: "most", Split: "train", HTML: raw, Charset: "windows-1251", Labels: labels("cb")})
	if err != nil {
		t.Fatal(err)
	}
	if e.Converted != "windows-1251" || !strings.Contains(string(e.HTML), "Мост стоит 15 миллионов.") {
		t.Errorf("converted %q, page %q", e.Converted, e.HTML)
	}
	if e.Gold != "Мост стоит 15 миллионов.\n" {
		t.Errorf("gold %q", e.Gold)
	}
}

func TestID(t *testing.T) {
	for _, tt := range []struct {
		name, url, want, err string
	}{
		{"my page", "", "my-page", ""},
		{"Straße_1.v2", "", "Straße_1.v2", ""},
		{"", "https://www.example.com/news/2024/story.html?x=1", "www.example.com-news-2024-story", ""},
		{"", "https://example.com/", "example.com", ""},
		{"", "", "page", ""},
		{"", "not a url", "page", ""},
		{"a:b*c", "", "a-b-c", ""},
		{"--x--", "", "x", ""},
		{strings.Repeat("a", 150), "", strings.Repeat("a", MaxIDLen), ""},
		{"..", "", "", "not a file name"},
		{".", "", "", "not a file name"},
		{"../etc/passwd", "", "", "path separator"},
		{"/etc/passwd", "", "", "path separator"},
		{`C:\x`, "", "", "path separator"},
		{".hidden", "", "", "starts with a dot"},
		{"a\x00b", "", "", "control character"},
		{"a\nb", "", "", "control character"},
		{"\xff", "", "", "not UTF-8"},
		{"***", "", "", "no letter or digit"},
	} {
		got, err := ID(tt.name, tt.url)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) || !errors.Is(err, ErrName) {
				t.Errorf("ID(%q, %q) = %q, %v; want error %q", tt.name, tt.url, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ID(%q, %q) = %q, %v; want %q", tt.name, tt.url, got, err, tt.want)
		}
	}
}

func TestAutoSplit(t *testing.T) {
	var got []string
	for n := 1; n <= 12; n++ {
		got = append(got, AutoSplit(n))
	}
	want := "train dev train train train train dev train train train train dev"
	if strings.Join(got, " ") != want {
		t.Errorf("AutoSplit(1…12) = %s", strings.Join(got, " "))
	}
}

func TestUnique(t *testing.T) {
	taken := map[string]bool{"a": true, "a-2": true}
	if got := Unique("a", func(s string) bool { return taken[s] }); got != "a-3" {
		t.Errorf("Unique = %q", got)
	}
	long := strings.Repeat("x", MaxIDLen)
	if got := Unique(long, func(s string) bool { return s == long }); got != strings.Repeat("x", MaxIDLen-2)+"-2" {
		t.Errorf("Unique(long) = %q", got)
	}
}

// TestSave saves three pages, checks the files and that package data
// loads the folder with the labels given, and the refusals.
func TestSave(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mine")
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	req := Request{URL: "https://news.example/rain.html", HTML: []byte(article), Labels: labels("bbhccmb")}
	var ids []string
	for i := range 3 {
		s, err := d.Save(req)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID)
		if i == 0 && strings.Join(s.Files, " ") != "html/news.example-rain.html gold/news.example-rain.txt labels/news.example-rain.json meta.tsv train.txt" {
			t.Errorf("files %q", s.Files)
		}
	}
	if strings.Join(ids, " ") != "news.example-rain news.example-rain-2 news.example-rain-3" {
		t.Errorf("ids %q", ids)
	}
	// A name given that is taken is refused, never overwritten.
	if _, err := d.Save(Request{Name: "news.example-rain", HTML: []byte(article), Labels: labels("bbhccbb")}); !errors.Is(err, ErrExists) {
		t.Errorf("a taken name: %v", err)
	}
	// A file nobody listed takes the name too.
	os.WriteFile(filepath.Join(dir, "gold", "stray.txt"), []byte("x"), 0o644)
	if _, err := d.Save(Request{Name: "stray", HTML: []byte(article), Labels: labels("bbhccbb")}); !errors.Is(err, ErrExists) {
		t.Errorf("a stray file's name: %v", err)
	}
	for _, tt := range []struct {
		req  Request
		want string
	}{
		{Request{Name: "../up", HTML: []byte(article), Labels: labels("bbhccbb")}, "path separator"},
		{Request{Name: "/tmp/abs", HTML: []byte(article), Labels: labels("bbhccbb")}, "path separator"},
		{Request{Name: "x", Split: "holdout", HTML: []byte(article), Labels: labels("bbhccbb")}, `bad split "holdout"`},
		{Request{Name: "x", HTML: []byte(article), Labels: labels("bb")}, "7 blocks, 2 labels"},
	} {
		if _, err := d.Save(tt.req); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: %v, want %q", tt.req.Name, err, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "html", "x.html")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused page left its page behind: %v", err)
	}
	s, err := d.Save(Request{Name: "held out", Split: "test", HTML: []byte(article), Labels: labels("bbhccbb")})
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != "held-out" || s.Pages["train"] != 2 || s.Pages["dev"] != 1 || s.Pages["test"] != 1 {
		t.Errorf("saved %s, pages %v", s.ID, s.Pages)
	}

	ds, err := data.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := ds.IDs["train"]; !slices.Equal(got, []string{"news.example-rain", "news.example-rain-3"}) {
		t.Errorf("train %q", got)
	}
	if got := ds.IDs["dev"]; !slices.Equal(got, []string{"news.example-rain-2"}) {
		t.Errorf("dev %q", got)
	}
	if ds.Meta["news.example-rain-2"]["url"] != req.URL {
		t.Errorf("meta %v", ds.Meta)
	}
	// The labels file of an entry reads back; a name that would leave the
	// folder, or one not saved, is an error.
	if l, err := ReadLabels(dir, "held-out"); err != nil || l.ID != "held-out" || l.Split != "test" {
		t.Errorf("ReadLabels(held-out) = %+v, %v", l, err)
	}
	for _, id := range []string{"../mine/labels/held-out", "never-saved"} {
		if _, err := ReadLabels(dir, id); err == nil {
			t.Errorf("ReadLabels(%q): no error", id)
		}
	}
	for _, id := range append(ids, "held-out") {
		doc, err := ds.Load(id, data.Options{Strict: true})
		if err != nil {
			t.Fatal(err)
		}
		want := []bool{false, false, true, true, true, false, false}
		if !slices.Equal(doc.Labels, want) {
			t.Errorf("%s: data's labels %v, want %v", id, doc.Labels, want)
		}
		withComments, err := ds.Load(id, data.Options{WithComments: true})
		if err != nil {
			t.Fatal(err)
		}
		if id != "held-out" {
			want[5] = true // labeled comments
		}
		if !slices.Equal(withComments.Labels, want) {
			t.Errorf("%s with comments: %v, want %v", id, withComments.Labels, want)
		}
	}
}

// A folder whose html/ is a link to elsewhere is refused; so is a file
// of an entry that is a link.
func TestOpenRefusesLinks(t *testing.T) {
	outside := t.TempDir()
	dir := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "html")); err != nil {
		t.Skip(err)
	}
	if _, err := Open(dir); err == nil {
		t.Fatal("html/ as a link to another folder was accepted")
	}
	dir = t.TempDir()
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := os.Symlink(filepath.Join(outside, "x.txt"), filepath.Join(dir, "gold", "linked.txt")); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Save(Request{Name: "linked", HTML: []byte(article), Labels: labels("bbhccbb")}); !errors.Is(err, ErrExists) {
		t.Errorf("a dangling link's name: %v", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "x.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Error("a file was written through a link")
	}
}

func TestParseLabels(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"format":1,"id":"a","split":"train","blocks":[{"label":"content","text":"x"}]}`, ""},
		{`{"format":2,"id":"a","split":"train"}`, "format 2"},
		{`{"format":1,"id":"../a","split":"train"}`, "path separator"},
		{`{"format":1,"id":"a","split":"x"}`, `split "x"`},
		{`{"format":1,"id":"a","split":"dev","blocks":[{"label":"kept"}]}`, `unknown label "kept"`},
		{`[`, "labels file"},
	} {
		_, err := ParseLabels([]byte(tt.in))
		if (tt.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.in, err, tt.want)
		}
	}
}
