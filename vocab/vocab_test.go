package vocab

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func block(text string, path ...string) tokenize.Block {
	return tokenize.Block{Text: text, Words: tokenize.CountWords(text), Path: path}
}

func TestBuildTopKWithTies(t *testing.T) {
	b := NewBuilder()
	b.Add([]tokenize.Block{
		block("the cat the dog", "html", "body", "p"),
		block("a dog", "html", "body", "div", "a"),
		block("zebra", "html", "body", "div"),
	})
	v := b.Build(Sizes{Words: 3, Tags: 2})
	// the:2, dog:2 (tie → alphabetical), then a, cat, zebra:1 → "a".
	if want := []string{"dog", "the", "a"}; !slices.Equal(v.Words, want) {
		t.Errorf("words %q, want %q", v.Words, want)
	}
	// body:3, html:3, div:2 ...
	if want := []string{"body", "html"}; !slices.Equal(v.Tags, want) {
		t.Errorf("tags %q, want %q", v.Tags, want)
	}
	if v.Dim() != 3+2+2 {
		t.Errorf("Dim = %d", v.Dim())
	}
}

func TestEncode(t *testing.T) {
	v, err := New([]string{"the", "cat"}, []string{"div", "p"})
	if err != nil {
		t.Fatal(err)
	}
	// Columns: 0 word OOV, 1 the, 2 cat, 3 tag OOV, 4 div, 5 p.
	tests := []struct {
		block tokenize.Block
		want  []Entry
	}{
		{block("The cat saw the other cat.", "html", "body", "div", "div", "p"), []Entry{{0, 3}, {1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 1}}},
		{block("cat"), []Entry{{2, 1}}},
		{block("", "div"), []Entry{{4, 1}}},
	}
	for _, tt := range tests {
		if got := v.Encode(nil, tt.block); !slices.Equal(got, tt.want) {
			t.Errorf("Encode(%q %v) = %v, want %v", tt.block.Text, tt.block.Path, got, tt.want)
		}
	}
	prefix := []Entry{{9, 9}}
	if got := v.Encode(prefix, block("cat")); !slices.Equal(got, []Entry{{9, 9}, {2, 1}}) {
		t.Errorf("Encode appends wrongly: %v", got)
	}
}

func TestNewRejectsDuplicates(t *testing.T) {
	if _, err := New([]string{"a", "a"}, nil); err == nil {
		t.Error("duplicate word accepted")
	}
	if _, err := New(nil, []string{"p", "p"}); err == nil {
		t.Error("duplicate tag accepted")
	}
}

func TestBinaryRoundTrip(t *testing.T) {
	for _, f := range []Features{Paper(), Rich(), {Attrs: true}, {Stats: true}} {
		var attrs []string
		if f.Attrs {
			attrs = []string{"nav", "role=main"}
		}
		v, err := NewFeatures(f, []string{"the", "naïve", "東"}, []string{"p", "div"}, attrs)
		if err != nil {
			t.Fatal(err)
		}
		data, err := v.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got Vocab
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		if got.Features != f || !slices.Equal(got.Words, v.Words) || !slices.Equal(got.Tags, v.Tags) || !slices.Equal(got.Attrs, v.Attrs) || got.Dim() != v.Dim() {
			t.Fatalf("%v: round trip: %+v", f, got)
		}
		b := block("the naïve 東 x", "div", "span")
		b.Ancestors = []*tokenize.Element{{Name: "div", Attrs: []string{"nav", "menu"}}, {Name: "span"}}
		if e1, e2 := v.Encode(nil, b), got.Encode(nil, b); !slices.Equal(e1, e2) {
			t.Errorf("%v: encodings differ after round trip: %v vs %v", f, e1, e2)
		}
	}
}

func TestReadVersion1(t *testing.T) {
	// Version 1 files (the paper's feature set, no flags, two lists).
	data := []byte(magic + "\x01\x01\x03the\x01\x01p")
	var v Vocab
	if err := v.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if v.Features != Paper() || !slices.Equal(v.Words, []string{"the"}) || !slices.Equal(v.Tags, []string{"p"}) {
		t.Errorf("version 1 read as %+v", v)
	}
}

func TestParseFeatures(t *testing.T) {
	tests := []struct {
		in   string
		want Features
		ok   bool
	}{
		{"paper", Paper(), true},
		{"rich", Rich(), true},
		{"paper+attrs", Features{Attrs: true}, true},
		{"paper+stats", Features{Stats: true}, true},
		{"paper+attrs+stats", Rich(), true},
		{"", Features{}, false},
		{"paper+colour", Features{}, false},
		{"fancy", Features{}, false},
	}
	for _, tt := range tests {
		got, err := ParseFeatures(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseFeatures(%q) = %v, %v", tt.in, got, err)
		}
		if tt.ok {
			if again, _ := ParseFeatures(got.String()); again != got {
				t.Errorf("%v does not round-trip through String %q", got, got.String())
			}
		}
	}
}

