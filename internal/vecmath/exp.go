package vecmath

import "math"

// Exp's constants, from Cephes' expf.
const (
	expLow  = -87.33654 // below: a subnormal result, returned as 0
	expHigh = 88.72283  // above: +Inf
	log2e   = 1.44269504088896341
	ln2hi   = 0.693359375
	ln2lo   = -2.12194440e-4
	expP0   = 1.9875691500e-4
	expP1   = 1.3981999507e-3
	expP2   = 8.3334519073e-3
	expP3   = 4.1665795894e-2
	expP4   = 1.6666665459e-1
	expP5   = 5.0000001201e-1
)

// Exp is e^x in float32, from Cephes' expf: range reduction by ln 2 and a
// degree-6 polynomial, accurate to about one unit in the last place. It
// returns 0 below -87.3 (where results would be subnormal) and +Inf above
// 88.72.
func Exp(x float32) float32 {
	switch {
	case x > expHigh:
		return float32(math.Inf(1))
	case x < expLow:
		return 0
	case x != x: // NaN
		return x
	}
	return expReduced(x)
}

// expReduced is Exp for x in [expLow, expHigh]. n = floor(x·log2(e) + 0.5)
// is found by truncation (|v| < 129 here), without the call to math.Floor
// that costs more than the polynomial. The explicit float32 conversions
// round every product before its sum, so that no build fuses them (as the
// compiler may for GOAMD64=v3) and the vector kernel can match the bits.
func expReduced(x float32) float32 {
	v := float32(x*log2e) + 0.5
	n := float32(int32(v))
	if n > v {
		n--
	}
	z := x - float32(n*ln2hi) - float32(n*ln2lo)
	p := float32(expP0*z) + expP1
	p = float32(p*z) + expP2
	p = float32(p*z) + expP3
	p = float32(p*z) + expP4
	p = float32(p*z) + expP5
	p = float32(float32(p*z)*z) + z + 1
	return p * math.Float32frombits(uint32(int32(n)+127)<<23)
}

// Sigmoid is 1/(1+e^-x).
func Sigmoid(x float32) float32 { return 1 / (1 + Exp(-x)) }

// Tanh is tanh(x) = 2·sigmoid(2x) − 1.
func Tanh(x float32) float32 { return 2/(1+Exp(-2*x)) - 1 }
