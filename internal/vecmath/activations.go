package vecmath

import "math"

// Sigmoids sets s[k] = Sigmoid(s[k]), bit for bit.
func Sigmoids(s []float32) { activate(s, &sigmoidTable) }

// Tanhs sets s[k] = Tanh(s[k]), bit for bit.
func Tanhs(s []float32) { activate(s, &tanhTable) }

// activation is num/(1 + Exp(scale·x)) − sub: sigmoid is (−1, 1, 0), tanh
// (−2, 2, 1).
type activation struct{ scale, num, sub float32 }

// activationTable holds an activation's coefficients and Exp's constants,
// each repeated in 8 lanes, in the order the vector kernel (activateAVX2)
// reads them.
type activationTable [17][8]float32

var (
	sigmoidTable = newActivationTable(activation{-1, 1, 0})
	tanhTable    = newActivationTable(activation{-2, 2, 1})
)

func newActivationTable(a activation) activationTable {
	rows := [17]float32{
		a.scale, a.num, a.sub,
		expLow, expHigh, log2e, 0.5, ln2hi, ln2lo,
		expP0, expP1, expP2, expP3, expP4, expP5,
		1, math.Float32frombits(127), // the exponent bias, as an int32
	}
	var t activationTable
	for i, v := range rows {
		for j := range t[i] {
			t[i][j] = v
		}
	}
	return t
}

// activate applies the table's activation to every element of s: with the
// vector kernels where the processor has them, 16 elements at a time
// (AVX-512), then 8 (AVX2), and elementwise (activateScalar) for the rest:
// the tail, and any group with an argument outside Exp's polynomial range.
func activate(s []float32, t *activationTable) {
	for len(s) > 0 {
		if Vectorized512 {
			s = s[activateAVX512(s, t):]
		}
		if Vectorized {
			s = s[activateAVX2(s, t):]
		}
		k := min(len(s), 8)
		activateScalar(s[:k], t[0][0], t[1][0], t[2][0])
		s = s[k:]
	}
}

// activateScalar sets s[k] = num/(1 + Exp(scale·s[k])) − sub.
func activateScalar(s []float32, scale, num, sub float32) {
	for k, x := range s {
		x *= scale
		var e float32
		if x >= expLow && x <= expHigh {
			e = expReduced(x)
		} else {
			e = Exp(x)
		}
		s[k] = num/(1+e) - sub
	}
}
