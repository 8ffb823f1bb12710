package methods

import (
	"strings"
	"testing"
)

// FuzzParse feeds Parse any spec and parts given apart: it returns an
// error that quotes the spec or a Method whose String parses back to the
// same Method.
func FuzzParse(f *testing.F) {
	for _, spec := range []string{"", "bilstm", "bilstm:structure", "bilstm:threshold/paragraphs+ancestor",
		"boilerpipe-numwords+main", "newsfeed", "keep-all", "oracle", "bilstm:oracle", "tree+largest", "bilstm:", "+", ":+:"} {
		f.Add(spec, "", "", 0.0, 0)
	}
	f.Add("bilstm", "blocks", "ancestor", 0.5, 3)
	f.Add("bilstm:structure@0.9+ancestor:3", "", "", 0.0, 0)
	f.Add("newsfeed@1e-05+ancestor:1", "", "", 0.0, 0)
	f.Add("newsfeed", "structure", "", 0.0, 0)
	f.Fuzz(func(t *testing.T, spec, decoding, filt string, threshold float64, depth int) {
		m, err := Parse(spec, Params{Decoding: decoding, Filter: filt, Threshold: threshold, FilterDepth: depth})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "method ") {
				t.Fatalf("Parse(%q): error %q does not name the method", spec, err)
			}
			return
		}
		again, err := Parse(m.String(), Params{})
		if err != nil {
			t.Fatalf("Parse(%q) = %v, but its String %q does not parse: %v", spec, m, m.String(), err)
		}
		if again != m {
			t.Fatalf("Parse(%q) = %+v; its String %q parses to %+v", spec, m, m.String(), again)
		}
	})
}
