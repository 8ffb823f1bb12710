package methods_test

import (
	"fmt"

	"github.com/boilernet/boilernet/methods"
)

// A method from its spec, with parts given apart as the command's flags
// and the server's parameters give them.
func ExampleParse() {
	for _, tc := range []struct {
		spec string
		p    methods.Params
	}{
		{"bilstm", methods.Params{}},
		{"bilstm:structure+ancestor", methods.Params{}},
		{"bilstm", methods.Params{Decoding: "blocks", Threshold: 0.7}},
		{"boilerpipe-numwords", methods.Params{Filter: "main"}},
		{"bilstm:structure@0.9+ancestor:3", methods.Params{}},
		{"newsfeed+main", methods.Params{}},
	} {
		m, err := methods.Parse(tc.spec, tc.p)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(m, m.BlockThreshold())
	}
	// Output:
	// bilstm 0.5
	// bilstm:structure+ancestor 0.5
	// bilstm:blocks@0.7 0.7
	// boilerpipe-numwords+main 0.5
	// bilstm:structure@0.9+ancestor:3 0.9
	// method "newsfeed+main": filter main works after the boilerpipe methods and tree only
}
