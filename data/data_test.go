package data

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func segments(g Gold) []string {
	var out []string
	for _, s := range g.Segments {
		mark := "-"
		if s.Content {
			mark = "+"
		}
		out = append(out, mark+s.Text)
	}
	return out
}

func TestParseCleanEval(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"url line and markers", "URL: http://x.org/\n\n<h>Title\n\n<p>  First   para\n  continues\n<l>item <P>upper", []string{"+Title", "+First para continues", "+item", "+upper"}},
		{"no url line", "<p>only text", []string{"+only text"}},
		{"stray markup", "<p>a </p> b<br>c <CR>", []string{"+a b c"}},
		{"crlf", "URL: u\r\n<p>x\r\ny\r\n", []string{"+x y"}},
		{"empty gold", "URL: http://x.org/\n\n", nil},
		{"url only, no newline", "URL: http://x.org/", nil},
	}
	for _, tt := range tests {
		if got := segments(ParseCleanEval(tt.text)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestIsCleanEval(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"URL: http://a\n<p>x", true},
		{"\n  <p>x", true},
		{"<H>Title", true},
		{"A plain headline\n\nBody text with <p> inside.", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := IsCleanEval(tt.text); got != tt.want {
			t.Errorf("IsCleanEval(%q) = %v", tt.text, got)
		}
	}
}

func TestParsePlain(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		comments bool
		want     []string
	}{
		{"lines", "Head\n\nBody  text\n", false, []string{"+Head", "+Body text"}},
		{"comments excluded", "Body\n!@#$%^&*()  COMMENTS\nNice post", false, []string{"+Body", "-Nice post"}},
		{"comments included", "Body\n!@#$%^&*()  COMMENTS\nNice post", true, []string{"+Body", "+Nice post"}},
		{"separator typo and tab", "Body\r\n!@ $%^&*()\tCOMMENTS \r\nNice", false, []string{"+Body", "-Nice"}},
		{"separator with CR only", "Body\r!@#$%^&**()  COMMENTS\rNice", false, []string{"+Body", "-Nice"}},
		{"the word comments in text", "Read the COMMENTS below", false, []string{"+Read the COMMENTS below"}},
	}
	for _, tt := range tests {
		if got := segments(ParsePlain(tt.text, tt.comments)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestParseAnnotated(t *testing.T) {
	page := `<html><head><style>.x-nc-sel1{}</style></head><body>
<span class="x-nc-sel0">menu <span class="x-nc-sel1">Headline</span> more menu</span>
<div class="story x-nc-sel2"><p>Body <b>text</b></p><span class="x-nc-sel4">a comment</span></div>
<span class="x-nc-sel3">caption</span><span class="x-nc-sel5">related</span><p>unmarked</p></body></html>`
	g, err := ParseAnnotated([]byte(page))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"-menu", "+Headline", "-more menu", "+Body", "+text", "-a comment", "+caption", "-related", "-unmarked"}
	if got := segments(g); !slices.Equal(got, want) {
		t.Errorf("segments %q, want %q", got, want)
	}
	if got := g.Text(); got != "Headline\nBody\ntext\ncaption" {
		t.Errorf("Text = %q", got)
	}
}

// lcsLen is the textbook LCS length, for checking align.
func lcsLen(a, b []int32) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// checkMatch verifies that match is a common subsequence of a and b and
// returns its length.
func checkMatch(t *testing.T, a, b []int32, match []int32) int {
	t.Helper()
	n, last := 0, int32(-1)
	for i, j := range match {
		if j < 0 {
			continue
		}
		if j <= last || a[i] != b[j] {
			t.Fatalf("bad match %d→%d (last %d)", i, j, last)
		}
		last = j
		n++
	}
	return n
}

func TestAlignIsExactOnSmallInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		a := randomTokens(rng, rng.IntN(60), 8)
		b := randomTokens(rng, rng.IntN(60), 8)
		if got, want := checkMatch(t, a, b, Align(a, b)), lcsLen(a, b); got != want {
			t.Fatalf("align matched %d, LCS is %d\na=%v\nb=%v", got, want, a, b)
		}
	}
}

func randomTokens(rng *rand.Rand, n, alphabet int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(rng.IntN(alphabet))
	}
	return out
}

func TestAlignLongPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	article := randomTokens(rng, 3000, 5000)
	noise := func(n int) []int32 { return randomTokens(rng, n, 50) } // frequent words: menus, links
	tests := []struct {
		name string
		page []int32
	}{
		{"article amid boilerplate", slices.Concat(noise(20000), article, noise(30000))},
		{"article printed twice", slices.Concat(noise(20000), article, noise(5000), article, noise(20000))},
	}
	for _, tt := range tests {
		match := Align(tt.page, article)
		if got := checkMatch(t, tt.page, article, match); got < len(article)*99/100 {
			t.Errorf("%s: matched %d of %d article tokens", tt.name, got, len(article))
		}
	}
}

func blocksOf(t *testing.T, page string) []tokenize.Block {
	t.Helper()
	p, err := tokenize.Parse([]byte(page), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Blocks
}

func TestLabel(t *testing.T) {
	tests := []struct {
		name string
		page string
		gold Gold
		want string // one letter per block: c content, b boilerplate
		cov  float64
	}{
		{
			"menu, article, footer",
			`<a>Home</a> <a>News</a><h1>The title</h1><p>Body text of the story here.</p><p>Copyright the title owners</p>`,
			Gold{[]Segment{{"The title", true}, {"Body text of the story here.", true}}},
			"bbccb", 1,
		},
		{
			"punctuation-only block between content takes its neighbours' label",
			`<a>Home</a><a>|</a><a>News</a><p>first part <b>»</b> second part</p>`,
			Gold{[]Segment{{"first part » second part", true}}},
			"bbbccc", 1,
		},
		{
			"block with a minority of matched tokens is boilerplate",
			`<p>share this story on social media now</p><p>story text</p>`,
			Gold{[]Segment{{"story text", true}}},
			"bc", 1,
		},
		{
			"gold text missing from the page lowers coverage",
			`<p>alpha beta</p>`,
			Gold{[]Segment{{"alpha beta gamma delta", true}}},
			"c", 0.5,
		},
		{
			"not-content gold segments anchor but do not label",
			`<p>Related story one</p><p>Main story one</p>`,
			Gold{[]Segment{{"Related story one", false}, {"Main story one", true}}},
			"bc", 1,
		},
		{
			"punctuation and case differences are ignored",
			`<p>“Hello,” she said — LOUDLY.</p>`,
			Gold{[]Segment{{`"hello" she said loudly`, true}}},
			"c", 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := Label(blocksOf(t, tt.page), tt.gold)
			var got strings.Builder
			for _, c := range l.Labels {
				if c {
					got.WriteByte('c')
				} else {
					got.WriteByte('b')
				}
			}
			if got.String() != tt.want {
				t.Errorf("labels %s, want %s", got.String(), tt.want)
			}
			if math.Abs(l.Coverage()-tt.cov) > 1e-9 {
				t.Errorf("coverage %v, want %v", l.Coverage(), tt.cov)
			}
		})
	}
}

func TestLabelEmptyGold(t *testing.T) {
	l := Label(blocksOf(t, `<p>text</p>`), Gold{})
	if l.Labels[0] || !math.IsNaN(l.Coverage()) {
		t.Errorf("labels %v coverage %v, want boilerplate and NaN", l.Labels, l.Coverage())
	}
}

func TestLoadTinyDataset(t *testing.T) {
	ds, err := Open(filepath.Join("testdata", "tiny"))
	if err != nil {
		t.Fatal(err)
	}
	if ds.Gold != GoldText || !slices.Equal(ds.IDs["train"], []string{"ce", "dn"}) || ds.IDs["dev"] != nil {
		t.Fatalf("dataset %+v", ds)
	}
	tests := []struct {
		id       string
		comments bool
		content  []string
	}{
		{"ce", false, []string{"Café opens on the river", "The new café on the river bank opened its doors on Monday, and the queue reached the bridge.", "Coffee from Ethiopia", "Cakes baked daily"}},
		{"dn", false, []string{"A story about trains", "Trains run on time when the signals work. The old signals were replaced last year.", "Passengers noticed the difference within a week."}},
		{"dn", true, []string{"A story about trains", "Trains run on time when the signals work. The old signals were replaced last year.", "Passengers noticed the difference within a week.", "Great article, thanks!", "I still missed my train."}},
	}
	for _, tt := range tests {
		doc, err := ds.Load(tt.id, Options{WithComments: tt.comments})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i, b := range doc.Page.Blocks {
			if strings.Contains(strings.Join(b.Path, " "), "text") {
				t.Errorf("%s: the CleanEval wrapper is on the path %v", tt.id, b.Path)
			}
			if doc.Labels[i] {
				got = append(got, b.Text)
			}
		}
		if !slices.Equal(got, tt.content) {
			t.Errorf("%s (comments %v): content blocks %q, want %q", tt.id, tt.comments, got, tt.content)
		}
		if doc.Coverage() != 1 {
			t.Errorf("%s: coverage %v", tt.id, doc.Coverage())
		}
	}
}

