package main

import "testing"

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
		{"threshold -0.5", []string{"extract", "-threshold", "-0.5", page}, "-threshold -0.5: must be 0 (none) or > 0 and ≤ 1"},
		{"threshold 2", []string{"extract", "-threshold", "2", page}, "-threshold 2: must be 0 (none) or > 0 and ≤ 1"},
		{"filter-depth 0", []string{"extract", "-filter", "-filter-depth", "0", page}, "-filter-depth 0: must be at least 1"},
		{"filter-depth -1", []string{"extract", "-filter", "-filter-depth", "-1", page}, "-filter-depth -1: must be at least 1"},
		{"workers -3", []string{"extract", "-workers", "-3", page}, "-workers -3: must be at least 0"},
		{"eval threshold 1.5", []string{"eval", "-threshold", "1.5", "-data", "testdata/flags"}, "-threshold 1.5: must be 0 (none) or > 0 and ≤ 1"},
		{"eval filter-depth 0", []string{"eval", "-filter-depth", "0", "-data", "testdata/flags"}, "-filter-depth 0: must be at least 1"},
		{"train epochs 0", []string{"train", "-epochs", "0", "-data", "testdata/flags", "-out", "never.model"}, "-epochs 0: must be at least 1"},
		{"train hidden 0", []string{"train", "-hidden", "0", "-data", "testdata/flags", "-out", "never.model"}, "-hidden 0: must be at least 1"},
		{"train dropout 1", []string{"train", "-dropout", "1", "-data", "testdata/flags", "-out", "never.model"}, "-dropout 1: must be ≥ 0 and < 1"},
		{"serve workers -1", []string{"serve", "-workers", "-1"}, "-workers -1: must be at least 0"},
		{"serve queue -2", []string{"serve", "-queue", "-2"}, "-queue -2: must be at least -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, tt.args, 1, nil, []string{tt.stderr}) })
	}
	// Unset flags keep their defaults, and valid values still run.
	checkRun(t, []string{"extract", "-q", page}, 0, []string{"kept exactly as written"}, nil)
	checkRun(t, []string{"extract", "-q", "-threshold", "1e-9", "-workers", "0", page}, 0, []string{"kept exactly as written"}, nil)
	checkRun(t, []string{"extract", "-q", "-threshold", "0", page}, 0, []string{"kept exactly as written"}, nil)
}
