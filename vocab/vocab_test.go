package vocab

import (
	"errors"
	"slices"
	"testing"

	"github.com/boilernet/boilernet/tokenize"
)

func block(text string, path ...string) tokenize.Block {
	return tokenize.Block{Text: text, Path: path}
}

func TestBuildTopKWithTies(t *testing.T) {
	b := NewBuilder()
	b.Add([]tokenize.Block{
		block("the cat the dog", "html", "body", "p"),
		block("a dog", "html", "body", "div", "a"),
		block("zebra", "html", "body", "div"),
	})
	v := b.Build(3, 2)
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
	v, err := New([]string{"the", "naïve", "東"}, []string{"p", "div"})
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
	if !slices.Equal(got.Words, v.Words) || !slices.Equal(got.Tags, v.Tags) {
		t.Fatalf("round trip: %+v", got)
	}
	b := block("the naïve 東 x", "div", "span")
	if e1, e2 := v.Encode(nil, b), got.Encode(nil, b); !slices.Equal(e1, e2) {
		t.Errorf("encodings differ after round trip: %v vs %v", e1, e2)
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
		if err := w.UnmarshalBinary(again); err != nil || !slices.Equal(v.Words, w.Words) || !slices.Equal(v.Tags, w.Tags) {
			t.Fatalf("accepted input does not round-trip: %v", err)
		}
	})
}
