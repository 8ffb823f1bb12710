package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

func TestLimitMemory(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	tests := []struct {
		env     string
		workers int
		want    int64
	}{
		{"", 1, memoryPerWorker},
		{"", 3, 3 * memoryPerWorker},
		{"", 0, int64(runtime.GOMAXPROCS(0)) * memoryPerWorker},
		{"1GiB", 2, math.MaxInt64}, // GOMEMLIMIT wins: left as it was
	}
	for _, tt := range tests {
		t.Setenv("GOMEMLIMIT", tt.env)
		debug.SetMemoryLimit(math.MaxInt64)
		limitMemory(tt.workers)
		if got := debug.SetMemoryLimit(-1); got != tt.want {
			t.Errorf("GOMEMLIMIT=%q, %d workers: limit %d, want %d", tt.env, tt.workers, got, tt.want)
		}
	}
}
