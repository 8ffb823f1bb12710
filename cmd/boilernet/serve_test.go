package main

import (
	"bytes"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"16MiB", 16 << 20, true}, {"512", 512, true}, {"64k", 64 << 10, true}, {"1GB", 1 << 30, true}, {"2 MiB", 2 << 20, true},
		{"", 0, false}, {"MiB", 0, false}, {"-1", 0, false}, {"0", 0, false}, {"12TiB", 0, false}, {"1.5MiB", 0, false},
	} {
		got, err := parseSize(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestServeUsage(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"serve", "extra"}, `unexpected argument "extra"`},
		{[]string{"serve", "-max-body", "lots"}, `-max-body: bad size "lots"`},
		{[]string{"serve", "-model", "testdata/none.model"}, "no such file"},
		{[]string{"serve", "-addr", "256.0.0.1:x"}, "boilernet serve:"},
		{[]string{"serve", "-read-timeout", "0s"}, "-read-timeout 0s: must be > 0"},
		{[]string{"serve", "-idle-timeout", "-1s"}, "-idle-timeout -1s: must be > 0"},
		{[]string{"serve", "-timeout", "0"}, "-timeout 0s: must be > 0"},
		{[]string{"serve", "-timeout", "30s", "-write-timeout", "10s"}, "-write-timeout 10s: must be more than -timeout (30s)"},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(tt.args, &stdout, &stderr); status == 0 || !bytes.Contains(stderr.Bytes(), []byte(tt.stderr)) {
			t.Errorf("%v: status %d, stderr %q, want %q", tt.args, status, stderr.String(), tt.stderr)
		}
	}
}