func TestEncodePageRich(t *testing.T) {
	page, err := tokenize.Parse([]byte(`<body><nav class="main-nav"><a href="/">Home</a></nav>
<article><p>One two three. <a href="/x">four</a></p><p style="display:none">2024</p></article></body>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := NewBuilder()
	b.Add(page.Blocks)
	v := b.Build(Sizes{Features: Rich(), Words: 100, Tags: 100, Attrs: 100})
	if !slices.Equal(v.Attrs, []string{"main", "nav"}) {
		t.Fatalf("attrs %q", v.Attrs)
	}
	var rows [][]Entry
	v.EncodePage(page.Blocks, func(i int, row []Entry) {
		if !slices.IsSortedFunc(row, func(a, b Entry) int { return int(a.Col - b.Col) }) {
			t.Errorf("row %d not sorted: %v", i, row)
		}
		if want := v.Encode(nil, page.Blocks[i]); !slices.Equal(row[:len(want)], want) {
			t.Errorf("row %d does not start with Encode's bag: %v vs %v", i, row, want)
		}
		rows = append(rows, slices.Clone(row))
	})
	stat := func(i, k int) float32 {
		for _, e := range rows[i] {
			if int(e.Col) == v.StatsStart()+k {
				return e.Count
			}
		}
		return 0
	}
	// Blocks: Home (link, nav), "One two three." , four (link), 2024 (hidden).
	tests := []struct {
		block, stat int
		want        float32
	}{
		{0, StatInLink, 1},
		{0, StatParaLinkDens, 1},
		{1, StatInLink, 0},
		{1, StatParaLinkDens, 0.25},
		{1, StatSentenceEnd, 1},
		{1, StatPunct, 0.25},
		{1, StatPosition, float32(1.0 / 6)},
		{3, StatHidden, 1},
		{3, StatDigits, 1},
		{2, StatHidden, 0},
	}
	for _, tt := range tests {
		if got := stat(tt.block, tt.stat); got != tt.want {
			t.Errorf("block %d stat %d = %v, want %v", tt.block, tt.stat, got, tt.want)
		}
	}
	for _, e := range rows[0] {
		if int(e.Col) >= v.Dim() {
			t.Errorf("column %d outside Dim %d", e.Col, v.Dim())
		}
	}
}

func TestUnmarshalRejects(t *testing.T) {
	good, _ := (&Vocab{Words: []string{"a"}, Tags: []string{"p"}}).MarshalBinary()
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"foreign", []byte("PK\x03\x04 zip file")},
		{"truncated", good[:len(good)-1]},
		{"trailing bytes", append(slices.Clone(good), 0)},
		{"bad version", append([]byte(magic), 99)},
		{"unknown flags", []byte(magic + "\x02\x40\x00\x00\x00")},
		{"attrs without the flag", []byte(magic + "\x02\x00\x00\x00\x01\x01a")},
		{"huge count", append([]byte(magic+"\x01"), 0xff, 0xff, 0xff, 0xff, 0x0f)},
		{"duplicate", []byte(magic + "\x01\x02\x01a\x01a\x00")},
		{"not utf8", []byte(magic + "\x01\x01\x01\xff\x00")},
	}
	for _, tt := range tests {
		var v Vocab
		err := v.UnmarshalBinary(tt.data)
		var verr *Error
		if !errors.As(err, &verr) {
			t.Errorf("%s: error %v, want a *vocab.Error", tt.name, err)
		}
	}
}

func FuzzUnmarshalBinary(f *testing.F) {
	good, _ := (&Vocab{Words: []string{"a", "b"}, Tags: []string{"p"}}).MarshalBinary()
	f.Add(good)
	rich, _ := NewFeatures(Rich(), []string{"a"}, []string{"p"}, []string{"nav", "role=main"})
	richData, _ := rich.MarshalBinary()
	f.Add(richData)
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v Vocab
		if err := v.UnmarshalBinary(data); err != nil {
			return
		}
		again, err := v.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var w Vocab
		if err := w.UnmarshalBinary(again); err != nil || w.Features != v.Features || !slices.Equal(v.Words, w.Words) || !slices.Equal(v.Tags, w.Tags) || !slices.Equal(v.Attrs, w.Attrs) {
			t.Fatalf("accepted input does not round-trip: %v", err)
		}
	})
}

func TestEncodePageRegions(t *testing.T) {
	page, err := tokenize.Parse([]byte(`<body><div><p>one two three</p><ul><li><a href="/x">four</a></li><li><a href="/y">five</a></li></ul></div></body>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := NewBuilder()
	b.Add(page.Blocks)
	v := b.Build(Sizes{Features: Features{Regions: true}, Words: 100, Tags: 100})
	if v.Dim() != v.RegionsStart()+NumRegionStats {
		t.Fatalf("Dim %d, regions start at %d", v.Dim(), v.RegionsStart())
	}
	var rows [][]Entry
	v.EncodePage(page.Blocks, func(i int, row []Entry) { rows = append(rows, slices.Clone(row)) })
	region := func(i, level, k int) float32 {
		col := v.RegionsStart() + 3*slices.Index(regionLevels[:], level) + k
		for _, e := range rows[i] {
			if int(e.Col) == col {
				return e.Count
			}
		}
		return 0
	}
	// Blocks: "one two three" (p), four (a in li in ul), five; 5 words, 3 blocks.
	tests := []struct {
		block, level, stat int
		want               float32
	}{
		{0, 1, 0, 0.6},            // <p>: 3 of the 5 words
		{0, 1, 1, 0},              // no link
		{0, 2, 0, 1},              // <div>: all words
		{1, 1, 0, 0.2},            // <a>
		{1, 1, 1, 1},              // all linked
		{1, 3, 0, 0.4},            // <ul>: four, five
		{1, 3, 2, float32(2) / 3}, // two of the three blocks
		{1, 4, 1, 0.4},            // <div>: 2 of 5 words linked
		{2, 8, 0, 1},              // above the root: the root
	}
	for _, tt := range tests {
		if got := region(tt.block, tt.level, tt.stat); math.Abs(float64(got-tt.want)) > 1e-6 {
			t.Errorf("block %d level %d stat %d = %v, want %v", tt.block, tt.level, tt.stat, got, tt.want)
		}
	}
}

// Blocks put together by hand, whose elements are not numbered
// (tokenize.Element.Index 0), encode as those of the parsed page.
func TestEncodePageUnnumberedElements(t *testing.T) {
	page, err := tokenize.Parse([]byte(`<body><div class="post"><p>one two <a href="/x">three</a></p></div><ul class="menu"><li><a href="/">Home</a></li><li>About us</li></ul></body>`), tokenize.Options{})
	if err != nil {
		t.Fatal(err)
	}
	copies := map[*tokenize.Element]*tokenize.Element{}
	handmade := slices.Clone(page.Blocks)
	for i, b := range handmade {
		handmade[i].Ancestors = nil
		for _, el := range b.Ancestors {
			c, ok := copies[el]
			if !ok {
				// Index 0, or for every other element a number no
				// parser gives (it must not size anything).
				c = &tokenize.Element{Name: el.Name, Attrs: el.Attrs}
				if len(copies)%2 == 1 {
					c.Index = 1 << 40
				}
				copies[el] = c
			}
			handmade[i].Ancestors = append(handmade[i].Ancestors, c)
		}
	}
	b := NewBuilder()
	b.Add(page.Blocks)
	for _, f := range []Features{Default(), Rich(), {Attrs: true, Stats: true, Regions: true}} {
		v := b.Build(Sizes{Features: f, Words: 100, Tags: 100, Attrs: 100})
		var want, got [][]Entry
		v.EncodePage(page.Blocks, func(_ int, row []Entry) { want = append(want, slices.Clone(row)) })
		v.EncodePage(handmade, func(_ int, row []Entry) { got = append(got, slices.Clone(row)) })
		for i := range want {
			if !slices.Equal(got[i], want[i]) {
				t.Errorf("%v: block %d encodes as %v, want %v", f, i, got[i], want[i])
			}
		}
	}
}

func TestVocabEqual(t *testing.T) {
	base, _ := NewFeatures(Default(), []string{"a", "b"}, []string{"p"}, []string{"nav"})
	same, _ := NewFeatures(Default(), []string{"a", "b"}, []string{"p"}, []string{"nav"})
	tests := []struct {
		name string
		o    *Vocab
		want bool
	}{
		{"itself", base, true},
		{"a copy", same, true},
		{"words reordered", must(NewFeatures(Default(), []string{"b", "a"}, []string{"p"}, []string{"nav"})), false},
		{"other tags", must(NewFeatures(Default(), []string{"a", "b"}, []string{"div"}, []string{"nav"})), false},
		{"other attribute tokens", must(NewFeatures(Default(), []string{"a", "b"}, []string{"p"}, nil)), false},
		{"other features", must(NewFeatures(Features{Attrs: true}, []string{"a", "b"}, []string{"p"}, []string{"nav"})), false},
	}
	for _, tt := range tests {
		if got := base.Equal(tt.o); got != tt.want {
			t.Errorf("%s: Equal = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func must(v *Vocab, err error) *Vocab {
	if err != nil {
		panic(err)
	}
	return v
}
