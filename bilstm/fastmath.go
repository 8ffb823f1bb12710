package bilstm

import "math"

// exp32 is e^x in float32, from Cephes' expf: range reduction by ln 2 and a
// degree-6 polynomial, accurate to about one unit in the last place. It
// returns 0 below -87.3 (where results would be subnormal) and +Inf above
// 88.72.
func exp32(x float32) float32 {
	const (
		log2e = 1.44269504088896341
		ln2hi = 0.693359375
		ln2lo = -2.12194440e-4
	)
	switch {
	case x > 88.72283:
		return float32(math.Inf(1))
	case x < -87.33654:
		return 0
	case x != x: // NaN
		return x
	}
	// n = floor(x·log2(e) + 0.5), by truncation (|v| < 128 here), without
	// the call to math.Floor that costs more than the polynomial.
	v := x*log2e + 0.5
	n := float32(int32(v))
	if n > v {
		n--
	}
	z := x - n*ln2hi - n*ln2lo
	p := ((((1.9875691500e-4*z+1.3981999507e-3)*z+8.3334519073e-3)*z+4.1665795894e-2)*z+1.6666665459e-1)*z + 5.0000001201e-1
	p = p*z*z + z + 1
	return p * math.Float32frombits(uint32(int32(n)+127)<<23)
}

// sigmoid is 1/(1+e^-x).
func sigmoid(x float32) float32 { return 1 / (1 + exp32(-x)) }

// tanh32 is tanh(x) = 2·sigmoid(2x) − 1.
func tanh32(x float32) float32 { return 2/(1+exp32(-2*x)) - 1 }
