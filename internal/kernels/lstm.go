package kernels

import "github.com/boilernet/boilernet/internal/vecmath"

// LSTM runs one direction of one LSTM layer over a batch and keeps what
// its backward pass needs (the gates and cells of the last Forward): In
// inputs and H units, reading its sequences backward when Reverse is set.
// Gate order is input, forget, cell, output. The zero value's buffers grow
// as needed.
type LSTM struct {
	In, H   int
	Reverse bool

	gates []float32 // N×4H: pre-activations, then activations (valid rows)
	cells []float32 // N×H: cell state (valid rows)
	dG    []float32 // N×4H: gradient of the gate pre-activations
	hPrev []float32 // N×H: h of the previous step of the same sequence

	// Per-step buffers of B rows.
	h0, c0, z []float32
	dh, dc    []float32
	tanhC     []float32 // H: tanh of a row's cell state, in backward
}

// Forward computes the hidden states of the direction for input x (N×In)
// with weights wx (In×4H), wh (H×4H) and bias (4H), and writes them into
// out at column offset off (rows of width stride). Padding rows of out are
// left untouched.
func (d *LSTM) Forward(lay Layout, x, wx, wh, bias []float32, out []float32, off, stride int) {
	N, B, H, G := lay.N(), lay.B(), d.H, 4*d.H
	d.gates = Grow(d.gates, N*G)
	d.cells = Grow(d.cells, N*H)
	d.h0 = Grow(d.h0, B*H)
	d.c0 = Grow(d.c0, B*H)
	d.z = Grow(d.z, B*G)
	// All input projections at once.
	Sgemm(false, false, N, G, d.In, 1, x, d.In, wx, G, 0, d.gates, G)
	for s := 0; s < lay.T; s++ {
		ba := lay.active(s)
		if ba == 0 {
			break
		}
		if s > 0 {
			Sgemm(false, false, ba, G, H, 1, d.h0, H, wh, G, 0, d.z, G)
		}
		for b := range ba {
			r := b*lay.T + lay.pos(b, s, d.Reverse)
			g := d.gates[r*G : r*G+G]
			hp, cp := d.h0[b*H:b*H+H], d.c0[b*H:b*H+H]
			c := d.cells[r*H : r*H+H]
			h := out[r*stride+off : r*stride+off+H]
			var z []float32
			if s > 0 {
				z = d.z[b*G : b*G+G]
			}
			for j := range g {
				g[j] += bias[j]
				if z != nil {
					g[j] += z[j]
				}
			}
			// The activations i, f, ĉ, o replace the pre-activations.
			vecmath.Sigmoids(g[:2*H])
			vecmath.Tanhs(g[2*H : 3*H])
			vecmath.Sigmoids(g[3*H:])
			for j := range H {
				var cprev float32
				if s > 0 {
					cprev = cp[j]
				}
				c[j] = float32(g[H+j]*cprev) + float32(g[j]*g[2*H+j])
			}
			copy(h, c)
			vecmath.Tanhs(h)
			for j := range H {
				h[j] *= g[3*H+j]
				cp[j], hp[j] = c[j], h[j]
			}
		}
	}
}

