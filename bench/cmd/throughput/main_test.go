package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	const mini = "../../extractors/testdata/mini"
	const model = "../../../methods/defaultmodel/default.model"
	tests := []struct {
		name string
		args []string
		ok   bool
		want []string
	}{
		{"both tools", []string{"-data", mini, "-rounds", "2"}, true, []string{
			"2 pages", "round 2: trafilatura+fallback/1w", "| boilernet | 2 |", "| trafilatura | 1 |",
			"boilernet 1 worker(s) / trafilatura 1 worker:", "boilernet 2 workers / 1 worker:", "| parse-only | 1 |", "boilernet 1 worker / parse-only:",
			"| trafilatura+fallback | 1 |", "boilernet 1 worker(s) / trafilatura+fallback 1 worker:"}},
		{"without the fallback row", []string{"-data", mini, "-rounds", "1", "-workers", "1", "-fallback=false"}, true, []string{
			"| trafilatura | 1 |", "boilernet 1 worker(s) / trafilatura 1 worker:"}},
		{"boilernet only", []string{"-data", mini, "-rounds", "1", "-workers", "1", "-no-trafilatura"}, true, []string{"| boilernet | 1 |"}},
		{"two models", []string{"-data", mini, "-rounds", "1", "-workers", "1", "-no-trafilatura", "-model", "embedded," + model}, true, []string{
			"| boilernet | 1 |", "| boilernet " + model + " | 1 |", "boilernet " + model + " / boilernet, 1 worker(s):"}},
		{"bad model", []string{"-data", mini, "-rounds", "1", "-model", "nonexistent.model"}, false, nil},
		{"no data", []string{"-rounds", "1"}, false, nil},
		{"bad workers", []string{"-data", mini, "-workers", "0"}, false, nil},
		{"bad split", []string{"-data", mini, "-split", "dev"}, false, nil},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		err := run(tt.args, &stdout, &stderr)
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v", tt.name, err)
		}
		for _, w := range tt.want {
			if !strings.Contains(stdout.String(), w) {
				t.Errorf("%s: output lacks %q:\n%s", tt.name, w, stdout.String())
			}
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tt := range []struct {
		xs   []float64
		want float64
	}{{[]float64{3}, 3}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tt.xs); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.xs, got, tt.want)
		}
	}
}
