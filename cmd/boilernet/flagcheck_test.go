package main

import (
	"bytes"
	"testing"
)

// TestBadFlagValues: a zero or negative value that used to mean "the
// default" is one clear error naming the flag, before any work (issue 10).
// The page is one of testdata/flags; a run that started would extract it.
func TestBadFlagValues(t *testing.T) {
	page := "testdata/flags/page.html"
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"threshold -0.5", []string{"extract", "-threshold", "-0.5", page}, "-threshold -0.5: must be from 0 to 1"},
		{"threshold 2", []string{"extract", "-threshold", "2", page}, "-threshold 2: must be from 0 to 1"},
		{"decoding of another method", []string{"extract", "-method", "newsfeed", "-decode", "structure", page}, `method "newsfeed:structure": decoding "structure": only bilstm has decodings`},
		{"decoding twice", []string{"extract", "-method", "bilstm:blocks", "-decode", "structure", page}, `method "bilstm:blocks:structure": give the decoding after the colon or apart, not both`},
		{"unknown filter", []string{"extract", "-filter=sieve", page}, `method "bilstm+sieve": unknown filter "sieve"`},
		{"filter-depth 0", []string{"extract", "-filter", "-filter-depth", "0", page}, "-filter-depth 0: must be at least 1"},
		{"filter-depth -1", []string{"extract", "-filter", "-filter-depth", "-1", page}, "-filter-depth -1: must be at least 1"},
		{"workers -3", []string{"extract", "-workers", "-3", page}, "-workers -3: must be from 0 to 256"},
		{"eval threshold 1.5", []string{"eval", "-threshold", "1.5", "-data", "testdata/flags"}, "-threshold 1.5: must be from 0 to 1"},
		{"eval unknown method", []string{"eval", "-methods", "bilstm,magic", "-data", "testdata/flags"}, `method "magic": unknown method "magic"`},
		{"eval filter-depth 0", []string{"eval", "-filter-depth", "0", "-data", "testdata/flags"}, "-filter-depth 0: must be at least 1"},
		{"train epochs 0", []string{"train", "-epochs", "0", "-data", "testdata/flags", "-out", "never.model"}, "-epochs 0: must be at least 1"},
		{"train hidden 0", []string{"train", "-hidden", "0", "-data", "testdata/flags", "-out", "never.model"}, "-hidden 0: must be at least 1"},
		{"train dropout 1", []string{"train", "-dropout", "1", "-data", "testdata/flags", "-out", "never.model"}, "-dropout 1: must be ≥ 0 and < 1"},
		{"serve workers -1", []string{"serve", "-workers", "-1"}, "-workers -1: must be from 0 to 256"},
		{"serve queue -2", []string{"serve", "-queue", "-2"}, "-queue -2: must be from -1 to 65536"},
		{"networks -1", []string{"extract", "-networks", "-1", page}, "-networks -1: must be at least 0"},
		{"eval networks -1", []string{"eval", "-networks", "-1", "-data", "testdata/flags"}, "-networks -1: must be at least 0"},
		{"serve networks -1", []string{"serve", "-networks", "-1"}, "-networks -1: must be at least 0"},
		{"networks beyond the model's", []string{"extract", "-q", "-networks", "3", page}, "-networks 3: the model has 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, tt.args, 1, nil, []string{tt.stderr}) })
	}
	// Unset flags keep their defaults, and valid values still run.
	checkRun(t, []string{"extract", "-q", page}, 0, []string{"kept exactly as written"}, nil)
	checkRun(t, []string{"extract", "-q", "-threshold", "1e-9", "-workers", "0", page}, 0, []string{"kept exactly as written"}, nil)
	checkRun(t, []string{"extract", "-q", "-threshold", "0", page}, 0, []string{"kept exactly as written"}, nil)
	checkRun(t, []string{"extract", "-q", "-networks", "1", page}, 0, []string{"kept exactly as written"}, nil)
}

// TestNetworks: -networks 1 runs the embedded model's first network alone,
// the probabilities of -model methods/defaultmodel/default.model; all networks (the
// default) give others.
func TestNetworks(t *testing.T) {
	page := "testdata/flags/page.html"
	extract := func(args ...string) string {
		var out, errOut bytes.Buffer
		if status := run(append(append([]string{"extract", "-q", "-format", "json"}, args...), page), &out, &errOut); status != 0 {
			t.Fatalf("%v: status %d: %s", args, status, errOut.String())
		}
		return out.String()
	}
	first := extract("-networks", "1")
	if alone := extract("-model", "../../methods/defaultmodel/default.model"); first != alone {
		t.Errorf("-networks 1 differs from the first network's file:\n%s\n%s", first, alone)
	}
	if both := extract(); both == first {
		t.Error("the default's two networks give the first one's probabilities")
	}
	if all := extract("-networks", "0"); all != extract() {
		t.Error("-networks 0 is not the default")
	}
}
