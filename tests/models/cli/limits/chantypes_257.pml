/* 257 channel declarations, so 257 channel types: a channel's type is one
 * byte of the state (MAXTYPES = 256). */
#define R4(M, x) M(x##0) M(x##1) M(x##2) M(x##3)
#define R16(M, x) R4(M, x##0) R4(M, x##1) R4(M, x##2) R4(M, x##3)
#define R64(M, x) R16(M, x##0) R16(M, x##1) R16(M, x##2) R16(M, x##3)
#define R256(M, x) R64(M, x##0) R64(M, x##1) R64(M, x##2) R64(M, x##3)
#define C(x) chan c##x = [1] of { byte };
active proctype p() {
	R256(C, a)
	chan extra = [1] of { byte };
	skip
}
