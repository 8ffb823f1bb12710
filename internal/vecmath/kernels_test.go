package vecmath

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// withVectorized runs fn with no vector kernels, then with each level of
// them the processor has (AVX2, AVX2 and AVX-512): all must give the same
// bits.
func withVectorized(t *testing.T, fn func(t *testing.T)) {
	saved := vectorLevel()
	defer setVectorLevel(saved)
	for level := range saved + 1 {
		setVectorLevel(level)
		t.Run(fmt.Sprintf("vectorized=%s", levelNames[level]), fn)
	}
}

// levelNames names the levels of vector kernels.
var levelNames = []string{"none", "avx2", "avx512"}

// vectorLevel is the level of vector kernels in use: 0 none, 1 AVX2, 2
// AVX2 and AVX-512.
func vectorLevel() int {
	switch {
	case Vectorized512:
		return 2
	case Vectorized:
		return 1
	}
	return 0
}

// matrixEntry is a random matrix entry: ±0 one time in three (the
// products skip zero entries of A), else a normal value scaled by 10^e, e
// in [-decades, decades].
func matrixEntry(rng *rand.Rand, decades int) float32 {
	switch rng.IntN(6) {
	case 0:
		return 0
	case 1:
		return float32(math.Copysign(0, -1))
	}
	return float32(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(2*decades+1)-decades)))
}

func sameBits(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || (a != a && b != b)
}

// TestMulRows checks MulRows against gonum's Sgemm bit for bit, over shapes
// that use each kernel and the elementwise tail, with zeros of both signs
// among A's entries (which both skip).
func TestMulRows(t *testing.T) {
	withVectorized(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		value := func() float32 { return matrixEntry(rng, 3) }
		for _, tt := range []struct{ m, n, k int }{
			{1, 128, 32}, {64, 128, 64}, {3, 64, 1}, {2, 8, 5}, {1, 1, 1}, {5, 7, 9},
			{4, 65, 17}, {3, 130, 64}, {2, 200, 3}, {7, 72, 100}, {2, 9, 0},
		} {
			lda, ldb, ldc := tt.k+1, tt.n+3, tt.n+2
			a := make([]float32, tt.m*lda)
			b := make([]float32, max(tt.k, 1)*ldb)
			for i := range a {
				a[i] = value()
			}
			for i := range b {
				b[i] = value()
			}
			got := make([]float32, tt.m*ldc)
			want := make([]float32, tt.m*ldc)
			for i := range got {
				got[i], want[i] = -7, -7 // beyond n, both must stay
			}
			MulRows(tt.m, tt.n, tt.k, a, lda, b, ldb, got, ldc)
			if tt.k == 0 {
				for i := range tt.m {
					clear(want[i*ldc : i*ldc+tt.n])
				}
			} else {
				gonum.Implementation{}.Sgemm(blas.NoTrans, blas.NoTrans, tt.m, tt.n, tt.k, 1, a, lda, b, ldb, 0, want, ldc)
			}
			for i := range got {
				if !sameBits(got[i], want[i]) {
					t.Fatalf("%dx%dx%d: row %d, column %d is %v, gonum %v", tt.m, tt.n, tt.k, i/ldc, i%ldc, got[i], want[i])
				}
			}
		}
	})
}

// TestMulRowsAdd checks MulRowsAdd against MulRows followed by adding C's
// values, bit for bit, twice in a row (a bias, then two products), over
// shapes that use each kernel and the elementwise tail.
func TestMulRowsAdd(t *testing.T) {
	withVectorized(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(5, 6))
		value := func() float32 { return matrixEntry(rng, 3) }
		for _, tt := range []struct{ m, n, k int }{
			{1, 128, 32}, {64, 128, 64}, {3, 64, 1}, {2, 8, 5}, {1, 1, 1}, {5, 7, 9}, {4, 65, 17}, {3, 130, 64}, {2, 9, 0},
		} {
			lda, ldb, ldc := tt.k+1, tt.n+3, tt.n+2
			a1, a2 := make([]float32, tt.m*lda), make([]float32, tt.m*lda)
			b1, b2 := make([]float32, max(tt.k, 1)*ldb), make([]float32, max(tt.k, 1)*ldb)
			for _, s := range [][]float32{a1, a2, b1, b2} {
				for i := range s {
					s[i] = value()
				}
			}
			got, want, prod := make([]float32, tt.m*ldc), make([]float32, tt.m*ldc), make([]float32, tt.m*ldc)
			for i := range got {
				got[i] = value() // the bias (zeros of both signs), and beyond n what must stay
				want[i] = got[i]
			}
			for _, ab := range [][2][]float32{{a1, b1}, {a2, b2}} {
				MulRowsAdd(tt.m, tt.n, tt.k, ab[0], lda, ab[1], ldb, got, ldc)
				MulRows(tt.m, tt.n, tt.k, ab[0], lda, ab[1], ldb, prod, ldc)
				for i := range tt.m {
					for j := range tt.n {
						want[i*ldc+j] += prod[i*ldc+j]
					}
				}
			}
			for i := range got {
				if !sameBits(got[i], want[i]) {
					t.Fatalf("%dx%dx%d: row %d, column %d is %v, want %v", tt.m, tt.n, tt.k, i/ldc, i%ldc, got[i], want[i])
				}
			}
		}
	})
}

