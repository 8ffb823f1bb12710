package vecmath

// Rectify sets every negative s[k] to zero (the rectifier, ReLU), as
// "if s[k] < 0 { s[k] = 0 }" does: −0 and NaN stay as they are. The
// vector kernels do it without a branch per element, 16 or 8 at a time.
func Rectify(s []float32) {
	if Vectorized512 {
		s = s[rectifyAVX512(s):]
	}
	if Vectorized {
		s = s[rectifyAVX2(s):]
	}
	for k, v := range s {
		if v < 0 {
			s[k] = 0
		}
	}
}
