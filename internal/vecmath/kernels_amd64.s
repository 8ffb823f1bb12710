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

// ACC adds a[l]·b[l, off:off+8] (Y8 holds a[l] in every lane) into acc.
#define ACC(off, acc, tmp) \
	VMULPS off(BX), Y8, tmp \
	VADDPS tmp, acc, acc

// func mulRow64AVX2(c, a, b *float32, k, ldb int)
TEXT ·mulRow64AVX2(SB), NOSPLIT, $0-40
	MOVQ c+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), BX
	MOVQ k+24(FP), CX
	MOVQ ldb+32(FP), DX
	SHLQ $2, DX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	TESTQ CX, CX
	JZ    store64

loop64:
	MOVL (SI), AX
	ANDL $0x7FFFFFFF, AX
	JZ   next64                        // a[l] = ±0 adds nothing
	VBROADCASTSS (SI), Y8
	ACC(0, Y0, Y9)
	ACC(32, Y1, Y10)
	ACC(64, Y2, Y11)
	ACC(96, Y3, Y12)
	ACC(128, Y4, Y13)
	ACC(160, Y5, Y14)
	ACC(192, Y6, Y15)
	ACC(224, Y7, Y9)

next64:
	ADDQ $4, SI
	ADDQ DX, BX
	DECQ CX
	JNZ  loop64

store64:
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	VMOVUPS Y4, 128(DI)
	VMOVUPS Y5, 160(DI)
	VMOVUPS Y6, 192(DI)
	VMOVUPS Y7, 224(DI)
	VZEROUPPER
	RET

// func mulRow8AVX2(c, a, b *float32, k, ldb int)
TEXT ·mulRow8AVX2(SB), NOSPLIT, $0-40
	MOVQ c+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), BX
	MOVQ k+24(FP), CX
	MOVQ ldb+32(FP), DX
	SHLQ $2, DX
	VXORPS Y0, Y0, Y0
	TESTQ CX, CX
	JZ    store8

loop8:
	MOVL (SI), AX
	ANDL $0x7FFFFFFF, AX
	JZ   next8
	VBROADCASTSS (SI), Y8
	ACC(0, Y0, Y9)

next8:
	ADDQ $4, SI
	ADDQ DX, BX
	DECQ CX
	JNZ  loop8

store8:
	VMOVUPS Y0, 0(DI)
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
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VMOVUPS 128(SI), Y4
	VMOVUPS 160(SI), Y5
	VMOVUPS 192(SI), Y6
	VMOVUPS 224(SI), Y7
	TESTQ CX, CX
	JZ    storeSparse

loopSparse:
	MOVLQSX (R9), AX
	IMULQ   DX, AX
	LEAQ    (R8)(AX*1), BX             // the row of w for this column
	VBROADCASTSS (R10), Y8
	ACC(0, Y0, Y9)
	ACC(32, Y1, Y10)
	ACC(64, Y2, Y11)
	ACC(96, Y3, Y12)
	ACC(128, Y4, Y13)
	ACC(160, Y5, Y14)
	ACC(192, Y6, Y15)
	ACC(224, Y7, Y9)
	ADDQ $4, R9
	ADDQ $4, R10
	DECQ CX
	JNZ  loopSparse

storeSparse:
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	VMOVUPS Y4, 128(DI)
	VMOVUPS Y5, 160(DI)
	VMOVUPS Y6, 192(DI)
	VMOVUPS Y7, 224(DI)
	VZEROUPPER
	RET

// func mulRowAcc64AVX2(c, a, b *float32, k, inca, ldb int)
TEXT ·mulRowAcc64AVX2(SB), NOSPLIT, $0-48
	MOVQ c+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), BX
	MOVQ k+24(FP), CX
	MOVQ inca+32(FP), R8
	SHLQ $2, R8
	MOVQ ldb+40(FP), DX
	SHLQ $2, DX
	VMOVUPS 0(DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	VMOVUPS 128(DI), Y4
	VMOVUPS 160(DI), Y5
	VMOVUPS 192(DI), Y6
	VMOVUPS 224(DI), Y7
	TESTQ CX, CX
	JZ    storeAcc64

loopAcc64:
	MOVL (SI), AX
	ANDL $0x7FFFFFFF, AX
	JZ   nextAcc64
	VBROADCASTSS (SI), Y8
	ACC(0, Y0, Y9)
	ACC(32, Y1, Y10)
	ACC(64, Y2, Y11)
	ACC(96, Y3, Y12)
	ACC(128, Y4, Y13)
	ACC(160, Y5, Y14)
	ACC(192, Y6, Y15)
	ACC(224, Y7, Y9)

nextAcc64:
	ADDQ R8, SI
	ADDQ DX, BX
	DECQ CX
	JNZ  loopAcc64

storeAcc64:
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	VMOVUPS Y4, 128(DI)
	VMOVUPS Y5, 160(DI)
	VMOVUPS Y6, 192(DI)
	VMOVUPS Y7, 224(DI)
	VZEROUPPER
	RET

// func mulRowAcc8AVX2(c, a, b *float32, k, inca, ldb int)
TEXT ·mulRowAcc8AVX2(SB), NOSPLIT, $0-48
	MOVQ c+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), BX
	MOVQ k+24(FP), CX
	MOVQ inca+32(FP), R8
	SHLQ $2, R8
	MOVQ ldb+40(FP), DX
	SHLQ $2, DX
	VMOVUPS 0(DI), Y0
	TESTQ CX, CX
	JZ    storeAcc8

loopAcc8:
	MOVL (SI), AX
	ANDL $0x7FFFFFFF, AX
	JZ   nextAcc8
	VBROADCASTSS (SI), Y8
	ACC(0, Y0, Y9)

nextAcc8:
	ADDQ R8, SI
	ADDQ DX, BX
	DECQ CX
	JNZ  loopAcc8

storeAcc8:
	VMOVUPS Y0, 0(DI)
	VZEROUPPER
	RET