// Backward takes dOut, the gradient of the loss with respect to this
// direction's outputs (columns off..off+H of rows of width stride), and
// adds the gradients of x into dx (N×In) and of the weights into dwx, dwh
// and db. out must hold the outputs of the last Forward call.
//
// Backpropagation through time, from a sequence's last step to its first
// (in the direction's reading order). Write dX for ∂loss/∂X. A step's
// output h feeds the loss directly (dOut) and through the next step's
// recurrent input h₋₁·Wh, so
//
//	dh = dOut + dh_next            (dh_next: d.dh, filled by the later step)
//
// and its cell state c feeds h = o⊙tanh(c) and the next step's
// c_next = f_next⊙c, so
//
//	dc = dh⊙o⊙(1 − tanh²(c)) + dc_next        (dc_next = dc_later⊙f_later: d.dc)
//
// The gates, from c = f⊙c₋₁ + i⊙ĉ and h = o⊙tanh(c), with σ' = σ(1−σ)
// and tanh' = 1 − tanh²:
//
//	do = dh⊙tanh(c)      dgo = do⊙o⊙(1−o)
//	di = dc⊙ĉ            dgi = di⊙i⊙(1−i)
//	df = dc⊙c₋₁          dgf = df⊙f⊙(1−f)
//	dĉ = dc⊙i            dgc = dĉ⊙(1−ĉ²)
//	dc₋₁ = dc⊙f          (passed on to the earlier step)
//
// With dG (N×4H) the gate gradients of all rows, the pre-activations
// g = x·Wx + h₋₁·Wh + b give the remaining gradients as matrix products:
//
//	dh₋₁ = dG·Whᵀ   per step, B rows: the earlier step's dh_next
//	dWh += H₋₁ᵀ·dG  H₋₁ (N×H) the previous hidden state of every row
//	dWx += xᵀ·dG
//	db  += Σ_rows dG
//	dx  += dG·Wxᵀ
func (d *LSTM) Backward(lay Layout, x, wx, wh, out, dOut []float32, off, stride int, dx, dwx, dwh, db []float32) {
	N, B, H, G := lay.N(), lay.B(), d.H, 4*d.H
	d.dG = Grow(d.dG, N*G)
	d.hPrev = Grow(d.hPrev, N*H)
	d.dh = Grow(d.dh, B*H)
	d.dc = Grow(d.dc, B*H)
	d.tanhC = Grow(d.tanhC, H)
	clear(d.dG)
	clear(d.hPrev)
	clear(d.dh)
	clear(d.dc)
	// Gradients of the gate pre-activations of a step, B contiguous rows.
	step := Grow(d.z, B*G)
	for s := lay.T - 1; s >= 0; s-- {
		ba := lay.active(s)
		if ba == 0 {
			continue
		}
		for b := range ba {
			t := lay.pos(b, s, d.Reverse)
			r := b*lay.T + t
			g := d.gates[r*G : r*G+G]
			c := d.cells[r*H : r*H+H]
			var cprev, hprev []float32
			if s > 0 {
				rp := b*lay.T + lay.pos(b, s-1, d.Reverse)
				cprev = d.cells[rp*H : rp*H+H]
				hprev = out[rp*stride+off : rp*stride+off+H]
				copy(d.hPrev[r*H:r*H+H], hprev)
			}
			dout := dOut[r*stride+off : r*stride+off+H]
			dh, dc := d.dh[b*H:b*H+H], d.dc[b*H:b*H+H]
			dg := d.dG[r*G : r*G+G]
			tanhC := d.tanhC
			copy(tanhC, c)
			vecmath.Tanhs(tanhC)
			for j := range H {
				// The activations kept by forward: i, f, ĉ (cc), o.
				i, f, cc, o := g[j], g[H+j], g[2*H+j], g[3*H+j]
				tc := tanhC[j]
				dhj := dout[j] + dh[j]         // dh = dOut + dh_next
				do := dhj * tc                 // do = dh⊙tanh(c)
				dcj := dhj*o*(1-tc*tc) + dc[j] // dc = dh⊙o⊙tanh'(c) + dc_next
				var cp float32                 // c₋₁, zero at the first step
				if cprev != nil {
					cp = cprev[j]
				}
				dg[j] = dcj * cc * i * (1 - i)    // dgi = dc⊙ĉ⊙σ'
				dg[H+j] = dcj * cp * f * (1 - f)  // dgf = dc⊙c₋₁⊙σ'
				dg[2*H+j] = dcj * i * (1 - cc*cc) // dgc = dc⊙i⊙tanh'
				dg[3*H+j] = do * o * (1 - o)      // dgo = do⊙σ'
				dc[j] = dcj * f                   // dc₋₁ = dc⊙f, for the earlier step
			}
			copy(step[b*G:b*G+G], dg)
		}
		if s > 0 {
			// dh of the previous step: dG·Whᵀ.
			Sgemm(false, true, ba, H, G, 1, step, G, wh, G, 0, d.dh, H)
		}
	}
	// The weight gradients of all steps at once: dWh += H₋₁ᵀ·dG, dWx +=
	// xᵀ·dG, db += Σ dG, and the input's dx += dG·Wxᵀ (padding rows of dG
	// are zero and add nothing).
	Sgemm(true, false, H, G, N, 1, d.hPrev, H, d.dG, G, 1, dwh, G)
	Sgemm(true, false, d.In, G, N, 1, x, d.In, d.dG, G, 1, dwx, G)
	for r := range N {
		row := d.dG[r*G : r*G+G]
		for j, v := range row {
			db[j] += v
		}
	}
	Sgemm(false, true, N, d.In, G, 1, d.dG, G, wx, G, 1, dx, d.In)
}
