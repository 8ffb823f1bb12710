package main

import "testing"

// TestDoneSummary: an interrupted run says how many pages were done, of
// how many when the walk was done.
func TestDoneSummary(t *testing.T) {
	for _, tc := range []struct {
		ok, failed, total int
		want              string
	}{
		{3, 1, 10, "4 of 10 pages done (1 failed), 6 not done"},
		{3, 1, -1, "4 pages done (1 failed), the rest not done"},
	} {
		if got := doneSummary(tc.ok, tc.failed, tc.total); got != tc.want {
			t.Errorf("doneSummary(%d, %d, %d) = %q, want %q", tc.ok, tc.failed, tc.total, got, tc.want)
		}
	}
}