// TestRectify checks Rectify against the branch it stands for, bit for
// bit, on slices of every length mod 16 holding −0, NaN, infinities and
// values of both signs.
func TestRectify(t *testing.T) {
	special := []float32{0, float32(math.Copysign(0, -1)), float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), -math.SmallestNonzeroFloat32}
	withVectorized(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(11, 12))
		for n := range 70 {
			s := make([]float32, n)
			for i := range s {
				s[i] = float32(rng.NormFloat64())
				if rng.IntN(5) == 0 {
					s[i] = special[rng.IntN(len(special))]
				}
			}
			want := append([]float32(nil), s...)
			for i, v := range want {
				if v < 0 {
					want[i] = 0
				}
			}
			Rectify(s)
			for i := range s {
				if math.Float32bits(s[i]) != math.Float32bits(want[i]) && !(s[i] != s[i] && want[i] != want[i]) {
					t.Fatalf("length %d, element %d: %v, want %v", n, i, s[i], want[i])
				}
			}
		}
	})
}

// TestActivations checks Sigmoids and Tanhs against Sigmoid and Tanh bit
// for bit over float32 values of every magnitude, at the edges of Exp's
// range, and in slices whose groups of 8 mix arguments inside and outside
// that range, so that the vector kernel hands groups back at every
// position.
func TestActivations(t *testing.T) {
	xs := []float32{0, float32(math.Copysign(0, -1)), 87.33654, -87.33654, 88.72283, -88.72283, 44.36, -43.67, 44.37, -43.66,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32}
	for bits := uint32(0); bits < 1<<31; bits += 1<<31/200_003 + 1 {
		f := math.Float32frombits(bits)
		xs = append(xs, f, -f)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		for range rng.IntN(70) {
			x := float32(rng.NormFloat64() * 8)
			if rng.IntN(40) == 0 {
				x = []float32{100, -100, float32(math.NaN()), float32(math.Inf(1))}[rng.IntN(4)]
			}
			xs = append(xs, x)
		}
	}
	withVectorized(t, func(t *testing.T) {
		for _, fn := range []struct {
			name   string
			slice  func([]float32)
			scalar func(float32) float32
		}{{"sigmoid", Sigmoids, Sigmoid}, {"tanh", Tanhs, Tanh}} {
			for _, n := range []int{len(xs), 13, 8, 1} { // slices of every length mod 8
				for start := 0; start+n <= len(xs); start += max(n, 997) {
					got := append([]float32(nil), xs[start:start+n]...)
					fn.slice(got)
					for i, x := range xs[start : start+n] {
						if want := fn.scalar(x); !sameBits(got[i], want) {
							t.Fatalf("%s(%v): slice %v, scalar %v", fn.name, x, got[i], want)
						}
					}
				}
			}
		}
	})
}

// BenchmarkMulRows compares MulRows, at each level of vector kernels the
// processor has, with gonum's Sgemm (the baseline, same bits) on the products of a page's forward pass at the default size
// (Hidden 32, Dense 64): a chunk's input projections (64×128 from 64) and
// one step's recurrent product (1×128 from 32).
//
//	go test -run XXX -bench MulRows ./internal/vecmath
func BenchmarkMulRows(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, s := range []struct{ m, n, k int }{{64, 128, 64}, {1, 128, 32}} {
		a, w, c := make([]float32, s.m*s.k), make([]float32, s.k*s.n), make([]float32, s.m*s.n)
		for i := range a {
			a[i] = float32(rng.NormFloat64())
		}
		for i := range w {
			w[i] = float32(rng.NormFloat64())
		}
		name := fmt.Sprintf("%dx%dx%d", s.m, s.n, s.k)
		b.Run(name+"/gonum", func(b *testing.B) {
			for b.Loop() {
				gonum.Implementation{}.Sgemm(blas.NoTrans, blas.NoTrans, s.m, s.n, s.k, 1, a, s.k, w, s.n, 0, c, s.n)
			}
		})
		saved := vectorLevel()
		for level := range saved + 1 {
			b.Run(name+"/MulRows/"+levelNames[level], func(b *testing.B) {
				setVectorLevel(level)
				defer setVectorLevel(saved)
				for b.Loop() {
					MulRows(s.m, s.n, s.k, a, s.k, w, s.n, c, s.n)
				}
			})
		}
	}
}