func TestLoadAnnotatedDataset(t *testing.T) {
	ds, err := Open(filepath.Join("testdata", "annot"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ds.Load("p1", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, b := range doc.Page.Blocks {
		if doc.Labels[i] {
			got = append(got, b.Text)
		}
	}
	want := []string{"Storm hits the coast", "Published 14/01/2008", "A strong storm hit the coast overnight, cutting power to thousands of homes."}
	if !slices.Equal(got, want) {
		t.Errorf("content %q, want %q", got, want)
	}
}

func TestOpenErrors(t *testing.T) {
	tmp := t.TempDir()
	mk := func(dirs ...string) string {
		d, err := os.MkdirTemp(tmp, "ds")
		if err != nil {
			t.Fatal(err)
		}
		for _, sub := range dirs {
			if err := os.MkdirAll(filepath.Join(d, sub), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	badSplit := mk("html", "gold")
	os.WriteFile(filepath.Join(badSplit, "train.txt"), []byte("ok\n../escape\n"), 0o644)
	tests := []struct {
		name, dir, want string
	}{
		{"missing folder", filepath.Join(tmp, "nope"), "no html/"},
		{"no gold", mk("html"), "neither gold/ nor annotated/"},
		{"no splits", mk("html", "gold"), "no split files"},
		{"bad id", badSplit, "bad id"},
	}
	for _, tt := range tests {
		if _, err := Open(tt.dir); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestStatsTiny(t *testing.T) {
	ds, err := Open(filepath.Join("testdata", "tiny"))
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	st, err := ds.Stats("train", Options{}, func() { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	if st.Docs != 2 || calls != 2 || st.CoverageMedian != 1 || st.EmptyGold != 0 || st.ContentBlocks == 0 || st.ContentBlocks >= st.Blocks {
		t.Errorf("stats %+v, %d progress calls", st, calls)
	}
	if _, err := ds.Stats("dev", Options{}, nil); err == nil {
		t.Error("missing split: no error")
	}
}

// TestCoverageOnSharedData checks the alignment on the real CleanEval dev
// split: the median coverage must reach 0.95.
func TestCoverageOnSharedData(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "data", "cleaneval")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("../shared/data not available")
	}
	ds, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ds.Stats("dev", Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.CoverageMedian < 0.95 {
		t.Errorf("median coverage %.3f on cleaneval dev, want ≥ 0.95", st.CoverageMedian)
	}
}

func TestLoadCompressedPagesAndMeta(t *testing.T) {
	ds, err := Open(filepath.Join("testdata", "gz"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ id, content, group, title string }{
		{"a", "Compressed pages are read as well as plain ones.", "article", "Title A"},
		{"b", "Plain page of the same dataset.", "forum", "Title B"},
	}
	for _, tt := range tests {
		doc, err := ds.Load(tt.id, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for i, b := range doc.Page.Blocks {
			if doc.Labels[i] {
				got = append(got, b.Text)
			}
		}
		if !slices.Equal(got, []string{tt.content}) {
			t.Errorf("%s: content %q, want %q", tt.id, got, tt.content)
		}
		if g := ds.Group(tt.id); g != tt.group {
			t.Errorf("%s: group %q, want %q", tt.id, g, tt.group)
		}
		if title := ds.Meta[tt.id]["title"]; title != tt.title {
			t.Errorf("%s: meta title %q, want %q", tt.id, title, tt.title)
		}
	}
	if _, err := ds.Load("missing", Options{}); err == nil || !strings.Contains(err.Error(), "missing.html.gz") {
		t.Errorf("missing page: error %v, want one naming missing.html.gz", err)
	}
}

func TestReadMetaErrors(t *testing.T) {
	tmp := t.TempDir()
	path := filepath.Join(tmp, "meta.tsv")
	os.WriteFile(path, []byte("id\tlanguage\nx\tGreek\textra\n"), 0o644)
	if _, err := readMeta(path); err == nil || !strings.Contains(err.Error(), "meta.tsv:2") {
		t.Errorf("ragged row: error %v, want one naming meta.tsv:2", err)
	}
}
