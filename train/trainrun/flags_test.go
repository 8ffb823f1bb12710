package trainrun

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/boilernet/boilernet/bilstm"
	"github.com/boilernet/boilernet/vocab"
)

func TestParseRepeat(t *testing.T) {
	tests := []struct {
		in   string
		want map[string]int
		err  string // part of the error, "" for none
	}{
		{"", nil, ""},
		{"wcxb=2", map[string]int{"wcxb": 2}, ""},
		{"wcxb=2,daniel=3", map[string]int{"wcxb": 2, "daniel": 3}, ""},
		{"wcxb", nil, `-repeat: "wcxb" is not NAME=K with K ≥ 1`},
		{"wcxb=0", nil, `"wcxb=0" is not NAME=K`},
		{"=2", nil, `"=2" is not NAME=K`},
		{"wcxb=2,daniel=x", nil, `"daniel=x" is not NAME=K`},
	}
	for _, tt := range tests {
		got, err := ParseRepeat(tt.in)
		if !errorHas(err, tt.err) || !maps.Equal(got, tt.want) {
			t.Errorf("ParseRepeat(%q) = %v, %v; want %v, error with %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestParsePoolAndMinLeaf(t *testing.T) {
	tests := []struct {
		parse func(string) ([]int, error)
		in    string
		want  []int
		err   string // part of the error, "" for none
	}{
		{ParsePool, "", nil, ""},
		{ParsePool, "1", []int{1}, ""},
		{ParsePool, "1, 3", []int{1, 3}, ""},
		{ParsePool, "1,x", nil, `-pool 1,x: "x" is not a level`},
		{ParsePool, "1,1", nil, "-pool 1,1: bilstm: pooling levels [1 1]: each from 1 to 16, distinct"},
		{ParsePool, "0", nil, "-pool 0: "},
		{ParseMinLeaf, "5", []int{5}, ""},
		{ParseMinLeaf, "5, 20,80", []int{5, 20, 80}, ""},
		{ParseMinLeaf, "5,0", nil, `bad -min-leaf "5,0"`},
		{ParseMinLeaf, "", nil, `bad -min-leaf ""`},
	}
	for _, tt := range tests {
		got, err := tt.parse(tt.in)
		if !errorHas(err, tt.err) || !slices.Equal(got, tt.want) {
			t.Errorf("parse(%q) = %v, %v; want %v, error with %q", tt.in, got, err, tt.want, tt.err)
		}
		if err == nil && len(got) > 0 {
			if back, _ := tt.parse(JoinInts(got)); !slices.Equal(back, got) {
				t.Errorf("JoinInts(%v) = %q reads back as %v", got, JoinInts(got), back)
			}
		}
	}
}

func TestCheckInit(t *testing.T) {
	feats, err := vocab.ParseFeatures("paper+attrs")
	if err != nil {
		t.Fatal(err)
	}
	v, err := vocab.NewFeatures(feats, []string{"a", "b", "c"}, []string{"p", "div"}, []string{"nav"})
	if err != nil {
		t.Fatal(err)
	}
	init := &bilstm.Model{Config: bilstm.Config{Dense: 16, Hidden: 8, Layers: 1, Pool: []int{1, 2}}, Vocab: v}
	tests := []struct {
		given map[string]string
		err   string // part of the error, "" for none
	}{
		{nil, ""},
		{map[string]string{"hidden": "8", "dense": "16", "layers": "1", "words": "3", "tags": "2", "attrs": "1", "epochs": "9"}, ""},
		{map[string]string{"features": "paper+attrs", "pool": "1, 2"}, ""},
		{map[string]string{"hidden": "32"}, "-hidden 32: -init keeps the init model's network and vocabulary (its hidden is 8); leave -hidden out"},
		{map[string]string{"pool": "2,1"}, "-pool 2,1: -init keeps the init model's network and vocabulary (its pool is 1,2)"},
		{map[string]string{"features": "rich"}, "(its features is paper+attrs)"},
		{map[string]string{"words": "4", "attrs": "2"}, "-attrs 2: "}, // the first by name
	}
	for _, tt := range tests {
		if err := CheckInit(init, tt.given); !errorHas(err, tt.err) {
			t.Errorf("CheckInit(%v) = %v, want an error with %q", tt.given, err, tt.err)
		}
	}
}

// errorHas reports whether err is nil when want is "", else holds want.
func errorHas(err error, want string) bool {
	if want == "" {
		return err == nil
	}
	return err != nil && strings.Contains(err.Error(), want)
}

func ExampleParsePool() {
	levels, err := ParsePool("1,3")
	fmt.Println(levels, err)
	_, err = ParsePool("1,17")
	fmt.Println(err)
	// Output:
	// [1 3] <nil>
	// -pool 1,17: bilstm: pooling levels [1 17]: each from 1 to 16, distinct
}