// BenchmarkSigmoids compares the vector kernel with the elementwise code
// (the baseline, same bits) on 128 arguments, a step's gates at Hidden 32.
//
//	go test -run XXX -bench Sigmoids ./internal/vecmath
func BenchmarkSigmoids(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	s := make([]float32, 128)
	for i := range s {
		s[i] = float32(rng.NormFloat64() * 3)
	}
	work := make([]float32, len(s))
	saved := vectorLevel()
	defer setVectorLevel(saved)
	for level := range saved + 1 {
		b.Run(fmt.Sprintf("vectorized=%s", levelNames[level]), func(b *testing.B) {
			setVectorLevel(level)
			for b.Loop() {
				copy(work, s)
				Sigmoids(work)
			}
		})
	}
}

// TestSparseRow checks SparseRow against the plain loop (bias, then each
// column's scaled row added in order) bit for bit, for widths that use the
// kernel, the tail, or both, with repeated columns and zero values.
func TestSparseRow(t *testing.T) {
	withVectorized(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(9, 10))
		for _, d := range []int{64, 128, 65, 130, 8, 1} {
			for _, n := range []int{0, 1, 7, 40} {
				const inputs = 50
				ld := d + 3
				w := make([]float32, inputs*ld)
				for i := range w {
					w[i] = float32(rng.NormFloat64())
				}
				bias := make([]float32, d)
				for i := range bias {
					bias[i] = float32(rng.NormFloat64())
				}
				cols := make([]int32, n)
				vals := make([]float32, n)
				for k := range cols {
					cols[k] = int32(rng.IntN(inputs))
					vals[k] = float32(rng.IntN(4)) // zeros too
				}
				want := append([]float32(nil), bias...)
				for k, c := range cols {
					for j := range want {
						want[j] += float32(vals[k] * w[int(c)*ld+j])
					}
				}
				got := make([]float32, d)
				SparseRow(got, bias, w, ld, cols, vals)
				for j := range got {
					if !sameBits(got[j], want[j]) {
						t.Fatalf("d %d, %d columns: element %d is %v, want %v", d, n, j, got[j], want[j])
					}
				}
			}
		}
	})
}

func TestSparseRowColumnOutOfRange(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a column past the matrix did not panic")
		}
	}()
	SparseRow(make([]float32, 64), make([]float32, 64), make([]float32, 64*3), 64, []int32{1, 3}, []float32{1, 1})
}

// TestMulRowsTransA checks MulRowsTransA against gonum's Sgemm (Aᵀ·B added
// to C) bit for bit, over shapes that use each kernel, the tail, several
// chunks of rows and gonum's parallel blocks.
func TestMulRowsTransA(t *testing.T) {
	withVectorized(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(11, 12))
		value := func() float32 { return matrixEntry(rng, 2) }
		for _, tt := range []struct{ m, n, k int }{
			{32, 128, 600}, {64, 128, 1000}, {130, 200, 300}, {3, 65, 17}, {1, 8, 1}, {5, 7, 9}, {2, 72, 257},
		} {
			lda, ldb, ldc := tt.m+1, tt.n+3, tt.n+2
			a := make([]float32, tt.k*lda)
			b := make([]float32, tt.k*ldb)
			for i := range a {
				a[i] = value()
			}
			for i := range b {
				b[i] = value()
			}
			got := make([]float32, tt.m*ldc)
			for i := range got {
				got[i] = value()
			}
			want := append([]float32(nil), got...)
			MulRowsTransA(tt.m, tt.n, tt.k, a, lda, b, ldb, got, ldc)
			gonum.Implementation{}.Sgemm(blas.Trans, blas.NoTrans, tt.m, tt.n, tt.k, 1, a, lda, b, ldb, 1, want, ldc)
			for i := range got {
				if !sameBits(got[i], want[i]) {
					t.Fatalf("%dx%dx%d: row %d, column %d is %v, gonum %v", tt.m, tt.n, tt.k, i/ldc, i%ldc, got[i], want[i])
				}
			}
		}
	})
}
