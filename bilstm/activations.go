package bilstm

import "math"

// sigmoids sets s[k] = sigmoid(s[k]) and tanhs s[k] = tanh32(s[k]), bit
// for bit.
func sigmoids(s []float32) { activate(s, -1, 1, 0) }
func tanhs(s []float32)    { activate(s, -2, 2, 1) }

// activate sets s[k] = num/(1 + exp32(scale·s[k])) − sub, with exp32's
// body written out in the loop: without a call per element, the processor
// overlaps the polynomials of neighbouring elements. The rare arguments
// (overflow, underflow, NaN) go to exp32 itself.
func activate(s []float32, scale, num, sub float32) {
	for k, x := range s {
		x *= scale
		var e float32
		if x >= -87.33654 && x <= 88.72283 {
			v := x*1.44269504088896341 + 0.5
			n := float32(int32(v))
			if n > v {
				n--
			}
			z := x - n*0.693359375 - n*-2.12194440e-4
			p := ((((1.9875691500e-4*z+1.3981999507e-3)*z+8.3334519073e-3)*z+4.1665795894e-2)*z+1.6666665459e-1)*z + 5.0000001201e-1
			p = p*z*z + z + 1
			e = p * math.Float32frombits(uint32(int32(n)+127)<<23)
		} else {
			e = exp32(x)
		}
		s[k] = num/(1+e) - sub
	}
}
