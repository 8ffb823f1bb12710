package defaultmodel

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

func TestDescribe(t *testing.T) {
	info, err := Describe()
	if err != nil {
		t.Fatal(err)
	}
	md, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	nets := md.Nets()
	if info.Networks != len(nets) || len(info.Seeds) != len(nets) || info.Hidden != nets[0].Config.Hidden || info.Features != nets[0].Vocab.Features.String() || info.SHA256 != Sum() {
		t.Errorf("Describe() = %+v, not the model's (%d networks, hidden %d, features %s)", info, len(nets), nets[0].Config.Hidden, nets[0].Vocab.Features)
	}
	for i, n := range nets {
		if info.Seeds[i] != n.Meta["seed"] {
			t.Errorf("seed %d = %q, the network's is %q", i, info.Seeds[i], n.Meta["seed"])
		}
	}
	if !slices.Contains(info.Data, "cleaneval") || slices.ContainsFunc(info.Data, func(d string) bool { return d == "" || slices.Contains([]byte(d), '/') }) {
		t.Errorf("Data = %q: not the datasets' folder names", info.Data)
	}
}

func TestInfoString(t *testing.T) {
	tests := []struct {
		info Info
		want string
	}{
		{Info{Data: []string{"a", "b"}, Features: "paper", Hidden: 8, Networks: 2, Seeds: []string{"1", "2"}, SHA256: "0123456789abcdef0123"},
			"2 network(s) averaged (seeds 1, 2), features paper, hidden 8, trained on a, b; sha256 0123456789abcdef"},
		{Info{Features: "rich", Hidden: 1, Networks: 1, Seeds: []string{"7"}, SHA256: "ab"},
			"1 network(s) averaged (seeds 7), features rich, hidden 1, trained on ; sha256 ab"},
	}
	for _, tt := range tests {
		if got := tt.info.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

// TestInfoJSON: the fields' JSON names, in the order boilernet version
// -json has always written them (a map's sorted keys before).
func TestInfoJSON(t *testing.T) {
	b, err := json.Marshal(Info{Data: []string{"wcxb"}, Features: "paper", Hidden: 8, Networks: 1, Seeds: []string{"1"}, SHA256: "ab"})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"data":["wcxb"],"features":"paper","hidden":8,"networks":1,"seeds":["1"],"sha256":"ab"}`
	if string(b) != want {
		t.Errorf("JSON %s, want %s", b, want)
	}
}

func ExampleInfo_String() {
	info := Info{Data: []string{"cleaneval", "wcxb"}, Features: "paper+attrs", Hidden: 32, Networks: 2,
		Seeds: []string{"1", "2"}, SHA256: "309dcc950613303d78780715b884dac18573a460db0a788a8bd2428bd52cef65"}
	fmt.Println("embedded model:", info)
	// Output: embedded model: 2 network(s) averaged (seeds 1, 2), features paper+attrs, hidden 32, trained on cleaneval, wcxb; sha256 309dcc950613303d
}
