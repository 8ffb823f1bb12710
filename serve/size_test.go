package serve

import "testing"

// TestParseSize: counts with and without units; what is not a positive
// count, or too large, is an error.
func TestParseSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"16MiB", 16 << 20, true}, {"512", 512, true}, {"64k", 64 << 10, true}, {"1GB", 1 << 30, true}, {"2 MiB", 2 << 20, true},
		{"", 0, false}, {"MiB", 0, false}, {"-1", 0, false}, {"0", 0, false}, {"12TiB", 0, false}, {"1.5MiB", 0, false},
		{"8589934592GiB", 0, false}, {"9223372036854775807", 1<<63 - 1, true}, {"9223372036854775807k", 0, false},
	} {
		got, err := ParseSize(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

// TestFormatSize: sizes are written as ParseSize reads them, the default
// body limit as the flag's default shows it.
func TestFormatSize(t *testing.T) {
	for _, n := range []int64{DefaultMaxBody, 1 << 30, 1, 1000, 1536, 3 << 10, 5 << 30} {
		back, err := ParseSize(FormatSize(n))
		if err != nil || back != n {
			t.Errorf("FormatSize(%d) = %q, which reads back as %d, %v", n, FormatSize(n), back, err)
		}
	}
	if got := FormatSize(DefaultMaxBody); got != "16MiB" {
		t.Errorf("-max-body default %q", got)
	}
}
