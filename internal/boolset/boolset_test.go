package boolset

import (
	"slices"
	"strings"
	"testing"
)

type opts struct{ A, B, C bool }

var fields = Fields[opts]{
	{"a", func(o *opts) *bool { return &o.A }},
	{"b", func(o *opts) *bool { return &o.B }},
	{"c", func(o *opts) *bool { return &o.C }},
}

func TestSet(t *testing.T) {
	for _, tc := range []struct {
		list    string
		want    opts
		unknown string
		ok      bool
	}{
		{"a", opts{A: true}, "", true},
		{"c+a", opts{A: true, C: true}, "", true},
		{"b+b", opts{B: true}, "", true},
		{"a+z+b", opts{}, "z", false},
		{"", opts{}, "", false}, // one empty name
	} {
		var o opts
		unknown, ok := fields.Set(&o, strings.SplitSeq(tc.list, "+"))
		if ok != tc.ok || unknown != tc.unknown || ok && o != tc.want {
			t.Errorf("Set(%q) = %+v, %q, %v; want %+v, %q, %v", tc.list, o, unknown, ok, tc.want, tc.unknown, tc.ok)
		}
	}
}

func TestOnAndMask(t *testing.T) {
	for _, tc := range []struct {
		o    opts
		on   []string
		mask uint64
	}{
		{opts{}, nil, 0},
		{opts{A: true}, []string{"a"}, 1},
		{opts{A: true, C: true}, []string{"a", "c"}, 5},
		{opts{A: true, B: true, C: true}, []string{"a", "b", "c"}, 7},
	} {
		if got := fields.On(tc.o); !slices.Equal(got, tc.on) {
			t.Errorf("On(%+v) = %q, want %q", tc.o, got, tc.on)
		}
		if got := fields.Mask(tc.o); got != tc.mask {
			t.Errorf("Mask(%+v) = %#x, want %#x", tc.o, got, tc.mask)
		}
		back := opts{A: true, B: true, C: true} // SetMask clears what the mask does not set
		if rest := fields.SetMask(&back, tc.mask|1<<7); back != tc.o || rest != 1<<7 {
			t.Errorf("SetMask(%#x) = %+v with %#x left, want %+v with 0x80", tc.mask|1<<7, back, rest, tc.o)
		}
	}
	if got := fields.Names(); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("Names() = %q", got)
	}
}
