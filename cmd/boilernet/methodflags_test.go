package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestMethodFlagsRefused: a flag that the method does not use is an error
// naming the flag and the method, not ignored.
func TestMethodFlagsRefused(t *testing.T) {
	page := "../../testdata/sample.html"
	for _, tc := range []struct {
		args []string
		want string // "" for a run that works
	}{
		{[]string{"extract", "-method", "newsfeed", "-threshold", "0.7", page}, "-threshold 0.7: method newsfeed does not use it (only method bilstm does)"},
		{[]string{"extract", "-method", "boilerpipe-numwords", "-model", "x.model", page}, "-model x.model: method boilerpipe-numwords does not use it (only method bilstm does)"},
		{[]string{"extract", "-method", "newsfeed", "-networks", "1", page}, "-networks 1: method newsfeed does not use it"},
		{[]string{"extract", "-tree", "t.tree", page}, "-tree t.tree: method bilstm does not use it (only method tree does)"},
		{[]string{"extract", "-filter-depth", "3", page}, "-filter-depth 3: method bilstm does not use it (only the ancestor filter (-filter) does)"},
		{[]string{"extract", "-method", "newsfeed", "-decode", "blocks", page}, "only bilstm has decodings"},
		{[]string{"extract", "-filter", "-filter-depth", "3", page}, ""},
		{[]string{"extract", "-method", "bilstm+ancestor", "-filter-depth", "2", page}, ""},
		{[]string{"extract", "-threshold", "0.7", page}, ""},
		{[]string{"eval", "-methods", "newsfeed,boilerpipe-numwords", "-threshold", "0.7", "-data", "nowhere"}, "-threshold 0.7: methods newsfeed, boilerpipe-numwords do not use it"},
		{[]string{"eval", "-methods", "", "-filter-depth", "2", "-data", "nowhere"}, `-filter-depth 2: no method (-methods "") does not use it`},
	} {
		var out, errOut bytes.Buffer
		status := run(tc.args, &out, &errOut)
		if tc.want == "" {
			if status != 0 {
				t.Errorf("%q: status %d: %s", tc.args, status, errOut.String())
			}
			continue
		}
		if status == 0 || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%q: status %d, stderr %q; want %q", tc.args, status, errOut.String(), tc.want)
		}
	}
}
