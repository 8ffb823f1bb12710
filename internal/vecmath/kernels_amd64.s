//go:build !purego

#include "textflag.h"

// Offsets of the rows of an activationTable (8 float32 each).
#define SCALE 0
#define NUM 32
#define SUB 64
#define LOW 96
#define HIGH 128
#define LOG2E 160
#define HALF 192
#define LN2HI 224
#define LN2LO 256
#define P0 288
#define P1 320
#define P2 352
#define P3 384
#define P4 416
#define P5 448
#define ONE 480
#define BIAS 512

// ROWARGS loads the arguments of rowProducts64AVX2 and rowProducts8AVX2:
// c in DI, a in SI, b in BX, k in CX, and the strides of a and of b in
// bytes in R8 and DX. (It stands before the first TEXT because vet's
// asmdecl, which does not expand macros, would check its argument names
// against the function above it.)
#define ROWARGS \
	MOVQ c+0(FP), DI \
	MOVQ a+8(FP), SI \
	MOVQ b+16(FP), BX \
	MOVQ k+24(FP), CX \
	MOVQ inca+32(FP), R8 \
	SHLQ $2, R8 \
	MOVQ ldb+40(FP), DX \
	SHLQ $2, DX

// func activateAVX2(s []float32, t *activationTable) int
TEXT ·activateAVX2(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVQ t+24(FP), BX
	XORQ DX, DX

loop:
	CMPQ CX, $8
	JLT  done
	VMOVUPS (SI), Y0
	VMULPS  SCALE(BX), Y0, Y0          // x *= scale
	VCMPPS  $0x0D, LOW(BX), Y0, Y1     // x >= low (false for NaN)
	VCMPPS  $0x02, HIGH(BX), Y0, Y2    // x <= high
	VANDPS  Y1, Y2, Y1
	VMOVMSKPS Y1, AX
	CMPL    AX, $0xFF
	JNE     done                       // a lane for Exp's special cases

	VMULPS     LOG2E(BX), Y0, Y1
	VADDPS     HALF(BX), Y1, Y1        // v = x·log2e + 0.5
	VCVTTPS2DQ Y1, Y2
	VCVTDQ2PS  Y2, Y3                  // n = float32(int32(v))
	VCMPPS     $0x0E, Y1, Y3, Y4       // n > v
	VANDPS     ONE(BX), Y4, Y4
	VSUBPS     Y4, Y3, Y3              // n-- where n > v

	VMULPS LN2HI(BX), Y3, Y5
	VSUBPS Y5, Y0, Y5                  // z = x - n·ln2hi
	VMULPS LN2LO(BX), Y3, Y6
	VSUBPS Y6, Y5, Y5                  // z -= n·ln2lo

	VMULPS P0(BX), Y5, Y6              // p = p0·z + p1, then p·z + p2 ...
	VADDPS P1(BX), Y6, Y6
	VMULPS Y5, Y6, Y6
	VADDPS P2(BX), Y6, Y6
	VMULPS Y5, Y6, Y6
	VADDPS P3(BX), Y6, Y6
	VMULPS Y5, Y6, Y6
	VADDPS P4(BX), Y6, Y6
	VMULPS Y5, Y6, Y6
	VADDPS P5(BX), Y6, Y6
	VMULPS Y5, Y6, Y6                  // p·z·z + z + 1
	VMULPS Y5, Y6, Y6
	VADDPS Y5, Y6, Y6
	VADDPS ONE(BX), Y6, Y6

	VCVTTPS2DQ Y3, Y7                  // 2^n: (int32(n) + 127) << 23
	VPADDD     BIAS(BX), Y7, Y7
	VPSLLD     $23, Y7, Y7
	VMULPS     Y7, Y6, Y6              // e = p·2^n

	VADDPS  ONE(BX), Y6, Y6            // num/(1 + e) - sub
	VMOVUPS NUM(BX), Y8
	VDIVPS  Y6, Y8, Y8
	VSUBPS  SUB(BX), Y8, Y8
	VMOVUPS Y8, (SI)

	ADDQ $32, SI
	SUBQ $8, CX
	ADDQ $8, DX
	JMP  loop

done:
	VZEROUPPER
	MOVQ DX, ret+32(FP)
	RET

// ACC adds Y8·b[l, off:off+8] (Y8 holds one factor in every lane; BX
// points at row l of b) into acc, the product rounded before the sum.
#define ACC(off, acc, tmp) \
	VMULPS off(BX), Y8, tmp \
	VADDPS tmp, acc, acc

// ACC64 adds Y8·b[l, 0:64] into Y0..Y7.
#define ACC64 \
	ACC(0, Y0, Y9) \
	ACC(32, Y1, Y10) \
	ACC(64, Y2, Y11) \
	ACC(96, Y3, Y12) \
	ACC(128, Y4, Y13) \
	ACC(160, Y5, Y14) \
	ACC(192, Y6, Y15) \
	ACC(224, Y7, Y9)

// LOAD64 loads 64 floats at p into Y0..Y7; STORE64 stores them back.
#define LOAD64(p) \
	VMOVUPS 0(p), Y0 \
	VMOVUPS 32(p), Y1 \
	VMOVUPS 64(p), Y2 \
	VMOVUPS 96(p), Y3 \
	VMOVUPS 128(p), Y4 \
	VMOVUPS 160(p), Y5 \
	VMOVUPS 192(p), Y6 \
	VMOVUPS 224(p), Y7

// ZERO64 clears Y0..Y7.
#define ZERO64 \
	VXORPS Y0, Y0, Y0 \
	VXORPS Y1, Y1, Y1 \
	VXORPS Y2, Y2, Y2 \
	VXORPS Y3, Y3, Y3 \
	VXORPS Y4, Y4, Y4 \
	VXORPS Y5, Y5, Y5 \
	VXORPS Y6, Y6, Y6 \
	VXORPS Y7, Y7, Y7

// ADD64(p) adds the 64 floats at p to Y0..Y7 (c + sum and sum + c are
// the same bits).
#define ADD64(p) \
	VADDPS 0(p), Y0, Y0 \
	VADDPS 32(p), Y1, Y1 \
	VADDPS 64(p), Y2, Y2 \
	VADDPS 96(p), Y3, Y3 \
	VADDPS 128(p), Y4, Y4 \
	VADDPS 160(p), Y5, Y5 \
	VADDPS 192(p), Y6, Y6 \
	VADDPS 224(p), Y7, Y7

#define STORE64(p) \
	VMOVUPS Y0, 0(p) \
	VMOVUPS Y1, 32(p) \
	VMOVUPS Y2, 64(p) \
	VMOVUPS Y3, 96(p) \
	VMOVUPS Y4, 128(p) \
	VMOVUPS Y5, 160(p) \
	VMOVUPS Y6, 192(p) \
	VMOVUPS Y7, 224(p)

// BROADCASTA(skip) sets every lane of Y8 to a[l] (at SI), or jumps to
// skip when a[l] is ±0, which adds nothing.
#define BROADCASTA(skip) \
	MOVL (SI), AX \
	ANDL $0x7FFFFFFF, AX \
	JZ   skip \
	VBROADCASTSS (SI), Y8

// NEXTROW(loop) steps SI to a[l+1] and BX to row l+1 of b, and jumps to
// loop while rows are left (CX).
#define NEXTROW(loop) \
	ADDQ R8, SI \
	ADDQ DX, BX \
	DECQ CX \
	JNZ  loop

// func rowProducts64AVX2(c, a, b *float32, k, inca, ldb, mode int)
TEXT ·rowProducts64AVX2(SB), NOSPLIT, $0-56
	ROWARGS
	MOVQ mode+48(FP), R9
	CMPQ R9, $1 // sumFromC
	JEQ  load64
	ZERO64
	JMP  start64

load64:
	LOAD64(DI)

start64:
	TESTQ CX, CX
	JZ    store64

loop64:
	BROADCASTA(next64)
	ACC64

next64:
	NEXTROW(loop64)

store64:
	CMPQ R9, $2 // sumThenAdd
	JNE  write64
	ADD64(DI)

write64:
	STORE64(DI)
	VZEROUPPER
	RET

// func rowProducts8AVX2(c, a, b *float32, k, inca, ldb, mode int)
TEXT ·rowProducts8AVX2(SB), NOSPLIT, $0-56
	ROWARGS
	VXORPS Y0, Y0, Y0
	MOVQ   mode+48(FP), R9
	CMPQ   R9, $1 // sumFromC
	JNE    start8
	VMOVUPS (DI), Y0

start8:
	TESTQ CX, CX
	JZ    store8

loop8:
	BROADCASTA(next8)
	ACC(0, Y0, Y9)

next8:
	NEXTROW(loop8)

store8:
	CMPQ R9, $2 // sumThenAdd
	JNE  write8
	VADDPS (DI), Y0, Y0

write8:
	VMOVUPS Y0, (DI)
	VZEROUPPER
	RET

// func sparseRow64AVX2(out, bias, w *float32, cols *int32, vals *float32, n, ld int)
TEXT ·sparseRow64AVX2(SB), NOSPLIT, $0-56
	MOVQ out+0(FP), DI
	MOVQ bias+8(FP), SI
	MOVQ w+16(FP), R8
	MOVQ cols+24(FP), R9
	MOVQ vals+32(FP), R10
	MOVQ n+40(FP), CX
	MOVQ ld+48(FP), DX
	SHLQ $2, DX
	LOAD64(SI)
	TESTQ CX, CX
	JZ    storeSparse

loopSparse:
	MOVLQSX (R9), AX
	IMULQ   DX, AX
	LEAQ    (R8)(AX*1), BX             // the row of w for this column
	VBROADCASTSS (R10), Y8
	ACC64
	ADDQ $4, R9
	ADDQ $4, R10
	DECQ CX
	JNZ  loopSparse

storeSparse:
	STORE64(DI)
	VZEROUPPER
	RET

// ACCZ adds Z8·b[l, off:off+16] (Z8 holds one factor in every lane; BX
// points at row l of b) into acc, the product rounded before the sum.
#define ACCZ(off, acc, tmp) \
	VMULPS off(BX), Z8, tmp \
	VADDPS tmp, acc, acc

// func rowProducts128AVX512(c, a, b *float32, k, inca, ldb, mode int)
//
// rowProducts64AVX2 for 128 columns in Z0..Z7: one pass over the rows of b
// instead of two, 16 lanes an instruction.
TEXT ·rowProducts128AVX512(SB), NOSPLIT, $0-56
	ROWARGS
	MOVQ mode+48(FP), R9
	CMPQ R9, $1 // sumFromC
	JEQ  load128
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	JMP    start128

load128:
	VMOVUPS 0(DI), Z0
	VMOVUPS 64(DI), Z1
	VMOVUPS 128(DI), Z2
	VMOVUPS 192(DI), Z3
	VMOVUPS 256(DI), Z4
	VMOVUPS 320(DI), Z5
	VMOVUPS 384(DI), Z6
	VMOVUPS 448(DI), Z7

start128:
	TESTQ CX, CX
	JZ    store128

loop128:
	MOVL (SI), AX
	ANDL $0x7FFFFFFF, AX
	JZ   next128 // a[l] is ±0: nothing to add
	VBROADCASTSS (SI), Z8
	ACCZ(0, Z0, Z16)
	ACCZ(64, Z1, Z17)
	ACCZ(128, Z2, Z18)
	ACCZ(192, Z3, Z19)
	ACCZ(256, Z4, Z20)
	ACCZ(320, Z5, Z21)
	ACCZ(384, Z6, Z22)
	ACCZ(448, Z7, Z23)

next128:
	NEXTROW(loop128)

store128:
	CMPQ R9, $2 // sumThenAdd
	JNE  write128
	VADDPS 0(DI), Z0, Z0
	VADDPS 64(DI), Z1, Z1
	VADDPS 128(DI), Z2, Z2
	VADDPS 192(DI), Z3, Z3
	VADDPS 256(DI), Z4, Z4
	VADDPS 320(DI), Z5, Z5
	VADDPS 384(DI), Z6, Z6
	VADDPS 448(DI), Z7, Z7

write128:
	VMOVUPS Z0, 0(DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	VMOVUPS Z4, 256(DI)
	VMOVUPS Z5, 320(DI)
	VMOVUPS Z6, 384(DI)
	VMOVUPS Z7, 448(DI)
	VZEROUPPER
	RET

// func activateAVX512(s []float32, t *activationTable) int
//
// activateAVX2 in groups of 16: each table row's first lane broadcast
// from memory, the range check and the n-- step in mask registers.
TEXT ·activateAVX512(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), CX
	MOVQ t+24(FP), BX
	XORQ DX, DX

loop512:
	CMPQ CX, $16
	JLT  done512
	VMOVUPS     (SI), Z0
	VMULPS.BCST SCALE(BX), Z0, Z0      // x *= scale
	VCMPPS.BCST $0x0D, LOW(BX), Z0, K1 // x >= low (false for NaN)
	VCMPPS.BCST $0x02, HIGH(BX), Z0, K2 // x <= high
	KANDW       K1, K2, K1
	KMOVW       K1, AX
	CMPL        AX, $0xFFFF
	JNE         done512                // a lane for Exp's special cases

	VMULPS.BCST LOG2E(BX), Z0, Z1
	VADDPS.BCST HALF(BX), Z1, Z1       // v = x·log2e + 0.5
	VCVTTPS2DQ  Z1, Z2
	VCVTDQ2PS   Z2, Z3                 // n = float32(int32(v))
	VCMPPS      $0x0E, Z1, Z3, K3      // n > v
	VSUBPS.BCST ONE(BX), Z3, K3, Z3    // n-- where n > v

	VMULPS.BCST LN2HI(BX), Z3, Z5
	VSUBPS      Z5, Z0, Z5             // z = x - n·ln2hi
	VMULPS.BCST LN2LO(BX), Z3, Z6
	VSUBPS      Z6, Z5, Z5             // z -= n·ln2lo

	VMULPS.BCST P0(BX), Z5, Z6         // p = p0·z + p1, then p·z + p2 ...
	VADDPS.BCST P1(BX), Z6, Z6
	VMULPS      Z5, Z6, Z6
	VADDPS.BCST P2(BX), Z6, Z6
	VMULPS      Z5, Z6, Z6
	VADDPS.BCST P3(BX), Z6, Z6
	VMULPS      Z5, Z6, Z6
	VADDPS.BCST P4(BX), Z6, Z6
	VMULPS      Z5, Z6, Z6
	VADDPS.BCST P5(BX), Z6, Z6
	VMULPS      Z5, Z6, Z6             // p·z·z + z + 1
	VMULPS      Z5, Z6, Z6
	VADDPS      Z5, Z6, Z6
	VADDPS.BCST ONE(BX), Z6, Z6

	VCVTTPS2DQ  Z3, Z7                 // 2^n: (int32(n) + 127) << 23
	VPADDD.BCST BIAS(BX), Z7, Z7
	VPSLLD      $23, Z7, Z7
	VMULPS      Z7, Z6, Z6             // e = p·2^n

	VADDPS.BCST  ONE(BX), Z6, Z6       // num/(1 + e) - sub
	VBROADCASTSS NUM(BX), Z8
	VDIVPS       Z6, Z8, Z8
	VSUBPS.BCST  SUB(BX), Z8, Z8
	VMOVUPS      Z8, (SI)

	ADDQ $64, SI
	SUBQ $16, CX
	ADDQ $16, DX
	JMP  loop512

done512:
	VZEROUPPER
	MOVQ DX, ret+32(FP)
	RET

// func rectifyAVX2(s []float32) int
TEXT ·rectifyAVX2(SB), NOSPLIT, $0-32
	MOVQ   s_base+0(FP), SI
	MOVQ   s_len+8(FP), CX
	XORQ   DX, DX
	VXORPS Y1, Y1, Y1

loopRect:
	CMPQ    CX, $8
	JLT     doneRect
	VMOVUPS (SI), Y0
	VCMPPS  $0x01, Y1, Y0, Y2 // x < 0 (false for −0 and NaN)
	VANDNPS Y0, Y2, Y0        // 0 there, x elsewhere
	VMOVUPS Y0, (SI)
	ADDQ    $32, SI
	SUBQ    $8, CX
	ADDQ    $8, DX
	JMP     loopRect

doneRect:
	VZEROUPPER
	MOVQ DX, ret+24(FP)
	RET

// func rectifyAVX512(s []float32) int
TEXT ·rectifyAVX512(SB), NOSPLIT, $0-32
	MOVQ   s_base+0(FP), SI
	MOVQ   s_len+8(FP), CX
	XORQ   DX, DX
	VPXORD Z1, Z1, Z1

loopRect512:
	CMPQ      CX, $16
	JLT       doneRect512
	VMOVUPS   (SI), Z0
	VCMPPS    $0x01, Z1, Z0, K1 // x < 0 (false for −0 and NaN)
	VMOVUPS   Z1, K1, (SI)      // 0 there; the rest stays
	ADDQ      $64, SI
	SUBQ      $16, CX
	ADDQ      $16, DX
	JMP       loopRect512

doneRect512:
	VZEROUPPER
	MOVQ DX, ret+24(FP)
	RET

// func sparseRow64AVX512(out, bias, w *float32, cols *int32, vals *float32, n, ld int)
//
// sparseRow64AVX2 with the 64 columns in Z0..Z3.
TEXT ·sparseRow64AVX512(SB), NOSPLIT, $0-56
	MOVQ    out+0(FP), DI
	MOVQ    bias+8(FP), SI
	MOVQ    w+16(FP), R8
	MOVQ    cols+24(FP), R9
	MOVQ    vals+32(FP), R10
	MOVQ    n+40(FP), CX
	MOVQ    ld+48(FP), DX
	SHLQ    $2, DX
	VMOVUPS 0(SI), Z0
	VMOVUPS 64(SI), Z1
	VMOVUPS 128(SI), Z2
	VMOVUPS 192(SI), Z3
	TESTQ   CX, CX
	JZ      storeSparse512

loopSparse512:
	MOVLQSX      (R9), AX
	IMULQ        DX, AX
	LEAQ         (R8)(AX*1), BX // the row of w for this column
	VBROADCASTSS (R10), Z8
	ACCZ(0, Z0, Z16)
	ACCZ(64, Z1, Z17)
	ACCZ(128, Z2, Z18)
	ACCZ(192, Z3, Z19)
	ADDQ         $4, R9
	ADDQ         $4, R10
	DECQ         CX
	JNZ          loopSparse512

storeSparse512:
	VMOVUPS Z0, 0(DI)
	VMOVUPS Z1, 64(DI)
	VMOVUPS Z2, 128(DI)
	VMOVUPS Z3, 192(DI)
	VZEROUPPER
	RET
