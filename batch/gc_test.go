package batch

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
)

func TestTuneGC(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	tests := []struct {
		memLimit, gogc string
		workers        int
		wantLimit      int64
		wantPercent    int
	}{
		{"", "", 1, MemoryPerWorker, GCPercent},
		{"", "", 3, 3 * MemoryPerWorker, GCPercent},
		{"", "", 0, int64(runtime.GOMAXPROCS(0)) * MemoryPerWorker, GCPercent},
		{"1GiB", "", 2, math.MaxInt64, GCPercent}, // GOMEMLIMIT wins: left as it was
		{"", "50", 1, MemoryPerWorker, 100},       // GOGC wins: left as it was
	}
	for _, tt := range tests {
		t.Setenv("GOMEMLIMIT", tt.memLimit)
		t.Setenv("GOGC", tt.gogc)
		debug.SetMemoryLimit(math.MaxInt64)
		debug.SetGCPercent(100)
		TuneGC(tt.workers)
		if got := debug.SetMemoryLimit(-1); got != tt.wantLimit {
			t.Errorf("GOMEMLIMIT=%q, %d workers: limit %d, want %d", tt.memLimit, tt.workers, got, tt.wantLimit)
		}
		if got := debug.SetGCPercent(100); got != tt.wantPercent {
			t.Errorf("GOGC=%q: GC percent %d, want %d", tt.gogc, got, tt.wantPercent)
		}
	}
}
