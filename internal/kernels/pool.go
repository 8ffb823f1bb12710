package kernels

// PoolMeans sets each row r of out (rows × width, row-major) to the mean
// of the rows of h in r's group (groups[r]; rows of group -1, padding, get
// zeros). The sums run over a group's rows in order, so that a page alone
// and the same page in a batch give the same bits. scratch is reused
// between calls.
func PoolMeans(h []float32, width int, groups []int32, out []float32, scratch *[]float32) {
	n := int32(0)
	for _, g := range groups {
		n = max(n, g+1)
	}
	sums := Grow(*scratch, int(n)*(width+1))
	*scratch = sums
	clear(sums)
	counts := sums[int(n)*width:]
	for r, g := range groups {
		if g < 0 {
			continue
		}
		s := sums[int(g)*width : int(g)*width+width]
		for j, v := range h[r*width : r*width+width] {
			s[j] += v
		}
		counts[g]++
	}
	for r, g := range groups {
		o := out[r*width : r*width+width]
		if g < 0 {
			clear(o)
			continue
		}
		s := sums[int(g)*width : int(g)*width+width]
		for j := range o {
			o[j] = s[j] / counts[g]
		}
	}
}
